import ArchLintKit
import SwiftOutline

/// `protocol-impl-parity`: a Domain repository or service protocol that no type conforms
/// to, or a conforming type that misses one of its requirements.
///
/// **What it flags.** Protocols in scope are those declared in the Domain layer whose name
/// ends with a repository suffix (`Repository`, `RepositoryProtocol`, `RepositoryType`) or a
/// service suffix (`Service`, `UseCase`, `Interactor`, each also followed by `Protocol` or
/// `Type`), or that sit under a `Repositories/` or `Services/` folder. (a) Such a protocol
/// that no type of the project conforms to, directly or through a protocol that refines it
/// (reported at the protocol's name, unless `requireImplementation` is off). (b) A type that
/// conforms to one (in its declaration or any extension, through a refining protocol, a
/// typealias of a composition, or a superclass of the project) and lacks a requirement of
/// it or of a project protocol it refines: reported at the type's name, or at the extension
/// that declares the conformance, once per missing requirement whichever protocols lead to
/// it (a subclass that conforms through a conforming project superclass is left to it). Functions match by base name and argument labels, properties by name, initializers
/// and subscripts by labels, static apart from instance; associated types, typealiases and
/// `optional` requirements need nothing. A requirement is provided by a member of the type,
/// of any extension of it in any file, of a superclass of the project, by a default
/// implementation in an extension of a protocol the type conforms to, by an enum case (for
/// a static requirement), or by what the compiler synthesises (memberwise and implicit
/// initializers, `Equatable`, `Hashable`, `Codable`, raw values).
///
/// **Why.** Seed 000 makes "ALL Repository protocol methods have RepositoryImpl
/// implementations" a critical review item and pairs every service protocol with its
/// implementation. A protocol nobody implements is a missing Data-layer type or a dead
/// contract; an implementation or `#if DEBUG` mock that lags behind its protocol breaks
/// whichever build compiles it next. The seed's grep compares bare `func` names and misses
/// labels, static members, properties, extensions in other files and inherited members.
///
/// **Example.**
/// ```swift
/// // Domain/Repositories/OrderRepository.swift
/// protocol OrderRepository: Sendable {
///     func fetchOrders() async throws -> [Order]
///     func cancelOrder(id: Order.ID) async throws
/// }
/// // Data/Repositories/OrderRepositoryImpl.swift
/// final class OrderRepositoryImpl: OrderRepository {   // flagged: no cancelOrder(id:)
///     func fetchOrders() async throws -> [Order] { … }
/// }
/// ```
///
/// **Instead.** Implement `cancelOrder(id:)` in `OrderRepositoryImpl` or an extension of it,
/// or give it a default implementation in an extension of `OrderRepository`.
///
/// The rule stays silent where it cannot see everything a type has: a type declared outside
/// the project (only extended here), a class whose superclass is external (heuristic: the
/// first inheritance entry that is neither a project protocol nor a known standard
/// protocol), a type that also conforms to a protocol from outside the project (whose
/// extensions may give the member), a protocol that refines an unknown external protocol (for (b); (a) still
/// applies), an attribute that may be a macro adding members or conformers (`@Mockable`),
/// and code under `#if false`. Every other `#if` branch counts. (a) is also left out for a
/// `public` protocol of a package target (`Sources/<Target>/`) that no linted file imports:
/// the package is linted on its own, and its clients implement it. A protocol name that two
/// modules declare is left alone: names are matched without modules.
public struct ProtocolImplParityRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 2

    public static let description = RuleDescription(
        id: "protocol-impl-parity",
        name: "Protocol and implementation parity",
        summary: "A Domain repository or service protocol that no type conforms to, or a conforming type that misses one of its requirements.",
        rationale: """
            Seed 000's code review checklist demands "🚨 ALL Repository protocol methods have RepositoryImpl \
            implementations", and its verification command #9 ("Verify ALL Repository protocol methods have \
            implementations") compares `func` names in `Domain/Repositories/*Repository.swift` with those in \
            `Data/Repositories/*RepositoryImpl.swift`; its feature recipe pairs every service protocol with an \
            implementation ("OrderServiceProtocol + OrderService") and every repository protocol with an \
            implementation and a mock. A protocol nobody implements is dead contract or a missing Data-layer \
            type, and an implementation or `#if DEBUG` mock that lags behind its protocol breaks the build of \
            whoever compiles it next. Unlike the grep, archlint matches argument labels, keeps static and \
            instance members apart, and counts what extensions in other files, superclasses in the project \
            and default implementations in protocol extensions provide.
            """,
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        options: [
            RuleOption(name: "requireImplementation", type: .bool, summary: "Report an in-scope protocol that no type in the project conforms to.", defaultValue: .bool(true)),
            RuleOption(name: "repositorySuffixes", type: .stringList, summary: "Name suffixes of repository protocols.", defaultValue: .strings(["Repository", "RepositoryProtocol", "RepositoryType"])),
            RuleOption(name: "serviceSuffixes", type: .stringList, summary: "Name suffixes of service protocols.",
                       defaultValue: .strings(["Service", "ServiceProtocol", "ServiceType", "UseCase", "UseCaseProtocol", "UseCaseType",
                                               "Interactor", "InteractorProtocol", "InteractorType"])),
            RuleOption(name: "folders", type: .stringList, summary: "Folders, inside the layer's own folder, whose protocols are in scope whatever their name.", defaultValue: .strings(["Repositories", "Services"])),
            RuleOption(name: "layers", type: .layerList, summary: "Layers whose protocols are in scope (at least one).", defaultValue: .strings(["Domain"]), requiresItems: true),
        ],
        triggeringExamples: triggeringExamples,
        nonTriggeringExamples: nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let settings = Settings(context.options, configuration: context.configuration)
        let graph = ConformanceGraph(index: context.index)
        let protocols = scopedProtocols(context.index, settings: settings, graph: graph)
        guard !protocols.isEmpty else { return [] }

        let conformers = graph.conformers(to: Set(protocols.map(\.name)))
        var violations: [Violation] = []

        // (a) A protocol that nothing implements.
        if settings.requireImplementation {
            let importedModules = Set(context.index.files.flatMap { $0.outline.imports.map(\.module) })
            for item in protocols where conformers[item.name, default: []].isEmpty
                && !graph.mayBeGenerated(item.declaration) && !graph.hasLocalConformer(item.name)
                && !Self.mayBeImplementedByClients(item.declaration, index: context.index, importedModules: importedModules) {
                violations.append(unimplementedViolation(item, graph: graph))
            }
        }

        // (b) A conforming type that misses requirements: one finding per (type, requirement),
        // whichever in-scope protocols lead to it.
        // A subclass that conforms through a project superclass that conforms itself is left
        // to that superclass: the requirement must be met there, and is reported once.
        var protocolsByType: [String: [ScopedProtocol]] = [:]
        for item in protocols {
            let conforming = Set(conformers[item.name, default: []])
            for type in conformers[item.name, default: []] where !graph.inheritsConformance(of: type, from: conforming) {
                protocolsByType[type, default: []].append(item)
            }
        }
        for type in protocolsByType.keys.sorted() {
            guard let witnesses = graph.witnesses(of: type) else { continue }
            var missing: [Signature: MissingRequirement] = [:]
            var order: [Signature] = []
            for item in protocolsByType[type]! {
                let contract = graph.contract(of: item.name)
                guard !contract.refinesUnknownProtocol else { continue }
                for requirement in contract.requirements where !witnesses.provides(requirement.signature) {
                    if missing[requirement.signature] == nil {
                        order.append(requirement.signature)
                        missing[requirement.signature] = MissingRequirement(via: item.name, requirements: [])
                    }
                    if !missing[requirement.signature]!.requirements.contains(where: { $0.declaration == requirement.declaration }) {
                        missing[requirement.signature]!.requirements.append(requirement)
                    }
                }
            }
            for signature in order {
                violations.append(missingViolation(type: type, signature: signature, missing: missing[signature]!,
                                                   witnesses: witnesses, graph: graph))
            }
        }
        return violations
    }

    // MARK: - Scope

    /// The rule's options, read once.
    struct Settings {
        var requireImplementation: Bool
        var repositorySuffixes: [String]
        var serviceSuffixes: [String]
        var folders: Set<String>
        var layers: Set<String>
        var layerFolders: LayerFolders

        init(_ options: ResolvedOptions, configuration: Configuration) {
            layerFolders = LayerFolders(configuration)
            requireImplementation = options.bool("requireImplementation")
            repositorySuffixes = options.strings("repositorySuffixes")
            serviceSuffixes = options.strings("serviceSuffixes")
            folders = Set(options.strings("folders"))
            layers = Set(options.strings("layers"))
        }
    }

    /// A protocol the rule checks: its qualified name, first declaration and what it is.
    struct ScopedProtocol {
        var name: String
        var declaration: DeclarationID
        /// Repository rather than service, for the wording of the message.
        var isRepository: Bool
    }

    /// Protocols declared in the configured layers whose name ends with a repository or
    /// service suffix, or that sit in one of the configured folders; one entry per
    /// qualified name, in file order.
    func scopedProtocols(_ index: ProjectIndex, settings: Settings, graph: ConformanceGraph) -> [ScopedProtocol] {
        var result: [ScopedProtocol] = []
        var seen = Set<String>()
        for (fileNumber, file) in index.files.enumerated() {
            guard let layer = file.layer, settings.layers.contains(layer) else { continue }
            let folders = settings.layerFolders.foldersInsideLayer(of: file.path, layer: layer, meaningful: settings.folders)
            let folder = folders.last { settings.folders.contains($0) }
            for number in file.kinds.indices where file.kinds[number] == .protocol {
                let declaration = file.outline.declarations[number]
                let id = DeclarationID(file: fileNumber, declaration: number)
                guard graph.isActive(id) else { continue }
                let isRepository = settings.repositorySuffixes.contains { declaration.name.hasSuffix($0) }
                let isService = settings.serviceSuffixes.contains { declaration.name.hasSuffix($0) }
                guard isRepository || isService || folder != nil else { continue }
                let name = file.qualifiedNames[number]
                guard seen.insert(name).inserted else { continue }
                // Two modules that each declare a type of this name (a Domain protocol and a
                // Data protocol or class of the same name): names are matched without
                // modules, so which one a conformer means is unknown, and the rule stays
                // silent about the protocol. Variants under `#if` are one declaration.
                guard !graph.isDeclaredTwice(name) else { continue }
                result.append(ScopedProtocol(name: name, declaration: id,
                                             isRepository: isRepository || (!isService && folder == "Repositories")))
            }
        }
        return result
    }

    /// Whether a protocol is the API of a package target that no linted file imports: a
    /// `public` (or `open`) protocol under `Sources/<Target>/`, linted without the code that
    /// uses the target (a local `DomainKit` package's own build, whose implementations live
    /// in the app). Its conformers are outside the run, so whether any exists is unknown.
    /// Not when the target also holds another layer's files (one `NotesKit` target with
    /// Domain and Data folders): its implementations would be in the target itself.
    static func mayBeImplementedByClients(_ id: DeclarationID, index: ProjectIndex, importedModules: Set<String>) -> Bool {
        let modifiers = index[id].modifiers
        guard modifiers.contains("public") || modifiers.contains("open") else { return false }
        let file = index.file(of: id)
        guard let target = PathText.packageTarget(of: file.path), !importedModules.contains(target.name) else { return false }
        return !index.files.contains { $0.path.hasPrefix(target.folder) && $0.layer != nil && $0.layer != file.layer }
    }

    // MARK: - Findings

    func unimplementedViolation(_ item: ScopedProtocol, graph: ConformanceGraph) -> Violation {
        let kind = item.isRepository ? "repository" : "service"
        let name = item.name.split(separator: ".").last.map(String.init) ?? item.name
        var suggested = name
        for suffix in ["Protocol", "Type"] where suggested.hasSuffix(suffix) && suggested.count > suffix.count {
            suggested.removeLast(suffix.count)
        }
        if suggested == name { suggested += "Impl" }
        let place = item.isRepository ? " in the Data layer" : ""
        let message = "No type in the project conforms to \(kind) protocol '\(item.name)', so nothing implements it; "
            + "add a conforming type (for example `final class \(suggested): \(item.name)`\(place)) or remove the unused protocol."
        return Violation(location: graph.nameLocation(of: item.declaration), message: message,
                         fingerprintText: "unimplemented " + item.name)
    }

    /// The requirements of one signature that a type misses, and the in-scope protocol that
    /// first led to them.
    struct MissingRequirement {
        var via: String
        var requirements: [Requirement]
    }

    func missingViolation(type: String, signature: Signature, missing: MissingRequirement, witnesses: Witnesses, graph: ConformanceGraph) -> Violation {
        let first = missing.requirements[0]
        var requiredBy = "'\(first.protocolName)'"
        if first.protocolName != missing.via { requiredBy += ", which '\(missing.via)' refines" }
        var message = "'\(type)' does not implement \(signature.noun) '\(signature.display)' required by \(requiredBy)"
        if let hint = witnesses.nearMiss(for: signature) { message += " (\(hint))" }
        message += "; add it to '\(type)' or an extension of it, or give it a default implementation in an extension of '\(first.protocolName)'."
        let related = missing.requirements.map { requirement in
            (location: graph.nameLocation(of: requirement.declaration),
             message: "\(signature.noun.prefix(1).uppercased() + signature.noun.dropFirst()) '\(signature.display)' required by '\(requirement.protocolName)'")
        }
        return Violation(location: graph.conformanceLocation(of: type, to: missing.via), message: message, related: related,
                         fingerprintText: type + " missing " + signature.fingerprint)
    }
}

// MARK: - Signatures

extension ProtocolImplParityRule {
    /// What a witness must match for a requirement: the kind of member, static or instance,
    /// the base name and the argument labels (`_` for none). Types, effects and `mutating`
    /// do not take part: a mismatch there is the compiler's business, not a missing member.
    struct Signature: Hashable {
        enum Kind: Hashable { case method, property, initializer, `subscript` }

        var kind: Kind
        var isStatic: Bool
        var name: String
        var labels: [String]

        /// The signatures of a requirement or of a member that can witness one (a property
        /// declaration may bind several names); empty for declarations that are neither
        /// (types, typealiases, associated types).
        static func of(_ declaration: Declaration, inEnum: Bool = false) -> [Signature] {
            switch declaration.kind {
            case .func:
                // Operators are called without labels, whatever their parameters are named.
                let isOperator = Self.isOperatorName(declaration.name)
                let labels = isOperator ? declaration.labels.map { _ in "_" } : declaration.labels
                return [Signature(kind: .method, isStatic: declaration.isStatic, name: declaration.name, labels: labels)]
            case .`init`:
                return [Signature(kind: .initializer, isStatic: false, name: "init", labels: declaration.labels)]
            case .subscript:
                return [Signature(kind: .subscript, isStatic: declaration.isStatic, name: "subscript", labels: declaration.labels)]
            case .var, .let:
                let names = declaration.names.isEmpty ? [declaration.name] : declaration.names
                return names.map { Signature(kind: .property, isStatic: declaration.isStatic, name: $0, labels: []) }
            case .case where inEnum:
                // An enum case witnesses a static property (`case empty` for `static var empty: Self`)
                // or a static function (`case failed(reason:)` for `static func failed(reason:) -> Self`).
                if declaration.parameters.isEmpty {
                    return [Signature(kind: .property, isStatic: true, name: declaration.name, labels: [])]
                }
                return [Signature(kind: .method, isStatic: true, name: declaration.name, labels: declaration.labels)]
            default:
                return []
            }
        }

        /// Whether a function's name is an operator's: it does not start with a letter or `_`.
        /// Told by the first byte unless that starts a non-ASCII character.
        static func isOperatorName(_ name: String) -> Bool {
            guard let first = name.utf8.first else { return false }
            if first < 0x80 { return !((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A || first == 0x5F) }
            return name.first.map { !($0.isLetter || $0 == "_") } ?? false
        }

        /// Hashes the kind, the name and the number of labels: enough to tell signatures
        /// apart in practice, and cheaper than hashing every label (equality still
        /// compares them all).
        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(name)
            hasher.combine(labels.count)
        }

        /// `order(id:)`, `count`, `init(client:)`, `subscript(id:)`.
        var display: String {
            kind == .property ? name : name + "(" + labels.map { $0 + ":" }.joined() + ")"
        }

        /// `method`, `static property`, `initializer`, …
        var noun: String {
            let base: String
            switch kind {
            case .method: base = "method"
            case .property: base = "property"
            case .initializer: base = "initializer"
            case .subscript: base = "subscript"
            }
            return isStatic ? "static " + base : base
        }

        var fingerprint: String { (isStatic ? "static " : "") + display }
    }

    /// A requirement of a project protocol.
    struct Requirement {
        var signature: Signature
        var declaration: DeclarationID
        /// The protocol that declares it (the in-scope protocol or one it refines).
        var protocolName: String
    }

    /// What an in-scope protocol asks of its conformers.
    struct Contract {
        var requirements: [Requirement] = []
        /// The protocol refines, directly or through project protocols, a protocol declared
        /// outside the project that is not a known standard one: its extensions (which archlint
        /// cannot see) may provide any requirement, so conformers are not checked.
        var refinesUnknownProtocol = false
    }

    /// Everything a conforming type provides, and whether an initializer requirement may be met
    /// by a synthesised initializer.
    struct Witnesses {
        /// Members of the type, its extensions, its project superclasses and the extensions of
        /// every protocol it conforms to, plus members the compiler synthesises.
        var signatures: Set<Signature> = []
        /// Members declared by the type itself and its extensions, for "did you mean" hints.
        var declared: [Signature] = []
        /// A struct without an initializer of its own: its memberwise initializer's labels,
        /// each with whether the argument may be left out (the property has a default).
        var memberwise: [(label: String, hasDefault: Bool)]?
        /// A class or actor without an initializer of its own gets `init()` (or inherits its
        /// superclass's) when its stored properties have defaults; archlint assumes they do.
        var hasImplicitInit = false

        func provides(_ signature: Signature) -> Bool {
            if signatures.contains(signature) { return true }
            guard signature.kind == .initializer else { return false }
            if hasImplicitInit && signature.labels.isEmpty { return true }
            if let memberwise {
                // Heuristic: the requirement's labels must be the memberwise labels in order, with
                // only defaulted properties left out. Swift itself accepts all of them, or none for
                // the implicit `init()`; accepting more errs on the side of silence.
                var remaining = signature.labels[...]
                for parameter in memberwise {
                    if remaining.first == parameter.label { remaining.removeFirst() } else if !parameter.hasDefault { return false }
                }
                return remaining.isEmpty
            }
            return false
        }

        /// A short hint when the type has something close: the same member static instead of
        /// instance (or the reverse), other argument labels, or another kind of member.
        func nearMiss(for signature: Signature) -> String? {
            let candidates = declared + signatures.sorted { $0.display < $1.display }
            if let other = candidates.first(where: { $0.kind == signature.kind && $0.name == signature.name && $0.labels == signature.labels }) {
                return other.isStatic
                    ? "it declares a static '\(other.display)', but the requirement is an instance member"
                    : "it declares an instance '\(other.display)', but the requirement is static"
            }
            if signature.kind != .property,
               let other = candidates.first(where: { $0.kind == signature.kind && $0.name == signature.name && $0.isStatic == signature.isStatic }) {
                return "it has '\(other.display)', with other argument labels"
            }
            if let other = candidates.first(where: { $0.name == signature.name && $0.kind != signature.kind }) {
                return "it declares '\(other.display)' as a \(other.noun)"
            }
            return nil
        }
    }
}

// MARK: - Conformance graph

extension ProtocolImplParityRule {
    /// Conformances, superclasses, requirements and witnesses of the project's types, resolved
    /// once per check. Built on `ProjectIndex`, with three additions the rule needs: names are
    /// resolved in their enclosing scope (`Outer.P` before `P`) and without a module qualifier
    /// (`ArcanaDomain.OrderRepository`), typealiases of protocol compositions are expanded, and
    /// declarations in `#if false` branches are left out.
    final class ConformanceGraph {
        let index: ProjectIndex
        /// Active extensions by the qualified name of the type they extend, module qualifier dropped.
        private var extensionsByName: [String: [DeclarationID]] = [:]
        /// Top-level operator functions of the project (`func + (lhs: Price, rhs: Price) -> Price`):
        /// Swift takes them as witnesses of a protocol's operator requirements.
        private var globalOperators: [Signature] = []
        private var directCache: [String: [String]] = [:]
        private var closureCache: [String: [String]] = [:]
        private var contractCache: [String: Contract] = [:]
        /// Project protocols named in inheritance clauses of local types, computed on first use.
        private var localSupertypes: Set<String>?

        /// Protocols of the standard library and Apple's base frameworks that are known to be
        /// protocols. As the first inheritance entry of a class they are not a superclass; as a
        /// refined protocol they provide nothing an in-scope protocol requires.
        static let knownProtocols: Set<String> = [
            "Sendable", "AnyObject", "Actor", "AnyActor", "Copyable", "Escapable", "BitwiseCopyable",
            "Equatable", "Hashable", "Comparable", "Identifiable", "CaseIterable", "RawRepresentable",
            "Codable", "Encodable", "Decodable", "Error", "LocalizedError",
            "CustomStringConvertible", "CustomDebugStringConvertible", "LosslessStringConvertible",
            "ObservableObject", "Observable",
            // `protocol NoteRepository: class`, the old spelling of `AnyObject`.
            "class",
        ]

        /// Protocols of the standard library whose extensions archlint models
        /// (`collectionDefaults`) or that give nothing a project protocol would require: a
        /// project protocol that refines one is still checked.
        static let modelledStandardProtocols: Set<String> = [
            "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
            "RangeReplaceableCollection", "AsyncSequence", "IteratorProtocol", "AsyncIteratorProtocol",
            "TextOutputStream", "TextOutputStreamable", "CustomReflectable",
        ]

        /// Other protocols of the standard library: never a class's superclass, but their
        /// extensions give members archlint does not model (`SetAlgebra`'s `isSubset(of:)`,
        /// `Numeric`'s operators), so a project protocol that refines one is not checked.
        static let otherStandardProtocols: Set<String> = [
            "OptionSet", "SetAlgebra", "Strideable", "Numeric", "SignedNumeric", "AdditiveArithmetic",
            "BinaryInteger", "FixedWidthInteger", "SignedInteger", "UnsignedInteger", "FloatingPoint",
            "BinaryFloatingPoint", "StringProtocol", "CodingKey", "SendableMetatype",
            "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByFloatLiteral",
            "ExpressibleByBooleanLiteral", "ExpressibleByArrayLiteral", "ExpressibleByDictionaryLiteral",
            "ExpressibleByNilLiteral", "ExpressibleByUnicodeScalarLiteral", "ExpressibleByExtendedGraphemeClusterLiteral",
            "ExpressibleByStringInterpolation",
        ]

        /// Module prefixes under which a known protocol may be written (`Swift.Sendable`).
        static let knownModules = ["Swift.", "Foundation.", "Combine.", "Observation.", "_Concurrency."]

        /// Attributes that never add members or conformances. Any other attribute on a type may
        /// be an attached macro (`@Mockable`, `@MemberwiseInit`) that does, and silences the rule.
        static let plainAttributes: Set<String> = [
            "MainActor", "Observable", "ObservationIgnored", "objc", "objcMembers", "nonobjc", "available", "frozen",
            "dynamicMemberLookup", "dynamicCallable", "propertyWrapper", "resultBuilder", "usableFromInline",
            "inlinable", "preconcurrency", "unchecked", "retroactive", "globalActor", "main", "testable", "_spi",
            "requires_stored_property_inits", "Model", "Sendable", "_marker", "rethrows", "UIApplicationMain",
            "NSApplicationMain", "discardableResult", "_fixed_layout", "unknown",
        ]

        /// Freestanding macros that never expand to members.
        static let plainMacros: Set<String> = ["warning", "error", "sourceLocation", "Preview", "Playground"]

        init(index: ProjectIndex) {
            self.index = index
            for (fileNumber, file) in index.files.enumerated() {
                for number in file.outline.topLevel where file.kinds[number] == .func {
                    let declaration = file.outline.declarations[number]
                    guard Signature.isOperatorName(declaration.name), isActive(DeclarationID(file: fileNumber, declaration: number)) else { continue }
                    globalOperators.append(Signature(kind: .method, isStatic: true, name: declaration.name, labels: declaration.labels.map { _ in "_" }))
                }
                for number in file.kinds.indices where file.kinds[number] == .extension {
                    let id = DeclarationID(file: fileNumber, declaration: number)
                    guard isActive(id) else { continue }
                    // By the extended type's name: without a module qualifier, and through a
                    // typealias of one name (`typealias NoteRepo = NoteRepository`).
                    let written = file.qualifiedNames[number]
                    var name = dropModuleQualifier(written)
                    if index.declaresTypealias(name), case let resolved = resolve(name, in: ""), resolved.count == 1 { name = resolved[0] }
                    extensionsByName[name, default: []].append(id)
                }
            }
        }

        // MARK: Declarations

        /// Whether the declaration is compiled in some configuration: not under `#if false`.
        func isActive(_ id: DeclarationID) -> Bool {
            !index[id].conditions.contains { $0.isInactive }
        }

        /// Active nominal types (protocols included) with this qualified name.
        func types(named name: String) -> [DeclarationID] {
            index.types(named: name).filter(isActive)
        }

        /// Whether an active type of this name is declared, of `kind` when one is given:
        /// `types(named:)` without making the list.
        func hasType(named name: String, kind: DeclarationKind? = nil) -> Bool {
            index.types(named: name).contains { (kind == nil || index[$0].kind == kind) && isActive($0) }
        }

        /// Whether more than one active type has this qualified name, and not only as
        /// variants under `#if` (one module cannot declare a type twice otherwise).
        func isDeclaredTwice(_ name: String) -> Bool {
            let declared = types(named: name)
            return declared.count > 1 && !declared.allSatisfy { !index[$0].conditions.isEmpty }
        }

        func isProtocol(_ name: String) -> Bool {
            hasType(named: name, kind: .protocol)
        }

        func isClass(_ name: String) -> Bool {
            hasType(named: name, kind: .class)
        }

        private func typealiases(named name: String) -> [DeclarationID] {
            index.declarations(named: name).filter { index[$0].kind == .typealias && isActive($0) }
        }

        /// Whether the project declares this name as a type or typealias.
        func declares(_ name: String) -> Bool {
            hasType(named: name) || !typealiases(named: name).isEmpty
        }

        /// Whether the name is a known protocol whose extensions give nothing archlint does not
        /// know about: refining it leaves a project protocol checked.
        static func isKnownProtocol(_ name: String) -> Bool {
            isListed(name) { knownProtocols.contains($0) || modelledStandardProtocols.contains($0) }
        }

        /// Whether the name is any protocol of the standard library or base frameworks that
        /// archlint knows: as a class's first inheritance entry, it is no superclass.
        static func isStandardProtocol(_ name: String) -> Bool {
            isKnownProtocol(name) || isListed(name) { otherStandardProtocols.contains($0) }
        }

        /// Whether `listed` holds the name, as written or without a known module prefix.
        private static func isListed(_ name: String, _ listed: (String) -> Bool) -> Bool {
            if listed(name) { return true }
            return knownModules.contains { name.hasPrefix($0) && listed(String(name.dropFirst($0.count))) }
        }

        /// The type's declarations and extensions.
        func parts(of name: String) -> [DeclarationID] {
            types(named: name) + (extensionsByName[name] ?? [])
        }

        private func activeMembers(of part: DeclarationID) -> [DeclarationID] {
            index[part].members.map { DeclarationID(file: part.file, declaration: $0) }.filter(isActive)
        }

        /// `ArcanaDomain.OrderRepository` → `OrderRepository` when only the shorter name is
        /// declared in the project.
        private func dropModuleQualifier(_ name: String) -> String {
            droppingModuleQualifier(name, declares: declares)
        }

        /// Resolves a name written inside `scope` (a qualified type name, or "" at top level):
        /// the innermost enclosing type that declares it wins, then the top level, then the name
        /// without a module qualifier. Typealiases are expanded into the names they alias.
        func resolve(_ written: String, in scope: String, depth: Int = 0) -> [String] {
            var name = written
            var enclosing = scope.isEmpty ? [] : scope.split(separator: ".").map(String.init)
            var found = false
            while !enclosing.isEmpty {
                let candidate = enclosing.joined(separator: ".") + "." + written
                if declares(candidate) {
                    name = candidate
                    found = true
                    break
                }
                enclosing.removeLast()
            }
            if !found { name = dropModuleQualifier(written) }
            guard !hasType(named: name), depth < 8, let alias = typealiases(named: name).first, let aliased = index[alias].typeText else {
                return [name]
            }
            let aliasScope = parentScope(of: alias)
            return normalisedNames(aliased).flatMap { resolve($0, in: aliasScope, depth: depth + 1) }
        }

        /// The qualified name of the type that encloses a declaration ("" at top level).
        func parentScope(of id: DeclarationID) -> String {
            guard let parent = index[id].parent else { return "" }
            return index.qualifiedName(of: DeclarationID(file: id.file, declaration: parent))
        }

        /// The scope names in a declaration's inheritance clause are looked up in: the enclosing
        /// type, or for an extension the extended type.
        private func inheritanceScope(of id: DeclarationID) -> String {
            index[id].kind == .extension ? dropModuleQualifier(index.qualifiedName(of: id)) : parentScope(of: id)
        }

        /// An inheritance entry's type names without attributes (`@MainActor P` → `P`).
        private func normalisedNames(_ entry: String) -> [String] {
            ProjectIndex.normalisedTypeNames(entry).compactMap { name in
                var text = Substring(name)
                while text.hasPrefix("@"), let space = text.firstIndex(of: " ") {
                    text = text[text.index(after: space)...].drop { $0 == " " }
                }
                return text.isEmpty ? nil : String(text)
            }
        }

        /// The resolved supertypes named by one declaration's inheritance clause, in order.
        func inherited(by part: DeclarationID) -> [String] {
            let scope = inheritanceScope(of: part)
            return index[part].inherits.flatMap { entry in normalisedNames(entry).flatMap { resolve($0, in: scope) } }
        }

        // MARK: Conformance

        /// Direct supertypes of a type or protocol: the inheritance clauses of its declarations
        /// and extensions.
        func directSupertypes(of name: String) -> [String] {
            if let cached = directCache[name] { return cached }
            var seen = Set<String>()
            let result = parts(of: name).flatMap(inherited(by:)).filter { seen.insert($0).inserted }
            directCache[name] = result
            return result
        }

        /// Every supertype reachable from `name` through project declarations, breadth first.
        func supertypes(of name: String) -> [String] {
            if let cached = closureCache[name] { return cached }
            var seen: Set<String> = [name]
            var result: [String] = []
            var queue = directSupertypes(of: name)
            var position = 0
            while position < queue.count {
                let next = queue[position]
                position += 1
                guard seen.insert(next).inserted else { continue }
                result.append(next)
                if hasType(named: next) || extensionsByName[next] != nil { queue += directSupertypes(of: next) }
            }
            closureCache[name] = result
            return result
        }

        /// For each of `protocols`, the project types that conform to it: declared types, and
        /// types declared elsewhere that an extension here makes conform. Sorted by name.
        func conformers(to protocols: Set<String>) -> [String: [String]] {
            // Only types that may reach one of the protocols are worth resolving.
            let reaching = index.namesMayConform(to: Array(protocols))
            var candidates = Set<String>()
            for (fileNumber, file) in index.files.enumerated() {
                for number in file.kinds.indices
                where file.kinds[number].isNominalType && file.kinds[number] != .protocol && isActive(DeclarationID(file: fileNumber, declaration: number)) {
                    let name = file.qualifiedNames[number]
                    if reaching.contains(ProjectIndex.lastComponent(name)) { candidates.insert(name) }
                }
            }
            for name in extensionsByName.keys where reaching.contains(ProjectIndex.lastComponent(name)) && !isProtocol(name) { candidates.insert(name) }

            var result: [String: [String]] = [:]
            for type in candidates.sorted() {
                for supertype in supertypes(of: type) where protocols.contains(supertype) {
                    result[supertype, default: []].append(type)
                }
            }
            return result
        }

        /// Whether a macro attached to the protocol (`@Mockable`) may generate its conformer.
        func mayBeGenerated(_ id: DeclarationID) -> Bool {
            index[id].attributes.contains { !Self.plainAttributes.contains($0.name) }
        }

        /// Whether a type declared inside a function body may conform to the protocol. Local
        /// types are not part of the outline; their inheritance clauses show up among the body's
        /// facts, as inheritance references or, read as an expression, as a call of the protocol
        /// (`struct Stub: OrderRepository { … }` looks like `OrderRepository { … }`). No valid
        /// expression calls a protocol, so either counts as a local conformance.
        func hasLocalConformer(_ protocolName: String) -> Bool {
            if localSupertypes == nil {
                var names = Set<String>()
                for (fileNumber, file) in index.files.enumerated() {
                    for reference in file.outline.topLevelFacts.references(withRoles: [.inheritance, .call]) {
                        names.formUnion(resolve(reference.name, in: ""))
                    }
                    for (number, declaration) in file.outline.declarations.enumerated() where !declaration.kind.hasMembers {
                        let id = DeclarationID(file: fileNumber, declaration: number)
                        guard isActive(id) else { continue }
                        let scope = parentScope(of: id)
                        for reference in declaration.facts.references(withRoles: [.inheritance, .call]) {
                            names.formUnion(resolve(reference.name, in: scope))
                        }
                    }
                }
                localSupertypes = names.filter(isProtocol)
            }
            return localSupertypes!.contains { $0 == protocolName || supertypes(of: $0).contains(protocolName) }
        }

        /// The requirements of a protocol and of the project protocols it refines, minus
        /// associated types, typealiases and `optional` requirements.
        func contract(of protocolName: String) -> Contract {
            if let cached = contractCache[protocolName] { return cached }
            var contract = Contract()
            let refined = supertypes(of: protocolName)
            contract.refinesUnknownProtocol = refined.contains { !declares($0) && !Self.isKnownProtocol($0) }
            for name in [protocolName] + refined where isProtocol(name) {
                for declaration in types(named: name) where index[declaration].kind == .protocol {
                    for member in activeMembers(of: declaration) where !index[member].modifiers.contains("optional") {
                        for signature in Signature.of(index[member]) {
                            contract.requirements.append(Requirement(signature: signature, declaration: member, protocolName: name))
                        }
                    }
                }
            }
            contractCache[protocolName] = contract
            return contract
        }

        // MARK: Witnesses

        /// What the type provides, or `nil` when the analysis cannot know: the type is declared
        /// outside the project, its superclass chain leaves the project, or a macro may add members.
        func witnesses(of type: String) -> Witnesses? {
            let declarations = types(named: type)
            guard !declarations.isEmpty else { return nil }
            var witnesses = Witnesses()
            var visited = Set<String>()
            var current: String? = type
            var isOwnType = true
            while let name = current, visited.insert(name).inserted {
                let parts = parts(of: name)
                guard !parts.contains(where: mayAddMembers) else { return nil }
                let isEnum = hasType(named: name, kind: .enum)
                for part in parts {
                    for member in activeMembers(of: part) {
                        let signatures = Signature.of(index[member], inEnum: isEnum)
                        witnesses.signatures.formUnion(signatures)
                        if isOwnType { witnesses.declared += signatures }
                    }
                }
                switch superclass(of: name) {
                case .none: current = nil
                case .project(let superclass): current = superclass
                case .external: return nil
                }
                isOwnType = false
            }

            // Default implementations: extensions of every protocol the type conforms to (of the
            // in-scope protocol, the protocols it refines, and any other), a superset that errs on
            // the side of silence.
            let supertypes = supertypes(of: type)
            // A protocol from outside the project (`final class NoteStore: NoteRepository,
            // TableRecord`) may give members in extensions archlint cannot see.
            if supertypes.contains(where: { !declares($0) && !Self.isKnownProtocol($0) }) { return nil }
            for name in supertypes where !isClass(name) {
                for part in extensionsByName[name] ?? [] {
                    for member in activeMembers(of: part) { witnesses.signatures.formUnion(Signature.of(index[member])) }
                }
            }
            witnesses.signatures.formUnion(synthesised(for: type, declarations: declarations, supertypes: supertypes))
            witnesses.signatures.formUnion(globalOperators)

            let ownInits = declarations.flatMap(activeMembers(of:)).contains { index[$0].kind == .`init` }
            if !ownInits {
                let kinds = Set(declarations.map { index[$0].kind })
                if kinds.contains(.struct) { witnesses.memberwise = memberwiseParameters(of: declarations) }
                if kinds.contains(.class) || kinds.contains(.actor) { witnesses.hasImplicitInit = true }
            }
            return witnesses
        }

        /// Whether a macro attached to the declaration or expanded inside its braces may add
        /// members archlint cannot see.
        private func mayAddMembers(_ part: DeclarationID) -> Bool {
            let declaration = index[part]
            if declaration.attributes.contains(where: { !Self.plainAttributes.contains($0.name) }) { return true }
            return index.files[part.file].outline.macroExpansions.contains { expansion in
                declaration.range.contains(expansion.offset) && !Self.plainMacros.contains(expansion.name)
            }
        }

        enum Superclass {
            case none
            case project(String)
            case external
        }

        /// Whether a project superclass of `type` (however far up) is one of `conformers`.
        func inheritsConformance(of type: String, from conformers: Set<String>) -> Bool {
            var seen: Set<String> = [type]
            var current = type
            while case .project(let superclass) = superclass(of: current), seen.insert(superclass).inserted {
                if conformers.contains(superclass) { return true }
                current = superclass
            }
            return false
        }

        /// A class's superclass. Heuristic without type information: the first inheritance entry
        /// of a class is its superclass unless it is a project protocol or a known protocol; an
        /// entry the project does not declare is taken to be an external superclass (and an
        /// external protocol written first, `class A: SomeKitDelegate, P`, is mistaken for one,
        /// which only makes the rule silent).
        func superclass(of name: String) -> Superclass {
            var result = Superclass.none
            for declaration in types(named: name) where index[declaration].kind == .class {
                guard let first = index[declaration].inherits.first else { continue }
                let scope = inheritanceScope(of: declaration)
                for candidate in normalisedNames(first).flatMap({ resolve($0, in: scope) }) {
                    if isClass(candidate) {
                        if case .none = result { result = .project(candidate) }
                    } else if !declares(candidate) && !Self.isStandardProtocol(candidate) {
                        return .external
                    }
                }
            }
            return result
        }

        /// Members that the standard library's extensions of its collection protocols (and of
        /// `AsyncSequence`) give every conformer, by the protocols that give them (a protocol brings those of the
        /// protocols it refines: `RandomAccessCollection` all of `Collection`'s and
        /// `Sequence`'s). Properties have no labels; a conservative list of the common ones.
        static let collectionDefaults: [(protocols: Set<String>, members: [(name: String, labels: [String]?)])] = {
            let sequence: Set<String> = ["Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection",
                                         "MutableCollection", "RangeReplaceableCollection"]
            let collection = sequence.subtracting(["Sequence"])
            let bidirectional: Set<String> = ["BidirectionalCollection", "RandomAccessCollection"]
            return [
                (sequence, [("underestimatedCount", nil), ("lazy", nil), ("map", ["_"]), ("compactMap", ["_"]), ("flatMap", ["_"]),
                            ("filter", ["_"]), ("reduce", ["_", "_"]), ("reduce", ["into", "_"]), ("forEach", ["_"]),
                            ("contains", ["_"]), ("contains", ["where"]), ("first", ["where"]), ("allSatisfy", ["_"]),
                            ("sorted", []), ("sorted", ["by"]), ("min", []), ("max", []), ("min", ["by"]), ("max", ["by"]),
                            ("enumerated", []), ("reversed", []), ("prefix", ["_"]), ("suffix", ["_"]), ("dropFirst", []),
                            ("dropFirst", ["_"]), ("dropLast", []), ("dropLast", ["_"]), ("elementsEqual", ["_"]),
                            ("starts", ["with"]), ("split", ["separator"]), ("joined", []), ("joined", ["separator"])]),
                (collection, [("count", nil), ("isEmpty", nil), ("first", nil), ("indices", nil), ("makeIterator", []),
                              ("firstIndex", ["of"]), ("firstIndex", ["where"]), ("index", ["_", "offsetBy"]),
                              ("distance", ["from", "to"]), ("randomElement", []), ("prefix", ["upTo"]),
                              ("prefix", ["through"]), ("suffix", ["from"])]),
                (bidirectional, [("last", nil), ("last", ["where"]), ("lastIndex", ["of"]), ("lastIndex", ["where"])]),
                (["MutableCollection"], [("swapAt", ["_", "_"]), ("sort", []), ("sort", ["by"]), ("reverse", []), ("shuffle", []),
                                         ("partition", ["by"])]),
                (["AsyncSequence"], [("map", ["_"]), ("compactMap", ["_"]), ("flatMap", ["_"]), ("filter", ["_"]),
                                     ("reduce", ["_", "_"]), ("reduce", ["into", "_"]), ("contains", ["_"]), ("contains", ["where"]),
                                     ("first", ["where"]), ("allSatisfy", ["_"]), ("min", []), ("max", []), ("min", ["by"]),
                                     ("max", ["by"]), ("prefix", ["_"]), ("prefix", ["while"]), ("dropFirst", []),
                                     ("dropFirst", ["_"]), ("drop", ["while"])]),
                (["RangeReplaceableCollection"], [("append", ["_"]), ("append", ["contentsOf"]), ("insert", ["_", "at"]),
                                                  ("insert", ["contentsOf", "at"]), ("remove", ["at"]), ("removeAll", []),
                                                  ("removeAll", ["where"]), ("removeAll", ["keepingCapacity"]), ("removeFirst", []),
                                                  ("removeFirst", ["_"]), ("removeLast", []), ("removeLast", ["_"]),
                                                  ("removeSubrange", ["_"]), ("reserveCapacity", ["_"])]),
            ]
        }()

        /// Members the compiler synthesises for conformances to known protocols and for enums
        /// with raw values.
        private func synthesised(for type: String, declarations: [DeclarationID], supertypes: [String]) -> [Signature] {
            let known = Set(supertypes.map { name in
                Self.knownModules.first { name.hasPrefix($0) }.map { String(name.dropFirst($0.count)) } ?? name
            })
            var result: [Signature] = []
            func add(_ kind: Signature.Kind, _ name: String, _ labels: [String] = [], isStatic: Bool = false) {
                result.append(Signature(kind: kind, isStatic: isStatic, name: name, labels: labels))
            }
            if !known.isDisjoint(with: ["Equatable", "Hashable", "Comparable"]) {
                add(.method, "==", ["_", "_"], isStatic: true)
                add(.method, "!=", ["_", "_"], isStatic: true)
            }
            if known.contains("Comparable") {
                for name in [">", "<=", ">="] { add(.method, name, ["_", "_"], isStatic: true) }
            }
            // What the standard library's collection protocols implement for every conformer
            // (`struct CartRepositoryImpl: CartRepository, RandomAccessCollection` gets `count`).
            for (protocols, members) in Self.collectionDefaults where !known.isDisjoint(with: protocols) {
                for member in members {
                    if member.labels == nil { add(.property, member.name) } else { add(.method, member.name, member.labels!) }
                }
            }
            if known.contains("Hashable") {
                add(.method, "hash", ["into"])
                add(.property, "hashValue")
            }
            if !known.isDisjoint(with: ["Codable", "Encodable"]) { add(.method, "encode", ["to"]) }
            if !known.isDisjoint(with: ["Codable", "Decodable"]) { add(.initializer, "init", ["from"]) }
            if known.contains("CaseIterable") { add(.property, "allCases", isStatic: true) }
            if !known.isDisjoint(with: ["Error", "LocalizedError"]) { add(.property, "localizedDescription") }
            let kinds = Set(declarations.map { index[$0].kind })
            if known.contains("Identifiable") && (kinds.contains(.class) || kinds.contains(.actor)) { add(.property, "id") }
            // An enum whose first inheritance entry is not a protocol has a raw type.
            let hasRawType = declarations.contains { declaration in
                guard index[declaration].kind == .enum, let first = index[declaration].inherits.first else { return false }
                let scope = inheritanceScope(of: declaration)
                return normalisedNames(first).flatMap { resolve($0, in: scope) }.contains { !isProtocol($0) && !Self.isStandardProtocol($0) }
            }
            if hasRawType || known.contains("RawRepresentable") {
                add(.property, "rawValue")
                add(.initializer, "init", ["rawValue"])
            }
            return result
        }

        /// The parameters of a struct's memberwise initializer: its stored instance properties in
        /// order, except `let`s with an initial value.
        private func memberwiseParameters(of declarations: [DeclarationID]) -> [(label: String, hasDefault: Bool)] {
            var result: [(label: String, hasDefault: Bool)] = []
            for declaration in declarations where index[declaration].kind == .struct {
                for member in activeMembers(of: declaration) {
                    let property = index[member]
                    guard property.kind == .var || property.kind == .let, property.isStored, !property.isStatic else { continue }
                    if property.kind == .let && property.hasInitializer { continue }
                    let isOptional = property.typeText.map { $0.hasSuffix("?") || $0.hasSuffix("!") } ?? false
                    let hasDefault = property.hasInitializer || (property.kind == .var && isOptional) || property.modifiers.contains("lazy")
                    for name in property.names.isEmpty ? [property.name] : property.names {
                        result.append((name, hasDefault))
                    }
                }
            }
            return result
        }

        // MARK: Locations

        /// The range of a declaration's name (backticks included).
        func nameLocation(of id: DeclarationID) -> Location {
            let declaration = index[id]
            let length = index.files[id.file].writtenNameLength(id.declaration)
            return Location(file: id.file, range: declaration.nameOffset..<(declaration.nameOffset + max(length, 1)))
        }

        /// Where a type declares its conformance to a protocol: the first of its declarations
        /// and extensions whose inheritance clause leads to the protocol (directly, through a
        /// refining protocol or through a superclass); the type's own name otherwise.
        func conformanceLocation(of type: String, to protocolName: String) -> Location {
            let parts = parts(of: type)
            for part in parts {
                if inherited(by: part).contains(where: { $0 == protocolName || supertypes(of: $0).contains(protocolName) }) {
                    return nameLocation(of: part)
                }
            }
            return nameLocation(of: parts[0])
        }
    }
}

