import SwiftLexer

/// The declaring keyword of a declaration, as printed by `archlint outline`.
public enum DeclarationKind: String, Sendable, CaseIterable {
    case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`, `typealias`
    case `func`, `init`, `deinit`, `subscript`, `var`, `let`, `case`, `associatedtype`
    case macro, `operator`, `precedencegroup`

    /// Declarations that introduce a nominal type (members live inside them).
    public var isNominalType: Bool {
        switch self {
        case .class, .struct, .enum, .actor, .protocol: return true
        default: return false
        }
    }

    /// Declarations whose braces hold member declarations.
    public var hasMembers: Bool { isNominalType || self == .extension }
}

/// `@Name(arguments)` on a declaration, a parameter or an import.
public struct Attribute: Sendable, Hashable {
    /// The attribute's name without `@` (`MainActor`, `Dependency`, `available`).
    public var name: String
    /// The text between the parentheses, whitespace collapsed; `nil` without parentheses.
    public var arguments: String?
    /// Byte offset of the `@`.
    public var offset: Int
}

/// One clause of the `#if` stack a declaration sits under.
public struct ConditionClause: Sendable, Hashable {
    public enum Directive: String, Sendable { case `if`, `elseif`, `else` }
    public var directive: Directive
    /// The condition's text; for `#else`, the text of the `#if` or `#elseif` clause just before it.
    public var condition: String

    public init(directive: Directive, condition: String) {
        self.directive = directive
        self.condition = condition
    }

    /// Whether this branch is never compiled: `#if false` and its kin (`#if never`, `#if 0`).
    public var isInactive: Bool {
        guard directive != .else else { return false }
        // Asked for every declaration under `#if`, so no string is built: the condition's
        // bytes without surrounding spaces are compared in place.
        let bytes = condition.utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return false }
        let text = bytes[first...last]
        return text.elementsEqual("false".utf8) || text.elementsEqual("never".utf8) || text.elementsEqual("0".utf8) || text.elementsEqual("NEVER".utf8)
    }
}

/// A parameter of a function, initializer, subscript, macro or enum case.
public struct Parameter: Sendable, Hashable {
    /// The argument label: `_` when there is none.
    public var label: String
    /// The name used inside the body (for enum cases without a name: the label or `_`).
    public var name: String
    /// The declared type, whitespace collapsed (`inout`, attributes and `...` included).
    public var type: String
    public var hasDefaultValue: Bool
    public var isVariadic: Bool
    public var isInout: Bool
    /// Byte offset of the parameter's first name.
    public var offset: Int
}

/// `async`, `throws`, `rethrows`, typed `throws(E)` on a function type or declaration.
public struct Effects: Sendable, Hashable {
    public var isAsync = false
    public var isThrowing = false
    public var isRethrowing = false
    /// The `E` of `throws(E)`.
    public var thrownType: String?

    public init() {}
}

/// How a type name is used where it is referenced.
public enum ReferenceRole: String, Sendable, CaseIterable {
    /// `let x: Foo`, a parameter type, a return type, `typealias A = Foo`, `Foo.Type`.
    case annotation
    /// `class A: Foo`, `extension A: Foo`.
    case inheritance
    /// `Array<Foo>`, `Result<Foo, Error>`, `[Foo]`-free generic arguments inside `<…>`.
    case genericArgument
    /// `Foo(…)`, `Foo.init(…)`, `Foo { … }`.
    case call
    /// `as Foo`, `as? Foo`, `is Foo`.
    case cast
    /// `Foo.shared`, `Foo.self`, `Foo.Case`.
    case staticMember
    /// `extension Foo`.
    case extended
    /// `where T: Foo`, `some Foo` constraints inside a `where` clause.
    case constraint
    /// Any other mention of a capitalised name in code (`[Foo]`, `Foo?` in an expression).
    case other
}

/// A mention of a type name. `name` is the dotted chain of names as written (`Foo`,
/// `Outer.Inner`); generic arguments are separate references.
///
/// Heuristic: in expressions, only names that start with an uppercase letter are taken
/// to be types (Swift's naming convention); in type positions every name counts.
public struct TypeReference: Sendable, Hashable {
    public var name: String
    public var role: ReferenceRole
    /// Byte offset of the first name.
    public var offset: Int
}

/// Arguments of a call: labels (`_` for unlabelled) and trailing closures.
public struct CallArguments: Sendable, Hashable {
    /// Labels of the parenthesised arguments, in order.
    public var labels: [String]
    /// Labels of trailing closures after the first one (`onDismiss:` in
    /// `sheet { } onDismiss: { }`); the first trailing closure has none.
    public var trailingClosureLabels: [String]
    /// Number of trailing closures.
    public var trailingClosures: Int
    /// Whether the call has a parenthesised argument list (`f()` versus `f { }`).
    public var hasParentheses: Bool
    /// Per parenthesised argument: whether it is a closure literal `{ … }` with nothing else.
    public var closureArguments: [Bool]
    /// Byte offset of the `(`, or of the first trailing closure's `{`.
    public var offset: Int
}

/// `receiver.name` in code, with its arguments when it is called.
public struct MemberAccess: Sendable, Hashable {
    /// The chain before the dot with `?`/`!` and whitespace removed and call arguments
    /// elided: `repository`, `self.repository`, `Foo.shared`, `a.b()`. Empty for an
    /// implicit member (`.shared`, `.init`).
    public var receiver: String
    public var name: String
    /// Byte offset of `name`.
    public var offset: Int
    /// The call's arguments when the member is called.
    public var call: CallArguments?
    /// The labels of a reference to a function by its full name (`repository.fetch(id:limit:)`
    /// → `["id", "limit"]`), which is not a call.
    public var referencedLabels: [String]?

    public init(receiver: String, name: String, offset: Int, call: CallArguments?) {
        self.receiver = receiver
        self.name = name
        self.offset = offset
        self.call = call
    }
}

/// A call of a bare name: `Foo(…)`, `fetchAll()`, `Button("Save") { … }`.
public struct Call: Sendable, Hashable {
    public var name: String
    public var offset: Int
    public var arguments: CallArguments
}

/// An accessor of a property or subscript: `get`, `set`, `willSet`, `didSet`, `_modify`, …
public struct Accessor: Sendable, Hashable {
    public var kind: String
    public var offset: Int
    public var effects: Effects
}

/// One declaration of the outline. Declarations are stored flat in
/// `FileOutline.declarations`; `members` and `parent` are indices into that array, so
/// that any nesting depth can be built, walked and freed without recursion.
///
/// A declaration has value semantics, but its fields live in one shared, copy-on-write
/// box: rules copy declarations all the time (`for declaration in outline.declarations`),
/// and copying a box is one reference count instead of one per array and string.
public struct Declaration: Sendable {
    /// The fields, shared between copies until one of them is changed. Accesses are not
    /// checked for exclusivity at run time: the box is only changed through `Declaration`'s
    /// accessors after `uniqueStorage` made it unique, never while another access is open.
    ///
    /// There is one box per declaration (350,000 for three million lines), so it is kept
    /// small: references first, then offsets in 32 bits (`UInt32`; a larger offset is
    /// stored as `UInt32.max`, which no file read into memory here reaches) and the parent
    /// as an `Int32` (-1 for none), then the one-byte fields side by side.
    @usableFromInline final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var name: String
        @exclusivity(unchecked) @usableFromInline var attributes: [Attribute] = []
        @exclusivity(unchecked) @usableFromInline var modifiers: [String] = []
        @exclusivity(unchecked) @usableFromInline var inherits: [String] = []
        @exclusivity(unchecked) @usableFromInline var conditions: [ConditionClause] = []
        @exclusivity(unchecked) @usableFromInline var members: [Int] = []
        @exclusivity(unchecked) @usableFromInline var parameters: [Parameter] = []
        @exclusivity(unchecked) @usableFromInline var accessors: [Accessor] = []
        @exclusivity(unchecked) @usableFromInline var returnType: String?
        @exclusivity(unchecked) @usableFromInline var typeText: String?
        /// Fields few declarations fill (about one in twenty has one of them), in a box of
        /// their own that most declarations do without.
        @exclusivity(unchecked) @usableFromInline var rare: Rare?
        @exclusivity(unchecked) @usableFromInline var facts: CodeFacts = CodeFacts()
        @exclusivity(unchecked) @usableFromInline var nameOffset: UInt32
        @exclusivity(unchecked) @usableFromInline var keywordOffset: UInt32
        @exclusivity(unchecked) @usableFromInline var rangeStart: UInt32
        @exclusivity(unchecked) @usableFromInline var rangeEnd: UInt32
        @exclusivity(unchecked) @usableFromInline var parent: Int32 = -1
        @exclusivity(unchecked) @usableFromInline var kind: DeclarationKind
        /// The yes-or-no fields, one bit each (see `Flag`).
        @exclusivity(unchecked) @usableFromInline var flags: UInt8 = 0

        init(kind: DeclarationKind, name: String, nameOffset: UInt32, keywordOffset: UInt32, rangeStart: UInt32, rangeEnd: UInt32) {
            self.kind = kind
            self.name = name
            self.nameOffset = nameOffset
            self.keywordOffset = keywordOffset
            self.rangeStart = rangeStart
            self.rangeEnd = rangeEnd
        }

        /// Bits of `flags`.
        @usableFromInline enum Flag {
            @usableFromInline static let isFailable: UInt8 = 1 << 0
            @usableFromInline static let hasBody: UInt8 = 1 << 1
            @usableFromInline static let isStored: UInt8 = 1 << 2
            @usableFromInline static let hasInitializer: UInt8 = 1 << 3
            /// The pattern binds just the declaration's name (`let x`, most properties):
            /// `names` is `[name]` then, without an array of its own.
            @usableFromInline static let namesAreName: UInt8 = 1 << 4
            @usableFromInline static let isAsync: UInt8 = 1 << 5
            @usableFromInline static let isThrowing: UInt8 = 1 << 6
            @usableFromInline static let isRethrowing: UInt8 = 1 << 7
        }

        /// Bit `bit` of `flags` (one of `Flag`).
        @usableFromInline subscript(flag bit: UInt8) -> Bool {
            @inlinable get { flags & bit != 0 }
            set { flags = newValue ? flags | bit : flags & ~bit }
        }

        /// The names of a pattern that binds more than the declaration's name (`let (a, b)`).
        @usableFromInline var names: [String] {
            @inlinable get { rare?.names ?? [] }
            set {
                guard !newValue.isEmpty || rare != nil else { return }
                rareFields.names = newValue
            }
        }

        /// The rare fields' box, made on first use.
        var rareFields: Rare {
            if let rare { return rare }
            let made = Rare()
            rare = made
            return made
        }

        /// Gives `names` an array of its own before `name` or `names` changes on its own.
        func keepNames() {
            guard self[flag: Flag.namesAreName] else { return }
            names = [name]
            self[flag: Flag.namesAreName] = false
        }

        /// A copy of every field, for the first change of a shared box.
        func copy() -> Storage {
            let copy = Storage(kind: kind, name: name, nameOffset: nameOffset, keywordOffset: keywordOffset, rangeStart: rangeStart, rangeEnd: rangeEnd)
            copy.attributes = attributes
            copy.modifiers = modifiers
            copy.inherits = inherits
            copy.conditions = conditions
            copy.members = members
            copy.parent = parent
            copy.parameters = parameters
            copy.rare = rare?.copy()
            copy.flags = flags
            copy.returnType = returnType
            copy.typeText = typeText
            copy.accessors = accessors
            copy.facts = facts
            return copy
        }
    }

    /// The fields of `Storage` that few declarations fill.
    @usableFromInline final class Rare: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var genericParameters: [String] = []
        @exclusivity(unchecked) @usableFromInline var whereClause: String?
        @exclusivity(unchecked) @usableFromInline var thrownType: String?
        @exclusivity(unchecked) @usableFromInline var names: [String] = []

        func copy() -> Rare {
            let copy = Rare()
            copy.genericParameters = genericParameters
            copy.whereClause = whereClause
            copy.thrownType = thrownType
            copy.names = names
            return copy
        }
    }

    /// An offset in the box's 32 bits (see `Storage`).
    @usableFromInline static func stored(_ offset: Int) -> UInt32 { UInt32(clamping: offset) }

    @usableFromInline var storage: Storage

    /// The box, copied first if another declaration shares it.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var kind: DeclarationKind {
        @inlinable get { storage.kind }
        _modify { let box = uniqueStorage; yield &box.kind }
        set { uniqueStorage.kind = newValue }
    }
    /// The declared name: a type's or function's base name, `init`, `deinit`,
    /// `subscript`, an operator's symbol; for an extension, the extended type as written
    /// (`Foo`, `Foo.Bar`); for a property, the first name of its pattern.
    public var name: String {
        @inlinable get { storage.name }
        _modify { let box = uniqueStorage; box.keepNames(); yield &box.name }
        set { let box = uniqueStorage; box.keepNames(); box.name = newValue }
    }
    /// Byte offset of the name (of the keyword for `init`, `deinit`, `subscript`).
    public var nameOffset: Int {
        @inlinable get { Int(storage.nameOffset) }
        set { uniqueStorage.nameOffset = Declaration.stored(newValue) }
    }
    /// Byte offset of the declaring keyword.
    public var keywordOffset: Int {
        @inlinable get { Int(storage.keywordOffset) }
        set { uniqueStorage.keywordOffset = Declaration.stored(newValue) }
    }
    /// Byte range of the whole declaration, from its first attribute or modifier to its end.
    public var range: Range<Int> {
        @inlinable get { Range(uncheckedBounds: (Int(storage.rangeStart), Int(storage.rangeEnd))) }
        set {
            let box = uniqueStorage
            box.rangeStart = Declaration.stored(newValue.lowerBound)
            box.rangeEnd = Declaration.stored(newValue.upperBound)
        }
    }
    public var attributes: [Attribute] {
        @inlinable get { storage.attributes }
        _modify { let box = uniqueStorage; yield &box.attributes }
        set { uniqueStorage.attributes = newValue }
    }
    /// Modifiers as written: `public`, `private(set)`, `static`, `final`, `nonisolated`, …
    public var modifiers: [String] {
        @inlinable get { storage.modifiers }
        _modify { let box = uniqueStorage; yield &box.modifiers }
        set { uniqueStorage.modifiers = newValue }
    }
    /// Generic parameter names (`T`, `each U`).
    public var genericParameters: [String] {
        @inlinable get { storage.rare?.genericParameters ?? [] }
        _modify { let rare = uniqueStorage.rareFields; yield &rare.genericParameters }
        set {
            guard !newValue.isEmpty || storage.rare != nil else { return }
            uniqueStorage.rareFields.genericParameters = newValue
        }
    }
    /// Entries of the inheritance or conformance list, as written.
    public var inherits: [String] {
        @inlinable get { storage.inherits }
        _modify { let box = uniqueStorage; yield &box.inherits }
        set { uniqueStorage.inherits = newValue }
    }
    /// The `where` clause's text without `where`.
    public var whereClause: String? {
        @inlinable get { storage.rare?.whereClause }
        _modify { let rare = uniqueStorage.rareFields; yield &rare.whereClause }
        set {
            guard newValue != nil || storage.rare != nil else { return }
            uniqueStorage.rareFields.whereClause = newValue
        }
    }
    /// The `#if` clauses the declaration sits under, outermost first.
    public var conditions: [ConditionClause] {
        @inlinable get { storage.conditions }
        _modify { let box = uniqueStorage; yield &box.conditions }
        set { uniqueStorage.conditions = newValue }
    }
    /// Indices of member declarations in `FileOutline.declarations`.
    public var members: [Int] {
        @inlinable get { storage.members }
        _modify { let box = uniqueStorage; yield &box.members }
        set { uniqueStorage.members = newValue }
    }
    /// Index of the enclosing declaration, if any.
    public var parent: Int? {
        @inlinable get { storage.parent < 0 ? nil : Int(storage.parent) }
        set { uniqueStorage.parent = newValue.map { Int32(clamping: $0) } ?? -1 }
    }
    // Functions, initializers, subscripts, macros, enum cases.
    public var parameters: [Parameter] {
        @inlinable get { storage.parameters }
        _modify { let box = uniqueStorage; yield &box.parameters }
        set { uniqueStorage.parameters = newValue }
    }
    public var effects: Effects {
        @inlinable get {
            var effects = Effects()
            effects.isAsync = storage[flag: Storage.Flag.isAsync]
            effects.isThrowing = storage[flag: Storage.Flag.isThrowing]
            effects.isRethrowing = storage[flag: Storage.Flag.isRethrowing]
            effects.thrownType = storage.rare?.thrownType
            return effects
        }
        set {
            let box = uniqueStorage
            box[flag: Storage.Flag.isAsync] = newValue.isAsync
            box[flag: Storage.Flag.isThrowing] = newValue.isThrowing
            box[flag: Storage.Flag.isRethrowing] = newValue.isRethrowing
            if newValue.thrownType != nil || box.rare != nil { box.rareFields.thrownType = newValue.thrownType }
        }
    }
    /// The return type of a function or subscript, or the result type of a macro.
    public var returnType: String? {
        @inlinable get { storage.returnType }
        _modify { let box = uniqueStorage; yield &box.returnType }
        set { uniqueStorage.returnType = newValue }
    }
    /// `init?` or `init!`.
    public var isFailable: Bool {
        @inlinable get { storage[flag: Storage.Flag.isFailable] }
        _modify { let box = uniqueStorage; yield &box[flag: Storage.Flag.isFailable] }
        set { uniqueStorage[flag: Storage.Flag.isFailable] = newValue }
    }
    /// Whether a function, initializer or accessor has a body (protocol requirements do not).
    public var hasBody: Bool {
        @inlinable get { storage[flag: Storage.Flag.hasBody] }
        _modify { let box = uniqueStorage; yield &box[flag: Storage.Flag.hasBody] }
        set { uniqueStorage[flag: Storage.Flag.hasBody] = newValue }
    }
    // Properties (`var`/`let`), type aliases, associated types, enum cases.
    /// Every name bound by a property's pattern: `["a", "b"]` for `let (a, b) = …`.
    public var names: [String] {
        @inlinable get { storage[flag: Storage.Flag.namesAreName] ? [storage.name] : storage.names }
        _modify { let box = uniqueStorage; box.keepNames(); yield &box.names }
        set {
            let box = uniqueStorage
            // Most patterns bind one name, the declaration's own: no array is kept for it.
            box[flag: Storage.Flag.namesAreName] = newValue.count == 1 && newValue[0] == box.name
            box.names = box[flag: Storage.Flag.namesAreName] ? [] : newValue
        }
    }
    /// Whether `names` holds other names than the declaration's own: a pattern such as
    /// `let (a, b) = …`. When false, `names` is `[name]` or empty, and asking for it makes
    /// an array, which a pass over every declaration can do without.
    @inlinable public var hasPatternNames: Bool {
        !storage[flag: Storage.Flag.namesAreName] && !storage.names.isEmpty
    }
    /// Records that the pattern binds just the declaration's own name: what `names = [name]`
    /// records, without making the array (the builder does this for most properties).
    mutating func setNamesToOwnName() {
        let box = uniqueStorage
        box[flag: Storage.Flag.namesAreName] = true
        box.names = []
    }

    /// The declared type of a property, the aliased type of a typealias, the default of an
    /// associatedtype, the raw value of an enum case.
    public var typeText: String? {
        @inlinable get { storage.typeText }
        _modify { let box = uniqueStorage; yield &box.typeText }
        set { uniqueStorage.typeText = newValue }
    }
    /// A property with storage: no accessor block, or only `willSet`/`didSet`.
    public var isStored: Bool {
        @inlinable get { storage[flag: Storage.Flag.isStored] }
        _modify { let box = uniqueStorage; yield &box[flag: Storage.Flag.isStored] }
        set { uniqueStorage[flag: Storage.Flag.isStored] = newValue }
    }
    public var hasInitializer: Bool {
        @inlinable get { storage[flag: Storage.Flag.hasInitializer] }
        _modify { let box = uniqueStorage; yield &box[flag: Storage.Flag.hasInitializer] }
        set { uniqueStorage[flag: Storage.Flag.hasInitializer] = newValue }
    }
    public var accessors: [Accessor] {
        @inlinable get { storage.accessors }
        _modify { let box = uniqueStorage; yield &box.accessors }
        set { uniqueStorage.accessors = newValue }
    }
    /// Type references in the declaration's signature, and member accesses, calls and
    /// references in its body, initializer and accessors (local declarations included).
    public var facts: CodeFacts {
        @inlinable get { storage.facts }
        _modify { let box = uniqueStorage; yield &box.facts }
        set { uniqueStorage.facts = newValue }
    }

    public init(kind: DeclarationKind, name: String, nameOffset: Int, keywordOffset: Int, range: Range<Int>) {
        storage = Storage(kind: kind, name: name, nameOffset: Declaration.stored(nameOffset), keywordOffset: Declaration.stored(keywordOffset),
                          rangeStart: Declaration.stored(range.lowerBound), rangeEnd: Declaration.stored(range.upperBound))
    }

    /// A declaration with the fields the outline builder knows when it meets one, set in
    /// its new box directly.
    init(kind: DeclarationKind, name: String, nameOffset: Int, keywordOffset: Int, range: Range<Int>,
         attributes: [Attribute], modifiers: [String], conditions: [ConditionClause], parent: Int?) {
        self.init(kind: kind, name: name, nameOffset: nameOffset, keywordOffset: keywordOffset, range: range)
        storage.attributes = attributes
        storage.modifiers = modifiers
        storage.conditions = conditions
        storage.parent = parent.map { Int32(clamping: $0) } ?? -1
    }

    public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    /// The argument labels of a function, initializer, subscript or case, `_` for none.
    public var labels: [String] { parameters.map(\.label) }

    /// `name(label:label:)`, the way Swift spells a function's full name.
    public var signatureName: String {
        switch kind {
        case .func, .`init`, .subscript, .macro, .case:
            if kind == .case && parameters.isEmpty { return name }
            return name + "(" + parameters.map { $0.label + ":" }.joined() + ")"
        default:
            return name
        }
    }
}

/// `import M`, `import struct M.X`, `@testable import M`.
public struct Import: Sendable, Hashable {
    /// The module: the first component of the path.
    public var module: String
    /// The whole dotted path (`M.X` for `import struct M.X`).
    public var path: String
    /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `var`, `let`.
    public var kind: String?
    public var attributes: [Attribute]
    /// Access modifier (`public import M`, `internal import M`).
    public var modifiers: [String]
    /// Byte offset of the `import` keyword.
    public var offset: Int
    public var conditions: [ConditionClause]
}

/// A freestanding macro expansion among declarations (`#Preview { … }`, `#warning(…)`).
public struct MacroExpansion: Sendable, Hashable {
    /// The macro name without `#`.
    public var name: String
    public var offset: Int
    public var range: Range<Int>
    public var conditions: [ConditionClause]
}

/// The outline of one file: its imports and declarations, what its code uses.
public struct FileOutline: Sendable {
    public var imports: [Import] = []
    /// Every declaration of the tree, in source order (a parent precedes its members).
    public var declarations: [Declaration] = []
    /// Indices of the top-level declarations.
    public var topLevel: [Int] = []
    public var macroExpansions: [MacroExpansion] = []
    /// Facts of code outside any declaration: top-level statements (scripts,
    /// `main.swift`), macro expansions, unparseable stretches.
    public var topLevelFacts = CodeFacts()

    public init() {}

    /// Indices of all declarations nested under `index` (not including it), depth first.
    public func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = declarations[index].members.reversed() as [Int]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: declarations[next].members.reversed())
        }
        return result
    }

    /// How many enclosing declarations a qualified name reaches up. Real code nests a few
    /// levels; the bound keeps name building linear on pathological input (100,000 nested
    /// types) — deeper names start with `…`, which matches no real type.
    public static let qualifiedNameDepthLimit = 64

    /// The qualified name of a declaration: its name prefixed by its enclosing types'
    /// (an extension contributes its extended type's name): `Outer.Inner`.
    public func qualifiedName(of index: Int) -> String {
        var parts = [declarations[index].name]
        var current = declarations[index].parent
        while let parent = current {
            if parts.count == FileOutline.qualifiedNameDepthLimit {
                parts.append("…")
                break
            }
            parts.append(declarations[parent].name)
            current = declarations[parent].parent
        }
        return parts.reversed().joined(separator: ".")
    }

    /// The enclosing declarations of `index`, innermost first, at most
    /// `qualifiedNameDepthLimit` of them (the same bound as qualified names).
    public func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = declarations[index].parent
        while let parent = current, result.count < FileOutline.qualifiedNameDepthLimit {
            result.append(parent)
            current = declarations[parent].parent
        }
        return result
    }
}

