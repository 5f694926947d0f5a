/// The reserved words of Swift: the ones the lexer classifies as `keyword`. Contextual
/// keywords (`get`, `set`, `async`, `some`, `any`, `actor`, `open`, …) are identifiers,
/// as in the compiler, because they can be used as names.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case `Any`, `as`, `associatedtype`, `break`, `case`, `catch`, `class`, `continue`
    case `default`, `defer`, `deinit`, `do`, `else`, `enum`, `extension`, `fallthrough`
    case `false`, `fileprivate`, `for`, `func`, `guard`, `if`, `import`, `in`, `init`
    case `inout`, `internal`, `is`, `let`, `nil`, `operator`, `precedencegroup`, `private`
    case `protocol`, `public`, `repeat`, `rethrows`, `return`, `self`, `Self`, `static`
    case `struct`, `subscript`, `super`, `switch`, `throw`, `throws`, `true`, `try`
    case `typealias`, `var`, `where`, `while`
    /// `_`
    case wildcard

    /// The keyword's spelling.
    public var text: String { Keyword.texts[Int(rawValue)] }

    /// Every keyword's spelling, by raw value: written out, not described by reflection
    /// (see `Word.text`).
    private static let texts: [String] = [
        "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private",
        "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while",
        "_",
    ]

    /// The keyword spelled by `count` bytes at `start`, if any.
    @inlinable
    public init?(_ start: UnsafePointer<UInt8>, count: Int) {
        guard let keyword = Keyword.lookup(start, count: count) else { return nil }
        self = keyword
    }

    /// Every keyword's spelling, for lookups by bytes.
    public static let spellings = SpellingTable(Keyword.allCases.map { ($0.text, $0.rawValue) }, slotCount: 256)

    @usableFromInline
    static func lookup(_ start: UnsafePointer<UInt8>, count: Int) -> Keyword? {
        lookup(start, count: count, in: spellings)
    }

    /// The keyword spelled by `count` bytes at `start`, looked up in `table` (which must be
    /// `spellings`: hot loops keep a copy to skip the static's initialisation check).
    @inline(__always)
    static func lookup(_ start: UnsafePointer<UInt8>, count: Int, in table: SpellingTable) -> Keyword? {
        // Every keyword starts with a lowercase letter, `A`, `S` or `_`.
        let first = start[0]
        guard (first >= 0x61 && first <= 0x7A) || first == 0x41 || first == 0x53 || first == 0x5F,
              let value = table.lookup(start, count: count) else { return nil }
        return Keyword(rawValue: value)
    }

    /// The keyword spelled by `bytes`, if any.
    public init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        guard let keyword = array.withUnsafeBufferPointer({ buffer -> Keyword? in
            guard let base = buffer.baseAddress else { return nil }
            return Keyword.lookup(base, count: buffer.count)
        }) else { return nil }
        self = keyword
    }
}
