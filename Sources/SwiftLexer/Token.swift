/// The coarse class of a token, as printed by `archlint tokens` (DESIGN §8).
///
/// The raw value is one byte so a `Token` stays small; the lexer never attaches a payload.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    /// Names, backticked names, `$0`, `$name`, contextual keywords, editor placeholders.
    case identifier
    /// Reserved words (`func`, `let`, `self`, `true`, `_`, …).
    case keyword
    case integer
    case float
    /// An opening or closing string delimiter: `"`, `"""`, `#"`, `"#`, `'`.
    case stringQuote
    /// Literal text between delimiters and interpolations, escapes included.
    case stringSegment
    /// `\(` or `\#(` opening an interpolation inside a string literal.
    case interpolationStart
    /// The `)` that closes an interpolation.
    case interpolationEnd
    /// A whole regex literal, delimiters included.
    case regex
    case `operator`
    /// `( ) [ ] { } , : ; @ ::` and a lone `#`.
    case punctuation
    /// `#if`, `#available`, `#selector`, `#Preview`, …: the `#` and the name as one token.
    case pound
    /// Bytes that form no valid token.
    case unknown

    /// The name used in `archlint tokens` output.
    public var name: String {
        switch self {
        case .identifier: return "identifier"
        case .keyword: return "keyword"
        case .integer: return "integer"
        case .float: return "float"
        case .stringQuote: return "string-quote"
        case .stringSegment: return "string-segment"
        case .interpolationStart: return "interpolation-start"
        case .interpolationEnd: return "interpolation-end"
        case .regex: return "regex"
        case .operator: return "operator"
        case .punctuation: return "punctuation"
        case .pound: return "pound"
        case .unknown: return "unknown"
        }
    }
}

/// Facts about a token that the lexer knows for free and later stages would otherwise
/// have to recompute from the bytes around it.
///
/// The flags are computed, inlinable constants rather than stored `static let`s: the outline
/// and the rules test them for every token, and a stored static in another module is read
/// through an accessor call each time.
public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A line break (possibly inside a comment) lies between the previous token and this one.
    @inlinable public static var newlineBefore: TokenFlags { TokenFlags(rawValue: 1 << 0) }
    /// Any trivia (whitespace or comments) lies between the previous token and this one.
    @inlinable public static var triviaBefore: TokenFlags { TokenFlags(rawValue: 1 << 1) }
    /// An operator written as prefix (`-x`, `!flag`, `&value`): bound on the right only.
    @inlinable public static var prefixOperator: TokenFlags { TokenFlags(rawValue: 1 << 2) }
    /// An operator written as postfix (`x!`, `value?`, `i++`): bound on the left only.
    @inlinable public static var postfixOperator: TokenFlags { TokenFlags(rawValue: 1 << 3) }
    /// The token is malformed: an unterminated string, regex or raw identifier, a bad
    /// digit in a number literal, an unknown byte sequence.
    @inlinable public static var invalid: TokenFlags { TokenFlags(rawValue: 1 << 4) }
    /// A `"""` string delimiter, or a segment of a multi-line string.
    @inlinable public static var multiline: TokenFlags { TokenFlags(rawValue: 1 << 5) }
    /// A closing string delimiter (opening ones do not carry it).
    @inlinable public static var closing: TokenFlags { TokenFlags(rawValue: 1 << 6) }
}

/// One token: a kind, a few flags and a byte range into the file. Its text is sliced
/// from the file's bytes only when somebody asks.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var flags: TokenFlags
    /// The word a name or keyword spells (`.none` for every other token, and for names
    /// that are no `Word`, such as backticked ones).
    public var word: Word
    /// The byte of a one-byte punctuation or operator token (`(`, `.`, `:`, `<`, `?`, …),
    /// 0 for every other token: later stages test `symbol == 0x3A` instead of reading the
    /// file's bytes. With `word` it fills the padding after `flags`: a token stays 12 bytes.
    public var symbol: UInt8
    /// Byte offset of the first byte of the token.
    public var offset: UInt32
    /// Length in bytes (the token's own text, no trivia).
    public var length: UInt32

    /// `symbol` must be the token's byte for a one-byte punctuation or operator token and 0
    /// otherwise (the lexer sets it so).
    @inlinable
    public init(kind: TokenKind, flags: TokenFlags = [], word: Word = .none, symbol: UInt8 = 0, offset: Int, length: Int) {
        self.kind = kind
        self.flags = flags
        self.word = word
        self.symbol = symbol
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.length = UInt32(truncatingIfNeeded: length)
    }

    @inlinable public var start: Int { Int(offset) }
    @inlinable public var end: Int { Int(offset) + Int(length) }
    @inlinable public var range: Range<Int> { start..<end }

    /// `(`, `[`, `{` or the `\(` that opens an interpolation. (Only punctuation tokens have
    /// these bytes as their `symbol`.)
    @inlinable public var opensBracket: Bool {
        symbol == 0x28 || symbol == 0x5B || symbol == 0x7B || kind == .interpolationStart
    }

    /// `)`, `]`, `}` or the `)` that ends an interpolation (its own token kind).
    @inlinable public var closesBracket: Bool {
        symbol == 0x29 || symbol == 0x5D || symbol == 0x7D || kind == .interpolationEnd
    }
}

/// The kind of a comment kept in the lexer's side table.
public enum CommentKind: UInt8, Sendable {
    /// `// …`
    case line
    /// `/// …`
    case docLine
    /// `/* … */`, possibly nested
    case block
    /// `/** … */`
    case docBlock
}

/// A comment: trivia for the token stream, but kept so that later stages can read
/// suppression commands and `TODO` markers without scanning the file again.
public struct Comment: Sendable, Hashable {
    public var kind: CommentKind
    /// A block comment that reaches the end of the file without its `*/`.
    public var isUnterminated: Bool
    public var offset: UInt32
    public var length: UInt32

    @inlinable public var start: Int { Int(offset) }
    @inlinable public var end: Int { Int(offset) + Int(length) }
    @inlinable public var range: Range<Int> { start..<end }
}

extension Array where Element == Token {
    /// The index of the first token that starts at or after byte `offset` (`count` when
    /// none does), by binary search: tokens are in source order.
    public func firstIndex(startingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
