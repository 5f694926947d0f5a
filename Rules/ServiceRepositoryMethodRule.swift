import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `service-repository-method`: a service calls a member that its repository protocol does
/// not declare, or calls it with argument labels that no overload accepts.
///
/// **What it flags.** In a service (a type whose name ends with `Service`, `ServiceImpl`,
/// `UseCase`, `UseCaseImpl` or `Interactor`, together with all its extensions, wherever they
/// are declared), every member access on a property whose declared type is a repository
/// protocol of the project (`repository.fetchOrders(page:)`, `self.repository.count`,
/// `try await repository.save(order)`, also inside closures and string interpolations) that
/// names nothing the protocol offers: its own requirements, those of the protocols it
/// refines, and the members of extensions of those protocols. A call must also fit one of
/// the overloads of that name: its labels, with trailing closures filling closure
/// parameters, must match the parameter list, where defaulted parameters may be left out.
///
/// **Why.** Seed 000 makes "ALL Service→Repository method calls exist in Repository
/// protocols" a critical item: a service written against a repository method that was never
/// declared (or was renamed) leaves the feature without its data path. The seed's grep
/// check misses `self.repository`, properties of other names, inherited requirements and
/// extension methods, and trips over comments; this rule works on declarations instead.
///
/// **Example.**
/// ```swift
/// protocol OrderRepository { func fetchOrders(page: Int) async throws -> [Order] }
/// final class OrderService {
///     private let repository: any OrderRepository
///     func load() async throws -> [Order] { try await repository.fetchAll() }  // flagged
/// }
/// ```
///
/// **Instead.** Call a member that the protocol declares (`fetchOrders(page: 0)`), or add
/// the requirement to the protocol and implement it in every repository that conforms.
///
/// The rule stays silent where it cannot know: a property without a declared type, a type
/// that is not a project protocol (a concrete class, a generic parameter), a protocol that
/// refines a protocol declared outside the project (other than a marker such as
/// `Sendable`), `@dynamicMemberLookup`, code under `#if false`, and a bare name that the
/// function binds locally (`let repository = cache.primary`, a closure or `for` variable, a
/// nested function's parameter). Rebinding the property itself (`guard let repository`,
/// `let repository = self.repository`, `[repository] in`) keeps the check.
public struct ServiceRepositoryMethodRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 2

    public static let description = RuleDescription(
        id: "service-repository-method",
        name: "Service calls a repository method that exists",
        summary: "A service calls a member that its repository protocol does not declare, or calls it with argument labels that no overload accepts.",
        rationale: """
            Seed 000 lists "🚨 ALL Service→Repository method calls exist in Repository protocols" among the \
            required items of every feature, and its verification command "# 8. 🚨 Check Service→Repository \
            wiring (CRITICAL!)" compares `grep -roh "repository\\.[a-zA-Z]*(" Sources/**/Services/*.swift` with \
            the `func` names of the repository protocols. A service that calls a repository method nobody \
            declared (or one that was renamed, or one with different argument labels) cuts the feature off \
            from its data: the ViewModel goes through the service, and the service reaches for something the \
            Domain contract does not promise. The grep misses `self.repository`, properties with other names, \
            requirements inherited from parent protocols and extension methods, and it matches comments. \
            This rule checks the same wiring on declarations, across files, without a build (Linux CI, \
            pre-commit), and names the protocol and the closest existing member.
            """,
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        options: [
            RuleOption(name: "serviceSuffixes", type: .stringList, summary: "Name suffixes of service types whose repository calls are checked.", defaultValue: .strings(["Service", "ServiceImpl", "UseCase", "UseCaseImpl", "Interactor"])),
            RuleOption(name: "repositorySuffixes", type: .stringList, summary: "Name suffixes of repository protocols.", defaultValue: .strings(["Repository", "RepositoryProtocol", "RepositoryType"])),
            RuleOption(name: "markerProtocols", type: .stringList, summary: "Protocols from outside the project that a repository protocol may refine without silencing the rule. Only the members of `Actor`, `Hashable` and `Identifiable` are known; list protocols whose members services do not call.", defaultValue: .strings(["Sendable", "AnyObject", "Actor", "Equatable", "Hashable", "Identifiable"])),
        ],
        triggeringExamples: ServiceRepositoryMethodRule.triggeringExamples,
        nonTriggeringExamples: ServiceRepositoryMethodRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var checker = Checker(context: context)
        return checker.run()
    }
}

// MARK: - Settings

/// The rule's options, read once.
private struct Settings {
    var serviceSuffixes: [String]
    var repositorySuffixes: [String]
    var markerProtocols: Set<String>

    init(_ options: ResolvedOptions) {
        serviceSuffixes = options.strings("serviceSuffixes").filter { !$0.isEmpty }
        repositorySuffixes = options.strings("repositorySuffixes").filter { !$0.isEmpty }
        markerProtocols = Set(options.strings("markerProtocols"))
    }

    func isService(_ qualifiedName: String) -> Bool {
        let name = lastComponent(qualifiedName)
        return serviceSuffixes.contains { name.hasSuffix($0) }
    }

    func hasRepositorySuffix(_ qualifiedName: String) -> Bool {
        let name = lastComponent(qualifiedName)
        return repositorySuffixes.contains { name.hasSuffix($0) }
    }

    /// `Sendable`, `Swift.Sendable`; the old `class` constraint counts as `AnyObject`.
    func isMarker(_ name: String) -> Bool {
        let plain = Self.withoutSwiftPrefix(name)
        return plain == "class" || markerProtocols.contains(plain)
    }

    /// `Swift.Identifiable` → `Identifiable`; other names as they are.
    static func withoutSwiftPrefix(_ name: String) -> String {
        name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
    }
}

// MARK: - What a repository protocol offers

/// One member that can be named after `repository.`.
private struct OfferedMember {
    var name: String
    var isProperty: Bool
    /// A function's parameters; `nil` when any arguments are accepted (a marker protocol's
    /// member, whose signature is not modelled).
    var parameters: [Parameter]?
    /// Where it is declared; `nil` for members of marker protocols.
    var id: DeclarationID?
    /// `fetchOrders(page:)`, `count`.
    var display: String
    /// For a property: what a call of it may look like (see `PropertyCall`).
    var propertyCall: PropertyCall = .anyArguments
    /// A `static` requirement: not a member of an instance.
    var isStatic = false
}

/// What calling a property (`repository.onChange?(note)`) can take, from its declared type.
private enum PropertyCall {
    /// A type that may have `callAsFunction` (a project or library type, an unknown one).
    case anyArguments
    /// A function type (`(Note) -> Void`, `@Sendable (Folder) async -> [Note]`): arguments
    /// without labels (a closure's parameters have none).
    case unlabelledArguments
    /// A number, a string, a collection…: not callable at all.
    case notCallable

    /// From a property's declared type as written: `Int`, `[Note]`, `((Note) -> Void)?`.
    init(typeText: String?) {
        guard var text = typeText.map({ TypeText.trimmed($0) }), !text.isEmpty else { self = .anyArguments; return }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if UnwiredNavigationCallbackRule.FunctionType(of: text, typealiases: [:]).isFunction {
            self = .unlabelledArguments
        } else if text.contains("->") {
            // A function type inside another (`Handler<(Note) -> Void>`), which may have a
            // `callAsFunction` of any labels.
            self = .anyArguments
        } else if text.hasPrefix("[") || valueTypeNames.contains(text.hasPrefix("Swift.") ? String(text.dropFirst(6)) : text) {
            self = .notCallable
        } else {
            self = .anyArguments
        }
    }
}

/// Everything a property's declared type lets the service name: the members of its
/// repository protocol, of the protocols that one refines, and of their extensions.
private struct RepositorySurface {
    /// The declared type as the message names it (`OrderRepository`, `OrderRepository & Sendable`).
    var typeName: String
    /// The repository protocol in it, where a missing member would be added.
    var protocolName: String
    /// The repository protocol's declaration, for the related location.
    var declaration: DeclarationID
    var members: [OfferedMember]
    /// Whether the declared type is optional (`(any OrderRepository)?`, `OrderRepository!`):
    /// an access without `?` or `!` may then reach a member of `Optional` itself.
    var isOptional = false
}

/// Resolves type names to the members their protocols offer, once per protocol.
private struct ProtocolCatalog {
    let index: ProjectIndex
    let settings: Settings
    /// Members by protocol name; `.unknown` when the analysis cannot know them all.
    private var cache: [String: Lookup] = [:]
    /// See `extensionMembers(of:)`; built on first use.
    private var aliasesByTarget: [String: [String]]?
    /// The last component of every typealias of the project that stands for a function type,
    /// or for something unknown (`Completion` of `PhotoRepository.Completion = (Result<…>) ->
    /// Void`): a parameter type of such a name may be a function type. Worked out the first
    /// time a trailing closure meets a parameter of a project type, which most runs never do.
    private let functionAliases = FunctionAliases()

    private final class FunctionAliases {
        var names: Set<String>?
    }

    func functionAliasNames() -> Set<String> {
        if let names = functionAliases.names { return names }
        var names = Set<String>()
        for alias in index.typealiasNames {
            let targets = index.declarations(named: alias).filter { index[$0].kind == .typealias }.map { index[$0].typeText }
            guard targets.contains(where: { $0 == nil || $0!.contains("->") }) else { continue }
            names.insert(alias.split(separator: ".").last.map(String.init) ?? alias)
        }
        functionAliases.names = names
        return names
    }

    private enum Lookup {
        case unknown
        case known([OfferedMember])
    }

    init(index: ProjectIndex, settings: Settings) {
        self.index = index
        self.settings = settings
    }

    /// Members of the marker protocols that an existential of a refining protocol exposes.
    static let markerMembers: [String: [(name: String, display: String, isProperty: Bool)]] = [
        "Actor": [("unownedExecutor", "unownedExecutor", true), ("assertIsolated", "assertIsolated(_:file:line:)", false),
                  ("assumeIsolated", "assumeIsolated(_:file:line:)", false), ("preconditionIsolated", "preconditionIsolated(_:file:line:)", false)],
        "Hashable": [("hashValue", "hashValue", true), ("hash", "hash(into:)", false)],
        "Identifiable": [("id", "id", true)],
    ]

    /// A marker's members: those of the standard library that matter here, and those the
    /// project adds in extensions of it (`extension Identifiable { var debugKey: String }`).
    mutating func markerMembers(of name: String) -> [OfferedMember] {
        let plain = Settings.withoutSwiftPrefix(name)
        return (Self.markerMembers[plain] ?? []).map {
            OfferedMember(name: $0.name, isProperty: $0.isProperty, parameters: nil, id: nil, display: $0.display)
        } + extensionMembers(of: plain).compactMap(offered)
    }

    /// Members of the project's extensions of `name`, however the extension names it: as
    /// written, with a module qualifier (`extension ArcanaDomain.NoteRepository`), or
    /// through a typealias (`typealias NoteRepo = NoteRepository; extension NoteRepo`).
    mutating func extensionMembers(of name: String) -> [DeclarationID] {
        var extensions = index.extensions(of: name)
        for id in index.dottedExtensions(endingWith: ProjectIndex.lastComponent(name)) where extendedName(id) == name {
            extensions.append(id)
        }
        if aliasesByTarget == nil { aliasesByTarget = resolveAliases() }
        for alias in aliasesByTarget?[name] ?? [] {
            extensions += index.extensions(of: alias)
        }
        return extensions.flatMap { id in index[id].members.map { DeclarationID(file: id.file, declaration: $0) } }
    }

    /// The type a module-qualified extension extends (`extension Swift.Identifiable` extends
    /// the marker `Identifiable`, which is not the project's).
    private func extendedName(_ id: DeclarationID) -> String {
        let written = index.qualifiedName(of: id)
        let name = droppingModuleQualifier(written, declares: index.declares)
        return settings.isMarker(name) ? Settings.withoutSwiftPrefix(name) : name
    }

    /// The project's top-level typealiases by the plain name each stands for, through
    /// further typealiases (a few steps at most). Nested ones (`Outer.Alias`) are left out:
    /// an extension is rarely written through one, and looking them up costs the most.
    private func resolveAliases() -> [String: [String]] {
        var aliases: [String: [String]] = [:]
        for alias in index.typealiasNames where !alias.utf8.contains(0x2E) {
            let target = protocolName(writtenAs: alias)
            if target != alias { aliases[target, default: []].append(alias) }
        }
        return aliases
    }

    /// Whether `name` is a protocol of the project and nothing else: a same-named class,
    /// struct or type alias (another module's) would make the name ambiguous.
    func isProjectProtocol(_ name: String) -> Bool {
        let declarations = index.declarations(named: name)
        guard declarations.contains(where: { index[$0].kind == .protocol }) else { return false }
        return declarations.allSatisfy { index[$0].kind == .protocol || !(index[$0].kind.isNominalType || index[$0].kind == .typealias) }
    }

    /// A repository protocol: named with a repository suffix, or declared under a
    /// `Repositories/` folder.
    func isRepositoryProtocol(_ name: String) -> Bool {
        if settings.hasRepositorySuffix(name) { return true }
        return index.protocols(named: name).contains { id in
            PathText.segments(index.file(of: id).path).contains("Repositories")
        }
    }

    /// All members `name` offers, or `nil` when some of them cannot be known.
    mutating func members(ofProtocol name: String) -> [OfferedMember]? {
        if let cached = cache[name] {
            if case .known(let members) = cached { return members }
            return nil
        }
        let members = collectMembers(of: name)
        cache[name] = members.map(Lookup.known) ?? .unknown
        return members
    }

    /// Walks the protocol and the protocols it refines, breadth first. A parent that is
    /// neither a project protocol nor a known marker (an SDK protocol, a class bound) may
    /// bring members we cannot see: then nothing is known.
    private mutating func collectMembers(of root: String) -> [OfferedMember]? {
        var queue = [root]
        var seen: Set<String> = [root]
        var members: [OfferedMember] = []
        // Marker members come last, so that messages list the protocol's own members first.
        var markers: [OfferedMember] = []
        var position = 0
        while position < queue.count {
            let name = queue[position]
            position += 1
            guard isProjectProtocol(name) else { return nil }
            let declarations = index.protocols(named: name)
            if declarations.contains(where: { index[$0].hasAttribute("dynamicMemberLookup") }) { return nil }
            for supertype in index.directSupertypes(of: name) + selfConstraints(of: declarations) {
                if settings.isMarker(supertype) {
                    markers += markerMembers(of: supertype)
                    continue
                }
                guard isProjectProtocol(supertype) else { return nil }
                if seen.insert(supertype).inserted { queue.append(supertype) }
            }
            for id in index.requirements(of: name) + extensionMembers(of: name) {
                if let member = offered(id) { members.append(member) }
            }
        }
        return members + markers
    }

    /// `protocol P where Self: Q`: `Q` is a parent too.
    private func selfConstraints(of declarations: [DeclarationID]) -> [String] {
        declarations.flatMap { id -> [String] in
            guard let clause = index[id].whereClause else { return [] }
            return clause.split(separator: ",").flatMap { part -> [String] in
                let text = TypeText.trimmed(String(part))
                guard text.hasPrefix("Self"), let colon = text.firstIndex(of: ":"),
                      TypeText.trimmed(String(text[..<colon])) == "Self" else { return [] }
                return ProjectIndex.normalisedTypeNames(String(text[text.index(after: colon)...]))
            }
        }
    }

    private func offered(_ id: DeclarationID) -> OfferedMember? {
        let declaration = index[id]
        // Under `#if false` a member is never compiled: not offered, nor suggested.
        guard !declaration.name.isEmpty, !declaration.conditions.contains(where: \.isInactive) else { return nil }
        switch declaration.kind {
        case .func:
            return OfferedMember(name: declaration.name, isProperty: false, parameters: declaration.parameters, id: id, display: declaration.signatureName,
                                 isStatic: declaration.isStatic)
        case .var, .let:
            return OfferedMember(name: declaration.name, isProperty: true, parameters: nil, id: id, display: declaration.name,
                                 propertyCall: PropertyCall(typeText: declaration.typeText), isStatic: declaration.isStatic)
        default:
            return nil
        }
    }

    /// What a declared type (`any OrderRepository`, `(any OrderRepository)?`,
    /// `OrderRepository & Sendable`) offers, when it is a repository protocol of the
    /// project, possibly composed with other project protocols or markers.
    /// - Parameters:
    ///   - hidden: generic parameter names in scope; they hide protocols of the same name.
    ///   - enclosingType: the service; a type of that name nested in it or in a type around
    ///     it hides a top-level one.
    mutating func surface(forType typeText: String, hidden: Set<String>, enclosingType: String) -> RepositorySurface? {
        guard let written = Self.componentNames(of: typeText) else { return nil }
        var collected: [OfferedMember] = []
        var markers: [OfferedMember] = []
        var repository: (name: String, id: DeclarationID)? = nil
        var names: [String] = []
        for writtenName in written {
            let first = ProjectIndex.nameComponents(writtenName).first ?? writtenName
            if hidden.contains(first) { return nil }
            // A type nested in the service or in a type around it hides a top-level one: the
            // name means that type (`Catalog.ProductRepository` inside `Catalog`).
            var scope = Substring(enclosingType)
            var nested: String? = nil
            while !scope.isEmpty, nested == nil {
                let candidate = scope + "." + writtenName
                if index.declares(candidate) { nested = candidate }
                scope = scope.lastIndex(of: ".").map { scope[..<$0] } ?? ""
            }
            let name = nested ?? protocolName(writtenAs: writtenName)
            names.append(name)
            if settings.isMarker(name) {
                markers += markerMembers(of: name)
                continue
            }
            guard let own = members(ofProtocol: name) else { return nil }
            collected += own
            if repository == nil, isRepositoryProtocol(name), let id = index.protocols(named: name).first {
                repository = (name, id)
            }
        }
        guard let repository else { return nil }
        let displayName = names.count == 1 ? repository.name : names.joined(separator: " & ")
        let trimmed = String(typeText.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        let isOptional = trimmed.hasSuffix("?") || trimmed.hasSuffix("!") || trimmed.hasPrefix("Optional<") || trimmed.hasPrefix("Swift.Optional<")
        return RepositorySurface(typeName: displayName, protocolName: repository.name, declaration: repository.id, members: collected + markers,
                                 isOptional: isOptional)
    }

    /// The name a type written in a declaration stands for: without a module qualifier
    /// (`ArcanaDomain.NoteRepository`), and through typealiases of one plain name
    /// (`typealias NoteRepo = NoteRepository`, a few steps at most).
    func protocolName(writtenAs written: String) -> String {
        var name = written.utf8.contains(0x2E) ? droppingModuleQualifier(written, declares: index.declares) : written
        for _ in 0..<4 where !isProjectProtocol(name) {
            guard let aliased = index.typealiasTarget(of: name).flatMap(TypeText.plainName(of:)) else { break }
            name = droppingModuleQualifier(aliased, declares: index.declares)
        }
        return name
    }

    /// The protocol names of a declared type with `any`, `some`, `?`, `!`, `inout` and
    /// parentheses stripped; `nil` for function types, collections and tuples.
    static func componentNames(of typeText: String) -> [String]? {
        if let name = TypeText.plainName(of: typeText) { return [name] }
        let text = TypeText.stripped(typeText)
        guard !text.isEmpty, !["->", "[", "(", "@", "..."].contains(where: { TypeText.contains(text, $0) }) else { return nil }
        let names = ProjectIndex.normalisedTypeNames(text)
        let invalid = names.contains { name in name.utf8.contains { $0 == 0x20 || $0 == 0x3C || $0 == 0x3E || $0 == 0x3F || $0 == 0x21 || $0 == 0x2C } }
        guard !names.isEmpty, !invalid else { return nil }
        return names
    }
}

// MARK: - Function references from the bytes

/// What `TokenView.referenceLabels(atParenthesis:)` answers, read from a file's bytes
/// without lexing it, where the bytes alone can tell.
enum ReferenceLabelScan: Equatable {
    /// The labels of a function reference, or nil for anything else.
    case known([String]?)
    /// Only the lexer can tell.
    case unknown

    /// The answer for the `(` at `offset`: the labels when the parentheses hold nothing but
    /// `label:` pairs (spaces and line breaks allowed), `.known(nil)` when they hold
    /// anything else, `.unknown` when only the lexer can tell (a comment, a backtick, `#`,
    /// `$`, `<#`, a byte that is not ASCII).
    static func labels(in bytes: [UInt8], atParenthesis offset: Int) -> Self {
        guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "(") else { return .unknown }
        func isHead(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        }
        func isUnsure(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "`")
                || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "<") || byte == 0 || byte == 0x0B || byte == 0x0C
        }
        func skipSpaces(_ index: inout Int) {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        }
        var labels: [String] = []
        var index = offset + 1
        while true {
            skipSpaces(&index)
            guard index < bytes.count else { return .unknown }
            let byte = bytes[index]
            // Any closing bracket ends the list: the tokens pair `(` with the next closer
            // of any kind, so `(id:}` in broken code reads as a reference too.
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                return .known(labels.isEmpty ? nil : labels)
            }
            if isUnsure(byte) { return .unknown }
            guard isHead(byte) else { return .known(nil) }
            let start = index
            while index < bytes.count, isHead(bytes[index]) || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) { index += 1 }
            let end = index
            skipSpaces(&index)
            guard index < bytes.count else { return .unknown }
            if isUnsure(bytes[end]) || isUnsure(bytes[index]) { return .unknown }
            guard bytes[index] == UInt8(ascii: ":") else { return .known(nil) }
            labels.append(String(decoding: bytes[start..<end], as: UTF8.self))
            index += 1
        }
    }
}

// MARK: - Tokens of a file

/// A file's tokens, re-lexed for what the outline does not keep: bindings local to a body
/// (which hide a property's name), `#if false` stretches, and function references such as
/// `repository.save(_:)`.
extension TokenView {
    /// `save(_:)`, `fetch(id:limit:)` at the `(` starting at `offset`: a reference to a
    /// function by its full name, not a call. Returns the labels, or `nil`.
    func referenceLabels(atParenthesis offset: Int) -> [String]? {
        let open = firstToken(atOrAfter: offset)
        guard isPunctuation(open, "("), let close = partners[open], close > open + 1 else { return nil }
        var labels: [String] = []
        var index = open + 1
        while index + 1 < close, tokens[index].kind == .identifier || tokens[index].kind == .keyword, isPunctuation(index + 1, ":") {
            labels.append(name(index) ?? String(decoding: bytes[tokens[index].range], as: UTF8.self))
            index += 2
        }
        return index == close && !labels.isEmpty ? labels : nil
    }
}

private extension TokenView {
    /// Whether the member named at `offset` is reached through `?.` or `!.`.
    func isOptionalChained(nameAt offset: Int) -> Bool {
        let dot = firstToken(atOrAfter: offset) - 1
        return isOperator(dot - 1, "?") || isOperator(dot - 1, "!")
    }

    // MARK: Local bindings

    /// Which of `names` the code in `range` binds locally in a way that may hide the
    /// property of that name, with the byte ranges where each binding is visible:
    /// `let`/`var` declarations and patterns (to the end of their block), `if let` and
    /// `while let` (the conditions after them and the body), `for` variables (from `in`: the
    /// `where` clause and the body), closure parameters and
    /// capture-list entries bound to something else (the closure), parameters of nested
    /// functions and of accessors (`set(repository)`, their body). Where the extent is unclear
    /// a binding counts in the whole declaration. Rebinding the property itself (`guard let
    /// repository`, `if let repository = self.repository`, `[repository] in`) does not hide
    /// it. Also says whether the body declares a local type, inside which `self` is that type.
    func localBindings(in range: Range<Int>, of names: Set<String>, ownKeyword: Int) -> (names: LocalBindings, declaresTypes: Bool) {
        guard !names.isEmpty else { return (LocalBindings(whole: range), false) }
        // From after the declaring keyword: attributes and modifiers bind nothing.
        let low = firstToken(atOrAfter: max(range.lowerBound, ownKeyword + 1))
        let high = firstToken(atOrAfter: range.upperBound)
        var found = LocalBindings(whole: range)
        var declaresTypes = false
        var loopIns = Set<Int>()
        var index = low
        while index < high {
            defer { index += 1 }
            if tokens[index].kind == .identifier, isText(index, "actor"), name(index + 1) != nil { declaresTypes = true }
            // An accessor's named parameter: `set(repository) {`, `willSet(repository) {`.
            if tokens[index].kind == .identifier, isText(index, "set") || isText(index, "willSet") || isText(index, "didSet"),
               isPunctuation(index + 1, "("), let name = name(index + 2), names.contains(name), isPunctuation(index + 3, ")"), isPunctuation(index + 4, "{") {
                found.insert(name, visibleIn: bracesRange(at: index + 4))
            }
            guard tokens[index].kind == .keyword else { continue }
            if isText(index, "class") || isText(index, "struct") || isText(index, "enum") || isText(index, "extension") {
                declaresTypes = true
            } else if isText(index, "let") || isText(index, "var") {
                bindingPattern(after: index, names: names, into: &found)
            } else if isText(index, "for"), !isPunctuation(index - 1, "("), !isPunctuation(index - 1, ","), !isPunctuation(index + 1, ":") {
                // A `for` loop (not the argument label in `points(for: id)` or `func f(for id:)`):
                // its pattern runs up to `in`, before the body's `{`.
                var cursor = index + 1
                var pattern: [String] = []
                while cursor < high, !isKeyword(cursor, "in"), !isPunctuation(cursor, "{") {
                    if let name = name(cursor), names.contains(name) { pattern.append(name) }
                    cursor += 1
                }
                guard isKeyword(cursor, "in") else { continue }
                let body = bodyRange(after: cursor, high: high).map { tokens[cursor].start..<$0.upperBound }
                for name in pattern { found.insert(name, visibleIn: body) }
                loopIns.insert(cursor)
            } else if isText(index, "in"), !loopIns.contains(index) {
                closureSignature(endingAt: index, low: low, names: names, into: &found)
            } else if isText(index, "func") {
                nestedFunctionParameters(after: index, names: names, into: &found)
            }
        }
        return (found, declaresTypes)
    }

    /// `let name …`, `let (a, b) …`, `case let .loaded(a)`, `var a = 0, name = …`.
    private func bindingPattern(after keyword: Int, names: Set<String>, into found: inout LocalBindings) {
        let next = keyword + 1
        // `if let` and `while let` (also `if case let`) bind for their body; a declaration,
        // `guard let` and a `switch` case to the end of the enclosing block.
        let opener = isKeyword(keyword - 1, "case") ? keyword - 2 : keyword - 1
        // Worked out only for a binding of one of `names`: most bindings are of other names.
        let extent = { () -> Range<Int>? in
            guard self.isKeyword(opener, "if") || self.isKeyword(opener, "while") else { return self.restOfBlock(from: keyword) }
            // From the end of this condition (its `,` or the body's `{`) to the end of the body.
            guard let body = self.bodyRange(after: next, high: self.tokens.count) else { return nil }
            var cursor = next
            while cursor < self.tokens.count, self.tokens[cursor].start < body.lowerBound, !self.isPunctuation(cursor, ",") {
                if self.isPunctuation(cursor, "(") || self.isPunctuation(cursor, "["), let close = self.partners[cursor], close > cursor {
                    cursor = close + 1
                    continue
                }
                cursor += 1
            }
            return min(self.tokens[min(cursor, self.tokens.count - 1)].start, body.lowerBound)..<body.upperBound
        }
        if let name = name(next) {
            if names.contains(name), !rebindsProperty(nameAt: next, name: name, keyword: keyword) { found.insert(name, visibleIn: extent()) }
            laterBindings(after: next, names: names, into: &found)
            return
        }
        var open = next
        if isOperator(open, "."), name(open + 1) != nil { open += 2 }
        guard isPunctuation(open, "("), let close = partners[open] else { return }
        for index in (open + 1)..<close {
            if let name = name(index), names.contains(name), !isPunctuation(index + 1, ":") { found.insert(name, visibleIn: extent()) }
        }
    }

    /// From the token at `index` to the end of the block around it (its unmatched `}`).
    private func restOfBlock(from index: Int) -> Range<Int>? {
        var cursor = index
        while cursor < tokens.count, !isPunctuation(cursor, "}") {
            if isPunctuation(cursor, "{") || isPunctuation(cursor, "(") || isPunctuation(cursor, "["), let close = partners[cursor], close > cursor {
                cursor = close + 1
                continue
            }
            cursor += 1
        }
        guard cursor < tokens.count else { return nil }
        return tokens[index].start..<tokens[cursor].start
    }

    /// The braces of the body that follows a condition or a signature starting after
    /// `index`: the first `{` outside brackets, before the end of the statement.
    private func bodyRange(after index: Int, high: Int) -> Range<Int>? {
        var cursor = index + 1
        while cursor < min(high, tokens.count) {
            if isPunctuation(cursor, "{") { return bracesRange(at: cursor) }
            if isPunctuation(cursor, "}") || isPunctuation(cursor, ";") { return nil }
            if isPunctuation(cursor, "(") || isPunctuation(cursor, "["), let close = partners[cursor], close > cursor {
                cursor = close + 1
                continue
            }
            cursor += 1
        }
        return nil
    }

    /// The bytes from the `{` at `open` to its partner.
    private func bracesRange(at open: Int) -> Range<Int>? {
        guard let close = partners[open], close > open else { return nil }
        return tokens[open].start..<tokens[close].range.upperBound
    }

    /// The further names of a declaration's binding list (`var attempts = 0, repository =
    /// LegacyStore()`): after a `,` outside brackets, a name followed by `=` or `:`, up to
    /// the end of the statement. Not in conditions, where each binding has its own `let`.
    private func laterBindings(after first: Int, names: Set<String>, into found: inout LocalBindings) {
        let keyword = first - 1
        if isKeyword(keyword - 1, "if") || isKeyword(keyword - 1, "guard") || isKeyword(keyword - 1, "while")
            || isKeyword(keyword - 1, "case") || isPunctuation(keyword - 1, ",") { return }
        var index = first + 1
        var steps = 0
        while index < tokens.count, steps < 512 {
            steps += 1
            if hasNewlineBefore(index), !isPunctuation(index - 1, ","), !isOperator(index, "="), !isOperator(index - 1, "=") { return }
            if isPunctuation(index, "(") || isPunctuation(index, "[") || isPunctuation(index, "{") {
                guard let close = partners[index] else { return }
                index = close + 1
                continue
            }
            if isPunctuation(index, ";") || isPunctuation(index, "}") || isPunctuation(index, ")") || isPunctuation(index, "]") { return }
            if isPunctuation(index, ","), let name = name(index + 1), isOperator(index + 2, "=") || isPunctuation(index + 2, ":") {
                if names.contains(name) { found.insert(name, visibleIn: restOfBlock(from: keyword)) }
            }
            index += 1
        }
    }

    /// Whether `let name` at `nameAt` binds the property itself: shorthand unwrapping in a
    /// condition, or `= name` / `= self.name` and nothing more.
    private func rebindsProperty(nameAt index: Int, name: String, keyword: Int) -> Bool {
        let next = index + 1
        let inCondition = isKeyword(keyword - 1, "if") || isKeyword(keyword - 1, "guard") || isKeyword(keyword - 1, "while") || isPunctuation(keyword - 1, ",")
        if inCondition, isPunctuation(next, "{") || isPunctuation(next, ",") || isKeyword(next, "else") { return true }
        guard isOperator(next, "="), let end = propertyExpressionEnd(from: next + 1, name: name) else { return false }
        return endsExpression(at: end)
    }

    /// After `name` or `self.name` (`self?.name`) starting at `start`: the index that
    /// follows it; `nil` when the tokens are something else.
    private func propertyExpressionEnd(from start: Int, name: String) -> Int? {
        var index = start
        if isKeyword(index, "self") {
            index += 1
            if isOperator(index, "?") || isOperator(index, "!") { index += 1 }
            guard isOperator(index, ".") else { return nil }
            index += 1
        }
        return self.name(index) == name ? index + 1 : nil
    }

    /// Whether the expression ends before `index` (nothing chained or applied after it).
    private func endsExpression(at index: Int) -> Bool {
        guard index < tokens.count else { return true }
        // `.member`, `?.`, `!`, `?? other`, `+ 1`: a different value.
        if tokens[index].kind == .operator { return false }
        if tokens[index].flags.contains(.newlineBefore) { return true }
        return isPunctuation(index, ",") || isPunctuation(index, "{") || isPunctuation(index, ";") || isPunctuation(index, ")")
            || isPunctuation(index, "]") || isPunctuation(index, "}") || isKeyword(index, "else")
    }

    /// `{ [weak self, repository] item, repository in`: the tokens from the closure's `{`
    /// to its `in`.
    private func closureSignature(endingAt inIndex: Int, low: Int, names: Set<String>, into found: inout LocalBindings) {
        var index = inIndex - 1
        while index >= low {
            if isPunctuation(index, "{") { break }
            if isPunctuation(index, ")") || isPunctuation(index, "]"), let open = partners[index] {
                index = open - 1
                continue
            }
            // Anything else that opens or closes a block means this is not a signature.
            if isPunctuation(index, "(") || isPunctuation(index, "[") || isPunctuation(index, "}") || isPunctuation(index, ";") { return }
            index -= 1
        }
        guard index >= low, isPunctuation(index, "{") else { return }
        let closure = bracesRange(at: index)
        var cursor = index + 1
        if isPunctuation(cursor, "["), let close = partners[cursor], close < inIndex {
            captureList(from: cursor + 1, to: close, names: names, closure: closure, into: &found)
            cursor = close + 1
        }
        while cursor < inIndex {
            if let name = name(cursor), names.contains(name) { found.insert(name, visibleIn: closure) }
            cursor += 1
        }
    }

    /// `weak self, repository, store = self.store, other = makeOther()`.
    private func captureList(from start: Int, to end: Int, names: Set<String>, closure: Range<Int>?, into found: inout LocalBindings) {
        var index = start
        while index < end {
            while let word = name(index), word == "weak" || word == "unowned" {
                index += 1
                if isPunctuation(index, "("), let close = partners[index] { index = close + 1 }
            }
            var entryEnd = index
            while entryEnd < end, !isPunctuation(entryEnd, ",") {
                if let close = partners[entryEnd], close > entryEnd { entryEnd = close + 1 } else { entryEnd += 1 }
            }
            if let name = name(index), names.contains(name), isOperator(index + 1, "=") {
                if propertyExpressionEnd(from: index + 2, name: name) != entryEnd { found.insert(name, visibleIn: closure) }
            }
            index = entryEnd + 1
        }
    }

    /// `func helper(repository: Other)` inside a body: its parameter names.
    private func nestedFunctionParameters(after keyword: Int, names: Set<String>, into found: inout LocalBindings) {
        var open = keyword + 1
        while open < min(keyword + 24, tokens.count), !isPunctuation(open, "(") { open += 1 }
        guard isPunctuation(open, "("), let close = partners[open] else { return }
        let body = bodyRange(after: close, high: tokens.count)
        for index in (open + 1)..<close {
            if let name = name(index), names.contains(name), isPunctuation(index + 1, ":") { found.insert(name, visibleIn: body) }
        }
    }
}

/// Names bound locally in a declaration, each with the byte ranges where it is visible.
struct LocalBindings {
    /// The declaration's bytes: where a binding of unclear extent counts.
    let whole: Range<Int>
    private(set) var ranges: [String: [Range<Int>]] = [:]

    init(whole: Range<Int>) { self.whole = whole }

    /// `name` is bound and visible in `range` (`nil`: the whole declaration).
    mutating func insert(_ name: String, visibleIn range: Range<Int>?) {
        ranges[name, default: []].append(range ?? whole)
    }

    func contains(_ name: String) -> Bool { ranges[name] != nil }

    /// Whether a binding of `name` is visible at `offset`.
    func hides(_ name: String, at offset: Int) -> Bool {
        ranges[name]?.contains { $0.contains(offset) } ?? false
    }
}

// MARK: - Matching a call against the offered members

/// One argument of a call, for matching against parameters.
private enum Argument {
    /// A parenthesised argument (`_` when unlabelled) or a labelled trailing closure.
    case labelled(String)
    /// The first trailing closure, which has no label.
    case trailingClosure
}

/// What became of one member access.
private enum Verdict {
    case fits
    /// No member of that name.
    case unknownMember
    /// Members of that name exist, but no overload accepts the call's labels.
    case noMatchingOverload([OfferedMember])
    /// The one member of that name is a property the call cannot call: not callable at
    /// all, or a closure given argument labels.
    case uncallableProperty(OfferedMember)
    /// Only `static` members have that name: not members of an instance.
    case staticMember(OfferedMember)
}

/// Types that never hold a closure: a trailing closure cannot fill a parameter of them.
private let valueTypeNames: Set<String> = [
    "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
    "UInt64", "Double", "Float", "CGFloat", "Decimal", "Bool", "Date", "UUID", "URL", "Data", "TimeInterval",
]

extension ProtocolCatalog {
    /// Whether a parameter may take a trailing closure. Lenient on purpose: a type alias or a
    /// generic parameter may stand for a function type, so only types known to be something
    /// else (standard value types, collections, the project's own nominal types that no
    /// typealias of the project shares a name with) refuse.
    func mayTakeClosure(_ parameter: Parameter, generics: [String] = []) -> Bool {
        var type = TypeText.trimmed(parameter.type)
        if type.contains("->") { return true }
        while type.hasPrefix("@"), let space = type.firstIndex(of: " ") { type = TypeText.trimmed(String(type[space...])) }
        if type.hasPrefix("[") { return false }
        guard let names = ProtocolCatalog.componentNames(of: type), names.count == 1 else { return true }
        // The function's own generic parameter (`perform<Operation>(_ operation: Operation)`)
        // hides a project type of the same name, and may stand for a function type.
        if generics.contains(names[0]) { return true }
        return !valueTypeNames.contains(names[0]) && (index.types(named: names[0]).isEmpty || functionAliasNames().contains(names[0]))
    }

    /// Whether the call's arguments fit the parameter list: labels in order, defaulted and
    /// variadic parameters optional, a variadic one taking further unlabelled arguments, the
    /// first trailing closure filling the next parameter that may take a closure.
    func fits(_ parameters: [Parameter], _ arguments: [Argument], generics: [String] = []) -> Bool {
        // A generous bound on the search; a pathological overload gets the benefit of the doubt.
        var budget = 4096
        func match(_ parameter: Int, _ argument: Int) -> Bool {
            budget -= 1
            if budget < 0 { return true }
            if argument == arguments.count {
                return parameters[parameter...].allSatisfy { $0.hasDefaultValue || $0.isVariadic }
            }
            guard parameter < parameters.count else { return false }
            let current = parameters[parameter]
            if current.hasDefaultValue || current.isVariadic, match(parameter + 1, argument) { return true }
            switch arguments[argument] {
            case .labelled(let label):
                guard label == current.label else { return false }
            case .trailingClosure:
                guard mayTakeClosure(current, generics: generics) else { return false }
            }
            var next = argument + 1
            if match(parameter + 1, next) { return true }
            guard current.isVariadic else { return false }
            while next < arguments.count, case .labelled("_") = arguments[next] {
                next += 1
                if match(parameter + 1, next) { return true }
            }
            return false
        }
        return match(0, 0)
    }

    /// Judges `access` against what the protocol offers.
    func verdict(for access: MemberAccess, referenceLabels: [String]?, members: [OfferedMember]) -> Verdict {
        let sameName = members.filter { $0.name == access.name }
        guard !sameName.isEmpty else { return .unknownMember }
        let named = sameName.filter { !$0.isStatic }
        guard !named.isEmpty else { return .staticMember(sameName[0]) }
        // A reference by full name (`save(_:)`) must match an overload's labels exactly.
        if let labels = referenceLabels {
            if named.contains(where: { $0.isProperty || $0.parameters == nil }) { return .fits }
            return named.contains { $0.parameters?.map(\.label) == labels } ? .fits : .noMatchingOverload(named)
        }
        guard let call = access.call else { return .fits }
        // A property of function type takes arguments without labels, one of a type that may
        // have `callAsFunction` any; a number, a string or a collection none.
        if named.contains(where: { member in
            guard member.isProperty else { return member.parameters == nil }
            switch member.propertyCall {
            case .anyArguments: return true
            case .unlabelledArguments: return call.labels.allSatisfy { $0 == "_" }
            case .notCallable: return false
            }
        }) { return .fits }
        if named.count == 1, named[0].isProperty { return .uncallableProperty(named[0]) }
        var arguments = call.labels.map(Argument.labelled)
        if call.trailingClosures > 0 {
            arguments.append(.trailingClosure)
            arguments += call.trailingClosureLabels.map(Argument.labelled)
        }
        return named.contains { fits($0.parameters ?? [], arguments, generics: $0.id.map { index[$0].genericParameters } ?? []) } ? .fits : .noMatchingOverload(named)
    }
}

// MARK: - The check

private struct Checker {
    let index: ProjectIndex
    let settings: Settings
    var catalog: ProtocolCatalog
    var tokenViews: DeclarationTokenViews
    var violations: [Violation] = []
    /// `(file, offset)` of accesses already reported (a service name found twice).
    var reported = Set<[Int]>()
    /// How many times each declaration is visited as a part of a service (once, unless two
    /// service names share a part).
    var partVisits: [DeclarationID: Int] = [:]

    /// Member names that are never members of the protocol's surface (`repository.self`).
    static let ignoredNames: Set<String> = ["self", "Type", "Protocol", "init", "dynamicType"]
    /// Members of `Optional` (with Combine's `publisher`), which an access without `?` or `!`
    /// on an optional property reaches before the wrapped protocol's.
    static let optionalMembers: Set<String> = ["map", "flatMap", "unsafelyUnwrapped", "debugDescription", "customMirror", "take",
                                               "hash", "hashValue", "publisher"]

    init(context: RuleContext) {
        index = context.index
        tokenViews = DeclarationTokenViews(index: context.index)
        settings = Settings(context.options)
        catalog = ProtocolCatalog(index: context.index, settings: settings)
    }

    mutating func run() -> [Violation] {
        let services = serviceNames()
        for service in services {
            for part in index.parts(of: service) { partVisits[part, default: 0] += 1 }
        }
        for service in services { check(service: service) }
        return violations
    }

    /// Qualified names of services: types and extensions whose name ends with a service
    /// suffix, in file order.
    func serviceNames() -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for file in index.files {
            for number in file.kinds.indices where file.kinds[number].hasMembers {
                let declaration = file.outline.declarations[number]
                guard !declaration.name.isEmpty, settings.isService(declaration.name) else { continue }
                // `extension MyApp.OrderService` is a part of `OrderService`.
                var name = file.qualifiedNames[number]
                if file.kinds[number] == .extension { name = droppingModuleQualifier(name, declares: index.declares) }
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }

    // MARK: One service

    mutating func check(service: String) {
        let parts = index.parts(of: service)
        // Generic parameters of the service and of the types around it hide protocols.
        var generics = Set(parts.flatMap { index[$0].genericParameters })
        var scope = Substring(service)
        while let dot = scope.lastIndex(of: ".") {
            scope = scope[..<dot]
            generics.formUnion(index.parts(of: String(scope)).flatMap { index[$0].genericParameters })
        }

        // Properties by name, from the type and every extension. A name declared more than
        // once (in `#if` branches) is checked only when every declaration is a repository.
        var declared: [String: [RepositorySurface?]] = [:]
        for part in parts {
            for member in index[part].members {
                let declaration = index.files[part.file].outline.declarations[member]
                guard declaration.kind == .var || declaration.kind == .let else { continue }
                for name in declaration.names {
                    let surface = declaration.names.count == 1
                        ? declaration.typeText.flatMap { catalog.surface(forType: $0, hidden: generics, enclosingType: service) }
                        : nil
                    declared[name, default: []].append(surface)
                }
            }
        }
        let properties: [String: RepositorySurface] = declared.compactMapValues { surfaces in
            guard var merged = surfaces.first ?? nil, surfaces.allSatisfy({ $0 != nil }) else { return nil }
            for case let other? in surfaces.dropFirst() { merged.members += other.members }
            return merged
        }
        guard !properties.isEmpty else { return }

        // How code in the service names each property.
        let typeName = lastComponent(service)
        var receivers: [String: (property: String, bare: Bool)] = [:]
        for property in properties.keys {
            receivers[property] = (property, true)
            for prefix in ["self.", "Self.", typeName + ".", service + "."] { receivers[prefix + property] = (property, false) }
        }

        // The receivers' bytes, to pass over accesses on anything else without decoding them.
        let receiverBytes = receivers.keys.map { Array($0.utf8) }
        for part in parts {
            let outline = index.files[part.file].outline
            for member in index[part].members {
                let declaration = outline.declarations[member]
                guard !declaration.kind.hasMembers, !declaration.conditions.contains(where: \.isInactive) else { continue }
                let accesses = declaration.facts.memberAccesses(whereReceiver: { receiver in
                    receiverBytes.contains { bytes in bytes.count == receiver.count && bytes.indices.allSatisfy { receiver[$0] == bytes[$0] } }
                }).filter { receivers[$0.receiver] != nil && !Self.ignoredNames.contains($0.name) }
                guard !accesses.isEmpty else { continue }
                // Accesses that all fit need no tokens: the token view only takes accesses
                // away or says how a call is written. Not for a part visited twice, whose
                // accesses' first check must be recorded in `reported`.
                if partVisits[part] == 1,
                   allFit(accesses, in: declaration, file: part.file, receivers: receivers, properties: properties, generics: generics, service: service) {
                    continue
                }
                guard let view = tokenViews.view(of: member, inFile: part.file) else { continue }
                let names = Set(accesses.compactMap { receivers[$0.receiver]?.property })
                let local = view.localBindings(in: declaration.range, of: names, ownKeyword: declaration.keywordOffset)
                for access in accesses where !view.isInactive(access.offset) {
                    guard let receiver = receivers[access.receiver], var surface = properties[receiver.property] else { continue }
                    // Named in a message only; most accesses fit and need no name built.
                    var owner = { "`\(typeName).\(receiver.property)`" }
                    if receiver.bare ? local.names.hides(receiver.property, at: access.offset) : local.declaresTypes && local.names.contains(receiver.property) {
                        // A local binding may hide the property (and inside a local type, `self`
                        // is that type): its type is unknown here.
                        continue
                    }
                    if receiver.bare {
                        // A parameter of the same name hides the property: check against its type.
                        if let parameter = declaration.parameters.first(where: { $0.name == receiver.property }) {
                            let hidden = generics.union(declaration.genericParameters)
                            guard let own = catalog.surface(forType: parameter.type, hidden: hidden, enclosingType: service) else { continue }
                            surface = own
                            owner = { "parameter `\(receiver.property)` of `\(declaration.signatureName)`" }
                        }
                    }
                    if surface.isOptional, Self.optionalMembers.contains(access.name), !view.isOptionalChained(nameAt: access.offset) {
                        continue  // `repository.map { … }` on an optional: `Optional`'s own member
                    }
                    check(access, in: part.file, view: view, surface: surface, owner: owner, property: receiver.property)
                }
            }
        }
    }

    /// Whether each of `accesses` (in `declaration` of file `file`) fits the surface that
    /// `check(service:)` would check it against, whatever the declaration's tokens say.
    /// Those tokens only ever drop an access (code under `#if false`, a local binding that
    /// hides the property) or tell a call from a function reference written with spaces
    /// (`fetch (id:)`), which the file's bytes tell here; false when they cannot.
    mutating func allFit(_ accesses: [MemberAccess], in declaration: Declaration, file: Int,
                         receivers: [String: (property: String, bare: Bool)], properties: [String: RepositorySurface],
                         generics: Set<String>, service: String) -> Bool {
        for access in accesses {
            guard let receiver = receivers[access.receiver], var surface = properties[receiver.property] else { continue }
            if receiver.bare, let parameter = declaration.parameters.first(where: { $0.name == receiver.property }) {
                let hidden = generics.union(declaration.genericParameters)
                guard let own = catalog.surface(forType: parameter.type, hidden: hidden, enclosingType: service) else { continue }
                surface = own
            }
            var referenceLabels = access.referencedLabels
            if referenceLabels == nil, let call = access.call, call.hasParentheses, call.trailingClosures == 0 {
                guard let source = tokenViews.source(of: file),
                      case .known(let labels) = ReferenceLabelScan.labels(in: source.bytes, atParenthesis: call.offset) else { return false }
                referenceLabels = labels
            }
            guard case .fits = catalog.verdict(for: access, referenceLabels: referenceLabels, members: surface.members) else { return false }
        }
        return true
    }

    // MARK: One access

    mutating func check(_ access: MemberAccess, in file: Int, view: TokenView, surface: RepositorySurface, owner ownerName: () -> String, property: String) {
        guard reported.insert([file, access.offset]).inserted else { return }
        var referenceLabels: [String]? = access.referencedLabels
        if referenceLabels == nil, let call = access.call, call.hasParentheses, call.trailingClosures == 0 {
            referenceLabels = view.referenceLabels(atParenthesis: call.offset)
        }
        let verdict = catalog.verdict(for: access, referenceLabels: referenceLabels, members: surface.members)
        if case .fits = verdict { return }
        let callText = Self.callText(access, referenceLabels: referenceLabels)
        let written = "\(access.receiver).\(callText)"
        let protocolName = surface.protocolName
        let typeName = surface.typeName
        let owner = ownerName()
        let message: String
        let pointedAt: [OfferedMember]
        switch verdict {
        case .fits:
            return
        case .unknownMember:
            let instanceMembers = surface.members.filter { !$0.isStatic }
            pointedAt = Self.closest(to: access.name, among: instanceMembers)
            let hint = pointedAt.isEmpty ? "" : " Did you mean \(Self.list(pointedAt, limit: 4, joiner: " or "))?"
            let offers = instanceMembers.isEmpty ? "it declares no members" : "it offers \(Self.list(instanceMembers, limit: 8))"
            message = "`\(written)` is not declared by `\(typeName)`, the type of \(owner); \(offers).\(hint) "
                + "Call a member the protocol declares, or add this one to `\(protocolName)` and implement it in its repositories."
        case .staticMember(let member):
            pointedAt = [member]
            message = "`\(written)` uses `\(member.display)`, a static requirement of `\(typeName)`, on an instance (\(owner)), which does not have it. "
                + "Call it on the type (`type(of: \(access.receiver)).\(callText)`), or declare an instance member in `\(protocolName)` and implement it in its repositories."
        case .uncallableProperty(let property):
            pointedAt = [property]
            let type = property.id.flatMap { index[$0].typeText }.map { " of type `\(TypeText.trimmed($0))`" } ?? ""
            if property.propertyCall == .unlabelledArguments {
                message = "`\(written)` passes argument labels to `\(access.name)`, a closure property\(type) of `\(typeName)` (the type of \(owner)); "
                    + "a closure's arguments take no labels. Call it without labels, or declare a method with these labels in `\(protocolName)` and implement it in its repositories."
            } else {
                message = "`\(written)` calls `\(access.name)`, a property\(type) of `\(typeName)` (the type of \(owner)), which is not a function. "
                    + "Read the property without parentheses, or declare a method `\(Self.callText(access, referenceLabels: nil))` in `\(protocolName)` and implement it in its repositories."
            }
        case .noMatchingOverload(let overloads):
            pointedAt = Self.closestOverload(to: referenceLabels ?? Self.argumentLabels(of: access), among: overloads)
            let hint = pointedAt.isEmpty ? "" : " Did you mean \(Self.list(pointedAt, limit: 1))?"
            message = "`\(written)` matches no overload of `\(access.name)` in `\(typeName)`, the type of \(owner); "
                + "it declares \(Self.list(overloads, limit: 8)).\(hint) "
                + "Use the declared argument labels, or add this overload to `\(protocolName)` and implement it in its repositories."
        }

        let protocolDeclaration = index[surface.declaration]
        var related = [(location: Location(file: surface.declaration.file, range: Self.nameRange(protocolDeclaration)),
                        message: "`\(lastComponent(protocolDeclaration.name))` is declared here")]
        for member in pointedAt.prefix(3) {
            guard let id = member.id else { continue }
            related.append((Location(file: id.file, range: Self.nameRange(index[id])), "`\(member.display)` is declared here"))
        }
        let nameLength = access.name.utf8.count
        let tokenIndex = view.firstToken(atOrAfter: access.offset)
        let length = tokenIndex < view.tokens.count && view.tokens[tokenIndex].start == access.offset ? view.tokens[tokenIndex].length : UInt32(nameLength)
        violations.append(Violation(location: Location(file: file, range: access.offset..<(access.offset + Int(length))),
                                    message: message, related: related,
                                    fingerprintText: property + "." + callText))
    }

    static func nameRange(_ declaration: Declaration) -> Range<Int> {
        declaration.nameOffset..<(declaration.nameOffset + max(1, lastComponent(declaration.name).utf8.count))
    }

    /// The access as written, labels only: `fetch(id:) { … } onError: { … }`, `save(_:)`, `count`.
    static func callText(_ access: MemberAccess, referenceLabels: [String]?) -> String {
        if let labels = referenceLabels { return access.name + "(" + labels.map { $0 + ":" }.joined() + ")" }
        guard let call = access.call else { return access.name }
        var text = access.name
        if call.hasParentheses { text += "(" + call.labels.map { $0 + ":" }.joined() + ")" }
        if call.trailingClosures > 0 { text += " { … }" }
        for label in call.trailingClosureLabels { text += " \(label): { … }" }
        return text
    }

    /// The labels a call passes, the first trailing closure as `_`.
    static func argumentLabels(of access: MemberAccess) -> [String] {
        guard let call = access.call else { return [] }
        return call.labels + (call.trailingClosures > 0 ? ["_"] : []) + call.trailingClosureLabels
    }

    /// "`a`, `b` and 3 more": distinct displays in declaration order.
    static func list(_ members: [OfferedMember], limit: Int, joiner: String = ", ") -> String {
        var seen = Set<String>()
        let displays = members.map(\.display).filter { seen.insert($0).inserted }
        let shown = displays.prefix(limit).map { "`\($0)`" }.joined(separator: joiner)
        return displays.count > limit ? shown + " and \(displays.count - limit) more" : shown
    }

    /// The members a misspelt name most likely meant, with all overloads of that name: the
    /// nearest name within a small edit distance (case ignored, one edit for names shorter
    /// than four characters); failing that, of the names
    /// that contain the written one or are contained in it (`sync` → `synchronize`,
    /// `fetchItems` → `items`), for names of four characters or more, the one nearest to it
    /// in length (`fetchUsers` → `users` rather than `user`), the first of equals.
    static func closest(to name: String, among members: [OfferedMember]) -> [OfferedMember] {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)? = nil
        for member in members {
            let distance = EditDistance.between(member.name.lowercased(), lowered)
            if best == nil || distance < best!.distance { best = (member.name, distance) }
        }
        // Two edits (or a third of the name) apart, when both names have four characters or
        // more; one edit for shorter names, where two would reach almost any name (`id` →
        // `find`, `add` → `all`).
        if let best, best.distance <= (min(name.count, best.name.count) >= 4 ? max(2, name.count / 3) : 1) {
            return members.filter { $0.name == best.name }
        }
        let containing = members.filter { member in
            let other = member.name.lowercased()
            return min(other.count, lowered.count) >= 4 && (other.contains(lowered) || lowered.contains(other))
        }
        let written = lowered.count
        guard let nearest = containing.min(by: { abs($0.name.count - written) < abs($1.name.count - written) }) else { return [] }
        return members.filter { $0.name == nearest.name }
    }

    /// The overload nearest to the call's labels: the same number of arguments first, then
    /// the fewest labels that differ position by position.
    static func closestOverload(to labels: [String], among overloads: [OfferedMember]) -> [OfferedMember] {
        func score(_ member: OfferedMember) -> (Int, Int) {
            let declared = member.parameters?.map(\.label) ?? []
            let differing = zip(declared, labels).filter { $0 != $1 }.count
            return (abs(declared.count - labels.count), differing)
        }
        let best = overloads.min { score($0) < score($1) }
        return best.map { [$0] } ?? []
    }
}
