/// The result of lexing one file: tokens in order, comments in a side table.
///
/// Everything that is not inside a token is trivia: whitespace, comments, a byte-order
/// mark, a shebang line. Tokens never overlap, and the bytes between them are trivia
/// only (`Lexer` never drops a byte that could be code; bytes that form no token become
/// `unknown` tokens).
public struct LexedSource: Sendable {
    public var tokens: [Token]
    public var comments: [Comment]
    /// The `#!` line at the start of a script, if any (trivia).
    public var shebang: Range<Int>?
    /// Whether the file starts with a UTF-8 byte-order mark (trivia).
    public var hasByteOrderMark: Bool
    /// The indices, in order, of the tokens that shape the file's bracket structure: every
    /// `(`, `)`, `[`, `]`, `{`, `}`, interpolation start and end, and every name at the start
    /// of a line that always begins a declaration (`Word.startsDeclarationLine`). A pass
    /// that pairs brackets visits these instead of every token.
    public var structure: [UInt32]

    public init(tokens: [Token] = [], comments: [Comment] = [], shebang: Range<Int>? = nil, hasByteOrderMark: Bool = false,
                structure: [UInt32] = []) {
        self.tokens = tokens
        self.comments = comments
        self.shebang = shebang
        self.hasByteOrderMark = hasByteOrderMark
        self.structure = structure
    }
}

/// The Swift lexer: one forward pass over bytes, with an explicit stack of modes for
/// string literals and interpolations (never recursion), so any nesting depth is
/// limited only by memory. It never fails: malformed input becomes `unknown` or
/// `.invalid`-flagged tokens and lexing goes on.
///
/// Token boundaries follow the Swift compiler's lexer (swift-syntax), which the
/// `Benchmarks/` cross-check verifies on real code.
public enum Lexer {
    public static func tokenize(_ bytes: [UInt8]) -> LexedSource {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    public static func tokenize(_ file: SourceFile) -> LexedSource {
        tokenize(file.bytes)
    }

    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>) -> LexedSource {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return LexedSource() }
        // Tokens are written straight into the result's storage, sized for one token per
        // five bytes (real code has one per eight); a denser file spills into `overflow`.
        var result = LexedSource()
        var overflow: [Token] = []
        result.tokens = [Token](unsharedUninitializedCapacity: buffer.count / 5 + 16) { storage, initialized in
            var scanner = Scanner(base: base, count: buffer.count, storage: storage)
            scanner.run()
            initialized = min(scanner.tokenCount, storage.count)
            overflow = scanner.overflow
            result.comments = scanner.comments
            result.shebang = scanner.shebang
            result.hasByteOrderMark = scanner.hasByteOrderMark
            result.structure = Array(UnsafeBufferPointer(start: scanner.structure, count: scanner.structureCount))
            scanner.structure.deallocate()
        }
        if !overflow.isEmpty { result.tokens.append(contentsOf: overflow) }
        return result
    }

    /// Lexes `buffer` into `scratch`'s memory instead of arrays of its own: what a thread
    /// that lexes file after file uses, so that the token and structure lists are not
    /// allocated and freed again for every file. The result's `tokens` and `structure`
    /// point into `scratch` and are valid until its next use.
    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>, reusing scratch: LexerScratch) -> ScratchLexedSource {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            scratch.tokenCount = 0
            return ScratchLexedSource(tokens: UnsafeBufferPointer(start: scratch.tokens, count: 0),
                                      structure: UnsafeBufferPointer(start: scratch.structure, count: 0), comments: [], shebang: nil, hasByteOrderMark: false)
        }
        // Sized as `tokenize(_:)` sizes its array; a denser file spills into `overflow`.
        scratch.reserveTokens(buffer.count / 5 + 16)
        var scanner = Scanner(base: base, count: buffer.count, storage: UnsafeMutableBufferPointer(start: scratch.tokens, count: scratch.tokenCapacity),
                              structure: scratch.structure, structureCapacity: scratch.structureCapacity)
        // The comments go into the scratch's list, which keeps its capacity from file to
        // file, and leave in an array of their number: one allocation per file, not one
        // per doubling of a new array.
        swap(&scanner.comments, &scratch.comments)
        swap(&scanner.modes, &scratch.modes)
        scanner.run()
        swap(&scanner.modes, &scratch.modes)  // emptied by `finish()`
        let comments = scanner.comments.withUnsafeBufferPointer { found in
            [Comment](unsharedUninitializedCapacity: found.count) { copy, initialized in
                if let source = found.baseAddress, let target = copy.baseAddress { target.initialize(from: source, count: found.count) }
                initialized = found.count
            }
        }
        scanner.comments.removeAll(keepingCapacity: true)
        swap(&scanner.comments, &scratch.comments)
        // The structure list may have grown: the scratch keeps the larger block.
        scratch.structure = scanner.structure
        scratch.structureCapacity = scanner.structureCapacity
        var count = min(scanner.tokenCount, scratch.tokenCapacity)
        if !scanner.overflow.isEmpty {
            scratch.reserveTokens(scanner.tokenCount, keeping: count)
            (scratch.tokens + count).initialize(from: scanner.overflow, count: scanner.overflow.count)
            count = scanner.tokenCount
        }
        scratch.tokenCount = count
        return ScratchLexedSource(tokens: UnsafeBufferPointer(start: scratch.tokens, count: count),
                                  structure: UnsafeBufferPointer(start: scanner.structure, count: scanner.structureCount),
                                  comments: comments, shebang: scanner.shebang, hasByteOrderMark: scanner.hasByteOrderMark)
    }
}

/// Memory for lexing one file after another on one thread (`Lexer.tokenize(_:reusing:)`):
/// blocks for tokens and for the structure list that grow to the largest file lexed and
/// are reused for every file. Not for sharing between threads; each thread keeps its own.
public final class LexerScratch {
    fileprivate(set) var tokens: UnsafeMutablePointer<Token>
    fileprivate(set) var tokenCapacity: Int
    fileprivate var structure: UnsafeMutablePointer<UInt32>
    fileprivate var structureCapacity: Int
    /// How many tokens the file lexed last has.
    fileprivate var tokenCount = 0
    /// The comments of the file being lexed, empty between files (its capacity is kept).
    fileprivate var comments: [Comment] = []
    /// The stack of string and interpolation modes, empty between files (likewise).
    fileprivate var modes: [Mode] = []

    /// The tokens of the file lexed last, valid until the next.
    public var lastTokens: UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: tokens, count: tokenCount) }

    /// The blocks a scratch starts with, and starts again with after `trim(toTokens:)`.
    private static let initialTokens = 1024, initialStructure = 256

    public init() {
        tokenCapacity = LexerScratch.initialTokens
        tokens = .allocate(capacity: tokenCapacity)
        structureCapacity = LexerScratch.initialStructure
        structure = .allocate(capacity: structureCapacity)
    }

    deinit {
        tokens.deallocate()
        structure.deallocate()
    }

    /// Gives back blocks grown past room for `tokens` tokens (a file far larger than most):
    /// the next file starts again with small ones. The last file's tokens are gone then.
    public func trim(toTokens tokens: Int) {
        if tokenCapacity > tokens {
            self.tokens.deallocate()
            tokenCapacity = LexerScratch.initialTokens
            self.tokens = .allocate(capacity: tokenCapacity)
            tokenCount = 0
        }
        if structureCapacity > tokens / 4 {
            structure.deallocate()
            structureCapacity = LexerScratch.initialStructure
            structure = .allocate(capacity: structureCapacity)
        }
        if comments.capacity > tokens / 4 { comments = [] }
        if modes.capacity > tokens / 4 { modes = [] }
    }

    /// Room for at least `capacity` tokens; the first `keeping` tokens are kept.
    fileprivate func reserveTokens(_ capacity: Int, keeping: Int = 0) {
        guard capacity > tokenCapacity else { return }
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: max(capacity, tokenCapacity * 2))
        larger.moveInitialize(from: tokens, count: keeping)
        tokens.deallocate()
        tokens = larger
        tokenCapacity = max(capacity, tokenCapacity * 2)
    }
}

/// `LexedSource` with its tokens and structure list in a `LexerScratch`'s memory: valid
/// until the scratch lexes the next file.
public struct ScratchLexedSource {
    public var tokens: UnsafeBufferPointer<Token>
    public var structure: UnsafeBufferPointer<UInt32>
    public var comments: [Comment]
    public var shebang: Range<Int>?
    public var hasByteOrderMark: Bool
}

// ASCII bytes used by the scanner, named for readability in `switch`es.
private enum Byte {
    static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, verticalTab: UInt8 = 0x0B, formFeed: UInt8 = 0x0C
    static let carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, bang: UInt8 = 0x21, quote: UInt8 = 0x22
    static let pound: UInt8 = 0x23, dollar: UInt8 = 0x24, ampersand: UInt8 = 0x26, apostrophe: UInt8 = 0x27
    static let openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29, star: UInt8 = 0x2A, plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E, slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, less: UInt8 = 0x3C, equal: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E, question: UInt8 = 0x3F, at: UInt8 = 0x40, openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C, closeBracket: UInt8 = 0x5D, backtick: UInt8 = 0x60
    static let openBrace: UInt8 = 0x7B, bar: UInt8 = 0x7C, closeBrace: UInt8 = 0x7D
}

/// A lexer mode pushed by a string literal or an interpolation inside one.
private enum Mode {
    /// Inside the text of a string literal. `openIndex` is the index of its opening
    /// delimiter token, flagged `.invalid` if the literal never closes.
    case string(multiline: Bool, singleQuote: Bool, pounds: Int, openIndex: Int)
    /// Normal lexing inside `\( … )`; `depth` counts unbalanced `(` since the `\(`.
    case interpolation(multiline: Bool, depth: Int)
}

/// Positions, counts and depths only ever grow by small steps from zero and stay below the
/// file's size, so they are advanced with wrapping additions (`&+=`): the overflow checks of
/// `+=`, which no file can trip, cost about 2% of the lexer's instructions.
private struct Scanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    /// The first `storage.count` tokens; the rest are in `overflow`.
    let storage: UnsafeMutableBufferPointer<Token>
    var overflow: [Token] = []
    var tokenCount = 0
    var comments: [Comment] = []
    /// `LexedSource.structure`, written through a pointer (an array's `append` costs a
    /// uniqueness check, a runtime call, per entry) and copied into an array at the end.
    var structure: UnsafeMutablePointer<UInt32>
    var structureCount = 0
    var structureCapacity: Int
    var modes: [Mode] = []
    var shebang: Range<Int>?
    var hasByteOrderMark = false
    /// Flags gathered from trivia, attached to the next token.
    var pendingFlags: TokenFlags = []
    /// Set after `try?` / `try!`: a following `/` is a regex, not a division (`try? /x/.match(s)`).
    var preferRegex = false
    let words = Word.spellings
    let identifierBytes = CharacterClass.identifierBytes

    init(base: UnsafePointer<UInt8>, count: Int, storage: UnsafeMutableBufferPointer<Token>) {
        let capacity = count / 24 + 16
        self.init(base: base, count: count, storage: storage, structure: .allocate(capacity: capacity), structureCapacity: capacity)
    }

    /// With a structure list of `structureCapacity` entries to start with (`growStructure`
    /// replaces it by a larger one when it fills up).
    init(base: UnsafePointer<UInt8>, count: Int, storage: UnsafeMutableBufferPointer<Token>, structure: UnsafeMutablePointer<UInt32>, structureCapacity: Int) {
        self.base = base
        self.count = count
        self.storage = storage
        self.structure = structure
        self.structureCapacity = structureCapacity
    }

    /// The last token emitted, if any.
    @inline(__always)
    var lastToken: Token? {
        guard tokenCount > 0 else { return nil }
        let index = tokenCount - 1
        return index < storage.count ? storage[index] : overflow[index - storage.count]
    }

    /// Flags the string delimiter at `index` as the start of an unterminated literal.
    mutating func markInvalid(at index: Int) {
        if index < storage.count {
            storage[index].flags.insert(.invalid)
        } else {
            overflow[index - storage.count].flags.insert(.invalid)
        }
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < count ? base[index] : 0 }
    @inline(__always) func has(_ index: Int, _ value: UInt8) -> Bool { Scanner.has(base, count, index, value) }

    @inline(__always)
    static func has(_ base: UnsafePointer<UInt8>, _ count: Int, _ index: Int, _ value: UInt8) -> Bool {
        index < count && base[index] == value
    }

    // MARK: - Driver

    mutating func run() {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            hasByteOrderMark = true
            position = 3
        }
        if has(position, Byte.pound), has(position + 1, Byte.bang) {
            let start = position
            position = endOfLine(from: position)
            shebang = start..<position
        }
        while true {
            guard let mode = modes.last else {
                // Outside string literals, the common case: no mode to look at until a
                // token that may open a literal.
                repeat {
                    skipTrivia(stopAtNewline: false)
                    if position >= count { finish(); return }
                } while lexNextTokenOutsideStrings()
                continue
            }
            let before = position
            let modeCount = modes.count
            switch mode {
            case let .string(multiline, singleQuote, pounds, openIndex):
                lexStringText(multiline: multiline, singleQuote: singleQuote, pounds: pounds, openIndex: openIndex)
            case let .interpolation(multiline, _):
                skipTrivia(stopAtNewline: !multiline)
                if position >= count { finish(); return }
                let current = base[position]
                if !multiline, current == Byte.newline || current == Byte.carriageReturn {
                    // A single-line string cannot span lines: the interpolation and
                    // the literal both end here, unterminated.
                    modes.removeLast()
                    continue
                }
                lexNextToken()
            }
            assert(position > before || modes.count != modeCount, "lexer made no progress")
        }
    }

    /// Marks string literals still open at the end of the file as unterminated.
    mutating func finish() {
        for mode in modes {
            if case let .string(_, _, _, openIndex) = mode {
                markInvalid(at: openIndex)
            }
        }
        modes.removeAll(keepingCapacity: true)
    }

    /// `symbol`: the byte of a one-byte punctuation or operator token (`Token.symbol`), 0 for others.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, _ flags: TokenFlags = [], word: Word = .none, symbol: UInt8 = 0) {
        let token = Token(kind: kind, flags: flags.union(pendingFlags), word: word, symbol: symbol, offset: start, length: end &- start)
        if tokenCount < storage.count {
            (storage.baseAddress.unsafelyUnwrapped + tokenCount).initialize(to: token)
        } else {
            overflow.append(token)
        }
        tokenCount &+= 1
        pendingFlags = []
        preferRegex = false
    }

    /// Records the token about to be emitted in `structure`.
    @inline(__always)
    mutating func markStructure() {
        if structureCount == structureCapacity { growStructure() }
        structure[structureCount] = UInt32(truncatingIfNeeded: tokenCount)
        structureCount &+= 1
    }

    @inline(never)
    mutating func growStructure() {
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: structureCapacity * 2)
        larger.moveInitialize(from: structure, count: structureCount)
        structure.deallocate()
        structure = larger
        structureCapacity *= 2
    }

    @inline(__always)
    func endOfLine(from index: Int) -> Int {
        var index = index
        // Eight bytes at a time (long comments), the line break found from the bits of its
        // word.
        while index &+ 8 <= count {
            let word = eightBytes(at: index)
            let breaks = zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            if breaks != 0 { return index &+ (breaks.trailingZeroBitCount &>> 3) }
            index &+= 8
        }
        while index < count, base[index] != Byte.newline, base[index] != Byte.carriageReturn { index &+= 1 }
        return index
    }

    /// The eight bytes at `index` (at most `count - 8`) as one word, the first in the
    /// lowest bits whatever the machine's byte order: the lexer's eight-byte steps find
    /// the first byte they stop at from the word's trailing zero bits.
    @inline(__always)
    func eightBytes(at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each zero byte of `word`, exact up to the first zero byte (the
    /// lowest): above it, a byte of value 1 may be marked too. Zero when no byte is zero.
    @inline(__always)
    func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    // MARK: - Trivia

    mutating func skipTrivia(stopAtNewline: Bool) {
        let start = position
        var index = position
        var newline = false
        loop: while index < count {
            let current = base[index]
            // Most calls find a token right away (`a.b(c)`), and most trivia is spaces and
            // line breaks: those are tested first, with branches that predict well, before
            // the rare bytes' `switch` (a jump through a table, often mispredicted).
            if current == Byte.space {
                index &+= 1
                // Indentation: eight spaces at a time, and the first byte that is not a
                // space found from the bits of its word rather than one byte at a time.
                while index &+ 8 <= count {
                    let others = eightBytes(at: index) ^ 0x2020_2020_2020_2020
                    if others != 0 {
                        index &+= others.trailingZeroBitCount &>> 3
                        break
                    }
                    index &+= 8
                }
                continue
            }
            if current > Byte.space && current != Byte.slash && current < 0x80 { break loop }
            if current == Byte.newline {
                if stopAtNewline { break loop }
                newline = true
                index &+= 1
                continue
            }
            switch current {
            case Byte.tab, Byte.verticalTab, Byte.formFeed:
                index &+= 1
            case Byte.carriageReturn:
                if stopAtNewline { break loop }
                newline = true
                index &+= 1
            case Byte.slash:
                if has(index + 1, Byte.slash) {
                    position = index
                    lexLineComment()
                    index = position
                } else if has(index + 1, Byte.star) {
                    position = index
                    lexBlockComment()
                    index = position
                } else {
                    break loop
                }
            case 0xEF where has(index + 1, 0xBB) && has(index + 2, 0xBF):
                index &+= 3  // a byte-order mark is whitespace anywhere
            case 0xC2 where has(index + 1, 0xA0):
                index &+= 2  // U+00A0 NO-BREAK SPACE, as the compiler treats it
            default:
                break loop
            }
        }
        position = index
        if newline { pendingFlags.insert(.newlineBefore) }
        if index != start { pendingFlags.insert(.triviaBefore) }
    }

    mutating func lexLineComment() {
        let start = position
        position = endOfLine(from: position + 2)
        let isDoc = has(start + 2, Byte.slash) && !has(start + 3, Byte.slash)
        comments.append(Comment(kind: isDoc ? .docLine : .line, isUnterminated: false, offset: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: position - start)))
    }

    /// `/* … */` with nesting; an unterminated comment runs to the end of the file.
    mutating func lexBlockComment() {
        let start = position
        position &+= 2
        var depth = 1
        while position < count {
            let current = base[position]
            if current == Byte.star, has(position + 1, Byte.slash) {
                position &+= 2
                depth -= 1
                if depth == 0 { break }
            } else if current == Byte.slash, has(position + 1, Byte.star) {
                position &+= 2
                depth &+= 1
            } else {
                if current == Byte.newline || current == Byte.carriageReturn { pendingFlags.insert(.newlineBefore) }
                position &+= 1
            }
        }
        // `/**/` is an empty ordinary comment; `/***` is not a doc comment either.
        let isDoc = has(start + 2, Byte.star) && !has(start + 3, Byte.star) && !has(start + 3, Byte.slash)
        comments.append(Comment(kind: isDoc ? .docBlock : .block, isUnterminated: depth > 0, offset: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: position - start)))
    }

    // MARK: - Tokens

    /// The token at `position` (trivia skipped). Names are nearly half of all tokens: a
    /// letter or `_` goes straight to `lexIdentifier`, without `lexToken`'s call and its
    /// `switch` (a jump through a table), which sorts out the rest.
    @inline(__always)
    mutating func lexNextToken() {
        if CharacterClass.isASCIIIdentifierStart(base[position]) {
            lexIdentifier()
        } else {
            lexToken()
        }
    }

    /// `lexNextToken` where no string literal is open (no mode): the commonest tokens
    /// after names, the brackets, `,`, `:`, `@`, `;` and the dot of `.name`, are made here
    /// without `lexToken`'s call (which saves and restores many registers for its many
    /// cases).
    ///
    /// Returns whether the token was one of those, none of which opens a string literal:
    /// after any other the scanner looks at its modes again.
    @inline(__always)
    mutating func lexNextTokenOutsideStrings() -> Bool {
        let start = position
        let current = base[start]
        if CharacterClass.isASCIIIdentifierStart(current) {
            lexIdentifier()
            return true
        }
        switch current {
        case Byte.openParen, Byte.closeParen, Byte.openBrace, Byte.closeBrace, Byte.openBracket, Byte.closeBracket:
            position &+= 1
            markStructure()
            emit(.punctuation, start, position, symbol: current)
        case Byte.comma, Byte.at, Byte.semicolon:
            position &+= 1
            emit(.punctuation, start, position, symbol: current)
        case Byte.colon where !has(start + 1, Byte.colon):  // `::` is one token, made below
            position &+= 1
            emit(.punctuation, start, position, symbol: current)
        case Byte.dot where start + 1 < count && CharacterClass.isASCIIIdentifierStart(base[start + 1]):
            position &+= 1
            emit(.operator, start, position, symbol: current)
        default:
            lexToken()
            return false
        }
        return true
    }

    mutating func lexToken() {
        let start = position
        let current = base[start]
        switch current {
        case Byte.openParen:
            if !modes.isEmpty, case let .interpolation(multiline, depth)? = modes.last {
                modes[modes.count - 1] = .interpolation(multiline: multiline, depth: depth + 1)
            }
            position &+= 1
            markStructure()
            emit(.punctuation, start, position, symbol: current)
        case Byte.closeParen:
            position &+= 1
            markStructure()
            if !modes.isEmpty, case let .interpolation(multiline, depth)? = modes.last {
                if depth == 0 {
                    modes.removeLast()
                    emit(.interpolationEnd, start, position)
                    return
                }
                modes[modes.count - 1] = .interpolation(multiline: multiline, depth: depth - 1)
            }
            emit(.punctuation, start, position, symbol: current)
        case Byte.openBrace, Byte.closeBrace, Byte.openBracket, Byte.closeBracket:
            position &+= 1
            markStructure()
            emit(.punctuation, start, position, symbol: current)
        case Byte.comma, Byte.semicolon, Byte.at:
            position &+= 1
            emit(.punctuation, start, position, symbol: current)
        case Byte.colon:
            let isDouble = has(start + 1, Byte.colon)  // `::`
            position += isDouble ? 2 : 1
            emit(.punctuation, start, position, symbol: isDouble ? 0 : current)
        case Byte.backslash:
            position &+= 1
            emit(.operator, start, position, symbol: current)
        case Byte.pound:
            lexPound()
        case Byte.quote:
            openString(start: start, pounds: 0)
        case Byte.apostrophe:
            position &+= 1
            emit(.stringQuote, start, position)
            modes.append(.string(multiline: false, singleQuote: true, pounds: 0, openIndex: tokenCount - 1))
        case Byte.backtick:
            lexBacktickIdentifier()
        case Byte.dollar:
            position &+= 1
            position = skipIdentifierContinuation(from: position)
            emit(.identifier, start, position)
        case 0x30...0x39:
            lexNumber()
        case 0x41...0x5A, 0x61...0x7A, 0x5F:
            lexIdentifier()
        case Byte.less, Byte.greater, Byte.equal, Byte.bar:
            if let end = conflictMarkerEnd(at: start) {
                position = end
                emit(.unknown, start, end, .invalid)
            } else if current == Byte.less, has(start + 1, Byte.pound), let end = editorPlaceholderEnd(at: start) {
                position = end
                emit(.identifier, start, end)
            } else {
                lexOperator()
            }
        case Byte.bang, Byte.question:
            if isLeftBound(start) {
                // `x!`, `x?`: always a one-character postfix token, even before more
                // operator characters (`x!.y`, `x?.y`, `x!==y`).
                let afterTry = lastIsKeyword(.try)
                position &+= 1
                emit(.operator, start, position, .postfixOperator, symbol: current)
                preferRegex = afterTry
            } else {
                lexOperator()
            }
        case Byte.dot where start + 1 < count && CharacterClass.isASCIIIdentifierStart(base[start + 1]):
            // `.name`, the commonest operator: a lone dot (nothing after it can continue the
            // operator), with no flags whatever stands before it (`operatorFlags`).
            position &+= 1
            emit(.operator, start, position, symbol: current)
        case _ where current < 0x80:
            if CharacterClass.isASCIIOperator(current) {
                lexOperator()
            } else {
                lexUnknown()
            }
        default:
            guard let (scalar, _) = decodeUTF8(base, start, count) else {
                lexUnknown()
                return
            }
            if CharacterClass.isIdentifierStart(scalar) {
                lexIdentifier()
            } else if CharacterClass.isOperatorStart(scalar) {
                lexOperator()
            } else if CharacterClass.isIdentifierContinue(scalar) {
                // A combining mark cannot start a name; keep the run together as one
                // malformed identifier, as the compiler does.
                position = skipIdentifierContinuation(from: start)
                emit(.identifier, start, position, .invalid)
            } else {
                lexUnknown()
            }
        }
    }

    /// Bytes that start no token: control characters, invalid UTF-8, scalars that are
    /// neither identifier nor operator characters. Consecutive ones form one token.
    mutating func lexUnknown() {
        let start = position
        repeat {
            position += unknownLength(at: position)
        } while position < count && isUnknownStart(position)
        emit(.unknown, start, position, .invalid)
    }

    @inline(__always)
    func unknownLength(at index: Int) -> Int {
        if base[index] < 0x80 { return 1 }
        return decodeUTF8(base, index, count)?.length ?? 1
    }

    func isUnknownStart(_ index: Int) -> Bool {
        let current = base[index]
        if current < 0x80 {
            switch current {
            case 0x00...0x08, 0x0E...0x1F, 0x7F: return true
            default: return false
            }
        }
        if current == 0xC2, has(index + 1, 0xA0) { return false }
        if current == 0xEF, has(index + 1, 0xBB), has(index + 2, 0xBF) { return false }
        guard let (scalar, _) = decodeUTF8(base, index, count) else { return true }
        return !CharacterClass.isIdentifierContinue(scalar) && !CharacterClass.isOperatorStart(scalar)
    }

    @inline(__always)
    func skipIdentifierContinuation(from index: Int) -> Int {
        var index = index
        // Eight bytes at a time: the first byte that is no ASCII name byte ends the loop.
        // Its position comes from the word's bits, so a short name costs one step and no
        // mispredicted loop exit per byte.
        while index &+ 8 <= count {
            let word = eightBytes(at: index)
            // Letters first, the cheaper test: most names are letters up to a byte that is
            // no name byte at all (`.`, `(`, a space). A digit, `_` or `$` after the
            // letters sends the word to the test for every name byte, a non-ASCII byte to
            // the Unicode tables.
            let nonLetters = Scanner.nonLetterBytes(word)
            if nonLetters == 0 {
                index &+= 8
                continue
            }
            let firstNonLetter = nonLetters.trailingZeroBitCount
            let kind = identifierBytes[Int(truncatingIfNeeded: (word &>> UInt64(truncatingIfNeeded: firstNonLetter & 0x38)) & 0xFF)]
            if kind == 0 { return index &+ (firstNonLetter &>> 3) }
            let stops = kind == 1 ? Scanner.nonNameBytes(word) : nonLetters
            if stops == 0 {
                index &+= 8
                continue
            }
            index &+= stops.trailingZeroBitCount &>> 3
            if base[index] < 0x80 { return index }
            return Scanner.skipUnicodeIdentifierContinuation(base, count, from: index)
        }
        while index < count {
            let kind = identifierBytes[Int(base[index])]
            if kind == 1 {
                index &+= 1
            } else if kind == 2 {
                return Scanner.skipUnicodeIdentifierContinuation(base, count, from: index)
            } else {
                break
            }
        }
        return index
    }

    /// The high bit of each byte of `word` (eight bytes of the file, the first in the lowest
    /// bits) that is not an ASCII name byte (`A`–`Z`, `a`–`z`, `0`–`9`, `_`, `$`; what
    /// `CharacterClass.isASCIIIdentifierContinue` accepts); the other bits are zero.
    ///
    /// Each range test adds to the byte's low seven bits so that its high bit says "at
    /// least the lower bound" (and, with a second sum, "above the upper bound"); seven-bit
    /// values never carry into the next byte. Bytes with their high bit set are stops.
    @inline(__always)
    static func nonNameBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // Whether each byte lies in lower...upper, in its high bit.
        @inline(__always) func within(_ value: UInt64, _ lower: UInt64, _ upper: UInt64) -> UInt64 {
            (value &+ (0x80 - lower) &* ones) & ~(value &+ (0x7F - upper) &* ones)
        }
        let letters = within(low | 0x2020_2020_2020_2020, 0x61, 0x7A)  // either case
        let digits = within(low, 0x30, 0x39)
        let underscores = within(low, 0x5F, 0x5F)
        let dollars = within(low, 0x24, 0x24)
        let names = (letters | digits | underscores | dollars) & ~word & highBits
        return ~names & highBits
    }

    /// The high bit of each byte of `word` that is not an ASCII letter (`A`–`Z`, `a`–`z`);
    /// the other bits are zero. See `nonNameBytes`.
    @inline(__always)
    static func nonLetterBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let folded = (word & 0x7F7F_7F7F_7F7F_7F7F) | 0x2020_2020_2020_2020  // either case
        let letters = (folded &+ (0x80 - 0x61) &* ones) & ~(folded &+ (0x7F - 0x7A) &* ones) & ~word & highBits
        return ~letters & highBits
    }

    /// The rest of `skipIdentifierContinuation` once a non-ASCII byte shows up (rare).
    /// Static, so that calling it does not copy the scanner.
    @inline(never)
    static func skipUnicodeIdentifierContinuation(_ base: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        var index = index
        while index < count {
            let current = base[index]
            if current < 0x80 {
                guard CharacterClass.isASCIIIdentifierContinue(current) else { break }
                index &+= 1
            } else {
                guard let (scalar, length) = decodeUTF8(base, index, count),
                      CharacterClass.isIdentifierContinue(scalar) else { break }
                index += length
            }
        }
        return index
    }

    func isIdentifierContinuation(at index: Int) -> Bool {
        skipIdentifierContinuation(from: index) > index
    }

    mutating func lexIdentifier() {
        let start = position
        position = skipIdentifierContinuation(from: position)
        if position == start {  // a non-ASCII start whose continuation check failed: take the scalar
            position += unknownLength(at: start)
        }
        // One lookup answers both questions: is it a keyword, and which word is it. A name
        // of up to eight bytes is looked up by its bytes in one word (most names are short).
        let length = position &- start
        let value: UInt8
        if length <= 8, start &+ 8 <= count {
            let word = eightBytes(at: start)
            let key = length == 8 ? word : word & ((1 &<< (UInt64(truncatingIfNeeded: length) &* 8)) &- 1)
            value = Word.value(packed: key, in: words)
        } else {
            value = Word.value(base + start, count: length, in: words)
        }
        let word = Word(tableValue: value)
        if word.startsDeclarationLine, pendingFlags.contains(.newlineBefore) { markStructure() }
        emit(value & Word.reservedBit != 0 ? .keyword : .identifier, start, position, word: word)
    }

    /// `` `name` ``: up to the closing backtick on the same line. A lone backtick is an
    /// `unknown` token.
    mutating func lexBacktickIdentifier() {
        let start = position
        var index = start + 1
        while index < count {
            let current = base[index]
            if current == Byte.backtick || current == Byte.newline || current == Byte.carriageReturn { break }
            index &+= 1
        }
        if has(index, Byte.backtick) {
            position = index + 1
            emit(.identifier, start, position, index == start + 1 ? .invalid : [])
        } else {
            position = start + 1
            emit(.unknown, start, position, .invalid)
        }
    }

    /// `<#placeholder#>` as written by Xcode's code completion: an identifier.
    @inline(__always)
    func editorPlaceholderEnd(at start: Int) -> Int? {
        var index = start + 2
        while index < count {
            let current = base[index]
            if current == Byte.newline { return nil }
            if current == Byte.less, has(index + 1, Byte.pound) { return nil }
            if current == Byte.pound, has(index + 1, Byte.greater) { return index + 2 }
            index &+= 1
        }
        return nil
    }

    /// A version-control conflict marker at the start of a line (`<<<<<<< `, `=======`,
    /// `|||||||`, `>>>>>>> `): one `unknown` token to the end of the line, so the code on
    /// both sides is still lexed.
    @inline(__always)
    func conflictMarkerEnd(at start: Int) -> Int? {
        if start > 0, base[start - 1] != Byte.newline, base[start - 1] != Byte.carriageReturn { return nil }
        let marker = base[start]
        var index = start
        while index < count, base[index] == marker, index - start < 7 { index &+= 1 }
        guard index - start == 7 else { return nil }
        let next = byte(index)
        if marker == Byte.equal {
            guard index >= count || next == Byte.newline || next == Byte.carriageReturn else { return nil }
        } else {
            guard index >= count || next == Byte.space || next == Byte.newline || next == Byte.carriageReturn else { return nil }
        }
        return endOfLine(from: index)
    }

    // MARK: - Pound: raw strings, `#/regex/#`, `#if`, `#selector`, macros

    mutating func lexPound() {
        let start = position
        var index = start
        while has(index, Byte.pound) { index &+= 1 }
        if has(index, Byte.quote) {
            openString(start: start, pounds: index - start)
            return
        }
        if has(index, Byte.slash), let end = scanRegex(from: start, mustBeRegex: true) {
            position = end
            emit(.regex, start, end, regexIsClosed(start, end) ? [] : .invalid)
            return
        }
        // `#name`: a pound keyword or a macro expansion, one token.
        let nameStart = start + 1
        if nameStart < count {
            let next = base[nameStart]
            let startsName: Bool
            if next < 0x80 {
                startsName = CharacterClass.isASCIIIdentifierStart(next)
            } else if let (scalar, _) = decodeUTF8(base, nameStart, count) {
                startsName = CharacterClass.isIdentifierStart(scalar)
            } else {
                startsName = false
            }
            if startsName {
                position = skipIdentifierContinuation(from: nameStart)
                emit(.pound, start, position)
                return
            }
        }
        position = start + 1
        emit(.punctuation, start, position, symbol: Byte.pound)
    }

    // MARK: - Strings

    /// At the opening quote of a string literal preceded by `pounds` `#`s (starting at `start`).
    mutating func openString(start: Int, pounds: Int) {
        let quote = start + pounds
        var multiline = has(quote + 1, Byte.quote) && has(quote + 2, Byte.quote)
        if multiline, pounds > 0, poundsAt(quote + 3, atLeast: pounds) || closesOnSameLine(after: quote + 3, pounds: pounds) {
            // `#"""#` or `#""" text "#`: a single-line raw string whose text starts with `""`.
            multiline = false
        }
        position = quote + (multiline ? 3 : 1)
        emit(.stringQuote, start, position, multiline ? .multiline : [])
        let openIndex = tokenCount - 1
        if multiline {
            // The line break right after an opening `"""` is not part of the text.
            if has(position, Byte.carriageReturn) {
                position += has(position + 1, Byte.newline) ? 2 : 1
            } else if has(position, Byte.newline) {
                position &+= 1
            }
        }
        modes.append(.string(multiline: multiline, singleQuote: false, pounds: pounds, openIndex: openIndex))
    }

    /// Whether a `"` followed by `pounds` `#`s occurs before the end of the line.
    func closesOnSameLine(after index: Int, pounds: Int) -> Bool {
        var index = index
        while index < count, base[index] != Byte.newline, base[index] != Byte.carriageReturn {
            if base[index] == Byte.quote, poundsAt(index + 1, atLeast: pounds) { return true }
            index &+= 1
        }
        return false
    }

    func poundsAt(_ index: Int, atLeast pounds: Int) -> Bool {
        var seen = 0
        while seen < pounds, has(index + seen, Byte.pound) { seen &+= 1 }
        return seen == pounds
    }

    /// Lexes string text up to the closing delimiter, an interpolation, the end of the
    /// line (single-line literals) or the end of the file.
    mutating func lexStringText(multiline: Bool, singleQuote: Bool, pounds: Int, openIndex: Int) {
        let start = position
        let segmentFlags: TokenFlags = multiline ? .multiline : []
        var index = position
        while index < count {
            // Plain text eight bytes at a time, up to the first byte that may end it or
            // escape (a backslash, either quote, a line break), found from its word's bits.
            if index &+ 8 <= count {
                let word = eightBytes(at: index)
                let stops = zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                    | zeroBytes(word ^ 0x2727_2727_2727_2727) | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
                    | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                if stops == 0 {
                    index &+= 8
                    continue
                }
                index &+= stops.trailingZeroBitCount &>> 3
            }
            let current = base[index]
            switch current {
            case Byte.backslash:
                guard poundsAt(index + 1, atLeast: pounds) else {
                    index &+= 1  // in a raw string, a `\` without its `#`s is text
                    continue
                }
                let afterPounds = index + 1 + pounds
                if has(afterPounds, Byte.openParen) {
                    if index > start { emit(.stringSegment, start, index, segmentFlags) }
                    position = afterPounds + 1
                    markStructure()
                    emit(.interpolationStart, index, position)
                    modes.append(.interpolation(multiline: multiline, depth: 0))
                    return
                }
                index = afterPounds
                guard index < count else { continue }
                let escaped = base[index]
                if escaped == Byte.newline || escaped == Byte.carriageReturn {
                    continue  // a line continuation (multi-line) or the end of the literal (single-line)
                }
                if escaped == 0x75, has(index + 1, Byte.openBrace) {  // \u{…}
                    index &+= 2
                    while index < count, CharacterClass.isHexDigit(base[index]) { index &+= 1 }
                    if has(index, Byte.closeBrace) { index &+= 1 }
                } else {
                    index += unknownLength(at: index)
                }
            case Byte.quote where !singleQuote:
                let closeEnd: Int
                if multiline {
                    guard has(index + 1, Byte.quote), has(index + 2, Byte.quote), poundsAt(index + 3, atLeast: pounds) else {
                        index &+= 1
                        continue
                    }
                    closeEnd = index + 3
                } else {
                    guard poundsAt(index + 1, atLeast: pounds) else {
                        index &+= 1
                        continue
                    }
                    closeEnd = index + 1
                }
                closeString(segmentStart: start, quote: index, quoteEnd: closeEnd, pounds: pounds, flags: segmentFlags)
                return
            case Byte.apostrophe where singleQuote:
                closeString(segmentStart: start, quote: index, quoteEnd: index + 1, pounds: 0, flags: [])
                return
            case Byte.newline, Byte.carriageReturn:
                if multiline {
                    index &+= 1
                    continue
                }
                unterminatedString(segmentStart: start, end: index, openIndex: openIndex, flags: segmentFlags)
                return
            default:
                index &+= 1
            }
        }
        unterminatedString(segmentStart: start, end: count, openIndex: openIndex, flags: segmentFlags)
    }

    mutating func closeString(segmentStart: Int, quote: Int, quoteEnd: Int, pounds: Int, flags: TokenFlags) {
        if quote > segmentStart { emit(.stringSegment, segmentStart, quote, flags) }
        var end = quoteEnd
        if pounds > 0 {
            while has(end, Byte.pound) { end &+= 1 }  // extra `#`s stay with the delimiter
        }
        position = end
        emit(.stringQuote, quote, end, flags.union(.closing))
        modes.removeLast()
    }

    mutating func unterminatedString(segmentStart: Int, end: Int, openIndex: Int, flags: TokenFlags) {
        if end > segmentStart { emit(.stringSegment, segmentStart, end, flags) }
        position = end
        markInvalid(at: openIndex)
        modes.removeLast()
    }

    // MARK: - Numbers

    /// Integer and floating-point literals in every base, with `_` separators and
    /// exponents. Letters glued to a number stay in its token (`12abc`), flagged invalid,
    /// as the compiler does. `x.0.1` lexes `0` and `1` as integers (tuple element access).
    mutating func lexNumber() {
        let start = position
        if base[start] == 0x30, has(start + 1, 0x78) { lexHexNumber(); return }  // 0x
        if base[start] == 0x30, has(start + 1, 0x6F) {  // 0o
            lexRadixNumber { $0 >= 0x30 && $0 <= 0x37 }
            return
        }
        if base[start] == 0x30, has(start + 1, 0x62) {  // 0b
            lexRadixNumber { $0 == 0x30 || $0 == 0x31 }
            return
        }
        var index = start
        while index < count, CharacterClass.isDigit(base[index]) || base[index] == 0x5F { index &+= 1 }

        if has(index, Byte.dot) {
            if index + 1 >= count || !CharacterClass.isDigit(base[index + 1]) || lastIsPeriod() {
                finishNumber(.integer, start, index)
                return
            }
        } else if !(has(index, 0x65) || has(index, 0x45)) {  // not e/E
            if isIdentifierContinuation(at: index) {
                finishNumber(.integer, start, skipIdentifierContinuation(from: index), invalid: true)
            } else {
                finishNumber(.integer, start, index)
            }
            return
        }
        if has(index, Byte.dot) {
            index &+= 1
            while index < count, CharacterClass.isDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
        }
        if has(index, 0x65) || has(index, 0x45) {
            index &+= 1
            if has(index, Byte.minus) || has(index, Byte.plus) { index &+= 1 }
            guard index < count, CharacterClass.isDigit(base[index]) else {
                finishNumber(.float, start, skipIdentifierContinuation(from: index), invalid: true)
                return
            }
            while index < count, CharacterClass.isDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
            if isIdentifierContinuation(at: index) {
                finishNumber(.float, start, skipIdentifierContinuation(from: index), invalid: true)
                return
            }
        }
        finishNumber(.float, start, index)
    }

    mutating func lexRadixNumber(_ isDigit: (UInt8) -> Bool) {
        let start = position
        var index = start + 2
        if index < count, !isDigit(base[index]) {
            finishNumber(.integer, start, skipIdentifierContinuation(from: index), invalid: true)
            return
        }
        while index < count, isDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
        if isIdentifierContinuation(at: index) {
            finishNumber(.integer, start, skipIdentifierContinuation(from: index), invalid: true)
            return
        }
        finishNumber(.integer, start, index, invalid: index == start + 2)
    }

    /// `0x1F`, `0x1p-3`, `0x1.8p4`. A `.` not followed by hex digits and a `p` exponent
    /// belongs to a member access (`0x10.description`).
    mutating func lexHexNumber() {
        let start = position
        var index = start + 2
        guard index < count else { finishNumber(.integer, start, index, invalid: true); return }
        guard CharacterClass.isHexDigit(base[index]) else {
            finishNumber(.integer, start, skipIdentifierContinuation(from: index), invalid: true)
            return
        }
        while index < count, CharacterClass.isHexDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
        let isExponent: (Int) -> Bool = { [base, count] in $0 < count && (base[$0] == 0x70 || base[$0] == 0x50) }
        if !(has(index, Byte.dot) || isExponent(index)) {
            if isIdentifierContinuation(at: index) {
                finishNumber(.integer, start, skipIdentifierContinuation(from: index), invalid: true)
            } else {
                finishNumber(.integer, start, index)
            }
            return
        }
        var dot: Int? = nil
        if has(index, Byte.dot) {
            dot = index
            index &+= 1
            if index < count, !CharacterClass.isHexDigit(base[index]) {
                finishNumber(.integer, start, dot!)
                return
            }
            while index < count, CharacterClass.isHexDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
            if !isExponent(index) {
                // As Swift decides: a decimal digit right after the dot makes a hex float
                // without its exponent (`0x1.8`, malformed); a letter a member (`0xff.description`).
                if !CharacterClass.isDigit(base[dot! + 1]) {
                    finishNumber(.integer, start, dot!)
                } else {
                    finishNumber(.integer, start, index, invalid: true)
                }
                return
            }
        }
        if isExponent(index) { index &+= 1 }
        var signed = false
        if has(index, Byte.plus) || has(index, Byte.minus) {
            index &+= 1
            signed = true
        }
        if index < count, !CharacterClass.isDigit(base[index]) {
            if let dot, dot + 1 < count, !CharacterClass.isDigit(base[dot + 1]), !signed {
                finishNumber(.integer, start, dot)
                return
            }
            finishNumber(.float, start, skipIdentifierContinuation(from: index), invalid: true)
            return
        }
        while index < count, CharacterClass.isDigit(base[index]) || base[index] == 0x5F { index &+= 1 }
        if isIdentifierContinuation(at: index) {
            finishNumber(.float, start, skipIdentifierContinuation(from: index), invalid: true)
            return
        }
        finishNumber(.float, start, index)
    }

    mutating func finishNumber(_ kind: TokenKind, _ start: Int, _ end: Int, invalid: Bool = false) {
        position = end
        emit(kind, start, end, invalid ? .invalid : [])
    }

    // MARK: - Operators and regex literals

    /// Whether the operator starting at `index` touches the token before it. Whitespace,
    /// an opening bracket, a separator or the end of a block comment before it leave it
    /// unbound on the left.
    @inline(__always)
    func isLeftBound(_ index: Int) -> Bool { Scanner.isLeftBound(base, index) }

    @inline(__always)
    static func isLeftBound(_ base: UnsafePointer<UInt8>, _ index: Int) -> Bool {
        guard index > 0 else { return false }
        switch base[index - 1] {
        case Byte.space, Byte.carriageReturn, Byte.newline, Byte.tab, Byte.openParen, Byte.openBracket,
             Byte.openBrace, Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.slash:
            return !(index >= 2 && base[index - 2] == Byte.star)
        case 0xA0:
            return !(index >= 2 && base[index - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether the operator ending at `index` touches the token after it.
    @inline(__always)
    func isRightBound(_ index: Int, leftBound: Bool) -> Bool { Scanner.isRightBound(base, count, index, leftBound: leftBound) }

    @inline(__always)
    static func isRightBound(_ base: UnsafePointer<UInt8>, _ count: Int, _ index: Int, leftBound: Bool) -> Bool {
        guard index < count else { return false }
        @inline(__always) func has(_ index: Int, _ value: UInt8) -> Bool { Scanner.has(base, count, index, value) }
        switch base[index] {
        case Byte.space, Byte.carriageReturn, Byte.newline, Byte.tab, Byte.closeParen, Byte.closeBracket,
             Byte.closeBrace, Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.dot:
            return !leftBound  // `x^.y` is postfix `^`, `^.y` prefix
        case Byte.slash:
            return !(has(index + 1, Byte.slash) || has(index + 1, Byte.star))
        case 0xC2:
            return !has(index + 1, 0xA0)
        default:
            return true
        }
    }

    mutating func lexOperator() {
        let start = position
        let startsWithDot = base[start] == Byte.dot
        var index = start + unknownLength(at: start)
        while index < count {
            let current = base[index]
            if current == Byte.dot {
                // Dots continue only operators that start with one (`..<`, `.*`).
                guard startsWithDot else { break }
                index &+= 1
                continue
            }
            if current == Byte.less, has(index + 1, Byte.pound), editorPlaceholderEnd(at: index) != nil { break }
            if current < 0x80 {
                guard CharacterClass.isASCIIOperator(current) else { break }
                index &+= 1
            } else {
                guard let (scalar, length) = decodeUTF8(base, index, count),
                      CharacterClass.isOperatorContinue(scalar) else { break }
                index += length
            }
        }
        var end = index

        // A `/` inside the operator may open a regex literal (`= /x+/`, `!/x/.test`).
        if let slash = firstSlash(start, end), lexRegex(inOperatorAt: slash, operatorStart: start, operatorEnd: end) {
            return
        }
        // `+//comment` or `*/*comment*/`: the comment is not part of the operator.
        if end - start > 2 {
            var cut = start + 1
            while cut < end {
                if base[cut] == Byte.slash, has(cut + 1, Byte.slash) || has(cut + 1, Byte.star) {
                    end = cut
                    break
                }
                cut &+= 1
            }
        }
        position = end
        if containsCommentEnd(start, end) {
            emit(.unknown, start, end, .invalid)  // a stray `*/`
            return
        }
        emit(.operator, start, end, operatorFlags(start, end), symbol: end - start == 1 ? base[start] : 0)
    }

    /// Emits the part of the operator before `slash` and the regex literal that starts
    /// there, if the `/` opens one. (Kept out of `lexOperator`, with the non-mutating
    /// helpers it calls, so that the common path does not copy the scanner.)
    @inline(__always)
    mutating func lexRegex(inOperatorAt slash: Int, operatorStart start: Int, operatorEnd end: Int) -> Bool {
        guard let regexEnd = regexInsideOperator(at: slash, operatorStart: start, operatorEnd: end) else { return false }
        if slash > start {
            emit(.operator, start, slash, operatorFlags(start, slash), symbol: slash - start == 1 ? base[start] : 0)
        }
        position = regexEnd
        emit(.regex, slash, regexEnd, regexIsClosed(slash, regexEnd) ? [] : .invalid)
        return true
    }

    /// Whether the regex literal `start..<end` ends with its closing delimiter: an unescaped
    /// `/` followed by as many `#`s as opened it (`#/a/#`), not the end of a line or file.
    func regexIsClosed(_ start: Int, _ end: Int) -> Bool {
        var pounds = 0
        while start + pounds < end, base[start + pounds] == Byte.pound { pounds &+= 1 }
        let closingSlash = end - 1 - pounds
        guard closingSlash > start + pounds, base[closingSlash] == Byte.slash else { return false }
        var index = closingSlash + 1
        while index < end {
            if base[index] != Byte.pound { return false }
            index &+= 1
        }
        var backslashes = 0
        while closingSlash - 1 - backslashes > start + pounds, base[closingSlash - 1 - backslashes] == Byte.backslash { backslashes &+= 1 }
        return backslashes % 2 == 0
    }

    @inline(__always)
    func firstSlash(_ start: Int, _ end: Int) -> Int? {
        var index = start
        while index < end {
            if base[index] == Byte.slash { return index }
            index &+= 1
        }
        return nil
    }

    @inline(__always)
    func containsCommentEnd(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index + 1 < end {
            if base[index] == Byte.star, base[index + 1] == Byte.slash { return true }
            index &+= 1
        }
        return false
    }

    /// Prefix, postfix or infix, from the whitespace around the operator (the Swift rules:
    /// bound on both sides or neither is infix). `=`, `.`, `->` and an infix `?` carry no flag.
    /// (Static, like the bound tests it uses, so that calling it does not copy the scanner.)
    @inline(__always)
    func operatorFlags(_ start: Int, _ end: Int) -> TokenFlags { Scanner.operatorFlags(base, count, start, end) }

    static func operatorFlags(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int, _ end: Int) -> TokenFlags {
        let leftBound = isLeftBound(base, start)
        let rightBound = isRightBound(base, count, end, leftBound: leftBound)
        if end - start == 1 {
            switch base[start] {
            case Byte.equal, Byte.dot:
                return []
            case Byte.question:
                return leftBound ? .postfixOperator : []
            default:
                break
            }
        } else if end - start == 2, base[start] == Byte.minus, base[start + 1] == Byte.greater {
            return []
        }
        if leftBound == rightBound { return [] }
        return leftBound ? .postfixOperator : .prefixOperator
    }

    /// Decides whether the `/` at `slash`, inside an operator spanning `operatorStart..<operatorEnd`,
    /// opens a regex literal (Swift 5.7's rules, SE-0354), and returns the literal's end.
    ///
    /// Heuristic: the previous token decides whether an expression may start here, as in
    /// the compiler. It gets wrong what the compiler gets wrong: `x = a /b/ c` with both
    /// slashes unspaced on one side lexes a regex.
    func regexInsideOperator(at slash: Int, operatorStart: Int, operatorEnd: Int) -> Int? {
        let leftBound = isLeftBound(operatorStart)
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        if leftBound { return nil }  // `a/b`, `x/`: a division or a postfix operator
        if lastIsKeyword(.func) || lastIsKeyword(.operator) { return nil }  // `static func /(…)`, `operator /`
        var mustBeRegex = false
        if leftBound == rightBound {
            // Spaced on both sides: `a / b` is a division unless an expression must start here.
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !isRegexPosition() { return nil }
            if let last = lastToken, last.kind == .punctuation {
                switch base[last.start] {
                case Byte.openParen, Byte.openBracket, Byte.comma, Byte.colon:
                    break  // `reduce(0, /)`: an operator passed as a function
                default:
                    mustBeRegex = true
                }
            } else {
                mustBeRegex = true
            }
        }
        return scanRegex(from: slash, mustBeRegex: mustBeRegex)
    }

    /// Whether the previous token lets an expression start here (so `/` opens a regex).
    func isRegexPosition() -> Bool {
        guard let last = lastToken else { return shebang == nil }
        switch last.kind {
        case .identifier, .integer, .float, .stringQuote, .stringSegment, .regex, .interpolationEnd:
            return false
        case .interpolationStart, .unknown:
            return true
        case .keyword:
            switch last.word {
            case .true, .false, .Any, .nil, .self, .Self, .super, .`_`:
                return false
            default:
                return true
            }
        case .operator:
            if last.symbol == Byte.dot || last.symbol == Byte.backslash { return false }
            if last.length == 2, base[last.start] == Byte.minus, base[last.start + 1] == Byte.greater { return false }
            return !last.flags.contains(.postfixOperator)
        case .punctuation:
            switch last.symbol {
            case Byte.openParen, Byte.openBracket, Byte.openBrace, Byte.comma, Byte.semicolon, Byte.colon:
                return true
            default:
                return false  // `)`, `]`, `}`, `@`, `::`, `#`
            }
        case .pound:
            // `#if`, `#elseif`, `#else`, `#endif` sequence expressions; other pound tokens do not.
            let text = UnsafeBufferPointer(start: base + last.start, count: Int(last.length))
            return text.elementsEqual("#if".utf8) || text.elementsEqual("#else".utf8)
                || text.elementsEqual("#elseif".utf8) || text.elementsEqual("#endif".utf8)
        }
    }

    /// Scans a regex literal starting at `start` (at `#`s or the `/`). Returns its end, or
    /// `nil` when this is not a regex: when `mustBeRegex` is false, a space right inside a
    /// delimiter, an unbalanced `)`, or a missing closing `/` on the line rule it out.
    func scanRegex(from start: Int, mustBeRegex: Bool) -> Int? {
        var index = start
        var pounds = 0
        while has(index, Byte.pound) {
            index &+= 1
            pounds &+= 1
        }
        guard has(index, Byte.slash) else { return nil }
        let openSlash = index
        index &+= 1
        if pounds == 0 {
            if index < count {
                switch base[index] {
                case Byte.space, Byte.tab:
                    if !mustBeRegex { return nil }
                case Byte.star, Byte.slash:
                    return nil  // a comment, not a regex
                default:
                    break
                }
            }
            if openSlash > 0, base[openSlash - 1] == Byte.star { return nil }
        }
        // `#/` followed only by spaces to the end of the line opens an extended,
        // multi-line regex literal.
        var firstNewline: Int? = nil
        if pounds > 0 {
            var scan = index
            while scan < count, base[scan] == Byte.space || base[scan] == Byte.tab { scan &+= 1 }
            if scan < count, base[scan] == Byte.newline || base[scan] == Byte.carriageReturn {
                firstNewline = scan
                index = scan
            }
        }
        let multiline = firstNewline != nil
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -2

        while true {
            // The closing delimiter: `/` followed by as many `#`s as opened.
            if has(index, Byte.slash) {
                var closeEnd = index + 1
                var closePounds = 0
                if pounds > 0 {
                    while has(closeEnd, Byte.pound) {
                        closeEnd &+= 1
                        closePounds &+= 1
                    }
                }
                if closePounds >= pounds {
                    if closePounds == 0 {
                        if has(closeEnd, Byte.star) || has(closeEnd, Byte.slash) {
                            // `/x//comment`: prefer the comment.
                            return mustBeRegex ? index : nil
                        }
                        if lastSpace + 1 == index, !mustBeRegex { return nil }
                    }
                    // `#/a/##`: the delimiter takes as many `#`s as opened; the rest follow it.
                    return index + 1 + pounds
                }
            }
            guard index < count else {
                if !mustBeRegex { return nil }
                return firstNewline ?? index
            }
            var escaped = false
            var current = base[index]
            if current == Byte.backslash {
                escaped = true
                index &+= 1
                guard index < count else {
                    if !mustBeRegex { return nil }
                    return firstNewline ?? index
                }
                current = base[index]
            }
            switch current {
            case Byte.newline, Byte.carriageReturn:
                if !multiline {
                    return mustBeRegex ? index : nil  // a `/…/` literal ends at the line break
                }
            case Byte.openParen where !escaped && classDepth == 0:
                groupDepth &+= 1
            case Byte.closeParen where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }  // `(a / b) / c`: an unbalanced `)` means division
                } else {
                    groupDepth -= 1
                }
            case Byte.openBracket where !escaped:
                classDepth &+= 1
            case Byte.closeBracket where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case Byte.space, Byte.tab:
                if !escaped { lastSpace = index }
            default:
                break
            }
            index += unknownLength(at: index)
        }
    }

    // MARK: - Looking back

    @inline(__always)
    func lastIsKeyword(_ word: Word) -> Bool {
        guard let last = lastToken, last.kind == .keyword else { return false }
        return last.word == word
    }

    @inline(__always)
    func lastIsPeriod() -> Bool {
        guard let last = lastToken else { return false }
        return last.symbol == Byte.dot
    }
}
