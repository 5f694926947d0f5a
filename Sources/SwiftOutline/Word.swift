import SwiftLexer

/// What the outline builder asks of the lexer's words (`Word`, recorded per token).
extension Word {
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

    var isAccessor: Bool {
        switch self {
        case .get, .set, .willSet, .didSet, ._read, ._modify, .unsafeAddress, .unsafeMutableAddress: return true
        default: return false
        }
    }
}
