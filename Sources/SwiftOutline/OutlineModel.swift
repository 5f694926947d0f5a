import Foundation
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

    /// Whether this branch is never compiled: `#if false` and its kin (`#if never`, `#if 0`,
    /// `#if (false)`; see `InactiveCondition`).
    public var isInactive: Bool {
        // Asked for every declaration under `#if`, so no string is built: the condition's
        // bytes are compared in place.
        directive != .else && InactiveCondition.isNeverTrue(condition.utf8)
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
    /// Whether the parameter takes any number of arguments, none included: a variadic
    /// (`Int...`) or a parameter pack (`repeat each T`).
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
/// A declaration has value semantics, but its fields live in its file's store of
/// declarations (`DeclarationStore`), one record beside the next: rules copy declarations
/// all the time (`for declaration in outline.declarations`), and copying one is one
/// reference count (the store's) instead of one per array and string. Building a file's
/// declarations makes one store, not one box each. A declaration that is changed after it
/// was built moves to a store of its own first, so that no other declaration sees the
/// change.
public struct Declaration: Sendable {
    /// The fields of one declaration, a record of `DeclarationStore`.
    ///
    /// There is one record per declaration (350,000 for three million lines), so it is
    /// kept small: references first, then offsets in 32 bits (`UInt32`; a larger offset is
    /// stored as `UInt32.max`, which no file read into memory here reaches) and the parent
    /// as an `Int32` (-1 for none), then the one-byte fields side by side. The properties
    /// below the stored fields are the ones `Declaration` shows that take a rule to write
    /// (a name, a range, the rare fields, effects, a pattern's names); yes-or-no fields are
    /// written as bits of `flags` through `subscript(flag:)`. The builder writes a record
    /// through them, and a declaration's setters forward to them (its getters read the
    /// stored fields; see `Declaration.storage`).
    @usableFromInline struct Storage {
        @usableFromInline var name: String {
            @inlinable get { storedName }
            set { keepNames(); storedName = newValue }
        }
        @usableFromInline var storedName: String
        @usableFromInline var attributes: [Attribute] = []
        @usableFromInline var modifiers: [String] = []
        @usableFromInline var inherits: [String] = []
        @usableFromInline var conditions: [ConditionClause] = []
        @usableFromInline var members: [Int] = []
        @usableFromInline var parameters: [Parameter] = []
        @usableFromInline var accessors: [Accessor] = []
        @usableFromInline var returnType: String?
        @usableFromInline var typeText: String?
        /// Fields few declarations fill (about one in twenty has one of them), in a box of
        /// their own that most declarations do without.
        @usableFromInline var rare: Rare?
        @usableFromInline var facts: CodeFacts = CodeFacts()
        @usableFromInline var storedNameOffset: UInt32
        @usableFromInline var storedKeywordOffset: UInt32
        @usableFromInline var rangeStart: UInt32
        @usableFromInline var rangeEnd: UInt32
        @usableFromInline var storedParent: Int32 = -1
        @usableFromInline var kind: DeclarationKind
        /// The yes-or-no fields, one bit each (see `Flag`).
        @usableFromInline var flags: UInt8 = 0

        init(kind: DeclarationKind, name: String, nameOffset: Int, keywordOffset: Int, range: Range<Int>) {
            self.kind = kind
            self.storedName = name
            self.storedNameOffset = Declaration.stored(nameOffset)
            self.storedKeywordOffset = Declaration.stored(keywordOffset)
            self.rangeStart = Declaration.stored(range.lowerBound)
            self.rangeEnd = Declaration.stored(range.upperBound)
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

        /// The effects that `flags` and a thrown type spell.
        @inlinable static func effects(flags: UInt8, thrownType: String?) -> Effects {
            var effects = Effects()
            effects.isAsync = flags & Flag.isAsync != 0
            effects.isThrowing = flags & Flag.isThrowing != 0
            effects.isRethrowing = flags & Flag.isRethrowing != 0
            effects.thrownType = thrownType
            return effects
        }

        /// Bit `bit` of `flags` (one of `Flag`).
        @usableFromInline subscript(flag bit: UInt8) -> Bool {
            @inlinable get { flags & bit != 0 }
            set { flags = newValue ? flags | bit : flags & ~bit }
        }

        /// The names of a pattern that binds more than the declaration's name (`let (a, b)`).
        @usableFromInline var patternNames: [String] {
            @inlinable get { rare?.names ?? [] }
            set {
                guard !newValue.isEmpty || rare != nil else { return }
                rareFields.names = newValue
            }
        }

        /// The rare fields' box, made on first use, and copied first if another record
        /// shares it (a record copied into a store of its own shares it at first).
        var rareFields: Rare {
            mutating get {
                guard rare != nil else {
                    let made = Rare()
                    rare = made
                    return made
                }
                if !isKnownUniquelyReferenced(&rare!) { rare = rare.unsafelyUnwrapped.copy() }
                return rare.unsafelyUnwrapped
            }
        }

        /// Gives `names` an array of its own before `name` or `names` changes on its own.
        mutating func keepNames() {
            guard self[flag: Flag.namesAreName] else { return }
            patternNames = [storedName]
            self[flag: Flag.namesAreName] = false
        }

        @usableFromInline var range: Range<Int> {
            @inlinable get { Range(uncheckedBounds: (Int(rangeStart), Int(rangeEnd))) }
            set {
                rangeStart = Declaration.stored(newValue.lowerBound)
                rangeEnd = Declaration.stored(newValue.upperBound)
            }
        }
        @usableFromInline var parent: Int? {
            @inlinable get { storedParent < 0 ? nil : Int(storedParent) }
            set { storedParent = newValue.map { Int32(clamping: $0) } ?? -1 }
        }
        @usableFromInline var genericParameters: [String] {
            @inlinable get { rare?.genericParameters ?? [] }
            set {
                guard !newValue.isEmpty || rare != nil else { return }
                rareFields.genericParameters = newValue
            }
        }
        @usableFromInline var whereClause: String? {
            @inlinable get { rare?.whereClause }
            set {
                guard newValue != nil || rare != nil else { return }
                rareFields.whereClause = newValue
            }
        }
        @usableFromInline var effects: Effects {
            @inlinable get { Storage.effects(flags: flags, thrownType: rare?.thrownType) }
            set {
                self[flag: Flag.isAsync] = newValue.isAsync
                self[flag: Flag.isThrowing] = newValue.isThrowing
                self[flag: Flag.isRethrowing] = newValue.isRethrowing
                if newValue.thrownType != nil || rare != nil { rareFields.thrownType = newValue.thrownType }
            }
        }
        @usableFromInline var names: [String] {
            @inlinable get { self[flag: Flag.namesAreName] ? [storedName] : patternNames }
            set {
                // Most patterns bind one name, the declaration's own: no array is kept for it.
                self[flag: Flag.namesAreName] = newValue.count == 1 && newValue[0] == storedName
                patternNames = self[flag: Flag.namesAreName] ? [] : newValue
            }
        }
        /// Records that the pattern binds just the declaration's own name: what `names = [name]`
        /// records, without making the array (the builder does this for most properties).
        mutating func setNamesToOwnName() {
            self[flag: Flag.namesAreName] = true
            patternNames = []
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

    /// An offset in the record's 32 bits (see `Storage`).
    @usableFromInline static func stored(_ offset: Int) -> UInt32 { UInt32(clamping: offset) }

    /// The store that holds this declaration's record, and the record's place in it.
    @usableFromInline var store: DeclarationStore
    @usableFromInline var index: Int

    /// The record, read in place. Getters read its stored fields only: calling one of the
    /// record's computed properties or methods here would copy the whole record first
    /// (a retain of every field), since the compiler cannot borrow memory behind a pointer.
    @usableFromInline var storage: Storage {
        @inlinable unsafeAddress { UnsafePointer(store.records + index) }
    }

    /// Bit `bit` of the record's `flags` (one of `Storage.Flag`).
    @inlinable func flag(_ bit: UInt8) -> Bool { storage.flags & bit != 0 }

    /// The record, for a change: moved to a store of its own first unless it has one
    /// that no other declaration holds.
    private var record: UnsafeMutablePointer<Storage> {
        mutating get {
            if store.count != 1 || !isKnownUniquelyReferenced(&store) {
                store = DeclarationStore(single: store.records[index])
                index = 0
            }
            return store.records + index
        }
    }

    init(store: DeclarationStore, index: Int) {
        self.store = store
        self.index = index
    }

    public var kind: DeclarationKind {
        @inlinable get { storage.kind }
        set { record.pointee.kind = newValue }
    }
    /// The declared name: a type's or function's base name, `init`, `deinit`,
    /// `subscript`, an operator's symbol; for an extension, the extended type as written
    /// (`Foo`, `Foo.Bar`); for a property, the first name of its pattern.
    public var name: String {
        @inlinable get { storage.storedName }
        set { record.pointee.name = newValue }
    }
    /// Byte offset of the name (of the keyword for `init`, `deinit`, `subscript`).
    public var nameOffset: Int {
        @inlinable get { Int(storage.storedNameOffset) }
        set { record.pointee.storedNameOffset = Declaration.stored(newValue) }
    }
    /// Byte offset of the declaring keyword.
    public var keywordOffset: Int {
        @inlinable get { Int(storage.storedKeywordOffset) }
        set { record.pointee.storedKeywordOffset = Declaration.stored(newValue) }
    }
    /// Byte range of the whole declaration, from its first attribute or modifier to its end.
    public var range: Range<Int> {
        @inlinable get { Range(uncheckedBounds: (Int(storage.rangeStart), Int(storage.rangeEnd))) }
        set { record.pointee.range = newValue }
    }
    public var attributes: [Attribute] {
        @inlinable get { storage.attributes }
        _modify { yield &record.pointee.attributes }
        set { record.pointee.attributes = newValue }
    }
    /// Modifiers as written: `public`, `private(set)`, `static`, `final`, `nonisolated`, …
    public var modifiers: [String] {
        @inlinable get { storage.modifiers }
        _modify { yield &record.pointee.modifiers }
        set { record.pointee.modifiers = newValue }
    }
    /// Generic parameter names (`T`, `each U`).
    public var genericParameters: [String] {
        @inlinable get { storage.rare?.genericParameters ?? [] }
        set { record.pointee.genericParameters = newValue }
    }
    /// Entries of the inheritance or conformance list, as written.
    public var inherits: [String] {
        @inlinable get { storage.inherits }
        _modify { yield &record.pointee.inherits }
        set { record.pointee.inherits = newValue }
    }
    /// The `where` clause's text without `where`.
    public var whereClause: String? {
        @inlinable get { storage.rare?.whereClause }
        set { record.pointee.whereClause = newValue }
    }
    /// The `#if` clauses the declaration sits under, outermost first.
    public var conditions: [ConditionClause] {
        @inlinable get { storage.conditions }
        _modify { yield &record.pointee.conditions }
        set { record.pointee.conditions = newValue }
    }
    /// Indices of member declarations in `FileOutline.declarations`.
    public var members: [Int] {
        @inlinable get { storage.members }
        _modify { yield &record.pointee.members }
        set { record.pointee.members = newValue }
    }
    /// Index of the enclosing declaration, if any.
    public var parent: Int? {
        @inlinable get { storage.storedParent < 0 ? nil : Int(storage.storedParent) }
        set { record.pointee.parent = newValue }
    }
    // Functions, initializers, subscripts, macros, enum cases.
    public var parameters: [Parameter] {
        @inlinable get { storage.parameters }
        _modify { yield &record.pointee.parameters }
        set { record.pointee.parameters = newValue }
    }
    public var effects: Effects {
        @inlinable get { Storage.effects(flags: storage.flags, thrownType: storage.rare?.thrownType) }
        set { record.pointee.effects = newValue }
    }
    /// The return type of a function or subscript, or the result type of a macro.
    public var returnType: String? {
        @inlinable get { storage.returnType }
        _modify { yield &record.pointee.returnType }
        set { record.pointee.returnType = newValue }
    }
    /// `init?` or `init!`.
    public var isFailable: Bool {
        @inlinable get { flag(Storage.Flag.isFailable) }
        set { record.pointee[flag: Storage.Flag.isFailable] = newValue }
    }
    /// Whether a function, initializer or accessor has a body (protocol requirements do not).
    public var hasBody: Bool {
        @inlinable get { flag(Storage.Flag.hasBody) }
        set { record.pointee[flag: Storage.Flag.hasBody] = newValue }
    }
    // Properties (`var`/`let`), type aliases, associated types, enum cases.
    /// Every name bound by a property's pattern: `["a", "b"]` for `let (a, b) = …`.
    public var names: [String] {
        @inlinable get { flag(Storage.Flag.namesAreName) ? [storage.storedName] : storage.rare?.names ?? [] }
        set { record.pointee.names = newValue }
    }
    /// Whether `names` holds other names than the declaration's own: a pattern such as
    /// `let (a, b) = …`. When false, `names` is `[name]` or empty, and asking for it makes
    /// an array, which a pass over every declaration can do without.
    @inlinable public var hasPatternNames: Bool { !flag(Storage.Flag.namesAreName) && !(storage.rare?.names.isEmpty ?? true) }

    /// The declared type of a property, the aliased type of a typealias, the default of an
    /// associatedtype, the raw value of an enum case.
    public var typeText: String? {
        @inlinable get { storage.typeText }
        _modify { yield &record.pointee.typeText }
        set { record.pointee.typeText = newValue }
    }
    /// A property with storage: no accessor block, or only `willSet`/`didSet`.
    public var isStored: Bool {
        @inlinable get { flag(Storage.Flag.isStored) }
        set { record.pointee[flag: Storage.Flag.isStored] = newValue }
    }
    public var hasInitializer: Bool {
        @inlinable get { flag(Storage.Flag.hasInitializer) }
        set { record.pointee[flag: Storage.Flag.hasInitializer] = newValue }
    }
    public var accessors: [Accessor] {
        @inlinable get { storage.accessors }
        _modify { yield &record.pointee.accessors }
        set { record.pointee.accessors = newValue }
    }
    /// Type references in the declaration's signature, and member accesses, calls and
    /// references in its body, initializer and accessors (local declarations included).
    public var facts: CodeFacts {
        @inlinable get { storage.facts }
        _modify { yield &record.pointee.facts }
        set { record.pointee.facts = newValue }
    }

    /// A declaration in a store of its own.
    public init(kind: DeclarationKind, name: String, nameOffset: Int, keywordOffset: Int, range: Range<Int>) {
        store = DeclarationStore(single: Storage(kind: kind, name: name, nameOffset: nameOffset, keywordOffset: keywordOffset, range: range))
        index = 0
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

/// The records of a file's declarations (`Declaration.Storage`), side by side in one
/// block of their number, which the file's `Declaration`s point into. It never changes
/// after the builder made it, except a store of one record that only one declaration
/// holds (see `Declaration`), so it can be shared between threads.
///
/// The blocks here and in `DeclarationRecords` come from `malloc` and grow and shrink
/// with `realloc`, which may move a block's bytes: records can be moved that way, as every
/// field of one (strings, arrays, class references) can.
@usableFromInline final class DeclarationStore: @unchecked Sendable {
    @usableFromInline let records: UnsafeMutablePointer<Declaration.Storage>
    @usableFromInline let count: Int

    /// A store that owns `records`, a block from `DeclarationStore.allocate` (or grown or
    /// shrunk with `realloc`) whose first `count` records are initialized.
    init(adopting records: UnsafeMutablePointer<Declaration.Storage>, count: Int) {
        self.records = records
        self.count = count
    }

    /// A store of one record.
    convenience init(single record: Declaration.Storage) {
        let block = DeclarationStore.allocate(1)
        block.initialize(to: record)
        self.init(adopting: block, count: 1)
    }

    deinit {
        records.deinitialize(count: count)
        free(records)
    }

    /// A block of `count` records (at least one), uninitialized.
    static func allocate(_ count: Int) -> UnsafeMutablePointer<Declaration.Storage> {
        guard let block = malloc(Swift.max(count, 1) * MemoryLayout<Declaration.Storage>.stride) else { fatalError("out of memory") }
        return block.bindMemory(to: Declaration.Storage.self, capacity: Swift.max(count, 1))
    }

    /// `block`, grown or shrunk to `count` records, its first records moved along.
    static func resize(_ block: UnsafeMutablePointer<Declaration.Storage>, to count: Int) -> UnsafeMutablePointer<Declaration.Storage> {
        guard let resized = realloc(block, Swift.max(count, 1) * MemoryLayout<Declaration.Storage>.stride) else { fatalError("out of memory") }
        return resized.bindMemory(to: Declaration.Storage.self, capacity: Swift.max(count, 1))
    }

    /// A declaration for each record, in order.
    func declarations() -> [Declaration] {
        [Declaration](unsharedUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: Declaration(store: self, index: index)) }
            initialized = count
        }
    }
}

/// The records of the declarations a builder has made so far, in a block that grows as
/// they come; `take()` gives them to a store of their number.
///
/// A file's records are copied into a block of their number, and the list keeps its
/// block for the next file, so most files allocate one block for their declarations.
/// A file with more than `handedOverRecords` gives its block itself to the store, shrunk
/// in place, and the list starts again with a small one: a huge file's records are then
/// never in memory twice (nor three times, while a copy is made of a block grown larger
/// than they need).
final class DeclarationRecords {
    private(set) var base: UnsafeMutablePointer<Declaration.Storage>
    private(set) var capacity: Int
    private(set) var count = 0

    /// The block a list starts with, and starts again with after a huge file.
    static let initialCapacity = 64
    /// The most records copied out of the list's block; more are handed over with it.
    static let handedOverRecords = 1024

    init() {
        capacity = DeclarationRecords.initialCapacity
        base = DeclarationStore.allocate(capacity)
    }

    deinit {
        base.deinitialize(count: count)
        free(base)
    }

    /// Record `index`, read and changed in place. The block moves when a record is
    /// appended, so no access may be open across `append`.
    subscript(index: Int) -> Declaration.Storage {
        unsafeAddress { UnsafePointer(base + index) }
        unsafeMutableAddress { base + index }
    }

    /// Adds a record made in place, at index `count`.
    func append(kind: DeclarationKind, name: String, nameOffset: Int, keywordOffset: Int, range: Range<Int>) {
        if count == capacity {
            capacity *= 2
            base = DeclarationStore.resize(base, to: capacity)
        }
        (base + count).initialize(to: Declaration.Storage(kind: kind, name: name, nameOffset: nameOffset, keywordOffset: keywordOffset, range: range))
        count += 1
    }

    /// The records so far, given to a store; the list is empty after.
    func take() -> DeclarationStore {
        let taken = count
        count = 0
        if taken > DeclarationRecords.handedOverRecords {
            let store = DeclarationStore(adopting: DeclarationStore.resize(base, to: taken), count: taken)
            capacity = DeclarationRecords.initialCapacity
            base = DeclarationStore.allocate(capacity)
            return store
        }
        let block = DeclarationStore.allocate(taken)
        block.moveInitialize(from: base, count: taken)
        return DeclarationStore(adopting: block, count: taken)
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

    /// The innermost declaration whose range holds `offset`, if any. Declarations are listed
    /// in source order, each parent before its members, and members lie inside their parent:
    /// the last declaration starting at or before `offset` is the innermost one holding it or
    /// lies inside that one, so its chain of parents leads there. A binary search keeps a file
    /// with thousands of findings linear.
    public func innermostDeclaration(containing offset: Int) -> Int? {
        var low = 0
        var high = declarations.count
        while low < high {
            let middle = (low + high) / 2
            if declarations[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        var candidate = low - 1
        while candidate >= 0 {
            if declarations[candidate].range.contains(offset) { return candidate }
            guard let parent = declarations[candidate].parent else { return nil }
            candidate = parent
        }
        return nil
    }

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

