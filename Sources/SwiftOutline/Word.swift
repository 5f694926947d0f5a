/// Words the outline builder recognises among identifier and keyword tokens: the reserved
/// keywords plus the contextual keywords that matter to declarations. Computed once per
/// token so the builder compares small integers, not text.
enum Word: UInt8, CaseIterable {
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

    var text: String { self == .none ? "" : "\(self)" }

    /// Open-addressing table keyed by (length, first byte, last byte): one probe for most names.
    private static let table: [(bytes: [UInt8], word: Word)?] = {
        var table = [(bytes: [UInt8], word: Word)?](repeating: nil, count: 512)
        for word in Word.allCases where word != .none {
            let bytes = Array(word.text.utf8)
            var slot = hash(bytes.count, bytes[0], bytes[bytes.count - 1])
            while table[slot] != nil { slot = (slot + 1) & 511 }
            table[slot] = (bytes, word)
        }
        return table
    }()

    @inline(__always)
    private static func hash(_ count: Int, _ first: UInt8, _ last: UInt8) -> Int {
        (count &* 61 &+ Int(first) &* 7 &+ Int(last) &* 13) & 511
    }

    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Word {
        guard count >= 1, count < 24 else { return .none }
        let first = bytes[start]
        // Every word starts with a lowercase letter or `_`, except `Self` and `Any`:
        // capitalised names (most of them types) need no lookup.
        if first < 0x61, first != 0x5F, first != 0x53, first != 0x41 { return .none }
        var slot = hash(count, first, bytes[start + count - 1])
        while let candidate = table[slot] {
            if candidate.bytes.count == count, candidate.bytes[0] == first {
                var index = 1
                while index < count, candidate.bytes[index] == bytes[start + index] { index += 1 }
                if index == count { return candidate.word }
            }
            slot = (slot + 1) & 511
        }
        return .none
    }

    var isModifier: Bool {
        switch self {
        case .public, .private, .fileprivate, .internal, .open, .package, .static, .final, .override, .mutating,
             .nonmutating, .nonisolated, .convenience, .required, .lazy, .weak, .unowned, .dynamic, .optional,
             .indirect, .prefix, .postfix, .infix, .consuming, .borrowing, .distributed, .isolated, .__consuming, .__owned:
            return true
        default:
            return false
        }
    }

    var declarationKind: DeclarationKind? {
        switch self {
        case .class: return .class
        case .struct: return .struct
        case .enum: return .enum
        case .actor: return .actor
        case .protocol: return .protocol
        case .extension: return .extension
        case .typealias: return .typealias
        case .func: return .func
        case .`init`: return .`init`
        case .deinit: return .deinit
        case .subscript: return .subscript
        case .var: return .var
        case .let: return .let
        case .case: return .case
        case .associatedtype: return .associatedtype
        case .macro: return .macro
        case .operator: return .operator
        case .precedencegroup: return .precedencegroup
        default: return nil
        }
    }

    /// Keywords that, at the start of a line, always begin a declaration (never a label or
    /// a pattern): used to recover from unclosed brackets.
    var startsDeclarationLine: Bool {
        switch self {
        case .func, .struct, .class, .enum, .protocol, .extension, .import, .typealias, .`init`, .deinit, .subscript,
             .associatedtype, .precedencegroup:
            return true
        default:
            return false
        }
    }

    var isAccessor: Bool {
        switch self {
        case .get, .set, .willSet, .didSet, ._read, ._modify, .unsafeAddress, .unsafeMutableAddress: return true
        default: return false
        }
    }
}
