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
    public var text: String {
        self == .wildcard ? "_" : "\(self)"
    }

    /// The keyword spelled by `count` bytes at `start`, if any.
    @inlinable
    public init?(_ start: UnsafePointer<UInt8>, count: Int) {
        guard let keyword = Keyword.lookup(start, count: count) else { return nil }
        self = keyword
    }

    /// Open-addressing table keyed by (length, first byte, last byte).
    private static let table: [(bytes: [UInt8], keyword: Keyword)?] = {
        var table = [(bytes: [UInt8], keyword: Keyword)?](repeating: nil, count: 256)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.text.utf8)
            var slot = hash(bytes.count, bytes[0], bytes[bytes.count - 1])
            while table[slot] != nil { slot = (slot + 1) & 255 }
            table[slot] = (bytes, keyword)
        }
        return table
    }()

    @inline(__always)
    private static func hash(_ count: Int, _ first: UInt8, _ last: UInt8) -> Int {
        (count &* 61 &+ Int(first) &* 7 &+ Int(last) &* 13) & 255
    }

    @usableFromInline
    static func lookup(_ start: UnsafePointer<UInt8>, count: Int) -> Keyword? {
        guard count >= 1, count <= 15 else { return nil }
        // Every keyword starts with a lowercase letter, `A`, `S` or `_`.
        let first = start[0]
        guard (first >= 0x61 && first <= 0x7A) || first == 0x41 || first == 0x53 || first == 0x5F else { return nil }
        var slot = hash(count, first, start[count - 1])
        while let candidate = table[slot] {
            if candidate.bytes.count == count {
                var index = 0
                while index < count, candidate.bytes[index] == start[index] { index += 1 }
                if index == count { return candidate.keyword }
            }
            slot = (slot + 1) & 255
        }
        return nil
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
