import ArchLintKit
import SwiftOutline

/// `ioe-viewmodel-shape`: an observable ViewModel that lacks a part of the Input/Output/Effect
/// pattern.
///
/// **What it flags.** A type whose name ends with `ViewModel` that is `@Observable`, or that
/// conforms to `ObservableObject` in its declaration or an extension (also through a project
/// superclass or protocol that does), and that lacks any of: a
/// nested `Input`, a nested `Output`, a nested `Effect` (an enum, struct, class, actor or
/// typealias of that name, in the type or in any extension of it, in any file), or an
/// `onInput(_:)` method (in the type or an extension). Reported at the type's name in its
/// primary declaration, once per missing part.
///
/// **Why.** Seeds 001 and 004 build every screen on the Input/Output/Effect ViewModel: one
/// sealed `enum Input` for all user events, handled by a single `onInput(_:)`; one
/// `struct Output` holding the state the View renders; one `enum Effect` for one-time events
/// (navigation, alerts, haptics). Views then take `onInput: viewModel.onInput` and stay
/// stateless and testable. A ViewModel that grows ad-hoc methods and scattered
/// `@Published` properties instead breaks that contract for its View and its tests.
///
/// **Example.**
/// ```swift
/// @Observable
/// final class NotesListViewModel {        // flagged: no Effect, no onInput(_:)
///     enum Input { case refresh }
///     struct Output { var notes: [Note] = [] }
///     func refresh() async { … }
/// }
/// ```
///
/// **Instead.** Add `enum Effect { … }` for one-time events and route every event through
/// `func onInput(_ input: Input)`.
///
/// The rule stays silent where the parts may come from somewhere it cannot see: a ViewModel
/// that inherits from or conforms to a type declared outside the project (other than
/// `ObservableObject`, `NSObject` and standard protocols), or that carries an attribute that may
/// be a macro adding members. Parts inherited from a project superclass or protocol count, and so
/// do the type's own generic parameters (`ScreenViewModel<Input, Output, Effect>`). A class that
/// other production classes of the project inherit from (`class BaseViewModel: ObservableObject`)
/// is shared infrastructure, not a screen, and is not checked; a preview or test stand-in that
/// subclasses a screen's ViewModel (a subclass in a preview or test, or one under `#if DEBUG`
/// named `PreviewNotesViewModel`, `MockNotesViewModel`, …) neither makes it a base class nor is
/// checked itself.
/// Previews, test sources and code under `#if false` are never findings.
public struct IOEViewModelShapeRule: Rule {
    public static let description = RuleDescription(
        id: "ioe-viewmodel-shape",
        name: "Input/Output/Effect ViewModel shape",
        summary: "An observable ViewModel lacks a nested Input, Output or Effect type, or an `onInput(_:)` method.",
        rationale: """
            Seeds 001 and 004 make the Input/Output/Effect ViewModel the shape of every screen ("2. ViewModel \
            Input/Output/Effect Pattern": "Input: Sealed enum defining all events", "Output: State container", \
            "Effect: One-time events", handled by `func onInput(_ input: Input)`), seed 000's feature recipe \
            asks for `Presentation/ViewModels/OrderListViewModel.swift` with "@Observable, Input/Output/Effect \
            pattern", and the code review checklists of seeds 000 and 001 require \
            "ViewModel uses Input/Output/Effect pattern". With that shape a View takes \
            `onInput: viewModel.onInput` and renders `output`, so it stays stateless and previewable, and \
            tests drive the ViewModel through one entry point. A check by eye misses the ViewModel that \
            declares `Input` in one extension and forgets `Effect`, or that handles events in ad-hoc \
            methods; this rule looks at the type and all its extensions across files.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .off],
        options: [
            RuleOption(name: "viewModelSuffixes", type: .stringList, summary: "Name suffixes of the types checked as ViewModels.", defaultValue: .strings(["ViewModel"])),
            RuleOption(name: "nestedTypes", type: .stringList, summary: "Names of the nested types every observable ViewModel must declare.", defaultValue: .strings(["Input", "Output", "Effect"])),
            RuleOption(name: "inputHandler", type: .string, summary: "Base name of the method that takes one unlabelled input (`onInput`; a full name such as `onInput(_:)` counts as its base name); empty to not require one.", defaultValue: .string("onInput")),
        ],
        triggeringExamples: IOEViewModelShapeRule.triggeringExamples,
        nonTriggeringExamples: IOEViewModelShapeRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let checker = Checker(context: context)
        return checker.run()
    }
}

// MARK: - Settings

/// The rule's options, read once.
private struct Settings {
    var viewModelSuffixes: [String]
    var nestedTypes: [String]
    var inputHandler: String

    init(_ options: ResolvedOptions) {
        viewModelSuffixes = options.strings("viewModelSuffixes").filter { !$0.isEmpty }
        nestedTypes = options.strings("nestedTypes").filter { !$0.isEmpty }
        // `onInput(_:)`, as the rule's messages spell the method, names it too.
        inputHandler = String(options.string("inputHandler").prefix { $0 != "(" }.filter { $0 != " " })
    }

    func isViewModel(_ name: String) -> Bool {
        viewModelSuffixes.contains { name.hasSuffix($0) }
    }
}

/// `Outer.Inner` → `Inner`.
/// Supertypes that are known to add none of the parts: conforming to or inheriting from them
/// leaves the ViewModel's shape to its own declarations.
private let knownSupertypes: Set<String> = [
    "ObservableObject", "Observable", "NSObject", "Sendable", "AnyObject", "Identifiable", "Equatable", "Hashable",
    "CustomStringConvertible", "CustomDebugStringConvertible",
]

/// Module prefixes under which a known supertype may be written (`Combine.ObservableObject`).
private let knownModules = ["Swift.", "Foundation.", "Combine.", "Observation.", "ObjectiveC."]

/// Attributes that never add members. Any other attribute on the type may be an attached macro
/// that generates the parts, and silences the rule for that type.
private let plainAttributes: Set<String> = [
    "Observable", "Observation.Observable", "MainActor", "_Concurrency.MainActor", "ObservationIgnored", "objc", "objcMembers", "available",
    "preconcurrency", "dynamicMemberLookup", "usableFromInline", "frozen", "unchecked", "Sendable", "_spi",
]

private func plainName(_ name: String) -> String {
    for module in knownModules where name.hasPrefix(module) { return String(name.dropFirst(module.count)) }
    return name
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

    /// Whether the declaration is under `#if false`, or it or a type it is nested in is exempt.
    func isExempt(_ id: DeclarationID) -> Bool {
        if testFiles[id.file] { return true }
        return isInactiveOrPreview(id)
    }

    /// Like `isExempt`, without the test-source check: for parts that may supply a member.
    func isInactiveOrPreview(_ id: DeclarationID) -> Bool {
        return index.isPreviewOrInactive(id)
    }
}

// MARK: - The check

private struct Checker {
    let index: ProjectIndex
    let settings: Settings
    let exemptions: Exemptions
    /// Names that some class of the project inherits from (the first entry of its inheritance
    /// clause, as written): base classes, not screens.
    let superclassNames: Set<String>

    init(context: RuleContext) {
        index = context.index
        settings = Settings(context.options)
        exemptions = Exemptions(index: context.index)
        // Only production subclasses make a base class: a preview stub or a test spy that
        // subclasses a screen's ViewModel does not. The written name is looked up from the
        // subclass's scope out (`ViewModel` inside `extension CartView` is `CartView.ViewModel`).
        var superclasses = Set<String>()
        let exemptions = self.exemptions
        for (fileNumber, file) in context.index.files.enumerated() {
            for number in file.kinds.indices where file.kinds[number] == .class {
                let declaration = file.outline.declarations[number]
                guard let first = declaration.inherits.first, !Self.isStandIn(declaration),
                      !exemptions.isExempt(DeclarationID(file: fileNumber, declaration: number)) else { continue }
                let enclosing = ProjectIndex.nameComponents(file.qualifiedNames[number]).dropLast()
                for written in ProjectIndex.normalisedTypeNames(first) {
                    var scope = enclosing
                    var resolved = droppingModuleQualifier(written, declares: context.index.declares)
                    while !scope.isEmpty {
                        let candidate = scope.joined(separator: ".") + "." + written
                        if context.index.declares(candidate) { resolved = candidate; break }
                        scope = scope.dropLast()
                    }
                    superclasses.insert(resolved)
                }
            }
        }
        superclassNames = superclasses
    }

    /// A class under `#if DEBUG` named as a stand-in for previews or tests
    /// (`PreviewNotesViewModel`, `MockNotesViewModel`, `SpyNotesViewModel`): subclassing a
    /// screen's ViewModel does not make it a base class. Outside `#if DEBUG` such a name may be
    /// a real screen's (`PreviewViewModel` of a document preview).
    static func isStandIn(_ declaration: Declaration) -> Bool {
        guard declaration.conditions.contains(where: { $0.directive != .else && $0.condition.contains("DEBUG") && !$0.condition.contains("!DEBUG") }) else { return false }
        let name = declaration.name
        return ["Preview", "Mock", "Stub", "Spy", "Fake"].contains { prefix in
            guard name.hasPrefix(prefix), let next = name.dropFirst(prefix.count).first else { return false }
            return next.isUppercase
        }
    }

    func run() -> [Violation] {
        var violations: [Violation] = []
        var seen = Set<String>()
        for (fileNumber, file) in index.files.enumerated() {
            for number in file.kinds.indices where file.kinds[number].isNominalType && file.kinds[number] != .protocol {
                let declaration = file.outline.declarations[number]
                guard settings.isViewModel(declaration.name) else { continue }
                // A stand-in that subclasses another ViewModel has that one's shape: the finding
                // is the superclass's.
                if Self.isStandIn(declaration), let first = declaration.inherits.first,
                   ProjectIndex.normalisedTypeNames(first).contains(where: { settings.isViewModel(lastComponent($0)) }) { continue }
                let id = DeclarationID(file: fileNumber, declaration: number)
                // The first active declaration of a name is its primary one.
                guard !index[id].conditions.contains(where: \.isInactive) else { continue }
                let name = file.qualifiedNames[number]
                guard seen.insert(name).inserted, !exemptions.isExempt(id) else { continue }
                violations += check(name, primary: id)
            }
        }
        return violations
    }

    /// The type's declarations and extensions that are compiled somewhere.
    func parts(of name: String) -> [DeclarationID] {
        // With extensions that name the type with its module (`extension NotesApp.NotesListViewModel`)
        // or through a typealias (`extension ProfileVM`).
        index.parts(of: name).filter { !exemptions.isInactiveOrPreview($0) }
    }

    // MARK: One ViewModel

    func check(_ name: String, primary: DeclarationID) -> [Violation] {
        let parts = parts(of: name)
        guard isObservable(name, parts: parts) else { return [] }
        // A base class that the project's ViewModels inherit from is infrastructure, not a
        // screen: its subclasses carry the screen's Input, Output and Effect.
        guard !superclassNames.contains(name) else { return [] }
        // A macro may add the parts; an unknown supertype may provide them.
        guard !parts.contains(where: { index[$0].attributes.contains { !plainAttributes.contains($0.name) } }) else { return [] }
        guard let inherited = inheritedMembers(of: name) else { return [] }

        let members = parts.flatMap { part in index[part].members.map { DeclarationID(file: part.file, declaration: $0) } }
            .filter { !exemptions.isInactiveOrPreview($0) }
        // Nested types and type aliases, and the type's own generic parameters
        // (`ScreenViewModel<Input, Output, Effect>`).
        var nestedNames = Set(members.compactMap { id -> String? in
            let member = index[id]
            return member.kind.isNominalType || member.kind == .typealias ? member.name : nil
        })
        nestedNames.formUnion(parts.flatMap { index[$0].genericParameters })
        let typeName = lastComponent(name)
        var violations: [Violation] = []
        for part in settings.nestedTypes where !nestedNames.contains(part) && !inherited.typeNames.contains(part) {
            violations.append(violation(typeName: typeName, primary: primary, missing: part,
                                        message: "`\(name)` is an observable ViewModel without a nested `\(part)` type; "
                                            + Self.purpose(of: part) + " Declare it in the type or an extension."))
        }
        let handler = settings.inputHandler
        if !handler.isEmpty {
            let declares = members.contains { isInputHandler(index[$0], named: handler) } || inherited.handlers.contains(handler)
            if !declares {
                let inputType = settings.nestedTypes.first ?? "Input"
                violations.append(violation(typeName: typeName, primary: primary, missing: handler + "(_:)",
                                            message: "`\(name)` is an observable ViewModel without an `\(handler)(_:)` method; "
                                                + "in the Input/Output/Effect pattern every user event reaches the ViewModel through one "
                                                + "`func \(handler)(_ input: \(inputType))` that switches over the events, and the View passes "
                                                + "`\(handler): viewModel.\(handler)` on. Add it and route the event methods through it."))
            }
        }
        return violations
    }

    static func purpose(of part: String) -> String {
        switch part {
        case "Input": return "the Input/Output/Effect pattern lists every user event as a case of one sealed `enum Input`, handled by `onInput(_:)`."
        case "Output": return "the Input/Output/Effect pattern keeps everything the View renders in one `struct Output` (`private(set) var output = Output()`)."
        case "Effect": return "the Input/Output/Effect pattern sends one-time events (navigation, alerts, haptics) as cases of an `enum Effect`, apart from the state."
        default: return "the ViewModel shape configured for this project requires it."
        }
    }

    func violation(typeName: String, primary: DeclarationID, missing: String, message: String) -> Violation {
        let declaration = index[primary]
        var length = lastComponent(declaration.name).utf8.count
        if index.files[primary.file].hasBacktickedName(primary.declaration) { length += 2 }
        return Violation(location: Location(file: primary.file, range: declaration.nameOffset..<(declaration.nameOffset + max(1, length))),
                         message: message, fingerprintText: typeName + " missing " + missing)
    }

    /// `@Observable` on a declaration of the type, or `ObservableObject` in the inheritance
    /// clause of the type or an extension; or either of them on a supertype declared in the
    /// project (`final class NotesListViewModel: BaseViewModel`, where
    /// `class BaseViewModel: ObservableObject`), which the type inherits.
    func isObservable(_ name: String, parts: [DeclarationID]) -> Bool {
        if isObservable(parts) { return true }
        return index.allSupertypes(of: name).contains { supertype in
            plainName(supertype) == "ObservableObject" || isObservable(self.parts(of: supertype))
        }
    }

    func isObservable(_ parts: [DeclarationID]) -> Bool {
        parts.contains { part in
            let declaration = index[part]
            if declaration.kind != .extension, declaration.hasAttribute("Observable") || declaration.hasAttribute("Observation.Observable") { return true }
            return declaration.inherits.contains { entry in
                ProjectIndex.normalisedTypeNames(entry).contains { plainName($0) == "ObservableObject" }
            }
        }
    }

    func isInputHandler(_ declaration: Declaration, named handler: String) -> Bool {
        declaration.kind == .func && declaration.name == handler && declaration.parameters.count == 1 && declaration.parameters[0].label == "_"
    }

    // MARK: Inherited parts

    /// Nested type names and input handlers that project supertypes (superclasses, protocols and
    /// their extensions) provide; `nil` when a supertype is declared outside the project and is
    /// not known to provide nothing.
    func inheritedMembers(of name: String) -> (typeNames: Set<String>, handlers: Set<String>)? {
        var typeNames = Set<String>()
        var handlers = Set<String>()
        for supertype in index.allSupertypes(of: name) {
            let declarations = index.types(named: supertype)
            if declarations.isEmpty {
                if knownSupertypes.contains(plainName(supertype)) || supertype == "class" { continue }
                return nil
            }
            for declaration in declarations { typeNames.formUnion(index[declaration].genericParameters) }
            for part in index.parts(of: supertype) {
                for member in index[part].members {
                    let declaration = index.files[part.file].outline.declarations[member]
                    if declaration.kind.isNominalType || declaration.kind == .typealias || declaration.kind == .associatedtype {
                        typeNames.insert(declaration.name)
                    }
                    if isInputHandler(declaration, named: settings.inputHandler) { handlers.insert(declaration.name) }
                }
            }
        }
        return (typeNames, handlers)
    }
}
