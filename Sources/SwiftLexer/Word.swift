/// The words later stages steer by: the reserved keywords plus the contextual keywords
/// that matter to declarations, statements and accessors. The lexer already looks every
/// name up to tell keywords from identifiers, so it looks it up among these words instead
/// and records the answer in the token (`Token.word`): the outline compares small
/// integers and never looks a spelling up again.
public enum Word: UInt8, CaseIterable, Sendable {
    case none = 0
    // Declaration keywords.
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`, `typealias`, `func`, `init`, `deinit`
    case `subscript`, `var`, `let`, `case`, `associatedtype`, macro, `operator`, `precedencegroup`, `import`
    // Modifiers.
    case `public`, `private`, `fileprivate`, `internal`, open, package, `static`, final, override, mutating
    case nonmutating, nonisolated, convenience, required, lazy, weak, unowned, dynamic, optional, indirect
    case prefix, postfix, infix, consuming, borrowing, distributed, isolated, __consuming, __owned
    // Types and effects.
    case some, any, `inout`, sending, each, async, reasync, `throws`, `rethrows`, `where`, `Self`, `Any`
    case `self`, `super`, `as`, `is`, `try`, await, `in`, `_`
    // Statements.
    case `if`, `guard`, `while`, `for`, `switch`, `repeat`, `do`, `catch`, `else`, `return`, `throw`, `defer`
    case `default`, `break`, `continue`, `fallthrough`, `true`, `false`, `nil`
    // Accessors.
    case get, set, willSet, didSet, _read, _modify, unsafeAddress, unsafeMutableAddress

    /// The word's spelling; empty for `none`.
    public var text: String { Word.texts[Int(rawValue)] }

    /// Every word's spelling, by raw value. Written out rather than made with `"\(self)"`:
    /// describing a case goes through reflection, which cost every run about two
    /// milliseconds when the lexer's table was first built (a test checks each spelling
    /// against the case's name).
    private static let texts: [String] = [
        "",
        "class", "struct", "enum", "actor", "protocol", "extension", "typealias", "func", "init", "deinit",
        "subscript", "var", "let", "case", "associatedtype", "macro", "operator", "precedencegroup", "import",
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override", "mutating",
        "nonmutating", "nonisolated", "convenience", "required", "lazy", "weak", "unowned", "dynamic", "optional", "indirect",
        "prefix", "postfix", "infix", "consuming", "borrowing", "distributed", "isolated", "__consuming", "__owned",
        "some", "any", "inout", "sending", "each", "async", "reasync", "throws", "rethrows", "where", "Self", "Any",
        "self", "super", "as", "is", "try", "await", "in", "_",
        "if", "guard", "while", "for", "switch", "repeat", "do", "catch", "else", "return", "throw", "defer",
        "default", "break", "continue", "fallthrough", "true", "false", "nil",
        "get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress",
    ]

    /// Keywords that, at the start of a line, always begin a declaration (never a label or
    /// a pattern): after an unclosed `(` or `[`, such a line ends the group.
    @inlinable
    public var startsDeclarationLine: Bool {
        switch self {
        case .func, .struct, .class, .enum, .protocol, .extension, .import, .typealias, .`init`, .deinit, .subscript,
             .associatedtype, .precedencegroup:
            return true
        default:
            return false
        }
    }

    /// In a spelling table's value, the bit that marks a reserved keyword (the word's raw
    /// value is in the other seven bits).
    static let reservedBit: UInt8 = 0x80

    /// Every word's spelling, for lookups by bytes; reserved keywords carry `reservedBit`.
    static let spellings: SpellingTable = {
        let reserved = Set(Keyword.allCases.map(\.text))
        precondition(Word.allCases.count <= Int(reservedBit), "a word's raw value must leave the reserved bit free")
        return SpellingTable(Word.allCases.filter { $0 != .none }.map { word in
            (word.text, word.rawValue | (reserved.contains(word.text) ? reservedBit : 0))
        }, slotCount: 512)
    }()

    /// The value of the spelling of the `count` bytes at `start` in `table` (which must be
    /// `spellings`): the word's raw value, with `reservedBit` for a reserved keyword; 0 for
    /// no word.
    @inline(__always)
    static func value(_ start: UnsafePointer<UInt8>, count: Int, in table: SpellingTable) -> UInt8 {
        guard mayStartWord(start[0]) else { return 0 }
        return table.lookup(start, count: count) ?? 0
    }

    /// `value(_:count:in:)` of a name of at most eight bytes, packed into `key` as
    /// `SpellingTable.lookup(packed:)` takes it.
    @inline(__always)
    static func value(packed key: UInt64, in table: SpellingTable) -> UInt8 {
        guard mayStartWord(UInt8(truncatingIfNeeded: key)) else { return 0 }
        return table.lookup(packed: key) ?? 0
    }

    /// Every word starts with a lowercase letter or `_`, except `Self` and `Any`:
    /// capitalised names (most of them types) need no lookup.
    @inline(__always)
    static func mayStartWord(_ first: UInt8) -> Bool {
        first >= 0x61 || first == 0x5F || first == 0x53 || first == 0x41
    }

    /// The word of a value `value(_:count:in:)` returned. Every such value is a word's
    /// raw value, possibly with `reservedBit`, or 0: no check is needed.
    @inline(__always)
    init(tableValue: UInt8) {
        self = unsafeBitCast(tableValue & ~Word.reservedBit, to: Word.self)
    }

    /// The word spelled by `bytes`, `.none` if they spell none.
    public init<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        let value = array.withUnsafeBufferPointer { buffer -> UInt8 in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            return Word.value(base, count: buffer.count, in: Word.spellings)
        }
        self = Word(tableValue: value)
    }
}
