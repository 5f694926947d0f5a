import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `layer-dependency`: code that depends on a layer its own layer may not depend on.
///
/// **What it flags.** In a file that belongs to a layer (DESIGN §4), three kinds of
/// dependency: `import M` where `M` is the module of a layer this one may not use;
/// `import M` of a module in the layer's `forbiddenImports` (SwiftUI, UIKit, Combine… in
/// Domain); and a reference to a type, protocol, typealias or global function that the
/// project declares only in files of such layers — in a type annotation, an inheritance
/// clause, a generic argument or constraint, an initializer call, a static member access,
/// `X.self`, `X.Type`, an `is`/`as` cast, an extension, a return type, or a call.
///
/// **Why it is bad.** Dependencies must point inward (Presentation → Domain ← Data). A
/// ViewModel that names `RemoteNoteRepository`, or a use case that returns a `NoteDTO`,
/// ties business rules to storage and screens, so neither can change or be tested alone.
///
/// **Example.**
/// ```swift
/// // Presentation/NotesViewModel.swift
/// final class NotesViewModel {
///     private let repository: RemoteNoteRepository   // declared in Data/
/// }
/// ```
///
/// **Use instead.** Depend on the Domain protocol (`NoteRepository`) and let the
/// composition root (`DI/`, `*App.swift`) create the Data implementation and inject it.
///
/// Resolution is by name over the project's top-level declarations and their nested types
/// (`Outer.Inner`); it stays silent whenever a name may mean something else: a name also
/// declared in the file's own layer or an allowed one, or in a file outside every layer;
/// generic parameters, associated and member types, parameters and local declarations;
/// code inside `#if false`.
public struct LayerDependencyRule: Rule {
    public static let description = RuleDescription(
        id: "layer-dependency",
        name: "Layer dependency",
        summary: "A file depends on a layer (an import or a type, protocol or global function declared there) that its own layer may not depend on.",
        rationale: """
            Seed 003 states the dependency rule: "Dependencies flow INWARD only", "Inner layers \
            NEVER depend on outer layers": "Presentation can depend on Domain", "Domain NEVER \
            depends on Presentation or Data", "Data can depend on Domain (implements protocols)"; \
            it lists as anti-patterns "ViewModels depending on concrete Repository implementations", \
            "Domain layer importing UIKit or SwiftUI" and "Reverse dependencies (Domain importing \
            Presentation/Data)". Seed 000 asks for "Dependency Inversion: Data layer implements \
            Domain layer interfaces". Every such dependency that slips in couples business rules \
            to a screen or a storage technology: the Domain can no longer be compiled, tested or \
            reused without them, and a change in a DTO ripples into views. The fix is always one \
            of three: depend on a Domain protocol instead, move the type to the layer that may be \
            used, or connect the pieces in the composition root, which may depend on everything.
            """,
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        triggeringExamples: LayerDependencyRule.triggeringExamples,
        nonTriggeringExamples: LayerDependencyRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let symbols = SymbolTable(index: context.index)
        var violations: [Violation] = []
        for fileIndex in context.index.files.indices {
            // Files in no layer are neutral: never the source of a finding.
            guard let layerName = context.index.files[fileIndex].layer,
                  let layer = context.configuration.layer(named: layerName) else { continue }
            var checker = FileChecker(context: context, symbols: symbols, fileIndex: fileIndex, layer: layer)
            violations += checker.importViolations()
            violations += checker.referenceViolations()
        }
        return violations
    }
}

// MARK: - The project's symbols

/// Where a symbol is declared: which declaration, in which file and layer.
private struct Site {
    var id: DeclarationID
    var layer: String?
    var path: String
}

/// What references can resolve to: top-level types, protocols, typealiases (and types
/// nested in them, by qualified name) and top-level functions, each with every place that
/// declares it in path order. Declarations inside `#if false` are left out: they are
/// never compiled, so they neither shadow nor get depended on.
private struct SymbolTable {
    /// Types, protocols and typealiases by qualified name (`NoteDTO`, `NoteAPI.Endpoint`).
    var types: [String: [Site]] = [:]
    /// Top-level functions by base name.
    var functions: [String: [Site]] = [:]
    /// Every other declared name (methods, properties, cases, global variables): a bare call
    /// of such a name may mean that declaration rather than a global function.
    var otherNames: Set<String> = []
    /// Byte ranges of `#if false`-style code, per file.
    var inactiveRanges: [[Range<Int>]] = []

    /// Declarations that make a type name, at top level or nested in a type.
    static let typeKinds: Set<DeclarationKind> = [.class, .struct, .enum, .actor, .protocol, .typealias]

    init(index: ProjectIndex) {
        for (fileIndex, file) in index.files.enumerated() {
            let inactive = file.source.map(InactiveCode.ranges(in:)) ?? []
            inactiveRanges.append(inactive)
            let outline = file.outline
            for (number, declaration) in outline.declarations.enumerated() where !declaration.name.isEmpty {
                let site = Site(id: DeclarationID(file: fileIndex, declaration: number), layer: file.layer, path: file.path)
                let isInactive = declaration.conditions.contains(where: \.isInactive) || InactiveCode.contains(inactive, declaration.nameOffset)
                if declaration.parent == nil, declaration.kind == .func {
                    if !isInactive { functions[declaration.name, default: []].append(site) }
                    continue
                }
                if Self.typeKinds.contains(declaration.kind), Self.isTypeScoped(number, in: outline) {
                    if !isInactive { types[outline.qualifiedName(of: number), default: []].append(site) }
                    continue
                }
                if declaration.kind != .extension {
                    otherNames.insert(declaration.name)
                    otherNames.formUnion(declaration.names)
                }
            }
        }
        // "The first declaration in path order" names the finding.
        let byPath: (Site, Site) -> Bool = { ($0.path, $0.id) < ($1.path, $1.id) }
        types = types.mapValues { $0.sorted(by: byPath) }
        functions = functions.mapValues { $0.sorted(by: byPath) }
    }

    /// Whether a declaration sits at top level or only inside types and extensions (so that
    /// its qualified name can be written from elsewhere).
    static func isTypeScoped(_ index: Int, in outline: FileOutline) -> Bool {
        var current = outline.declarations[index].parent
        while let parent = current {
            guard outline.declarations[parent].kind.hasMembers else { return false }
            current = outline.declarations[parent].parent
        }
        return true
    }
}

// MARK: - Inactive code

/// `#if false`, `#if never` (and `#if 0`) regions. The outline records the `#if` stack of
/// declarations only; code inside bodies carries none, so the regions are found here from
/// the file's tokens (only for files that contain `#if` at all).
private enum InactiveCode {
    static func ranges(in source: SourceFile) -> [Range<Int>] {
        guard containsIf(source.bytes) else { return [] }
        let tokens = Lexer.tokenize(source).tokens
        var ranges: [Range<Int>] = []
        // Per open `#if`: where its current branch became inactive, if it is.
        var open: [Int?] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard token.kind == .pound else { continue }
            let directive = source.text(token.range)
            guard directive == "#if" || directive == "#elseif" || directive == "#else" || directive == "#endif" else { continue }
            var words: [String] = []
            var lineEnd = token.end
            while index < tokens.count, !tokens[index].flags.contains(.newlineBefore) {
                words.append(source.text(tokens[index].range))
                lineEnd = tokens[index].end
                index += 1
            }
            if directive == "#if" {
                open.append(nil)
            } else if !open.isEmpty, let start = open[open.count - 1] {
                ranges.append(start..<token.start)
                open[open.count - 1] = nil
            }
            guard !open.isEmpty else { continue }  // a stray `#elseif`/`#else`/`#endif`
            switch directive {
            case "#if", "#elseif":
                let clause = ConditionClause(directive: directive == "#if" ? .if : .elseif, condition: words.joined(separator: " "))
                if clause.isInactive { open[open.count - 1] = lineEnd }
            case "#endif":
                open.removeLast()
            default:
                break  // `#else`: the other branch of an unknown condition is analysed
            }
        }
        for start in open.compactMap({ $0 }) { ranges.append(start..<source.bytes.count) }
        return ranges
    }

    static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
        ranges.contains { $0.contains(offset) }
    }

    private static func containsIf(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == 0x23 && bytes[index + 1] == 0x69 && bytes[index + 2] == 0x66 {
            return true
        }
        return false
    }
}

// MARK: - Scopes

/// What a name may mean inside one declaration besides a top-level symbol: generic
/// parameters, parameters, member types (nested types, typealiases, associated types of
/// the enclosing types, their extensions and project supertypes), and whether an enclosing
/// type inherits from something outside the project (whose members are unknown).
private struct Scope {
    var genericParameters: Set<String> = []
    var parameters: Set<String> = []
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

/// Checks one file that belongs to `layer`.
private struct FileChecker {
    let context: RuleContext
    let symbols: SymbolTable
    let fileIndex: Int
    let layer: Layer
    var scopes: [Int: Scope] = [:]
    var typeScopes: [String: (members: Set<String>, generics: Set<String>, external: Bool, inheritsMethods: Bool)] = [:]

    init(context: RuleContext, symbols: SymbolTable, fileIndex: Int, layer: Layer) {
        self.context = context
        self.symbols = symbols
        self.fileIndex = fileIndex
        self.layer = layer
    }

    var index: ProjectIndex { context.index }
    var file: IndexedFile { index.files[fileIndex] }
    var configuration: Configuration { context.configuration }
    var inactive: [Range<Int>] { symbols.inactiveRanges[fileIndex] }

    // MARK: Imports

    /// `import M` of another layer's module this layer may not use, or of a module in the
    /// layer's `forbiddenImports`; one finding per module, at the first `import` keyword.
    func importViolations() -> [Violation] {
        var seen: Set<String> = []
        var violations: [Violation] = []
        for item in file.outline.imports {
            guard !item.conditions.contains(where: \.isInactive), !InactiveCode.contains(inactive, item.offset) else { continue }
            let location = Location(file: fileIndex, range: item.offset..<(item.offset + 6))
            if let target = configuration.layer(forModule: item.module), !configuration.mayDepend(layer.name, on: target.name) {
                guard seen.insert(item.module).inserted else { continue }
                violations.append(Violation(
                    location: location,
                    message: "\(layer.name) imports \(item.module), the module of layer \(target.name), and \(allowance). "
                        + "Depend on a Domain protocol instead, move what this file needs into an allowed layer, "
                        + "or wire the two together in the composition root.",
                    fingerprintText: item.module))
            } else if layer.forbiddenImports.contains(item.module) {
                guard seen.insert(item.module).inserted else { continue }
                violations.append(Violation(
                    location: location,
                    message: "\(layer.name) imports \(item.module), which layer \(layer.name) must not import (its forbiddenImports). "
                        + "Move the code that needs \(item.module) to an outer layer, or depend on a \(layer.name) protocol "
                        + "that an outer layer implements and the composition root injects.",
                    fingerprintText: item.module))
            }
        }
        return violations
    }

    /// "Presentation may depend only on Domain and Core", for messages.
    var allowance: String {
        let allowed = layer.mayDependOn.filter { $0 != layer.name }
        guard !allowed.isEmpty else { return "\(layer.name) may not depend on any other layer" }
        let list = allowed.count == 1 ? allowed[0] : allowed.dropLast().joined(separator: ", ") + " and " + allowed[allowed.count - 1]
        return "\(layer.name) may depend only on \(list)"
    }

    // MARK: References

    /// A reference that resolves to a symbol of a forbidden layer.
    struct Candidate {
        var offset: Int
        /// Dotted segments to cover at `offset` (a module prefix included).
        var segments: Int
        var symbol: String
        var site: Site
    }

    /// Type references and calls of global functions that resolve only to forbidden
    /// layers; one finding per symbol, at its first reference in the file.
    mutating func referenceViolations() -> [Violation] {
        var candidates: [Candidate] = []
        collect(file.outline.topLevelFacts, declaration: nil, into: &candidates)
        for (number, declaration) in file.outline.declarations.enumerated() where !declaration.facts.isEmpty {
            guard !declaration.conditions.contains(where: \.isInactive) else { continue }
            collect(declaration.facts, declaration: number, into: &candidates)
        }
        candidates.sort { $0.offset < $1.offset }
        var seen: Set<String> = []
        var violations: [Violation] = []
        for candidate in candidates where seen.insert(candidate.symbol).inserted {
            violations.append(violation(for: candidate))
        }
        return violations
    }

    mutating func collect(_ facts: CodeFacts, declaration: Int?, into candidates: inout [Candidate]) {
        for reference in facts.references where !InactiveCode.contains(inactive, reference.offset) {
            if let candidate = resolveType(reference, in: declaration) { candidates.append(candidate) }
        }
        for call in facts.calls where !InactiveCode.contains(inactive, call.offset) {
            if let candidate = resolveFunction(call, in: declaration) { candidates.append(candidate) }
        }
    }

    /// `Foo`, `Foo.Bar`, `ArcanaData.Foo`: the longest written prefix that names a project
    /// type (so that `Note.Row` declared in an extension elsewhere is that type, and
    /// `Note.ID` falls back to `Note`).
    mutating func resolveType(_ reference: TypeReference, in declaration: Int?) -> Candidate? {
        var segments = reference.name.split(separator: ".").map(String.init)
        var prefix = 0
        // `ArcanaData.NoteDTO`: a layer's module name qualifying a type.
        if segments.count > 1, configuration.layer(forModule: segments[0]) != nil, symbols.types[segments[0]] == nil {
            segments.removeFirst()
            prefix = 1
        }
        guard let first = segments.first else { return nil }
        var resolved: (name: String, count: Int, sites: [Site])? = nil
        for count in stride(from: segments.count, through: 1, by: -1) {
            let name = segments[0..<count].joined(separator: ".")
            if let sites = symbols.types[name] {
                resolved = (name, count, sites)
                break
            }
        }
        guard let resolved, let site = forbiddenSite(resolved.sites) else { return nil }
        let scope = scope(of: declaration)
        if scope.genericParameters.contains(first) || scope.memberTypes.contains(first) { return nil }
        if scope.hasExternalSupertype, externalMemberTypeNames.contains(first) { return nil }
        if declaresLocally(first, in: scope.range, keywords: Self.typeKeywords, isValue: false) { return nil }
        return Candidate(offset: reference.offset, segments: prefix + resolved.count, symbol: resolved.name, site: site)
    }

    /// A bare call of a lowercase name that the project declares only as a top-level
    /// function of a forbidden layer, and that nothing nearer could mean.
    mutating func resolveFunction(_ call: Call, in declaration: Int?) -> Candidate? {
        let name = call.name
        guard let initial = name.utf8.first(where: { $0 != 0x5F }), !(0x41...0x5A).contains(initial), !name.contains("."),
              let sites = symbols.functions[name], !symbols.otherNames.contains(name),
              let site = forbiddenSite(sites) else { return nil }
        let scope = scope(of: declaration)
        if scope.parameters.contains(name) || scope.mayInheritMethods { return nil }
        if declaresLocally(name, in: scope.range, keywords: Self.valueKeywords, isValue: true) { return nil }
        return Candidate(offset: call.offset, segments: 1, symbol: name, site: site)
    }

    /// The declaration to report when every declaration of a name is in a layer this one
    /// may not use; `nil` when one is in this layer or an allowed one (shadowing), or in a
    /// file outside every layer (ambiguous).
    func forbiddenSite(_ sites: [Site]) -> Site? {
        var first: Site? = nil
        for site in sites {
            guard let other = site.layer else { return nil }
            if configuration.mayDepend(layer.name, on: other) { return nil }
            if first == nil { first = site }
        }
        return first
    }

    // MARK: Scopes

    /// The scope of a declaration: its own and its enclosing declarations' generic
    /// parameters and parameters, and the member types of the enclosing types.
    mutating func scope(of declaration: Int?) -> Scope {
        guard let declaration else { return Scope(range: 0..<(file.source?.bytes.count ?? 0)) }
        if let cached = scopes[declaration] { return cached }
        let outline = file.outline
        var scope = Scope(range: outline.declarations[declaration].range)
        var current: Int? = declaration
        while let number = current {
            let item = outline.declarations[number]
            scope.genericParameters.formUnion(item.genericParameters.map(Self.plainName))
            scope.parameters.formUnion(item.parameters.map(\.name))
            if item.kind.hasMembers {
                let type = typeScope(outline.qualifiedName(of: number))
                scope.memberTypes.formUnion(type.members)
                scope.genericParameters.formUnion(type.generics)
                scope.hasExternalSupertype = scope.hasExternalSupertype || type.external
                scope.mayInheritMethods = scope.mayInheritMethods || type.inheritsMethods
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
                external = true
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
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
    static let valueKeywords: Set<String> = ["let", "var", "func", "for", "case"]

    /// `each T` → `T`.
    static func plainName(_ parameter: String) -> String {
        parameter.hasPrefix("each ") ? String(parameter.dropFirst(5)) : parameter
    }

    /// Heuristic for local declarations, which the outline does not record: whether `name`
    /// is declared in `range` after one of `keywords` (`struct NoteDTO`, `let format`), or,
    /// for values, bound as a closure or pattern parameter (`format in`, `format:`,
    /// `format,`). A match inside a comment or string also counts, which only makes the
    /// rule quieter.
    func declaresLocally(_ name: String, in range: Range<Int>, keywords: Set<String>, isValue: Bool) -> Bool {
        guard let bytes = file.source?.bytes else { return false }
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
            if isValue {
                var next = end
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, bytes[next] == 0x3A || bytes[next] == 0x2C { return true }
                if next + 2 <= bytes.count, bytes[next] == 0x69, bytes[next + 1] == 0x6E,
                   next + 2 == bytes.count || !Self.isIdentifierByte(bytes[next + 2]) { return true }
            }
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

    // MARK: Reporting

    func violation(for candidate: Candidate) -> Violation {
        let declaration = index[candidate.site.id]
        let declaringLayer = candidate.site.layer ?? "?"
        let isFunction = declaration.kind == .func
        let kind = isFunction ? "global function" : declaration.kind.rawValue
        let shown = isFunction ? candidate.symbol + "(…)" : candidate.symbol
        let remedy = isFunction
            ? "Depend on a Domain protocol instead, move the function into an allowed layer, or call it from the composition root."
            : "Depend on a Domain protocol instead, move the type into an allowed layer, or wire it in the composition root."
        let declarationFile = index.files[candidate.site.id.file]
        let nameEnd = declaration.nameOffset + declaration.name.utf8.count
        return Violation(
            location: Location(file: fileIndex, range: candidate.offset..<referenceEnd(candidate)),
            message: "\(layer.name) depends on \(declaringLayer): \(kind) '\(shown)' is declared in \(declarationFile.path) "
                + "(layer \(declaringLayer)), and \(allowance). " + remedy,
            related: [(Location(file: candidate.site.id.file, range: declaration.nameOffset..<nameEnd),
                       "'\(candidate.symbol)' is declared here, in layer \(declaringLayer)")],
            fingerprintText: candidate.symbol)
    }

    /// The end of the reference's dotted name as written (`NoteAPI.Endpoint`), so that the
    /// location covers the symbol and not what follows it.
    func referenceEnd(_ candidate: Candidate) -> Int {
        guard let bytes = file.source?.bytes, candidate.offset < bytes.count else { return candidate.offset + 1 }
        var position = candidate.offset
        var remaining = candidate.segments
        while position < bytes.count {
            let start = position
            while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
            remaining -= 1
            guard remaining > 0, position > start, position + 1 < bytes.count, bytes[position] == 0x2E,
                  Self.isIdentifierByte(bytes[position + 1]) else { break }
            position += 1
        }
        return max(position, candidate.offset + 1)
    }
}
