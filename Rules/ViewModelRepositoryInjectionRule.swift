import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `viewmodel-repository-injection`: a ViewModel that stores a repository, or is
/// initialised with one, instead of going through a service or use case.
///
/// **What it flags.** In a type whose name ends with `ViewModel`: a stored property (with or
/// without a property wrapper, `let`, `var`, `lazy`, `static`) whose declared type, stripped of
/// `any`, `some`, `?`, `!` and parentheses, is a repository protocol of the project (its name
/// ends with `Repository`, `RepositoryProtocol` or `RepositoryType`, or it is declared under a
/// `Repositories/` folder and is neither named like a service nor a type that a repository's
/// requirements take or return), a protocol that refines one, or a project type that conforms to one
/// (`NoteRepositoryImpl`, `MockNoteRepository`). A property without a type annotation counts
/// when its initial value is a plain initializer call of such a type
/// (`let repository = NoteRepositoryImpl()`). Reported at the property's name. When no property
/// is reported, each `init` parameter of such a type that is not stored into a property of the
/// same name (`self.repository = repository`) is reported at the parameter's name: the
/// ViewModel receives the repository and hands it on or keeps it somewhere archlint cannot see.
///
/// **Why.** Arcana's layering is View → ViewModel → Service → Repository: the service owns
/// business rules, validation and error mapping (seed 000's error flow has the service "catch
/// repository errors, add business context"). A ViewModel that talks to a repository skips
/// that layer, duplicates its rules and cannot be tested with a service mock.
///
/// **Example.**
/// ```swift
/// @Observable
/// final class NotesListViewModel {
///     private let repository: any NoteRepository      // flagged
///     init(repository: any NoteRepository) { self.repository = repository }
/// }
/// ```
///
/// **Instead.** Inject the service or use case that wraps the repository
/// (`private let noteService: any NoteServiceProtocol`) and call it from the ViewModel.
///
/// Out of scope, and never reported: method parameters, collections of repositories
/// (`[any NoteRepository]`), closures that return one (`() -> NoteRepository`), generic
/// parameters constrained to one (`ViewModel<R: NoteRepository>`), types merely named like a
/// repository that are neither repository protocols nor their conformers (a `Repository` domain
/// model, `RepositoryError`), properties without a type annotation whose value is anything but
/// a plain initializer call, previews (`#Preview` bodies, `PreviewProvider` types), test sources
/// and code under `#if false`.
public struct ViewModelRepositoryInjectionRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 2

    public static let description = RuleDescription(
        id: "viewmodel-repository-injection",
        name: "ViewModel injects a repository",
        summary: "A ViewModel stores or is initialised with a repository instead of a service or use case.",
        rationale: """
            DESIGN §5.2 takes this check from seed 000's verification list (§4, "ViewModels should inject \
            Service, not Repository"; the seed points to its full command set in verification/commands.md). \
            The seeds say the same throughout: seed 003 lists "❌ ViewModels depending on concrete Repository \
            implementations" among its anti-patterns, seed 000's feature recipe creates the \
            "OrderServiceProtocol + OrderService; business rules and input validation" before the ViewModel, \
            its error flow has the "Service Layer: Catch repository errors, Add business context if needed", \
            and every ViewModel in seeds 000, 001 and 004 is built with `init(userService: \
            UserServiceProtocol)` or `init(service: FeatureServiceProtocol)`. A ViewModel that stores a \
            repository skips the service, re-implements its rules next to UI state, and cannot be tested \
            with a service mock. Grepping ViewModels for "Repository" trips over comments, strings, domain \
            models named `Repository…` and error types; this rule resolves each stored property's declared \
            type against the project's repository protocols and their conformers instead.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .warning],
        options: [
            RuleOption(name: "viewModelSuffixes", type: .stringList, summary: "Name suffixes of the types checked as ViewModels.", defaultValue: .strings(["ViewModel"])),
            RuleOption(name: "repositorySuffixes", type: .stringList, summary: "Name suffixes of repository protocols.", defaultValue: .strings(["Repository", "RepositoryProtocol", "RepositoryType"])),
            RuleOption(name: "repositoryFolders", type: .stringList, summary: "Folders, inside the layer's own folder, whose protocols are repository protocols whatever their name.", defaultValue: .strings(["Repositories"])),
            RuleOption(name: "serviceSuffixes", type: .stringList, summary: "Name suffixes of services and use cases, suggested in messages when one already wraps the repository.", defaultValue: .strings(["Service", "ServiceImpl", "UseCase", "UseCaseImpl", "Interactor"])),
        ],
        triggeringExamples: ViewModelRepositoryInjectionRule.triggeringExamples,
        nonTriggeringExamples: ViewModelRepositoryInjectionRule.nonTriggeringExamples
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
    var viewModelSuffixes: [String]
    var repositorySuffixes: [String]
    var repositoryFolders: Set<String>
    var serviceSuffixes: [String]

    var layerFolders: LayerFolders

    init(_ options: ResolvedOptions, configuration: Configuration) {
        layerFolders = LayerFolders(configuration)
        viewModelSuffixes = options.strings("viewModelSuffixes").filter { !$0.isEmpty }
        repositorySuffixes = options.strings("repositorySuffixes").filter { !$0.isEmpty }
        repositoryFolders = Set(options.strings("repositoryFolders"))
        serviceSuffixes = options.strings("serviceSuffixes").filter { !$0.isEmpty }
    }

    func isViewModel(_ name: String) -> Bool {
        let last = lastComponent(name)
        return viewModelSuffixes.contains { last.hasSuffix($0) }
    }

    /// Whether `name` ends with a service suffix; with `orItsProtocol`, also after a
    /// `Protocol` suffix is dropped (`NoteServiceProtocol`).
    func isService(_ name: String, orItsProtocol: Bool = false) -> Bool {
        var last = Substring(lastComponent(name))
        if orItsProtocol, last.hasSuffix("Protocol") { last = last.dropLast(8) }
        return serviceSuffixes.contains { last.hasSuffix($0) }
    }
}

// MARK: - Where the rule never looks

/// Test sources, previews (`#Preview` bodies, `PreviewProvider` types and what they nest) and
/// code under `#if false` are never findings (DESIGN §5.2).
private struct Exemptions {
    let index: ProjectIndex
    private let testFiles: [Bool]

    init(index: ProjectIndex) {
        self.index = index
        testFiles = index.files.map(ProjectIndex.isTestSource)
    }

    func isTestSource(file: Int) -> Bool { testFiles[file] }

    /// Whether the declaration, or a type it is nested in, is exempt.
    func isExempt(_ id: DeclarationID) -> Bool {
        if testFiles[id.file] { return true }
        return index.isPreviewOrInactive(id)
    }
}

// MARK: - Repository types

/// What makes a declared type a repository: the repository protocol it is, refines or
/// implements.
private struct RepositoryMatch {
    /// The project type the declared type resolved to (`NoteRepository`, `NoteRepositoryImpl`).
    var typeName: String
    /// The repository protocol behind it.
    var protocolName: String
    /// A concrete type (class, struct, actor, enum) rather than a protocol.
    var isConcrete: Bool
}

/// Recognises repository protocols (DESIGN §5.1: a project protocol named with a repository
/// suffix or declared under a `Repositories/` folder) and the project types that conform to
/// them, the way `service-repository-method` and `protocol-impl-parity` do.
private struct RepositoryCatalog {
    let index: ProjectIndex
    let settings: Settings
    private var cache: [String: String?] = [:]
    /// The last name components of the types that may conform to a repository protocol
    /// (`ProjectIndex.namesMayConform`), found on first use.
    private var mayConform: Set<String>?

    /// Last components of the type names in the requirements' signatures of protocols named
    /// as repositories (`Cancellable` of `func observe(_:) -> any Cancellable`): helper types
    /// of a repository, not repositories, even in a `Repositories/` folder.
    private let signatureTypes: Set<String>

    init(index: ProjectIndex, settings: Settings) {
        self.index = index
        self.settings = settings
        var names = Set<String>()
        for file in index.files {
            for number in file.kinds.indices where file.kinds[number] == .protocol {
                let declaration = file.outline.declarations[number]
                guard settings.repositorySuffixes.contains(where: { declaration.name.hasSuffix($0) }) else { continue }
                for member in declaration.members {
                    let requirement = file.outline.declarations[member]
                    let texts = requirement.parameters.map(\.type) + [requirement.returnType ?? "", requirement.typeText ?? ""]
                    for text in texts where !text.isEmpty {
                        names.formUnion(ProjectIndex.normalisedTypeNames(text).map(lastComponent))
                    }
                }
            }
        }
        signatureTypes = names
    }

    /// Whether `name` is a protocol of the project and nothing else: a same-named class,
    /// struct or type alias (another module's) would make the name ambiguous.
    ///
    /// Names here are type names, so only declarations filed by name are looked at
    /// (`filedDeclarations(named:)`): a method or property named `NoteRepository` inside
    /// `Notes` never is the type `Notes.NoteRepository`.
    func isProjectProtocol(_ name: String) -> Bool {
        let declarations = index.filedDeclarations(named: name)
        guard declarations.contains(where: { index[$0].kind == .protocol }) else { return false }
        return declarations.allSatisfy { index[$0].kind == .protocol || !(index[$0].kind.isNominalType || index[$0].kind == .typealias) }
    }

    func isRepositoryProtocol(_ name: String) -> Bool {
        guard isProjectProtocol(name) else { return false }
        let last = lastComponent(name)
        if settings.repositorySuffixes.contains(where: { last.hasSuffix($0) }) { return true }
        // In a repository folder, a protocol named like a service, or one that a repository's
        // requirements take or return (a subscription token), is not a repository.
        if settings.isService(last, orItsProtocol: true) || signatureTypes.contains(last) { return false }
        return index.protocols(named: name).contains { id in
            let file = index.file(of: id)
            return settings.layerFolders.isInFolder(file.path, layer: file.layer, folders: settings.repositoryFolders)
        }
    }

    /// `ArcanaDomain.NoteRepository` → `NoteRepository` when only the shorter name is declared.
    func dropModuleQualifier(_ name: String) -> String {
        droppingModuleQualifier(name, declares: index.declaresFiled)
    }

    /// The repository protocol that the project type `name` is, refines or conforms to
    /// (directly, through an extension, a refined protocol or a project superclass).
    mutating func repositoryProtocol(for name: String) -> String? {
        if let cached = cache[name] { return cached }
        var result: String? = nil
        if isRepositoryProtocol(name) {
            result = name
        } else if case let declared = index.types(named: name), declared.count == 1 || declared.allSatisfy({ !index[$0].conditions.isEmpty }),
                  !declared.isEmpty, mayConformToRepository(name) {
            // Two types of one name (a Data `NoteStore` and a Presentation `NoteStore`, in
            // two modules): which one the view model means is unknown, so it stays silent.
            // Variants under `#if` (`#if DEBUG … #else … #endif`) are one type.
            result = index.allSupertypes(of: name).map(dropModuleQualifier).first(where: isRepositoryProtocol)
            if let protocolName = result, conformsOnlyConditionally(name, to: protocolName) { result = nil }
        }
        cache[name] = result
        return result
    }

    /// Whether every declaration of `name` that leads to `protocolName` is an extension with a
    /// `where` clause (`extension InMemoryStore: NotesRepository where Value == Note`): whether
    /// a given `InMemoryStore<String>` conforms is then unknown, and the rule stays silent.
    private func conformsOnlyConditionally(_ name: String, to protocolName: String) -> Bool {
        let extensions = index.extensions(of: name)
        guard extensions.contains(where: { index[$0].whereClause != nil }) else { return false }
        let unconditional = index.types(named: name) + extensions.filter { index[$0].whereClause == nil }
        return !unconditional.contains { part in
            index[part].inherits.flatMap(ProjectIndex.normalisedTypeNames).map(dropModuleQualifier).contains { entry in
                entry == protocolName || index.allSupertypes(of: entry).map(dropModuleQualifier).contains(protocolName)
            }
        }
    }

    /// Whether the type `name` may have a repository protocol among its supertypes: a type
    /// whose last name component `namesMayConform` leaves out has none, and its supertypes
    /// need not be worked out.
    private mutating func mayConformToRepository(_ name: String) -> Bool {
        if mayConform == nil { mayConform = index.namesMayConform(toProtocolsWhere: isRepositoryProtocol) }
        return mayConform?.contains(lastComponent(name)) ?? true
    }

    /// Resolves a name written inside `scope` to the project declarations it may mean: a type
    /// nested in an enclosing type first, then the top level, then without a module qualifier;
    /// type aliases are expanded. Empty when the name is a generic parameter in `hidden`.
    func resolve(_ written: String, scope: String, hidden: Set<String>, depth: Int = 0) -> [String] {
        let first = ProjectIndex.nameComponents(written).first ?? written
        guard !hidden.contains(first), depth < 8 else { return [] }
        var name = dropModuleQualifier(written)
        var enclosing = ProjectIndex.nameComponents(scope)
        while !enclosing.isEmpty {
            let candidate = enclosing.joined(separator: ".") + "." + written
            if index.declaresFiled(candidate) {
                name = candidate
                break
            }
            enclosing.removeLast()
        }
        let declarations = index.filedDeclarations(named: name)
        if declarations.contains(where: { index[$0].kind.isNominalType }) { return [name] }
        guard let alias = declarations.first(where: { index[$0].kind == .typealias }), let aliased = index[alias].typeText,
              let names = componentNames(of: aliased) else { return [name] }
        let aliasScope = index[alias].parent.map { index.files[alias.file].qualifiedNames[$0] } ?? ""
        return names.flatMap { resolve($0, scope: aliasScope, hidden: [], depth: depth + 1) }
    }

    /// The repository behind a declared type (`any NoteRepository`, `(NoteRepository & Sendable)?`,
    /// `NoteRepositoryImpl`), or `nil` for anything else, collections and closures included.
    mutating func match(typeText: String, scope: String, hidden: Set<String>) -> RepositoryMatch? {
        guard let names = componentNames(of: typeText) else { return nil }
        for written in names {
            for name in resolve(written, scope: scope, hidden: hidden) {
                guard let protocolName = repositoryProtocol(for: name) else { continue }
                return RepositoryMatch(typeName: name, protocolName: protocolName, isConcrete: !isProjectProtocol(name))
            }
        }
        return nil
    }
}

/// The type names of a declared type with `any`, `some`, `?`, `!`, ownership modifiers and
/// parentheses stripped, split at `&`; `nil` for function types, collections, tuples and
/// attributed types, which are out of scope. A generic application names its base type
/// (`any CacheRepository<Image>` → `CacheRepository`, a protocol with a primary associated
/// type); `Array<NoteRepository>` names `Array`, which is no repository.
private func componentNames(of typeText: String) -> [String]? {
    if let name = TypeText.plainName(of: typeText) { return [name] }
    let whole = TypeText.stripped(typeText)
    if whole.hasSuffix(">"), let open = whole.firstIndex(of: "<"), let base = TypeText.plainName(of: String(whole[..<open])),
       !TypeText.contains(whole, "&") {
        return [base]
    }
    // `[Note]`, `Set<Tag>`, `@escaping () -> Void`: stripping keeps these bytes, so some
    // part would have one.
    // (`Optional<any NoteRepository>` is stripped to its wrapped type first.)
    if whole.utf8.contains(where: { $0 == 0x5B || $0 == 0x3C || $0 == 0x40 || $0 == 0x2D }) { return nil }
    let parts = whole.utf8.split(separator: 0x26).map { TypeText.trimmed(String(decoding: $0, as: UTF8.self)) }
    guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || hasForbiddenByte($0) || TypeText.contains($0, "...") }) else { return nil }
    return parts.map { part in
        var name = part
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return name
    }
}

/// Whether a part of a type has a byte that makes it more than a name: `[`, `(`, `<`, `@`,
/// `-` or a space.
private func hasForbiddenByte(_ part: String) -> Bool {
    var part = part
    return part.withUTF8 { bytes in
        bytes.contains { $0 == 0x5B || $0 == 0x28 || $0 == 0x3C || $0 == 0x40 || $0 == 0x2D || $0 == 0x20 }
    }
}

// MARK: - Tokens of a file

/// A file's tokens, re-lexed for what the outline does not keep: an initializer's statements
/// and a property's initial value.
private extension TokenView {
    /// Whether an expression that ended just before `index` stops there: nothing is chained,
    /// applied or combined with it.
    func endsExpression(at index: Int, limit: Int) -> Bool {
        guard index < limit, index < tokens.count else { return true }
        if tokens[index].kind == .operator { return false }
        if tokens[index].flags.contains(.newlineBefore) { return !isPunctuation(index, "(") && !isPunctuation(index, "[") }
        return isPunctuation(index, ";") || isPunctuation(index, "}")
    }

    /// `self.name = name` or `self.label = name` (nothing else on the right) somewhere in `range`.
    func storesParameter(_ name: String, label: String, in range: Range<Int>) -> Bool {
        let low = firstToken(atOrAfter: range.lowerBound)
        let high = firstToken(atOrAfter: range.upperBound)
        var index = low
        while index + 4 < high {
            defer { index += 1 }
            // Into the property named like the parameter, or like its argument label
            // (`init(repository repo: …)` with `self.repository = repo`).
            guard isKeyword(index, "self"), isOperator(index + 1, "."), let property = self.name(index + 2),
                  property == name || property == label && label != "_",
                  isOperator(index + 3, "="), self.name(index + 4) == name else { continue }
            if endsExpression(at: index + 5, limit: high) { return true }
        }
        return false
    }

    /// The type a stored property without annotation is initialised with, when its value is a
    /// plain initializer call: `= NoteRepositoryImpl(store: store)`, `= Outer.Mock.init()`.
    func initializedType(of declaration: Declaration) -> String? {
        let high = firstToken(atOrAfter: declaration.range.upperBound)
        var index = firstToken(atOrAfter: declaration.nameOffset) + 1
        guard isOperator(index, "=") else { return nil }
        index += 1
        var components: [String] = []
        while let component = name(index), component.first?.isUppercase == true {
            components.append(component)
            index += 1
            guard isOperator(index, "."), name(index + 1)?.first?.isUppercase == true else { break }
            index += 1
        }
        if isOperator(index, "."), isKeyword(index + 1, "init") { index += 2 }
        guard !components.isEmpty, isPunctuation(index, "("), !tokens[index].flags.contains(.triviaBefore),
              let close = partners[index], close < high else { return nil }
        return endsExpression(at: close + 1, limit: high) ? components.joined(separator: ".") : nil
    }

    /// The range of the token at `offset` (a name, backticks included).
    func nameRange(at offset: Int, fallbackLength: Int) -> Range<Int> {
        let index = firstToken(atOrAfter: offset)
        guard index < tokens.count, tokens[index].start == offset else { return offset..<(offset + max(1, fallbackLength)) }
        return tokens[index].range
    }
}

// MARK: - The check

private struct Checker {
    let index: ProjectIndex
    let settings: Settings
    let exemptions: Exemptions
    var catalog: RepositoryCatalog
    var tokenViews: DeclarationTokenViews
    var violations: [Violation] = []
    /// Every service type with the component names of its properties' types, in file
    /// order: gathered once, on the first finding that needs a suggestion.
    var serviceHoldings: [ServiceHolding]?

    init(context: RuleContext) {
        index = context.index
        tokenViews = DeclarationTokenViews(index: context.index)
        settings = Settings(context.options, configuration: context.configuration)
        exemptions = Exemptions(index: context.index)
        catalog = RepositoryCatalog(index: context.index, settings: settings)
    }

    mutating func run() -> [Violation] {
        for viewModel in viewModelNames() { check(viewModel: viewModel) }
        return violations
    }

    /// Qualified names of the ViewModel types (classes, structs, actors, enums), in file order.
    func viewModelNames() -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for (fileNumber, file) in index.files.enumerated() {
            for number in file.kinds.indices
            where file.kinds[number].isNominalType && file.kinds[number] != .protocol && settings.isViewModel(file.outline.declarations[number].name) {
                guard !exemptions.isExempt(DeclarationID(file: fileNumber, declaration: number)) else { continue }
                let name = file.qualifiedNames[number]
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }

    // MARK: One ViewModel

    mutating func check(viewModel: String) {
        let parts = index.parts(of: viewModel).filter { !exemptions.isExempt($0) }
        let generics = Set(parts.flatMap { index[$0].genericParameters })
        // Messages name it in full: `NotesScreen.ViewModel`, not `ViewModel`.
        let typeName = viewModel

        // Stored properties: the type's own, and static ones of its extensions (the only kind
        // an extension can hold).
        var reportedProperty = false
        for part in parts {
            let isExtension = index[part].kind == .extension
            for member in index[part].members {
                let id = DeclarationID(file: part.file, declaration: member)
                let declaration = index[id]
                // The file's tokens are read (from disk, once per file) only where a property
                // has no written type, or holds a repository: most properties need neither.
                guard declaration.kind == .var || declaration.kind == .let, declaration.isStored, declaration.names.count <= 1,
                      !isExtension || declaration.isStatic,
                      !exemptions.isExempt(id) else { continue }
                var match: RepositoryMatch? = nil
                var written: String
                if let typeText = declaration.typeText {
                    written = typeText
                    match = catalog.match(typeText: typeText, scope: viewModel, hidden: generics)
                } else if declaration.hasInitializer, let initialized = tokenViews.view(of: member, inFile: part.file)?.initializedType(of: declaration) {
                    written = initialized
                    match = catalog.match(typeText: initialized, scope: viewModel, hidden: generics)
                } else {
                    continue
                }
                guard let match, let view = tokenViews.view(of: member, inFile: part.file) else { continue }
                written = TypeText.trimmed(written)
                reportedProperty = true
                let message = "`\(typeName).\(declaration.name)` holds `\(written)`, \(describe(match)); "
                    + "a ViewModel should depend on a service or use case, which owns the business rules and calls the repository. "
                    + "Inject \(suggestion(for: match)) instead."
                violations.append(Violation(location: Location(file: part.file, range: view.nameRange(at: declaration.nameOffset, fallbackLength: declaration.name.utf8.count)),
                                            message: message, related: related(match),
                                            fingerprintText: "property " + declaration.name + ": " + match.typeName))
            }
        }
        guard !reportedProperty else { return }

        // Initializer parameters that are used but not kept in a same-named property.
        for part in parts {
            for member in index[part].members {
                let id = DeclarationID(file: part.file, declaration: member)
                let declaration = index[id]
                guard declaration.kind == .`init`, !exemptions.isExempt(id) else { continue }
                let hidden = generics.union(declaration.genericParameters)
                for parameter in declaration.parameters {
                    guard let match = catalog.match(typeText: parameter.type, scope: viewModel, hidden: hidden),
                          let view = tokenViews.view(of: member, inFile: part.file), !view.storesParameter(parameter.name, label: parameter.label, in: declaration.range) else { continue }
                    let message = "`\(declaration.signatureName)` of `\(typeName)` takes `\(parameter.name): \(TypeText.trimmed(parameter.type))`, \(describe(match)); "
                        + "a ViewModel should be given a service or use case, not a repository to build one from. "
                        + "Inject \(suggestion(for: match)) instead."
                    violations.append(Violation(location: Location(file: part.file, range: parameterNameRange(parameter, in: view)),
                                                message: message, related: related(match),
                                                fingerprintText: "parameter " + declaration.signatureName + " " + parameter.name + ": " + match.typeName))
                }
            }
        }
    }

    // MARK: Messages

    func describe(_ match: RepositoryMatch) -> String {
        if match.isConcrete { return "a repository implementation (it conforms to `\(match.protocolName)`)" }
        if match.typeName == match.protocolName { return "a repository protocol" }
        return "a protocol that refines the repository protocol `\(match.protocolName)`"
    }

    /// The project's services that already store this repository, if any: the natural
    /// thing to inject instead.
    mutating func suggestion(for match: RepositoryMatch) -> String {
        if serviceHoldings == nil { serviceHoldings = collectServiceHoldings() }
        var services: [String] = []
        var seen = Set<String>()
        let protocolName = lastComponent(match.protocolName)
        for service in serviceHoldings ?? [] {
            // A property of the protocol's type, however qualified (`Data.NoteRepository`), or
            // of the type as the view model writes it.
            let holds = service.lastComponents.contains(protocolName) || service.typeNames.contains(match.typeName)
            if holds, seen.insert(service.name).inserted { services.append(service.name) }
        }
        guard !services.isEmpty else { return "a service or use case that wraps `\(match.protocolName)`" }
        // Injected through its protocol (`any NoteService`), as the seeds inject services,
        // where the service conforms to a project protocol named like a service.
        if services.count == 1, let serviceProtocol = serviceProtocol(of: services[0]) {
            return "`any \(serviceProtocol)`, whose implementation `\(services[0])` already uses `\(match.protocolName)`,"
        }
        let listed = services.prefix(2).map { "`\($0)`" }.joined(separator: " or ")
        return "\(listed), which already uses `\(match.protocolName)`,"
    }

    /// The project protocol named like a service (`NoteService`, `NoteServiceProtocol`) that
    /// a service type conforms to, directly or through a superclass, if there is one.
    func serviceProtocol(of service: String) -> String? {
        index.allSupertypes(of: service).first { name in
            settings.isService(name, orItsProtocol: true)
                && index.types(named: name).contains { index[$0].kind == .protocol }
        }
    }

    /// A service type and the type names of its stored or computed properties.
    struct ServiceHolding {
        var name: String
        var typeNames: Set<String> = []
        /// The last components of `typeNames` (`NoteRepository` of `Data.NoteRepository`).
        var lastComponents: Set<String> = []
    }

    /// The service types (nominal, not protocols) and their properties' type names, for
    /// `suggestion(for:)`.
    func collectServiceHoldings() -> [ServiceHolding] {
        var holdings: [ServiceHolding] = []
        for file in index.files {
            for number in file.kinds.indices where file.kinds[number].isNominalType && file.kinds[number] != .protocol {
                let declaration = file.outline.declarations[number]
                guard settings.isService(declaration.name) else { continue }
                var holding = ServiceHolding(name: declaration.name)
                for member in declaration.members {
                    let property = file.outline.declarations[member]
                    guard property.kind == .var || property.kind == .let, let typeText = property.typeText,
                          let names = componentNames(of: typeText) else { continue }
                    holding.typeNames.formUnion(names)
                    holding.lastComponents.formUnion(names.map(lastComponent))
                }
                holdings.append(holding)
            }
        }
        return holdings
    }

    func related(_ match: RepositoryMatch) -> [(location: Location, message: String)] {
        guard let id = index.protocols(named: match.protocolName).first else { return [] }
        let declaration = index[id]
        let length = max(1, lastComponent(declaration.name).utf8.count)
        return [(Location(file: id.file, range: declaration.nameOffset..<(declaration.nameOffset + length)),
                 "repository protocol `\(match.protocolName)` is declared here")]
    }

    /// The range of a parameter's own name (`repository` in `init(_ repository: …)` or in
    /// `init(with repository: …)`).
    func parameterNameRange(_ parameter: Parameter, in view: TokenView) -> Range<Int> {
        let first = view.firstToken(atOrAfter: parameter.offset)
        for candidate in [first, first + 1] where candidate < view.tokens.count && view.name(candidate) == parameter.name {
            return view.tokens[candidate].range
        }
        return parameter.offset..<(parameter.offset + max(1, parameter.name.utf8.count))
    }
}
