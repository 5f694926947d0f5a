import SwiftLexer
import SwiftOutline

/// The dependency relation of DESIGN §5.1, computed once per project and shared by the
/// `layer-dependency` rule (which reports the violations) and `archlint graph` (which
/// draws every dependency): per file, its imports and its references to the project's
/// top-level symbols, each resolved to the declaration and layer it depends on.
///
/// A name resolves as the design says: declared in the file's own layer or in a layer it
/// may depend on → that declaration (it shadows the others); else declared in a file of
/// no layer → that one (ambiguous: never a violation); else → the first declaration in
/// path order, a violation. A file in no layer resolves to its own kind first, then to
/// the first declaration, and never violates anything.
///
/// Resolution is by name; it gives up whenever a name may mean something else: a generic
/// parameter, an associated or member type, a parameter or local declaration (heuristics,
/// see `declaresLocally`), a member inherited from a type outside the project, a global
/// function named like a standard-library one (`DependencySymbols.platformFunctionNames`); and code
/// inside `#if false` is not code.
public struct LayerDependencies: Sendable {
    /// Which dependencies to compute.
    public enum Selection: Sendable {
        /// Every import and every resolved reference (for the graph).
        case all
        /// Only the dependencies that break the configuration (for the rule): references
        /// that resolve to allowed layers are not checked against local scopes, which is
        /// most of the work.
        case violations
    }

    public let index: ProjectIndex
    public let configuration: Configuration
    let symbols: DependencySymbols
    /// Per file, whether it sits in no module's folder (`FileResolver.isInAppTarget`).
    let inAppTarget: [Bool]

    public init(index: ProjectIndex, configuration: Configuration) {
        self.index = index
        self.configuration = configuration
        self.symbols = DependencySymbols(index: index)
        self.inAppTarget = index.files.map { FileResolver.isInAppTarget($0.path, layer: $0.layer, configuration: configuration) }
    }

    /// The dependencies of one file: its imports in source order, then its references by
    /// position. With `.violations`, files in no layer have none.
    public func dependencies(ofFile file: Int, selection: Selection = .all) -> [Dependency] {
        let layer = index.files[file].layer
        if selection == .violations, layer == nil { return [] }
        var resolver = FileResolver(dependencies: self, fileIndex: file, layer: layer, violationsOnly: selection == .violations)
        return resolver.imports() + resolver.references()
    }

    /// The dependencies of every file, in file order.
    public func all(selection: Selection = .all) -> [Dependency] {
        index.files.indices.flatMap { dependencies(ofFile: $0, selection: selection) }
    }
}

// MARK: - Scopes

/// What a name may mean inside one declaration besides a top-level symbol: generic
/// parameters, parameters, member types (nested types, typealiases, associated types of
/// the enclosing types, their extensions and project supertypes), and whether an enclosing
/// type inherits from something outside the project (whose members are unknown).
private struct ReferenceScope {
    var genericParameters: Set<String> = []
    var parameters: Set<String> = []
    /// Parameters spelled like a type that their own declaration's signature does not use
    /// as a type: in the body such a name means the value (`func f(_ NoteDTO: Int)`), while
    /// `func f(NoteDTO: NoteDTO)` still names the type in its signature.
    var valueParameters: Set<String> = []
    var memberTypes: Set<String> = []
    /// Some enclosing type has a supertype not declared in the project.
    var hasExternalSupertype = false
    /// … one that is not a known marker protocol, so it may bring methods of any name.
    var mayInheritMethods = false
    /// Where local declarations that could shadow a name would be written.
    var range: Range<Int>
}

/// Protocols from the standard library and Foundation that bring no method a bare call
/// could mean (their requirements are operators, properties or well-known names).
private let markerProtocols: Set<String> = [
    "Sendable", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Identifiable",
    "Error", "LocalizedError", "CustomStringConvertible", "CustomDebugStringConvertible", "CaseIterable",
    "RawRepresentable", "AnyObject", "Actor", "ObservableObject", "Swift.Sendable",
]

/// Marker protocols with no member types (`Identifiable`'s `ID`, `CaseIterable`'s
/// `AllCases` are member types): a type that inherits only these and project types has
/// no member type that a name could mean (`protocol Coordinator: AnyObject`).
private let memberlessProtocols = markerProtocols.subtracting(["Identifiable", "CaseIterable", "RawRepresentable", "ObservableObject"])

/// Heuristic: member types that SwiftUI, UIKit and standard-library protocols give their
/// conformers (`Body`, `Context` of `UIViewRepresentable`, `Configuration` of
/// `ButtonStyle`, `ID` of `Identifiable`…). Inside a type that inherits from something
/// outside the project, these names may mean that member type, so they are not resolved.
/// It misses member types of external supertypes with other names.
private let externalMemberTypeNames: Set<String> = [
    "Body", "Content", "Configuration", "Context", "Coordinator", "Label", "Value", "ID", "Element", "Index",
    "Indices", "Iterator", "SubSequence", "RawValue", "AllCases", "Output", "Failure", "Input", "Cache",
    "Subviews", "Layout", "UIViewType", "UIViewControllerType", "NSViewType", "NSViewControllerType",
    "ObjectWillChangePublisher", "Entry", "Intent", "Result", "Style",
]

// MARK: - One file

/// Resolves the dependencies of one file.
private struct FileResolver {
    let index: ProjectIndex
    let configuration: Configuration
    let symbols: DependencySymbols
    let fileIndex: Int
    /// The file's layer; `nil` for a file in no layer.
    let layer: String?
    let violationsOnly: Bool
    var scopes: [Int: ReferenceScope] = [:]
    var typeScopes: [String: (members: Set<String>, generics: Set<String>, external: Bool, inheritsMethods: Bool)] = [:]
    /// `declaresLocally` answers by name, scope and kind: a name is usually referenced many
    /// times in one declaration, and each answer scans the declaration's bytes.
    var localDeclarations: [LocalDeclarationKey: Bool] = [:]
    /// What the names of the file's facts mean before any scope is looked at, by the
    /// name's number in the file (`CodeFacts.Name`): a file names the same types and calls
    /// the same functions over and over, and each is looked up, decoded and chosen among
    /// its declarations once. A slot is 0 while a name is not worked out yet, 1 when it
    /// gives no dependency (it names no project symbol, or only allowed ones when only
    /// violations are wanted), and `n + 2` for `resolvedTypes[n]` or `resolvedFunctions[n]`.
    /// All facts of a file share its name numbers (see `CodeFacts.nameNumberLimit`).
    var typeSlots: [Int32] = []
    var functionSlots: [Int32] = []
    var resolvedTypes: [Resolved<TypeName>] = []
    var resolvedFunctions: [Resolved<FunctionName>] = []
    /// In a modular project (the file imports some layer's module), the layers whose
    /// declarations the file can see: its own, those whose modules it imports, and those
    /// without modules. A type of another layer's module that the file does not import is
    /// not visible, so a name it shares with that type means something else (an SDK type).
    /// `nil` when the file imports no layer's module: layers are folders of one module.
    let visibleLayers: Set<String>?
    /// The layers whose modules the file imports.
    let importedLayers: Set<String>
    /// Per file of the index, whether it sits in no module's folder
    /// (`isInAppTarget(_:layer:configuration:)`).
    let inAppTarget: [Bool]

    /// Whether a file of `layer` sits in no folder that names its module: not under
    /// `Sources/<Target>/` or `Tests/<Target>/` (a package's), and in no folder named like
    /// one of its layer's modules. Such a file is compiled into the app target, whatever
    /// module its layer names.
    static func isInAppTarget(_ path: String, layer: String?, configuration: Configuration) -> Bool {
        guard PathText.packageTarget(of: path) == nil else { return false }
        guard let modules = layer.flatMap({ configuration.layer(named: $0) })?.modules, !modules.isEmpty else { return true }
        return !PathText.segments(path).dropLast().contains { segment in modules.contains { $0 == segment } }
    }

    /// A name's symbol and the declaration of it a reference from this file means.
    struct Resolved<Symbol> {
        var symbol: Symbol
        var site: SymbolSite
        var isViolation: Bool
    }

    /// A name of project symbols, with every place that declares it.
    protocol Sited {
        var sites: [SymbolSite] { get }
    }

    /// A written type name that names a project type: `name`, declared at `sites`, is the
    /// longest prefix of `segments` dotted names (module qualifier included) that does.
    struct TypeName: Sited {
        var name: String
        var sites: [SymbolSite]
        var segments: Int
        /// The first name as written: what a nearer declaration could shadow. With a layer's
        /// module as qualifier (`ArcanaData.NoteDTO`), that module's name, which no type or
        /// local declaration of the project shadows.
        var first: String
    }

    /// A bare call's name that the project declares only as top-level functions, at `sites`.
    struct FunctionName: Sited {
        var name: String
        var sites: [SymbolSite]
    }
    /// The file's text, read on first use (most files resolve without it) and kept while
    /// the file is resolved.
    let text: SourceCache

    struct LocalDeclarationKey: Hashable {
        var name: String
        var range: Range<Int>
        var isValue: Bool
    }

    init(dependencies: LayerDependencies, fileIndex: Int, layer: String?, violationsOnly: Bool) {
        self.index = dependencies.index
        self.configuration = dependencies.configuration
        self.symbols = dependencies.symbols
        self.fileIndex = fileIndex
        self.layer = layer
        self.violationsOnly = violationsOnly
        self.text = SourceCache(files: dependencies.index.files)
        let file = dependencies.index.files[fileIndex]
        let configuration = dependencies.configuration
        let imported = Set(file.outline.imports.compactMap { configuration.layer(forModule: $0.module)?.name })
        importedLayers = imported
        inAppTarget = dependencies.inAppTarget
        if imported.isEmpty {
            visibleLayers = nil
        } else {
            visibleLayers = imported.union(layer.map { [$0] } ?? []).union(configuration.layers.filter(\.modules.isEmpty).map(\.name))
        }
    }

    var file: IndexedFile { index.files[fileIndex] }
    var inactive: [Range<Int>] { symbols.inactiveRanges[fileIndex] }

    // MARK: Imports

    /// `import M` statements outside `#if false`: of a layer's module (a violation when this
    /// layer may not use that layer), of a module in this layer's `forbiddenImports`, or of
    /// any other module.
    func imports() -> [Dependency] {
        let forbidden = layer.flatMap { configuration.layer(named: $0) }?.forbiddenImports ?? []
        var result: [Dependency] = []
        for item in file.outline.imports {
            guard !item.conditions.contains(where: \.isInactive), !InactiveCode.contains(inactive, item.offset) else { continue }
            let target = configuration.layer(forModule: item.module)?.name
            var kind = Dependency.Kind.import
            var isViolation = false
            if let layer, let target, !configuration.mayDepend(layer, on: target) {
                isViolation = true
            } else if forbidden.contains(item.module) {
                kind = .forbiddenImport
                isViolation = true
            }
            guard isViolation || !violationsOnly else { continue }
            result.append(Dependency(kind: kind, file: fileIndex, fromLayer: layer, fromDeclaration: nil, target: item.module,
                                     toLayer: target, declaration: nil, range: item.offset..<(item.offset + 6), isViolation: isViolation))
        }
        return result
    }

    // MARK: References

    /// Type references and calls of global functions that resolve to a project symbol, by
    /// position.
    mutating func references() -> [Dependency] {
        var found: [Dependency] = []
        collect(file.outline.topLevelFacts, declaration: nil, into: &found)
        var attributed = false
        for (number, declaration) in file.outline.declarations.enumerated() where !declaration.facts.isEmpty || !declaration.attributes.isEmpty {
            guard !declaration.conditions.contains(where: \.isInactive) else { continue }
            collect(declaration.facts, declaration: number, into: &found)
            attributed = collectAttributes(of: declaration, into: &found) || attributed
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        // `@Cached<Int>(…)`: its generic arguments' facts name the wrapper too.
        if attributed {
            var unique: [Dependency] = []
            for dependency in found where unique.last.map({ $0.range != dependency.range || $0.target != dependency.target }) ?? true {
                unique.append(dependency)
            }
            found = unique
        }
        return found
    }

    /// A custom attribute naming a project type: a property wrapper (`@Cached(…)`), a result
    /// builder or a global actor (`@DatabaseActor`) uses that type. It is resolved in the
    /// scope the declaration sits in. Whether any was found.
    mutating func collectAttributes(of declaration: Declaration, into found: inout [Dependency]) -> Bool {
        var any = false
        for attribute in declaration.attributes where attribute.name.first?.isUppercase == true {
            guard !InactiveCode.contains(inactive, attribute.offset), let resolved = resolved(typeName(of: attribute.name)),
                  let dependency = dependency(at: attribute.offset + 1, on: resolved, in: declaration.parent) else { continue }
            found.append(dependency)
            any = true
        }
        return any
    }

    mutating func collect(_ facts: CodeFacts, declaration: Int?, into found: inout [Dependency]) {
        let inactive = self.inactive
        facts.forEachReferenceName { name, _, offset in
            let slot = typeSlot(name, in: facts)
            guard slot > 1, !InactiveCode.contains(inactive, offset) else { return }
            if let dependency = dependency(at: offset, on: resolvedTypes[Int(slot) - 2], in: declaration) { found.append(dependency) }
        }
        facts.forEachCallName { name, offset in
            let slot = functionSlot(name, in: facts)
            guard slot > 1, !InactiveCode.contains(inactive, offset) else { return }
            if let dependency = dependency(at: offset, onFunction: resolvedFunctions[Int(slot) - 2], in: declaration) { found.append(dependency) }
        }
    }

    /// The slot of a type reference's name (see `typeSlots`), worked out on first use:
    /// what the name's text names, and the choice among its declarations (`resolvedTypes`).
    /// Written out for each kind of slot rather than through key paths: a file's first
    /// look-up of a name is made for about every sixth reference.
    mutating func typeSlot(_ name: CodeFacts.Name, in facts: CodeFacts) -> Int32 {
        let number = Int(name.number)
        if let known = Self.known(number, in: &typeSlots, names: facts.nameNumberLimit) { return known }
        let slot = Self.file(resolved(typeName(of: name, in: facts)), into: &resolvedTypes)
        typeSlots[number] = slot
        return slot
    }

    /// The slot of a bare call's name (see `functionSlots`), as `typeSlot(_:in:)`.
    mutating func functionSlot(_ name: CodeFacts.Name, in facts: CodeFacts) -> Int32 {
        let number = Int(name.number)
        if let known = Self.known(number, in: &functionSlots, names: facts.nameNumberLimit) { return known }
        let slot = Self.file(resolved(functionName(of: name, in: facts)), into: &resolvedFunctions)
        functionSlots[number] = slot
        return slot
    }

    /// The slot already worked out for name `number`, or nil; `slots` first grows to cover
    /// the file's `names` numbers.
    private static func known(_ number: Int, in slots: inout [Int32], names: Int) -> Int32? {
        if number >= slots.count { slots += repeatElement(0, count: max(names, number + 1) - slots.count) }
        return slots[number] != 0 ? slots[number] : nil
    }

    /// The slot of a name just worked out: 1 when it gives no dependency, else `n + 2` for
    /// its place `n` in `resolved`, where it is added.
    private static func file<Symbol>(_ meaning: Resolved<Symbol>?, into resolved: inout [Resolved<Symbol>]) -> Int32 {
        guard let meaning else { return 1 }
        resolved.append(meaning)
        return Int32(resolved.count + 1)
    }

    /// A symbol with the declaration of it this file means, unless there is none or only
    /// violations are wanted and depending on it is allowed.
    private func resolved<Symbol: Sited>(_ symbol: Symbol?) -> Resolved<Symbol>? {
        guard let symbol, let chosen = choose(symbol.sites), chosen.isViolation || !violationsOnly else { return nil }
        return Resolved(symbol: symbol, site: chosen.site, isViolation: chosen.isViolation)
    }

    /// `typeName(of:)` of a name of the file's facts. A name without a dot, as most are, is
    /// looked up by its bytes: a string is made only for the project's own names.
    func typeName(of name: CodeFacts.Name, in facts: CodeFacts) -> TypeName? {
        let bytes = facts.packedBytes(of: name)
        guard !bytes.contains(0x2E) else { return typeName(of: facts.text(of: name)) }
        guard let number = symbols.typeNumbers.number(of: bytes) else { return nil }
        let text = symbols.typeNames[number]
        return TypeName(name: text, sites: symbols.typeSites[number], segments: 1, first: text)
    }

    /// `Foo`, `Foo.Bar`, `ArcanaData.Foo`: the longest written prefix that names a project
    /// type (so that `Note.Row` declared in an extension elsewhere is that type, and
    /// `Note.ID` falls back to `Note`).
    func typeName(of text: String) -> TypeName? {
        // Most references are one plain name: one lookup, no splitting and joining for them.
        let dotted = text.utf8.withContiguousStorageIfAvailable { $0.contains(0x2E) } ?? text.utf8.contains(0x2E)
        guard dotted else {
            guard let sites = symbols.typeSites(named: text) else { return nil }
            return TypeName(name: text, sites: sites, segments: 1, first: text)
        }
        var text = text
        var hasEmptyName = false
        let resolved = text.withUTF8 { bytes -> TypeName? in
            // Where each name ends: at a dot, or at the end.
            var ends: [Int] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2E {
                if index == start {
                    hasEmptyName = true
                    return nil
                }
                ends.append(index)
                start = index + 1
            }
            func name(from start: Int, to end: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            let written = name(from: 0, to: ends[0])
            var first = written
            var nameStart = 0
            var prefix = 0
            // `ArcanaData.NoteDTO`: a layer's module name qualifying a type. The qualifier says
            // which layer's declaration is meant, when that layer has one.
            var moduleLayer: String?
            // Only a module the file can name: its own layer's, or one it imports. Otherwise
            // the first name is a type's (`Data.Index` is Foundation's, with a `Data` module
            // in the project that this file does not import).
            if ends.count > 1, let layer = configuration.layer(forModule: written), symbols.typeSites(named: written) == nil,
               layer.name == self.layer || importedLayers.contains(layer.name) {
                nameStart = ends[0] + 1
                prefix = 1
                first = name(from: nameStart, to: ends[1])
                moduleLayer = layer.name
            }
            // The longest prefix first: `Note.Row`, then `Note`.
            for count in stride(from: ends.count - prefix, through: 1, by: -1) {
                let candidate = count == 1 ? first : name(from: nameStart, to: ends[prefix + count - 1])
                guard var sites = symbols.typeSites(named: candidate) else { continue }
                if let moduleLayer {
                    let inModule = sites.filter { $0.layer == moduleLayer }
                    if !inModule.isEmpty { sites = inModule }
                }
                return TypeName(name: candidate, sites: sites, segments: prefix + count, first: moduleLayer == nil ? first : written)
            }
            return nil
        }
        // A leading, trailing or doubled dot (an empty name between backticks, in broken
        // code): the names without the empty ones, as they would be written.
        guard hasEmptyName else { return resolved }
        let names = ProjectIndex.nameComponents(text)
        return names.isEmpty ? nil : typeName(of: names.joined(separator: "."))
    }

    /// The dependency of the reference at `offset` on a resolved type, unless something
    /// nearer declares its first name.
    private mutating func dependency(at offset: Int, on resolved: Resolved<TypeName>, in declaration: Int?) -> Dependency? {
        let type = resolved.symbol
        let scope = scope(of: declaration)
        if scope.genericParameters.contains(type.first) || scope.memberTypes.contains(type.first) { return nil }
        // A parameter spelled like a type (`func f(_ NoteDTO: Int)`, unusual) means the value
        // in the body.
        if scope.valueParameters.contains(type.first) { return nil }
        if scope.hasExternalSupertype, externalMemberTypeNames.contains(type.first) { return nil }
        if declaresLocally(type.first, in: scope.range, isValue: false) { return nil }
        let end = referenceEnd(offset, segments: type.segments)
        return Dependency(kind: .reference, file: fileIndex, fromLayer: layer, fromDeclaration: declaration, target: type.name,
                          toLayer: resolved.site.layer, declaration: resolved.site.id, range: offset..<end, isViolation: resolved.isViolation)
    }

    /// A lowercase name that the project declares only as top-level functions, looked up
    /// by its bytes (most bare calls are of something else).
    func functionName(of name: CodeFacts.Name, in facts: CodeFacts) -> FunctionName? {
        let bytes = facts.packedBytes(of: name)
        guard let initial = (0..<bytes.count).lazy.map({ bytes[$0] }).first(where: { $0 != 0x5F }), !(0x41...0x5A).contains(initial),
              !bytes.contains(0x2E), let number = symbols.functionNumbers.number(of: bytes),
              !symbols.otherNames.contains(symbols.functionNames[number]),
              !DependencySymbols.platformFunctionNames.contains(symbols.functionNames[number]) else { return nil }
        return FunctionName(name: symbols.functionNames[number], sites: symbols.functionSites[number])
    }

    /// The dependency of a bare call at `offset` of a resolved function, unless nothing
    /// says it is that function (a parameter, a local declaration, an inherited method may
    /// be meant).
    mutating func dependency(at offset: Int, onFunction resolved: Resolved<FunctionName>, in declaration: Int?) -> Dependency? {
        let function = resolved.symbol
        let scope = scope(of: declaration)
        if scope.parameters.contains(function.name) || scope.mayInheritMethods { return nil }
        if declaresLocally(function.name, in: scope.range, isValue: true) { return nil }
        return Dependency(kind: .reference, file: fileIndex, fromLayer: layer, fromDeclaration: declaration, target: function.name,
                          toLayer: resolved.site.layer, declaration: resolved.site.id, range: offset..<referenceEnd(offset, segments: 1),
                          isViolation: resolved.isViolation)
    }

    /// Which of a name's declarations (in path order) a reference from this file means,
    /// and whether depending on it is a violation. One in this layer or an allowed layer
    /// shadows the rest; else one in a file of no layer makes the name ambiguous (not a
    /// violation); else the first declaration, in a layer this one may not use, is a
    /// violation. A file in no layer prefers declarations in no layer and violates nothing.
    /// In a modular project only declarations of layers the file can see count
    /// (`visibleLayers`).
    func choose(_ sites: [SymbolSite]) -> (site: SymbolSite, isViolation: Bool)? {
        var sites = sites
        if let visibleLayers {
            // A declaration in a folder of the app target (no module of its own), seen from
            // another such file, is in the same module whatever layer it is in: an app
            // folder beside local packages (`NotesApp/Data/` next to `Packages/ArcanaCore/`).
            sites.removeAll { site in
                guard let siteLayer = site.layer, !visibleLayers.contains(siteLayer) else { return false }
                return !(inAppTarget[fileIndex] && inAppTarget[site.id.file])
            }
        }
        guard let first = sites.first else { return nil }
        guard let layer else { return (sites.first { $0.layer == nil } ?? first, false) }
        if let own = sites.first(where: { $0.layer == layer }) { return (own, false) }
        if let allowed = sites.first(where: { $0.layer.map { configuration.mayDepend(layer, on: $0) } ?? false }) { return (allowed, false) }
        if let neutral = sites.first(where: { $0.layer == nil }) { return (neutral, false) }
        return (first, true)
    }

    // MARK: Scopes

    /// The scope of a declaration: its own and its enclosing declarations' generic
    /// parameters and parameters, and the member types of the enclosing types.
    mutating func scope(of declaration: Int?) -> ReferenceScope {
        guard let declaration else { return ReferenceScope(range: 0..<file.byteCount) }
        if let cached = scopes[declaration] { return cached }
        let outline = file.outline
        var scope = ReferenceScope(range: outline.declarations[declaration].range)
        var current: Int? = declaration
        while let number = current {
            let item = outline.declarations[number]
            scope.genericParameters.formUnion(item.genericParameters.map(Self.plainName))
            scope.parameters.formUnion(item.parameters.map(\.name))
            for parameter in item.parameters where parameter.name.first?.isUppercase == true {
                let signature = item.parameters.map(\.type) + [item.returnType ?? "", item.effects.thrownType ?? ""]
                if !signature.contains(where: { Self.mentions($0, parameter.name) }) { scope.valueParameters.insert(parameter.name) }
            }
            if item.kind.hasMembers {
                // The type and, for an outermost declaration, the types its dotted name is
                // nested in (a nested one reaches them as its parents): inside `extension
                // Screen.State`, `Item` may be `Screen.Item` and `Row` a generic parameter of `Screen`.
                var name = Substring(outline.qualifiedName(of: number))
                while !name.isEmpty {
                    let type = typeScope(String(name))
                    scope.memberTypes.formUnion(type.members)
                    scope.genericParameters.formUnion(type.generics)
                    scope.hasExternalSupertype = scope.hasExternalSupertype || type.external
                    scope.mayInheritMethods = scope.mayInheritMethods || type.inheritsMethods
                    name = item.parent == nil ? name[..<(name.lastIndex(of: ".") ?? name.startIndex)] : ""
                }
            }
            current = item.parent
        }
        scopes[declaration] = scope
        return scope
    }

    /// Member type names of a type (in its declarations and extensions anywhere, and in
    /// those of its project supertypes), its generic parameters (visible in extensions),
    /// and whether it inherits from something outside the project.
    mutating func typeScope(_ name: String) -> (members: Set<String>, generics: Set<String>, external: Bool, inheritsMethods: Bool) {
        if let cached = typeScopes[name] { return cached }
        var members: Set<String> = []
        var generics: Set<String> = []
        var external = false
        var inheritsMethods = false
        for type in [name] + index.allSupertypes(of: name) {
            let declared = index.types(named: type)
            // A supertype, or the extended type itself, that the project extends but does not
            // declare (`UIViewController`): its members are unknown.
            if index.declarations(named: type).isEmpty {
                if !memberlessProtocols.contains(type) { external = true }
                if !markerProtocols.contains(type) { inheritsMethods = true }
            }
            for member in index.members(of: type) {
                let item = index[member]
                if Self.memberTypeKinds.contains(item.kind) { members.insert(item.name) }
            }
            if type == name { generics.formUnion(declared.flatMap { index[$0].genericParameters.map(Self.plainName) }) }
        }
        let result = (members, generics, external, inheritsMethods)
        typeScopes[name] = result
        return result
    }

    static let memberTypeKinds: Set<DeclarationKind> = [.class, .struct, .enum, .actor, .protocol, .typealias, .associatedtype]
    /// Keywords that declare a name a type reference may mean: a local type, or a local
    /// value spelled like a type (`let NoteDTO = …`, unusual, but the name then means the
    /// value in that scope, string interpolations included).
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias", "let", "var"]
    static let valueKeywords: Set<String> = ["let", "var", "func", "for", "case"]

    /// Whether `text` (a type as written) has `name` as a whole word.
    static func mentions(_ text: String, _ name: String) -> Bool {
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if word == name { return true }
                word = ""
            }
        }
        return false
    }

    /// `each T` → `T`.
    static func plainName(_ parameter: String) -> String {
        parameter.hasPrefix("each ") ? String(parameter.dropFirst(5)) : parameter
    }

    /// Heuristic for local declarations, which the outline does not record: whether `name`
    /// is declared in `range` after a declaring keyword (`struct NoteDTO`, `let NoteDTO`,
    /// `let format`), or, for values, bound as a closure or pattern parameter (`format in`,
    /// `format:`, `format,`). A match inside a comment or string also counts, which only
    /// makes the resolution quieter.
    mutating func declaresLocally(_ name: String, in range: Range<Int>, isValue: Bool) -> Bool {
        let key = LocalDeclarationKey(name: name, range: range, isValue: isValue)
        if let known = localDeclarations[key] { return known }
        let answer = scanForLocalDeclaration(name, in: range, keywords: isValue ? Self.valueKeywords : Self.typeKeywords, isValue: isValue)
        localDeclarations[key] = answer
        return answer
    }

    func scanForLocalDeclaration(_ name: String, in range: Range<Int>, keywords: Set<String>, isValue: Bool) -> Bool {
        guard let bytes = text.source(of: fileIndex)?.bytes else { return false }
        let target = Array(name.utf8)
        guard !target.isEmpty else { return false }
        let lower = max(0, range.lowerBound)
        let upper = min(bytes.count, range.upperBound)
        var position = lower
        while position + target.count <= upper {
            defer { position += 1 }
            guard bytes[position] == target[0], bytes[position..<(position + target.count)].elementsEqual(target) else { continue }
            let end = position + target.count
            if position > 0, Self.isIdentifierByte(bytes[position - 1]) { continue }
            if end < bytes.count, Self.isIdentifierByte(bytes[end]) { continue }
            if keywords.contains(Self.word(before: position, in: bytes)) { return true }
            if !isValue, Self.isGenericParameterDeclaration(at: position, end: end, in: bytes) { return true }
            var next = end
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            let isFollowedByIn = next + 2 <= bytes.count && bytes[next] == 0x69 && bytes[next + 1] == 0x6E
                && (next + 2 == bytes.count || !Self.isIdentifierByte(bytes[next + 2]))
            if isValue {
                if next < bytes.count, bytes[next] == 0x3A || bytes[next] == 0x2C { return true }
                if isFollowedByIn { return true }
            } else if isFollowedByIn {
                // A capitalised closure parameter or loop variable: right after the closure's
                // `{` or a `,` of its parameters (`{ Token in Token.count }`, `{ _, Token in`), or
                // after `for` (`for Token in tokens`). Not a closure's result type (`{ x -> Token
                // in … }`), nor prose ("keep the RawNote in sync").
                var before = position - 1
                while before >= 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
                if before >= 0, bytes[before] == 0x7B || bytes[before] == 0x2C { return true }
                if Self.word(before: position, in: bytes) == "for" { return true }
            }
        }
        return false
    }

    /// Whether the name at `start..<end` is declared in a generic parameter clause of a
    /// local function or type (`func sorted<Item: Comparable>`, `struct Box<Key, Item>`),
    /// which the outline does not record.
    static func isGenericParameterDeclaration(at start: Int, end: Int, in bytes: [UInt8]) -> Bool {
        var next = end
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        guard next < bytes.count, bytes[next] == 0x3A || bytes[next] == 0x2C || bytes[next] == 0x3E else { return false }
        // A parameter follows `<` or `,`; a name after `:` or `&` is a constraint.
        var before = start - 1
        while before >= 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
        guard before >= 0, bytes[before] == 0x3C || bytes[before] == 0x2C else { return false }
        // Back to the clause's `<` over earlier parameters (`Key: Hashable, `), on one line.
        var index = start - 1
        var depth = 0
        var steps = 0
        while index >= 0, steps < 256 {
            steps += 1
            switch bytes[index] {
            case 0x3E: depth += 1
            case 0x3C where depth > 0: depth -= 1
            case 0x3C:
                let owner = word(before: index, in: bytes)
                guard !owner.isEmpty, bytes[index - 1] != 0x20 else { return false }
                if owner == "init" || owner == "subscript" { return true }
                let ownerStart = index - owner.utf8.count
                return ["func", "struct", "class", "enum", "actor", "typealias"].contains(word(before: ownerStart, in: bytes))
            case 0x0A, 0x0D, 0x7B, 0x7D, 0x28, 0x29, 0x3B, 0x3D: return false
            default: break
            }
            index -= 1
        }
        return false
    }

    /// The identifier just before `offset`, skipping whitespace.
    static func word(before offset: Int, in bytes: [UInt8]) -> String {
        var end = offset
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        var start = end
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x60 || byte == 0x24 || byte >= 0x80
    }

    // MARK: Locations

    /// The end of a reference's dotted name as written (`NoteAPI.Endpoint`, `segments`
    /// names long), so that its range covers the symbol and not what follows it.
    func referenceEnd(_ offset: Int, segments: Int) -> Int {
        guard let bytes = text.source(of: fileIndex)?.bytes, offset < bytes.count else { return offset + 1 }
        var position = offset
        var remaining = segments
        while position < bytes.count {
            let start = position
            while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
            remaining -= 1
            guard remaining > 0, position > start, position + 1 < bytes.count, bytes[position] == 0x2E,
                  Self.isIdentifierByte(bytes[position + 1]) else { break }
            position += 1
        }
        return max(position, offset + 1)
    }
}
