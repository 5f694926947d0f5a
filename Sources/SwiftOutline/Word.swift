import SwiftLexer

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

    /// Every word's spelling, for lookups by bytes.
    static let spellings = SpellingTable(Word.allCases.filter { $0 != .none }.map { ($0.text, $0.rawValue) }, slotCount: 512)

    /// The word spelled by the `count` bytes at `start`, looked up in `table` (which must be
    /// `spellings`: token streams keep a copy to skip the static's initialisation check).
    @inline(__always)
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, in table: SpellingTable) -> Word {
        guard count >= 1, let base = bytes.baseAddress else { return .none }
        let first = base[start]
        // Every word starts with a lowercase letter or `_`, except `Self` and `Any`:
        // capitalised names (most of them types) need no lookup.
        if first < 0x61, first != 0x5F, first != 0x53, first != 0x41 { return .none }
        guard let value = table.lookup(base + start, count: count) else { return .none }
        return Word(rawValue: value) ?? .none
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
