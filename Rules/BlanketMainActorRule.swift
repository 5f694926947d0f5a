import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `blanket-main-actor` flags `@MainActor` written on a whole type or extension (class,
/// struct, enum, actor, protocol, extension) in the configured layers, `@MainActor` on any
/// declaration in the layers that must have none at all (use cases, repositories), and a
/// SwiftPM target whose `swiftSettings` make `MainActor` the default isolation of a Domain
/// or Data module.
///
/// **Why:** a blanket `@MainActor` pins every member to the main thread, also the ones that
/// never touch UI state. Seed 003 keeps the Domain layer actor-agnostic and lets
/// repositories run in the background; only the ViewModel methods that update UI-bound
/// state are main-actor-isolated.
///
/// ```swift
/// // Domain/UseCases/FetchOrdersUseCase.swift
/// @MainActor                      // reported: the whole use case runs on the main thread
/// final class FetchOrdersUseCase { … }
/// ```
///
/// **Instead:** remove the type-level attribute; mark only the members that update UI
/// state `@MainActor`, and use `nonisolated` code or an actor for the rest.
///
/// Not reported: types that conform to or inherit from a UI type (`View`, `App`,
/// `UIViewController`, … — the `uiTypes` option), wherever the conformance is written;
/// files in the composition root; files in no layer; closure and function *types*
/// (`@escaping @MainActor () -> Void`) and `Task { @MainActor in … }`, which are not
/// declarations.
public struct BlanketMainActorRule: Rule {
    public static let description = RuleDescription(
        id: "blanket-main-actor",
        name: "Blanket @MainActor",
        summary: "`@MainActor` on a whole type, extension or Domain/Data module where code must stay actor-agnostic, and on any member in layers that must have no main-actor code at all.",
        rationale: """
            Seed 003 follows the progressive concurrency model: "Do NOT apply `@MainActor` to entire \
            ViewModels — apply it only to specific methods that update UI-bound state", "Never put \
            `@MainActor` on Use Cases — Domain layer is actor-agnostic" and "Never put `@MainActor` on \
            Repository implementations — they may run on background". A blanket `@MainActor` (on a type, \
            an extension, or a whole module through `.defaultIsolation(MainActor.self)`) runs every \
            member on the main thread: network calls, decoding and business rules then compete with \
            rendering, every caller must hop to the main actor, and Domain code can no longer be used \
            or tested off the main thread. Views, view controllers and the composition root are \
            main-actor code by nature and are not reported. The arcana profile reports only the Domain \
            layer as a warning, because Arcana puts `@MainActor` on ViewModels and SwiftData \
            repositories on purpose (seeds 001 and 004); arc-labs reports every layer as an error and \
            forbids `@MainActor` on any member in Domain and Data.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .error],
        options: [
            RuleOption(name: "layers", type: .layerList, summary: "Layers in which `@MainActor` on a whole type or extension is reported; empty means every layer.", defaultValue: .strings([])),
            RuleOption(name: "noMainActorAtAll", type: .layerList, summary: "Layers in which `@MainActor` on any member of a type is reported too (use cases, repositories), and on global functions and variables.", defaultValue: .strings([])),
            RuleOption(name: "uiTypes", type: .stringList, summary: "Types whose conformers and subclasses may be `@MainActor` as a whole.", defaultValue: .strings(uiTypeDefaults)),
        ],
        triggeringExamples: BlanketMainActorRule.triggeringExamples,
        nonTriggeringExamples: BlanketMainActorRule.nonTriggeringExamples
    )

    /// DESIGN's UI types, and SwiftUI's and AppKit's other main-actor protocols and classes
    /// whose conformers are UI code too (view modifiers, styles, commands, widgets).
    static let uiTypeDefaults = [
        "View", "App", "Scene", "UIViewController", "UIView", "NSViewController", "NSView",
        "UIViewRepresentable", "UIViewControllerRepresentable", "PreviewProvider",
        "ViewModifier", "ButtonStyle", "PrimitiveButtonStyle", "ToggleStyle", "LabelStyle",
        "ToolbarContent", "Commands", "Widget", "NSWindowController",
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let scope = Scope(context)
        var uiTypes = UITypes(index: context.index, names: context.options.strings("uiTypes"))
        var violations: [Violation] = []
        for fileIndex in context.index.files.indices {
            violations += checkDeclarations(in: fileIndex, context: context, scope: scope, uiTypes: &uiTypes)
            if Manifest.isManifest(context.index.files[fileIndex].path) {
                violations += checkManifest(fileIndex, context: context, scope: scope)
            }
        }
        return violations
    }

    // MARK: - Declarations

    /// `@MainActor` on types and extensions (where the scope reports types) and on every
    /// other declaration (where the scope forbids main-actor isolation altogether).
    private func checkDeclarations(in fileIndex: Int, context: RuleContext, scope: Scope, uiTypes: inout UITypes) -> [Violation] {
        let file = context.index.files[fileIndex]
        guard let layer = file.layer, scope.reportsTypes(in: layer) || scope.reportsMembers(in: layer) else { return [] }
        let outline = file.outline
        var violations: [Violation] = []
        for (number, declaration) in outline.declarations.enumerated() {
            guard let attribute = declaration.attributes.first(where: Self.isMainActor) else { continue }
            // `#if false` code is never compiled; `#if DEBUG` code (mocks, previews) is.
            guard !declaration.conditions.contains(where: \.isInactive) else { continue }
            let qualifiedName = outline.qualifiedName(of: number)
            let location = Location(file: fileIndex, range: attribute.offset..<(attribute.offset + 1 + attribute.name.utf8.count))
            let what = Self.describe(declaration, qualifiedName: qualifiedName)

            if declaration.kind.hasMembers {
                guard scope.reportsTypes(in: layer), !uiTypes.isUI(qualifiedName) else { continue }
                let reason = Reason(layer: layer)
                violations.append(Violation(
                    location: location,
                    message: "`@MainActor` on the whole \(what) in the \(layer) layer: \(reason.whyTypeLevel). Instead, \(reason.insteadOfTypeLevel).",
                    fingerprintText: "@MainActor \(declaration.kind.rawValue) \(qualifiedName)"))
            } else {
                guard scope.reportsMembers(in: layer) else { continue }
                var owner = ""
                if let parent = declaration.parent {
                    let ownerName = outline.qualifiedName(of: parent)
                    // Members of a view or view controller are main-actor code like the type itself.
                    guard !uiTypes.isUI(ownerName) else { continue }
                    owner = " of '\(ownerName)'"
                }
                let reason = Reason(layer: layer)
                violations.append(Violation(
                    location: location,
                    message: "`@MainActor` on \(what)\(owner) in the \(layer) layer, where no code may be isolated to the main actor: \(reason.whyMemberLevel). Instead, remove it and let the caller hop to the main actor where it updates UI state (a `@MainActor` ViewModel method, or `await MainActor.run { … }`).",
                    fingerprintText: "@MainActor \(declaration.kind.rawValue) \(qualifiedName)"))
            }
        }
        return violations
    }

    /// `@MainActor`, also spelled with its module (`@_Concurrency.MainActor`).
    static func isMainActor(_ attribute: Attribute) -> Bool {
        attribute.name == "MainActor" || attribute.name.hasSuffix(".MainActor")
    }

    /// What is annotated, for messages: `class 'Foo'`, `extension of 'Foo'`, `method 'load()'`.
    static func describe(_ declaration: Declaration, qualifiedName: String) -> String {
        let isGlobal = declaration.parent == nil
        switch declaration.kind {
        case .class, .struct, .enum, .actor, .protocol:
            return "\(declaration.kind.rawValue) '\(qualifiedName)'"
        case .extension:
            return "extension of '\(declaration.name)'"
        case .func:
            return (isGlobal ? "global function '" : "method '") + declaration.signatureName + "'"
        case .`init`:
            return "initializer '\(declaration.signatureName)'"
        case .var, .let:
            return (isGlobal ? "global variable '" : "property '") + declaration.name + "'"
        case .subscript:
            return "subscript '\(declaration.signatureName)'"
        default:
            return "\(declaration.kind.rawValue) '\(declaration.name)'"
        }
    }

    // MARK: - Package manifest

    /// `.defaultIsolation(MainActor.self)` in the `swiftSettings` of a target whose sources
    /// are Domain or Data: the whole module becomes main-actor-isolated. The setting is
    /// found either inside a `.target(…)` call or in a top-level variable that targets name
    /// in their `swiftSettings`; anything else (loops over `package.targets`, computed
    /// names or paths) is not followed.
    private func checkManifest(_ fileIndex: Int, context: RuleContext, scope: Scope) -> [Violation] {
        let file = context.index.files[fileIndex]
        guard let source = file.loadSource() else { return [] }
        let manifest = Manifest(source: source)
        let folder = Manifest.folder(of: file.path)
        var violations: [Violation] = []
        for setting in manifest.mainActorIsolationSettings() {
            var applied: [Manifest.Target] = []
            var variable: String? = nil
            if let target = manifest.enclosingTarget(of: setting) {
                guard target.argument(containing: setting)?.label == "swiftSettings" else { continue }
                applied = [target]
            } else if let name = Self.topLevelVariable(containing: manifest.tokens[setting].start, in: file.outline) {
                variable = name
                applied = manifest.targets().filter { target in
                    guard let settings = target.arguments.first(where: { $0.label == "swiftSettings" }) else { return false }
                    return manifest.mentions(name, in: settings.value)
                }
            }

            var reported: [(name: String, layers: [String], firstFile: Int?)] = []
            for target in applied {
                guard let resolved = resolve(target, manifest: manifest, folder: folder, context: context) else { continue }
                let layers = resolved.layers.filter { scope.reportsTypes(in: $0) }
                if !layers.isEmpty { reported.append((resolved.name, layers, resolved.firstFile)) }
            }
            guard !reported.isEmpty else { continue }

            let layers = Array(Set(reported.flatMap(\.layers))).sorted { Manifest.moduleLayers.firstIndex(of: $0)! < Manifest.moduleLayers.firstIndex(of: $1)! }
            let layerText = layers.joined(separator: " and ")
            let targetNames = reported.map { "'\($0.name)'" }
            let subject = targetNames.count == 1 ? "Target \(targetNames[0])" : "Targets \(Self.list(targetNames))"
            let via = variable.map { " through '\($0)'" } ?? ""
            let why = layers.count == 1 ? Reason(layer: layers[0]).whyTypeLevel : "Domain code is actor-agnostic and repositories may run in the background, so neither belongs on the main thread"
            let related = reported.compactMap { item -> (location: Location, message: String)? in
                item.firstFile.map { (Location(file: $0, range: 0..<0), "a \(item.layers.joined(separator: "/")) source file of target '\(item.name)'") }
            }
            violations.append(Violation(
                location: Location(file: fileIndex, range: manifest.tokens[setting].range),
                message: "\(subject) set\(targetNames.count == 1 ? "s" : "") `.defaultIsolation(MainActor.self)`\(via), which makes every declaration of \(targetNames.count == 1 ? "its" : "their") \(layerText) sources main-actor-isolated: \(why). Instead, drop the setting for \(targetNames.count == 1 ? "this target" : "these targets") (keep the default nonisolated isolation) and put `@MainActor` only on UI-facing code; main-actor default isolation belongs in UI and app targets.",
                related: related,
                fingerprintText: "defaultIsolation " + reported.map(\.name).joined(separator: ",")))
        }
        return violations
    }

    /// The name of the top-level `let`/`var` whose initializer holds `offset`
    /// (`let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]`).
    static func topLevelVariable(containing offset: Int, in outline: FileOutline) -> String? {
        for index in outline.topLevel {
            let declaration = outline.declarations[index]
            if (declaration.kind == .let || declaration.kind == .var), declaration.range.contains(offset), !declaration.name.isEmpty {
                return declaration.name
            }
        }
        return nil
    }

    /// The layers of a target's sources: those of the project's files under its folder,
    /// or, when none was linted, the layer whose `modules` name the target or whose globs
    /// match a path inside its folder. `nil` when unsure: computed names or paths, files of
    /// other layers or of no layer mixed in, or no Domain/Data file at all.
    private func resolve(_ target: Manifest.Target, manifest: Manifest, folder: String, context: RuleContext)
        -> (name: String, layers: [String], firstFile: Int?)? {
        guard let nameArgument = target.arguments.first(where: { $0.label == "name" }),
              let name = manifest.stringLiteral(nameArgument.value) else { return nil }
        var base: String
        if let pathArgument = target.arguments.first(where: { $0.label == "path" }) {
            guard let path = manifest.stringLiteral(pathArgument.value) else { return nil }
            base = Manifest.join(folder, path)
        } else {
            // SwiftPM's default source folders, in its search order.
            let candidates = Manifest.defaultSourceFolders.map { Manifest.join(folder, $0 + "/" + name) }
            base = candidates.first { candidate in context.index.files.contains { Manifest.isPath($0.path, inside: candidate) } } ?? candidates[0]
        }
        var roots = [base]
        if let sourcesArgument = target.arguments.first(where: { $0.label == "sources" }) {
            guard let sources = manifest.stringList(sourcesArgument.value) else { return nil }
            roots = sources.map { Manifest.join(base, $0) }
        }

        let files = context.index.files.indices.filter { number in
            let path = context.index.files[number].path
            return !Manifest.isManifest(path) && roots.contains { Manifest.isPath(path, inside: $0) }
        }
        var layers: Set<String>
        if !files.isEmpty {
            // A file in no layer (`Main.swift` with the `@main App`, a `Features/` folder) is
            // other code in the target too.
            guard files.allSatisfy({ context.index.files[$0].layer != nil }) else { return nil }
            layers = Set(files.compactMap { context.index.files[$0].layer })
        } else if let layer = context.configuration.layer(forModule: name)?.name ?? context.configuration.layer(forPath: roots[0] + "/File.swift") {
            layers = [layer]
        } else {
            return nil
        }
        // A target that also holds Presentation or other code is an app module whose default
        // isolation is a choice for its UI; stay silent rather than guess.
        guard !layers.isEmpty, layers.isSubset(of: Manifest.moduleLayers) else { return nil }
        let firstFile = files.first { context.index.files[$0].layer != nil }
        return (name, Manifest.moduleLayers.filter(layers.contains), firstFile)
    }

    /// `'A'`, `'A' and 'B'`, `'A', 'B' and 'C'`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

// MARK: - Scope

/// Where the rule looks, from its options and the configuration's layers.
private struct Scope {
    /// Layers where a type-level `@MainActor` is reported; empty means every layer.
    let typeLayers: Set<String>
    /// Layers where `@MainActor` on any declaration is reported.
    let noMainActorAtAll: Set<String>
    let configuration: Configuration

    init(_ context: RuleContext) {
        typeLayers = Set(context.options.strings("layers"))
        noMainActorAtAll = Set(context.options.strings("noMainActorAtAll"))
        configuration = context.configuration
    }

    /// The composition root wires everything together and builds the UI, so it may be
    /// main-actor-isolated as a whole. It is the layer named so, or one that may depend on
    /// every layer (`mayDependOn: ["*"]`).
    func isCompositionRoot(_ layer: String) -> Bool {
        layer == "CompositionRoot" || configuration.layer(named: layer)?.mayDependOn.contains("*") == true
    }

    /// Whether `@MainActor` on a whole type or extension is reported in `layer`.
    func reportsTypes(in layer: String) -> Bool {
        guard !isCompositionRoot(layer) else { return false }
        return typeLayers.isEmpty || typeLayers.contains(layer) || noMainActorAtAll.contains(layer)
    }

    /// Whether `@MainActor` on a member or a global declaration is reported in `layer`.
    func reportsMembers(in layer: String) -> Bool {
        !isCompositionRoot(layer) && noMainActorAtAll.contains(layer)
    }
}

// MARK: - Messages

/// Why main-actor isolation does not belong in a layer, and what to write instead.
private struct Reason {
    let whyTypeLevel: String
    let insteadOfTypeLevel: String
    let whyMemberLevel: String

    init(layer: String) {
        switch layer {
        case "Domain":
            whyTypeLevel = "the Domain layer is actor-agnostic, so use cases, entities and repository protocols must be usable from any actor and testable off the main thread"
            insteadOfTypeLevel = "remove it and keep the type nonisolated (a `Sendable` value, or an actor for shared mutable state); the ViewModel method that updates UI state is the one to mark `@MainActor`"
            whyMemberLevel = "the Domain layer is actor-agnostic, so its use cases, entities and repository protocols must not force callers onto the main thread"
        case "Data":
            whyTypeLevel = "repositories and data sources do network, disk and decoding work that may run in the background, and `@MainActor` pins all of it to the main thread"
            insteadOfTypeLevel = "remove it, make the type `Sendable` or an actor for its mutable state, and let the ViewModel's `@MainActor` methods take the results back to the main actor"
            whyMemberLevel = "repository implementations and data sources may run in the background and must not force a hop to the main thread"
        default:
            whyTypeLevel = "it isolates every member to the main actor, also the ones that never touch UI state, and makes every caller hop to the main thread"
            insteadOfTypeLevel = "remove it and put `@MainActor` only on the methods and properties that update UI-bound state; use `nonisolated` or an actor for the rest"
            whyMemberLevel = "the configuration keeps this layer free of main-actor isolation (`noMainActorAtAll`)"
        }
    }
}

// MARK: - UI types

/// Decides whether a type is UI code that may be `@MainActor` as a whole: it is, conforms
/// to or inherits from a configured UI type, directly or through any extension, refined
/// protocol or superclass declared in the project.
///
/// Heuristic for supertypes declared outside the project, whose own supertypes are
/// unknown: a name in UIKit's style (`UI` and a capital: `UITableViewController`,
/// `UICollectionViewCell`), one of AppKit's view classes (`appKitUITypes`:
/// `NSHostingController`, `NSCollectionViewItem`, …) or ending like a configured UI type
/// without its framework prefix (`…ViewController`, `…View`: `MKMapView`,
/// `BaseListViewController`) counts as UI. It errs towards silence: an external `FancyView` that is not a view is missed.
private struct UITypes {
    let index: ProjectIndex
    let names: Set<String>
    /// The configured names without their framework prefix: `UIViewController` → `ViewController`.
    let suffixes: [String]
    private var cache: [String: Bool] = [:]

    init(index: ProjectIndex, names: [String]) {
        self.index = index
        self.names = Set(names)
        suffixes = Set(names.map(UITypes.withoutFrameworkPrefix)).filter { !$0.isEmpty }.sorted()
        hasUIKitTypes = names.contains(where: UITypes.hasUIKitPrefix)
        hasAppKitTypes = names.contains { $0.hasPrefix("NS") && UITypes.withoutFrameworkPrefix($0) != $0 }
    }

    /// Whether the configured types include UIKit's (`UIView`…) or AppKit's (`NSView`…).
    let hasUIKitTypes: Bool
    let hasAppKitTypes: Bool

    mutating func isUI(_ typeName: String) -> Bool {
        if let known = cache[typeName] { return known }
        cache[typeName] = false  // a cycle of supertypes ends here
        // A typealias stands for its type (`@MainActor extension NotesScreen`).
        if let target = index.typealiasTarget(of: typeName).flatMap(TypeText.plainName(of:)), target != typeName {
            let result = isUI(target)
            cache[typeName] = result
            return result
        }
        // Conformances written on a typealias of the type (`extension Cart: View`) are its own.
        let names = [typeName] + index.allSupertypes(of: typeName) + index.typealiases(of: typeName).flatMap { index.allSupertypes(of: $0) }
        var result = names.contains { isUIName($0) }
        // A typealias declared in each branch of an `#if` (`UIViewRepresentable` on iOS,
        // `NSViewRepresentable` elsewhere): a UI type when one of its targets is.
        for name in names where !result && index.declaresTypealias(name) {
            let targets = index.declarations(named: name).filter { index[$0].kind == .typealias }
                .compactMap { index[$0].typeText.flatMap(TypeText.plainName(of:)) }
            if targets.count > 1 { result = targets.contains { $0 != name && isUI($0) } }
        }
        // `DesignSystem.BaseScreen`: a project type written with its module name, whose own
        // supertypes the index did not follow.
        for name in names where !result && name.utf8.contains(0x2E) && index.types(named: name).isEmpty {
            let last = String(name[name.index(after: name.lastIndex(of: ".")!)...])
            if !index.types(named: last).isEmpty { result = isUI(last) }
        }
        cache[typeName] = result
        return result
    }

    private func isUIName(_ name: String) -> Bool {
        // `SwiftUI.View` and `UIKit.UIViewController` are the configured types too.
        let last = name.split(separator: ".").last.map(String.init) ?? name
        // A type the project declares under that name (a Domain `protocol Widget`) is the
        // project's, not the framework's: it is a UI type only through its own supertypes,
        // which `isUI` follows.
        guard index.types(named: name).isEmpty else { return false }
        if names.contains(name) || names.contains(last) { return true }
        // UIKit's and AppKit's other view classes, when the configured types include some of
        // that framework's (a list without them narrows the exemption).
        if hasUIKitTypes && UITypes.hasUIKitPrefix(last) || hasAppKitTypes && UITypes.appKitUITypes.contains(last) { return true }
        return suffixes.contains { last.hasSuffix($0) }
    }

    /// AppKit's and SwiftUI's view and view-controller classes whose names end in neither
    /// `View` nor `ViewController` (AppKit's `NS` prefix also starts `NSObject` and
    /// `NSManagedObject`, so it is no clue on its own).
    static let appKitUITypes: Set<String> = [
        "NSHostingController", "NSCollectionViewItem", "NSPageController", "NSWindowController", "NSWindow", "NSPanel",
        "NSControl", "NSButton", "NSTextField", "NSSlider", "NSPopUpButton", "NSSegmentedControl", "NSImageCell", "NSCell",
        "NSTableRowView", "NSMenu", "NSMenuItem", "NSStatusItem", "NSPopover",
    ]

    static func hasUIKitPrefix(_ name: String) -> Bool {
        let characters = Array(name.utf8)
        return characters.count > 2 && characters[0] == UInt8(ascii: "U") && characters[1] == UInt8(ascii: "I")
            && characters[2] >= UInt8(ascii: "A") && characters[2] <= UInt8(ascii: "Z")
    }

    static func withoutFrameworkPrefix(_ name: String) -> String {
        for prefix in ["UI", "NS"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { return String(rest) }
        }
        return name
    }
}

// MARK: - Manifest tokens

/// A `Package.swift` read from its tokens: brackets matched, `.target(…)` calls and their
/// labelled arguments, string literals. Comments are not tokens and string contents are
/// string segments, so neither can be mistaken for a setting.
private struct Manifest {
    /// The layers whose modules must not be main-actor-isolated by default.
    static let moduleLayers = ["Domain", "Data"]
    /// Where SwiftPM looks for a target's sources when `path:` is not given.
    static let defaultSourceFolders = ["Sources", "Source", "src", "srcs"]
    /// Target kinds whose sources are app code (test targets, plugins and macros are not).
    static let targetFactories: Set<String> = ["target", "executableTarget"]

    struct Argument {
        /// The label before `:`, `nil` for an unlabelled argument.
        var label: String?
        /// Token indices of the argument's value.
        var value: Range<Int>
    }

    struct Target {
        /// Token index of the call's `(`.
        var open: Int
        var arguments: [Argument]

        func argument(containing token: Int) -> Argument? {
            arguments.first { $0.value.contains(token) }
        }
    }

    let source: SourceFile
    let tokens: [Token]
    private let brackets: BracketTables
    /// Code under `#if false` (or `never`), never compiled.
    private let inactiveRanges: [Range<Int>]

    init(source: SourceFile) {
        let view = TokenView(source: source)
        tokens = view.tokens
        inactiveRanges = view.inactiveRanges
        self.source = source
        brackets = BracketTables(tokens: tokens)
    }

    static func isManifest(_ path: String) -> Bool {
        // Asked for every file: the name after the last "/" found by bytes.
        let name = path[(path.utf8.lastIndex(of: 0x2F).map { path.utf8.index(after: $0) } ?? path.startIndex)...]
        return name == "Package.swift" || (name.hasPrefix("Package@swift") && name.hasSuffix(".swift"))
    }

    /// The folder of the manifest, with a trailing `/` unless it is the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `folder` + `path`, without `./`, doubled or trailing slashes.
    static func join(_ folder: String, _ path: String) -> String {
        let parts = (folder + "/" + path).split(separator: "/").filter { $0 != "." }
        return parts.joined(separator: "/")
    }

    static func isPath(_ path: String, inside root: String) -> Bool {
        path == root || path.hasPrefix(root + "/")
    }

    // MARK: Tokens

    private func text(_ index: Int) -> String { source.text(of: tokens[index]) }

    private func token(_ index: Int, is text: StaticString) -> Bool {
        index >= 0 && index < tokens.count && source.token(tokens[index], is: text)
    }

    // MARK: Settings and targets

    /// Token indices of `defaultIsolation` in `.defaultIsolation(MainActor.self)` (also
    /// `_Concurrency.MainActor.self`, and with a `.when(…)` condition after it).
    func mainActorIsolationSettings() -> [Int] {
        var result: [Int] = []
        for index in tokens.indices where tokens[index].kind == .identifier && token(index, is: "defaultIsolation") {
            guard token(index - 1, is: "."), token(index + 1, is: "("), let close = brackets.partner(of: index + 1),
                  !inactiveRanges.contains(where: { $0.contains(tokens[index].start) }) else { continue }
            var argument = ""
            var position = index + 2
            while position < close, !(token(position, is: ",") && brackets.enclosingBracket(of: position) == index + 1) {
                argument += text(position)
                position += 1
            }
            if argument == "MainActor.self" || argument.hasSuffix(".MainActor.self") { result.append(index) }
        }
        return result
    }

    /// The innermost `.target(…)` or `.executableTarget(…)` call around a token.
    func enclosingTarget(of index: Int) -> Target? {
        var current = brackets.enclosingBracket(of: index)
        while let open = current {
            if isTargetCall(open) { return target(at: open) }
            current = brackets.enclosingBracket(of: open)
        }
        return nil
    }

    /// Every `.target(…)` and `.executableTarget(…)` call of the manifest.
    func targets() -> [Target] {
        tokens.indices.filter(isTargetCall).compactMap(target(at:))
    }

    private func isTargetCall(_ open: Int) -> Bool {
        guard token(open, is: "("), open >= 2, tokens[open - 1].kind == .identifier, token(open - 2, is: ".") else { return false }
        return Manifest.targetFactories.contains(text(open - 1))
    }

    private func target(at open: Int) -> Target? {
        guard let close = brackets.partner(of: open) else { return nil }
        var arguments: [Argument] = []
        var start = open + 1
        var position = open + 1
        while position <= close {
            if position == close || (token(position, is: ",") && brackets.enclosingBracket(of: position) == open) {
                if start < position {
                    var label: String? = nil
                    var valueStart = start
                    if tokens[start].kind == .identifier || tokens[start].kind == .keyword, token(start + 1, is: ":") {
                        label = text(start)
                        valueStart = start + 2
                    }
                    arguments.append(Argument(label: label, value: valueStart..<position))
                }
                start = position + 1
            }
            position += 1
        }
        return Target(open: open, arguments: arguments)
    }

    /// The text of a plain string literal (`"Sources/Domain"`); `nil` for anything else
    /// (interpolations, concatenations, variables).
    func stringLiteral(_ range: Range<Int>) -> String? {
        let indices = Array(range)
        guard indices.count >= 2, tokens[indices.first!].kind == .stringQuote, tokens[indices.last!].kind == .stringQuote else { return nil }
        let inner = indices.dropFirst().dropLast()
        guard inner.allSatisfy({ tokens[$0].kind == .stringSegment }) else { return nil }
        return inner.map(text).joined()
    }

    /// `["A", "B"]` with plain string literals only; `nil` for anything else.
    func stringList(_ range: Range<Int>) -> [String]? {
        guard range.count >= 2, token(range.lowerBound, is: "["), brackets.partner(of: range.lowerBound) == range.upperBound - 1 else { return nil }
        var items: [String] = []
        var start = range.lowerBound + 1
        for position in (range.lowerBound + 1)..<range.upperBound where position == range.upperBound - 1 || token(position, is: ",") {
            if start < position {
                guard let item = stringLiteral(start..<position) else { return nil }
                items.append(item)
            }
            start = position + 1
        }
        return items
    }

    /// Whether the tokens name the variable `name` (not a member `.name`) as a whole value:
    /// `settings`, `common + settings`. A subscript, call or member of it
    /// (`settingsByModule["OrdersUI"]`) picks a part that the scan does not follow.
    func mentions(_ name: String, in range: Range<Int>) -> Bool {
        range.contains { position in
            tokens[position].kind == .identifier && text(position) == name && !token(position - 1, is: ".")
                && !(position + 1 < range.upperBound && (token(position + 1, is: "[") || token(position + 1, is: "(") || token(position + 1, is: ".")))
        }
    }
}
