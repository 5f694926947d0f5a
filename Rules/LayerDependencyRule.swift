import ArchLintKit
import SwiftOutline

/// `layer-dependency`: code that depends on a layer its own layer may not depend on.
///
/// **What it flags.** In a file that belongs to a layer (DESIGN §4), three kinds of
/// dependency: `import M` where `M` is the module of a layer this one may not use;
/// `import M` of a module in the layer's `forbiddenImports` (SwiftUI, UIKit, Combine… in
/// Domain); and a reference to a type, protocol, typealias or global function that the
/// project declares only in files of such layers — in a type annotation, an inheritance
/// clause, a generic argument or constraint, an initializer call, a static member access,
/// `X.self`, `X.Type`, an `is`/`as` cast, an extension, a return type, a custom attribute
/// on a declaration (a property wrapper `@Cached(…)`, a global actor), or a call.
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
/// Resolution (ArchLintKit's `LayerDependencies`, shared with `archlint graph`) is by name
/// over the project's top-level declarations and their nested types (`Outer.Inner`); it
/// stays silent whenever a name may mean something else: a name also
/// declared in the file's own layer or an allowed one, or in a file outside every layer;
/// generic parameters, associated and member types (also of the type an `extension
/// Outer.Inner` is nested in), parameters and local declarations; a global function named
/// like a standard-library one (`max`); in a modular project (the file imports some
/// layer's module), a name declared only by layers whose modules the file does not import;
/// code inside `#if false`. A layer's module as qualifier (`ArcanaData.NoteDTO`) picks that
/// layer's declaration.
public struct LayerDependencyRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 3

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

    /// The dependencies come from `LayerDependencies` (ArchLintKit), the relation that
    /// `archlint graph` draws too; this rule reports the violations among them — one per
    /// file and module, one per file and symbol, at the first occurrence — and words them.
    public func check(_ context: RuleContext) -> [Violation] {
        // Only files in a layer can break a layer's rules; without any, the symbol table
        // below is not worth building.
        guard context.index.files.contains(where: { $0.layer != nil }) else { return [] }
        let dependencies = LayerDependencies(index: context.index, configuration: context.configuration)
        var violations: [Violation] = []
        for fileIndex in context.index.files.indices {
            // Files in no layer are neutral: never the source of a finding.
            guard let layerName = context.index.files[fileIndex].layer,
                  let layer = context.configuration.layer(named: layerName) else { continue }
            let found = dependencies.dependencies(ofFile: fileIndex, selection: .violations)
            for (dependency, later) in Dependency.reportedWithLater(found) {
                var violation = Self.violation(for: dependency, in: layer, layers: context.configuration.layers, index: context.index)
                violation.laterRanges = later.map(\.range)
                violations.append(violation)
            }
        }
        return violations
    }

    // MARK: - Reporting

    static func violation(for dependency: Dependency, in layer: Layer, layers: [Layer], index: ProjectIndex) -> Violation {
        let location = Location(file: dependency.file, range: dependency.range)
        let module = dependency.target
        switch dependency.kind {
        case .import:
            let target = dependency.toLayer ?? "?"
            return Violation(
                location: location,
                message: "\(layer.name) imports \(module), the module of layer \(target), and \(allowance(of: layer)). "
                    + remedy(for: layer, on: dependency.toLayer, layers: layers, moving: "what this file needs", wiring: "the two together"),
                fingerprintText: module, isOncePerFile: true)
        case .forbiddenImport:
            return Violation(
                location: location,
                message: "\(layer.name) imports \(module), which layer \(layer.name) must not import (its forbiddenImports). "
                    + "Move the code that needs \(module) to an outer layer, or depend on a \(layer.name) protocol "
                    + "that an outer layer implements and the composition root injects.",
                fingerprintText: module, isOncePerFile: true)
        case .reference:
            return referenceViolation(for: dependency, in: layer, layers: layers, index: index)
        }
    }

    static func referenceViolation(for dependency: Dependency, in layer: Layer, layers: [Layer], index: ProjectIndex) -> Violation {
        let symbol = dependency.target
        guard let id = dependency.declaration else {
            return Violation(location: Location(file: dependency.file, range: dependency.range),
                             message: "\(layer.name) depends on '\(symbol)', and \(allowance(of: layer)).",
                             fingerprintText: symbol, isOncePerFile: true)
        }
        let declaration = index[id]
        let declaringLayer = dependency.toLayer ?? "?"
        let isFunction = declaration.kind == .func
        let kind = isFunction ? "global function" : declaration.kind.rawValue
        let shown = isFunction ? symbol + "(…)" : symbol
        let remedy = isFunction
            ? remedy(for: layer, on: dependency.toLayer, layers: layers, moving: "the function", wiring: "it", wiringVerb: "call", wiringPreposition: "from")
            : remedy(for: layer, on: dependency.toLayer, layers: layers, moving: "the type", wiring: "it")
        let declarationFile = index.files[id.file]
        let nameEnd = declaration.nameOffset + declaration.name.utf8.count
        return Violation(
            location: Location(file: dependency.file, range: dependency.range),
            message: "\(layer.name) depends on \(declaringLayer): \(kind) '\(shown)' is declared in \(declarationFile.path) "
                + "(layer \(declaringLayer)), and \(allowance(of: layer)). " + remedy,
            related: [(Location(file: id.file, range: declaration.nameOffset..<nameEnd),
                       "'\(symbol)' is declared here, in layer \(declaringLayer)")],
            fingerprintText: symbol, isOncePerFile: true)
    }

    /// How to fix a dependency of `layer` on layer `target`, in the terms of the configured
    /// layers: depend on a protocol declared in a layer both sides may use (the one that
    /// depends through it, the one that implements it: "a Domain protocol" for
    /// Presentation → Data in the built-in profiles), move the code into an allowed layer,
    /// or connect the pieces in a layer that may depend on everything (the composition root).
    static func remedy(for layer: Layer, on target: String?, layers: [Layer], moving subject: String, wiring object: String,
                       wiringVerb: String = "wire", wiringPreposition: String = "in") -> String {
        func mayUse(_ user: Layer, _ name: String) -> Bool {
            user.name == name || user.mayDependOn.contains(name) || user.mayDependOn.contains("*")
        }
        let implementer = target.flatMap { name in layers.first { $0.name == name } }
        let shared = implementer.map { implementer in
            layers.map(\.name).filter { mayUse(layer, $0) && mayUse(implementer, $0) }
        } ?? []
        let allowed = layer.mayDependOn.filter { $0 != layer.name && $0 != "*" }
        let root = layers.first { $0.name != layer.name && $0.mayDependOn.contains("*") }
        var ways: [String] = []
        if shared.count == 1 {
            ways.append("Depend on a \(shared[0]) protocol instead")
        } else if !shared.isEmpty {
            ways.append("Depend on a protocol declared in \(list(shared, joiner: "or")) instead")
        }
        ways.append(allowed.isEmpty ? "move \(subject) into \(layer.name)" : "move \(subject) into an allowed layer")
        if let root {
            let place = root.name == "CompositionRoot" ? "the composition root" : "layer \(root.name)"
            ways.append("\(wiringVerb) \(object) \(wiringPreposition) \(place)")
        }
        let sentence = ways.count == 1 ? ways[0] : ways.dropLast().joined(separator: ", ") + ", or " + ways[ways.count - 1]
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    /// "A", "A and B", "A, B and C" (or with "or").
    static func list(_ names: [String], joiner: String = "and") -> String {
        names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " \(joiner) " + names[names.count - 1]
    }

    /// "Presentation may depend only on Domain and Core", for messages.
    static func allowance(of layer: Layer) -> String {
        let allowed = layer.mayDependOn.filter { $0 != layer.name }
        guard !allowed.isEmpty else { return "\(layer.name) may not depend on any other layer" }
        return "\(layer.name) may depend only on \(list(allowed))"
    }
}
