import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `unwired-navigation-callback`: a SwiftUI view is constructed without one of its navigation
/// callbacks, so the callback keeps its do-nothing default and the button that calls it is dead.
///
/// **What it flags.** In a struct that conforms to `View` and has no initializer of its own
/// (so it is built through the memberwise initializer), the callback properties: a stored
/// `var` whose default is an empty closure (`= {}`, `= { _ in }`, any number of parameters),
/// and an optional closure `var` whose name starts with `on` followed by an uppercase letter
/// (`onDelete`), with no default or `= nil`. Every construction site of that view in the
/// project (`SettingsView(…)`, `SettingsView.init(…)`, `Outer.SettingsView(…)`, also with generic
/// arguments (`ItemList<Order>.init(…)`) or broken before a dot, in any file)
/// that passes no argument with the callback's label is reported, once per omitted callback,
/// at the view's name in the call. An unlabeled trailing closure fills the last closure
/// property (or, in Swift 6 mode, the first one after the parenthesised arguments; when the
/// two readings differ and both are callbacks, one of them is left out either way: the call
/// is reported once, naming both); labelled trailing closures fill the property of their label.
///
/// **Why.** Seed 000 calls this "The Navigation Wiring Blind Spot": a view declares
/// `var onNavigateToAccountInfo: () -> Void = {}`, its button calls it, and when the parent or
/// the router forgets to pass the closure the button looks fine and does nothing. The
/// compiler cannot help, because the default makes the argument optional.
///
/// **Example.**
/// ```swift
/// struct ProfileView: View {
///     var onOpenSettings: () -> Void = {}
///     var body: some View { Button("Settings") { onOpenSettings() } }
/// }
/// // NavigationRouter.swift
/// case .profile: ProfileView()          // flagged: `onOpenSettings` is never wired
/// ```
///
/// **Instead.** Pass the navigation at the construction site
/// (`ProfileView(onOpenSettings: { navigate(to: .settings) })`), pass `{}` explicitly where the
/// screen deliberately does not navigate, or make the callback a non-optional `let` without a
/// default so that the compiler insists on it.
///
/// Silent where the analysis cannot know or nothing is omitted: views with an initializer of
/// their own (in the type or any extension) or with an attribute that may be a macro adding
/// one; views declared twice (`#if` branches); calls whose name could mean another type;
/// calls with an unlabeled argument or a label that is not a stored property (not the
/// memberwise initializer); `let` callbacks with a default (they cannot be passed at all);
/// callbacks that a method of the view assigns, or that a method named after them returning
/// the view sets (a modifier-style `func onTap(_:) -> Self`), or that the code around the construction site assigns
/// (`row.onTap = …`; for a view made in a stored property's initial value, any code of the
/// type: `host.rootView.onLogout = …`); a callback declared in one `#if` branch of the view only, at a call
/// site in another branch of that `#if` (which cannot pass it); construction sites in a function that declares a
/// local type of the same name; `#Preview` bodies, `PreviewProvider` types, preview and test
/// sources, `#if false` code.
public struct UnwiredNavigationCallbackRule: Rule {
    public static let description = RuleDescription(
        id: "unwired-navigation-callback",
        name: "Unwired navigation callback",
        summary: "A view is constructed without one of its navigation callbacks, so the callback keeps its empty default and the action that calls it does nothing.",
        rationale: """
            Seed 000's "Navigation Wiring Verification Guide" opens with "🚨 The Navigation Wiring Blind Spot": \
            "SwiftUI Views often declare navigation callbacks with default empty closures" such as \
            `var onNavigateToAccountInfo: () -> Void = {}`, and "If the parent View/NavigationRouter doesn't \
            pass real implementations, buttons appear functional but do nothing when tapped!" Its verification \
            commands #5 and #7 grep for `onNavigate.*:\\s*(\\s*)\\s*->\\s*Void\\s*=\\s*{` and count `onNavigateTo` \
            labels where the view is used ("Counts MUST match! Any mismatch = unwired navigation"), and the \
            review checklist demands "🚨 ALL navigation callbacks in Views are wired in NavigationRouter". The \
            grep only sees one spelling, one file and one view at a time, and matches comments. This rule \
            relates each view's callback properties to every place the view is constructed, in any file, and \
            names the construction site that leaves a callback empty.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .warning],
        options: [
            RuleOption(name: "viewProtocols", type: .stringList,
                       summary: "Protocols whose conforming structs are views whose construction sites are checked.",
                       defaultValue: .strings(["View", "SwiftUI.View"])),
            RuleOption(name: "optionalCallbackPrefixes", type: .stringList,
                       summary: "Name prefixes (followed by an uppercase letter) that make an optional closure property without a default a callback.",
                       defaultValue: .strings(["on"])),
        ],
        triggeringExamples: UnwiredNavigationCallbackRule.triggeringExamples,
        nonTriggeringExamples: UnwiredNavigationCallbackRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let settings = Settings(context.options)
        let project = Project(index: context.index)
        let views = ViewCatalog(project: project, settings: settings)
        guard !views.byName.isEmpty else { return [] }
        var violations: [Violation] = []
        for site in ConstructionSites.all(in: project) {
            guard let name = views.resolve(site.name, from: site.scopes, inFile: site.file), let view = views.byName[name],
                  !view.isFilePrivate || site.file == view.id.file else { continue }
            violations += check(site, of: view, project: project)
        }
        return violations
    }

    /// The callbacks one construction site leaves out.
    func check(_ site: ConstructionSite, of view: CallbackView, project: Project) -> [Violation] {
        let arguments = site.arguments
        var position: [String: Int] = [:]
        for (number, parameter) in view.parameters.enumerated() { position[parameter.name] = number }
        // The memberwise initializer labels every argument with a stored property's name, in
        // order; anything else is another initializer (or another type) that this rule cannot see.
        guard !arguments.labels.contains("_"),
              arguments.labels.allSatisfy({ position[$0] != nil }),
              arguments.trailingClosureLabels.allSatisfy({ position[$0] != nil }) else { return [] }
        var passed = Set(arguments.labels + arguments.trailingClosureLabels)

        var violations: [Violation] = []
        var assignedHere: Set<String>?
        if arguments.trailingClosures > 0 {
            guard let filled = unlabeledTrailingClosureTargets(view.parameters, arguments: arguments, position: position, passed: passed) else { return [] }
            passed.formUnion(filled)
            // One trailing closure and two defaulted callbacks it may fill (the last in Swift 5
            // mode, the first in Swift 6 mode): either way the other one is left out.
            if filled.count == 2, filled[0] != filled[1], let first = view.parameters.first(where: { $0.name == filled[0] }),
               let last = view.parameters.first(where: { $0.name == filled[1] }), first.callback != nil, last.callback != nil {
                assignedHere = project.assignedMembers(in: site.file, range: site.assignmentRange)
                if !assignedHere!.contains(first.name), !assignedHere!.contains(last.name) {
                    violations.append(eitherViolation(site, view: view, first: first, last: last, project: project))
                }
            }
        }

        for callback in view.parameters where callback.callback != nil && !passed.contains(callback.name) {
            // Wired after construction: `var row = RowView(); row.onTap = { … }`.
            if assignedHere == nil { assignedHere = project.assignedMembers(in: site.file, range: site.assignmentRange) }
            guard !assignedHere!.contains(callback.name) else { continue }
            if let branch = callback.branch, project.isInOtherBranch(than: branch, file: site.file, offset: site.nameRange.lowerBound) { continue }
            violations.append(violation(site, view: view, callback: callback, project: project))
        }
        // `struct Row: View { … }` declared inside the function is the `Row` the call builds.
        if !violations.isEmpty, site.enclosingRange.lowerBound > 0 || site.enclosingRange.upperBound < project.index.files[site.file].byteCount,
           project.declaresType(named: ProjectIndex.nameComponents(site.name).first ?? site.name, in: site.file, range: site.enclosingRange) {
            return []
        }
        return violations
    }

    /// The properties the first (unlabeled) trailing closure may fill, among the closure
    /// properties after the parenthesised arguments and before the first labelled trailing
    /// closure. Swift 5 mode scans backward (the last such property), Swift 6 mode forward
    /// (the first, skipping defaulted ones in favour of one that requires an argument); the
    /// language mode is unknown, so every property either reading may fill counts as passed.
    /// `nil` when no property can take the closure: the call is not the memberwise
    /// initializer this rule models.
    func unlabeledTrailingClosureTargets(_ parameters: [MemberwiseParameter], arguments: CallArguments,
                                         position: [String: Int], passed: Set<String>) -> [String]? {
        let lower = arguments.labels.compactMap { position[$0] }.max().map { $0 + 1 } ?? 0
        let upper = arguments.trailingClosureLabels.compactMap { position[$0] }.min() ?? parameters.count
        guard lower <= upper else { return nil }
        let window = parameters[lower..<upper].filter { $0.isClosure && !passed.contains($0.name) }
        guard let first = window.first, let last = window.last else { return nil }
        let required = window.filter(\.isRequired)
        switch required.count {
        case 0: return [first.name, last.name]
        case 1: return [required[0].name]
        default: return window.map(\.name)  // does not compile with one closure; claim nothing
        }
    }

    // MARK: - Findings

    /// One trailing closure that fills `last` (Swift 5 mode) or `first` (Swift 6 mode): the
    /// other callback keeps its default either way.
    func eitherViolation(_ site: ConstructionSite, view: CallbackView, first: MemberwiseParameter, last: MemberwiseParameter,
                         project: Project) -> Violation {
        let index = project.index
        let viewFile = index.files[view.id.file]
        let shortName = view.name.split(separator: ".").last.map(String.init) ?? view.name
        let message = "'\(shortName)' is constructed here with one trailing closure for two callbacks (declared in \(viewFile.path)): "
            + "it fills '\(last.name)' in Swift 5 language mode and '\(first.name)' in Swift 6 mode, and the other keeps its default, "
            + "so whatever calls it does nothing; pass both by label ('\(first.name): { … }, \(last.name): { … }')."
        let related = [first, last].map { callback in
            (location: Location(file: view.id.file, range: callback.nameOffset..<(callback.nameOffset + callback.name.utf8.count)),
             message: "'\(callback.name)' is declared here")
        }
        return Violation(location: Location(file: site.file, range: site.nameRange), message: message, related: related,
                         fingerprintText: shortName + " omits " + first.name + " or " + last.name)
    }

    func violation(_ site: ConstructionSite, view: CallbackView, callback: MemberwiseParameter, project: Project) -> Violation {
        let index = project.index
        let viewFile = index.files[view.id.file]
        let line = project.source(of: view.id.file).map { String($0.location(of: callback.nameOffset).line) } ?? "?"
        let shortName = view.name.split(separator: ".").last.map(String.init) ?? view.name
        let (defaultText, explicitValue) = callback.callback == .emptyClosure
            ? ("its empty default `\(callback.emptyDefault)`", callback.emptyDefault) : ("`nil`", "nil")
        let message = "'\(shortName)' is constructed here without '\(callback.name)' (declared at \(viewFile.path):\(line)), "
            + "so the callback keeps \(defaultText) and whatever calls it does nothing; pass '\(callback.name): { … }' with the navigation, "
            + "or '\(callback.name): \(explicitValue)' if this screen deliberately does not navigate."
        let related = [(location: Location(file: view.id.file, range: callback.nameOffset..<(callback.nameOffset + callback.name.utf8.count)),
                        message: "'\(callback.name)' is declared here with \(defaultText)")]
        return Violation(location: Location(file: site.file, range: site.nameRange), message: message, related: related,
                         fingerprintText: shortName + " omits " + callback.name)
    }
}

// MARK: - Settings

extension UnwiredNavigationCallbackRule {
    /// The rule's options, read once.
    struct Settings {
        var viewProtocols: [String]
        var optionalCallbackPrefixes: [String]

        init(_ options: ResolvedOptions) {
            viewProtocols = options.strings("viewProtocols").filter { !$0.isEmpty }
            optionalCallbackPrefixes = options.strings("optionalCallbackPrefixes").filter { !$0.isEmpty }
        }

        /// `onDelete`, `onNavigateToSettings`; not `one`, `online`.
        func isCallbackName(_ name: String) -> Bool {
            optionalCallbackPrefixes.contains { prefix in
                guard name.hasPrefix(prefix), let next = name.dropFirst(prefix.count).first else { return false }
                return next.isUppercase
            }
        }
    }
}

// MARK: - The project

extension UnwiredNavigationCallbackRule {
    /// What every part of the rule asks of the project: which code is production code, and
    /// the tokens of files when a declaration's text matters.
    final class Project {
        let index: ProjectIndex
        /// Byte ranges of `#if false`-style code inside bodies, per file (computed on demand).
        private var inactiveCache: [Int: [Range<Int>]] = [:]
        private var tokenCache: [Int: [Token]] = [:]
        /// The text of the files whose tokens or text were asked for, read once each.
        private let sources: SourceCache

        init(index: ProjectIndex) {
            self.index = index
            sources = SourceCache(files: index.files)
        }

        // Test, preview and inactive-code checks are shared by the seed-check rules.
        func isTestOrPreviewFile(_ file: Int) -> Bool { index.isTestOrPreviewFile(file) }
        func isInactive(_ id: DeclarationID) -> Bool { index.isInactive(id) }
        func isInPreviewProvider(_ id: DeclarationID) -> Bool { index.isInPreviewProvider(id) }

        func source(of file: Int) -> SourceFile? { sources.source(of: file) }

        func tokens(of file: Int) -> [Token] {
            if let cached = tokenCache[file] { return cached }
            let tokens = source(of: file).map { Lexer.tokenize($0).tokens } ?? []
            tokenCache[file] = tokens
            return tokens
        }

        /// The tokens of `range` of a file (a declaration's range, or the whole file): the
        /// range lexed on its own, or the whole file's tokens when they are at hand already
        /// or the range is most of the file. Either way the tokens in `range` are the same
        /// (`TokenView.tokens(of:in:)`).
        func tokens(of file: Int, in range: Range<Int>) -> [Token] {
            guard tokenCache[file] == nil, let source = source(of: file), range.count * 2 < source.bytes.count else { return tokens(of: file) }
            return TokenView.tokens(of: source, in: range)
        }

        /// Names assigned as members in a byte range of a file: `onTap` for `copy.onTap = action`,
        /// `$0.onTap = …`, `self.onTap = …`.
        func assignedMembers(in file: Int, range: Range<Int>) -> Set<String> {
            guard let source = source(of: file) else { return [] }
            let tokens = tokens(of: file, in: range)
            var names: Set<String> = []
            var position = Initializer.firstToken(atOrAfter: range.lowerBound, in: tokens)
            while position + 2 < tokens.count, tokens[position].start < range.upperBound {
                if tokens[position].kind == .operator, source.token(tokens[position], is: "."),
                   tokens[position + 1].kind == .identifier,
                   tokens[position + 2].kind == .operator, source.token(tokens[position + 2], is: "=") {
                    names.insert(source.text(of: tokens[position + 1]))
                }
                position += 1
            }
            return names
        }

        /// Whether `offset` of a file lies in another branch of the `#if` that holds `branch`
        /// (`#else` or `#elseif os(macOS)` of `#if os(iOS)`, where a property of the
        /// `#if os(iOS)` branch does not exist). Branches are told apart by the condition
        /// texts the outline records: a branch's condition is false at the offset when an
        /// earlier clause of an enclosing `#if` has that condition, and an `#else` branch's
        /// preceding condition is true at the offset when an enclosing clause has it.
        func isInOtherBranch(than branch: ConditionClause, file: Int, offset: Int) -> Bool {
            guard let source = source(of: file) else { return false }
            let tokens = tokens(of: file)
            // One entry per open `#if`: its current clause and the conditions of its earlier
            // clauses, which are all false inside the current one.
            var stack: [(clause: ConditionClause, earlier: [String])] = []
            var index = 0
            while index < tokens.count, tokens[index].start < offset {
                defer { index += 1 }
                guard tokens[index].kind == .pound else { continue }
                let directive = source.text(of: tokens[index])
                guard ["#if", "#elseif", "#else", "#endif"].contains(directive) else { continue }
                var condition = ""
                var end = index + 1
                while end < tokens.count, !tokens[end].flags.contains(.newlineBefore) {
                    if end > index + 1, tokens[end].flags.contains(.triviaBefore) { condition += " " }
                    condition += source.text(of: tokens[end])
                    end += 1
                }
                switch directive {
                case "#if":
                    stack.append((ConditionClause(directive: .if, condition: condition), []))
                case "#elseif":
                    if let last = stack.popLast() {
                        stack.append((ConditionClause(directive: .elseif, condition: condition), last.earlier + [last.clause.condition]))
                    }
                case "#else":
                    if let last = stack.popLast() {
                        stack.append((ConditionClause(directive: .else, condition: last.clause.condition), last.earlier + [last.clause.condition]))
                    }
                default: _ = stack.popLast()
                }
            }
            switch branch.directive {
            case .if, .elseif:
                if stack.contains(where: { $0.earlier.contains(branch.condition) }) { return true }
                // `#if os(iOS)` and `#if !os(iOS)` never hold together.
                if stack.contains(where: { $0.clause.directive != .else && Self.areNegations($0.clause.condition, branch.condition) }) { return true }
                // `#if os(iOS)` and `#if os(macOS)` never hold together.
                guard let system = Self.operatingSystem(in: branch.condition) else { return false }
                return stack.contains {
                    $0.clause.directive != .else && Self.operatingSystem(in: $0.clause.condition).map { $0 != system } == true
                }
            case .else:
                return stack.contains { $0.clause.directive != .else && $0.clause.condition == branch.condition }
            }
        }

        /// Whether one condition is the other negated: `!DEBUG` and `DEBUG`, `!(os(iOS))` and `os(iOS)`.
        static func areNegations(_ first: String, _ second: String) -> Bool {
            // What a leading `!` negates: one term, or a whole parenthesised condition
            // (`!A || B` negates `A` only, so it is no negation of `A || B`).
            func negated(_ condition: String) -> String? {
                guard condition.hasPrefix("!") else { return nil }
                let rest = String(condition.dropFirst().filter { $0 != " " })
                if FunctionType.isWrappedInParentheses(rest) { return String(rest.dropFirst().dropLast()) }
                return rest.contains("&&") || rest.contains("||") ? nil : rest
            }
            let (a, b) = (first.filter { $0 != " " }, second.filter { $0 != " " })
            return negated(first) == b || negated(second) == a
        }

        /// The platform of a condition that is exactly `os(NAME)`, else nil.
        static func operatingSystem(in condition: String) -> Substring? {
            guard condition.hasPrefix("os("), condition.hasSuffix(")") else { return nil }
            let name = condition.dropFirst(3).dropLast()
            return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
        }

        /// Whether a byte range of a file declares a type named `name` (`struct Row`, `enum Row`,
        /// `typealias Row`): a local type inside a function, which the outline does not list.
        func declaresType(named name: String, in file: Int, range: Range<Int>) -> Bool {
            guard let source = source(of: file) else { return false }
            let tokens = tokens(of: file, in: range)
            var position = Initializer.firstToken(atOrAfter: range.lowerBound, in: tokens)
            while position + 1 < tokens.count, tokens[position].start < range.upperBound {
                defer { position += 1 }
                guard tokens[position].kind == .keyword, tokens[position + 1].kind == .identifier,
                      source.text(of: tokens[position + 1]) == name else { continue }
                let keyword = source.text(of: tokens[position])
                if ["struct", "class", "enum", "actor", "typealias", "protocol"].contains(keyword) { return true }
            }
            return false
        }

        /// `#if false`, `#if never`, `#if 0` regions of a file (only files that may have one are lexed).
        func inactiveRanges(of file: Int) -> [Range<Int>] {
            if let cached = inactiveCache[file] { return cached }
            var ranges: [Range<Int>] = []
            if index.files[file].mayHaveInactiveCode, let source = source(of: file) {
                ranges = InactiveCode.ranges(in: tokens(of: file), source: source)
            }
            inactiveCache[file] = ranges
            return ranges
        }
    }
}

// MARK: - Views and their callbacks

extension UnwiredNavigationCallbackRule {
    /// What a callback property defaults to.
    enum CallbackKind: Equatable {
        /// `var onX: () -> Void = {}`, `= { _ in }`.
        case emptyClosure
        /// `var onX: (() -> Void)?` or `= nil`.
        case optionalNil
    }

    /// A parameter of a view's memberwise initializer: a stored property, in declaration order.
    struct MemberwiseParameter {
        var name: String
        var nameOffset: Int
        /// Whether the property can take a closure (a function type, optional or not, or a
        /// closure literal as its default): what an unlabeled trailing closure may fill.
        var isClosure: Bool
        /// Whether the initializer requires an argument for it (no default value).
        var isRequired: Bool
        var callback: CallbackKind?
        /// The empty closure the property defaults to, as written (`{}`, `{ _ in }`).
        var emptyDefault = "{}"
        /// The `#if` clause of a property declared in one branch of the view only.
        var branch: ConditionClause?
    }

    /// A view built through its memberwise initializer that has at least one callback.
    struct CallbackView {
        var name: String
        var id: DeclarationID
        var parameters: [MemberwiseParameter]
        /// Declared `private` or `fileprivate`: a call of its name in another file means
        /// another type.
        var isFilePrivate = false
    }

    /// The declarations of a name as each file sees them: a `private` or `fileprivate` one
    /// of another file is not seen, so another file's `private struct HeaderView` does not
    /// make this file's ambiguous. Grouped once per name, so that many files with a private
    /// type of one name cost linear time.
    final class FileScopes {
        struct Grouped {
            var all: [DeclarationID] = []
            var byFile: [Int: [DeclarationID]] = [:]
            /// Those not file-private: seen from every file.
            var shared: [DeclarationID] = []
            var privateByFile: [Int: [DeclarationID]] = [:]

            func visible(from file: Int) -> [DeclarationID] {
                guard let own = privateByFile[file] else { return shared }
                return shared + own
            }
        }

        private let index: ProjectIndex
        private var declarationGroups: [String: Grouped] = [:]
        private var typeGroups: [String: Grouped] = [:]
        private var partGroups: [String: Grouped] = [:]

        init(index: ProjectIndex) { self.index = index }

        static func isFilePrivate(_ declaration: Declaration) -> Bool {
            declaration.modifiers.contains("private") || declaration.modifiers.contains("fileprivate")
        }

        func declarations(named name: String) -> Grouped { grouped(name, in: &declarationGroups, index.declarations(named:)) }
        func types(named name: String) -> Grouped { grouped(name, in: &typeGroups, index.types(named:)) }
        /// The type of that name and its extensions (`ProjectIndex.parts(of:)`).
        func parts(of name: String) -> Grouped { grouped(name, in: &partGroups, index.parts(of:)) }

        private func grouped(_ name: String, in cache: inout [String: Grouped], _ find: (String) -> [DeclarationID]) -> Grouped {
            if let known = cache[name] { return known }
            var groups = Grouped()
            for id in find(name) {
                groups.all.append(id)
                groups.byFile[id.file, default: []].append(id)
                if Self.isFilePrivate(index[id]) { groups.privateByFile[id.file, default: []].append(id) } else { groups.shared.append(id) }
            }
            cache[name] = groups
            return groups
        }
    }

    /// The project's callback views by qualified name, and how call names resolve to types.
    struct ViewCatalog {
        var byName: [String: CallbackView] = [:]
        private let index: ProjectIndex
        private let scopes: FileScopes

        /// Attributes that cannot add an initializer to a type (anything else may be a macro).
        static let inertAttributes: Set<String> = ["MainActor", "available", "frozen", "preconcurrency", "usableFromInline", "_spi", "Sendable"]

        /// Whether a property's attribute may be a property wrapper (`@Environment`, `@State`,
        /// `@Binding`, a project's own): a capitalised name that is not `@MainActor`,
        /// `@Sendable` or a result builder. Built-in attributes are lower-case.
        static func isPropertyWrapper(_ name: String) -> Bool {
            guard let first = name.utf8.first, first >= 0x41, first <= 0x5A else { return false }
            return !inertAttributes.contains(name) && !name.hasSuffix("Builder")
        }

        init(project: Project, settings: Settings) {
            index = project.index
            scopes = FileScopes(index: project.index)
            var typealiases: [String: String] = [:]
            for file in index.files {
                let outline = file.outline
                for number in file.kinds.indices where file.kinds[number] == .typealias {
                    let declaration = outline.declarations[number]
                    if let aliased = declaration.typeText { typealiases[file.qualifiedNames[number]] = aliased }
                }
            }

            // Only structs that may be views are worth the exact conformance check.
            let mayBeViews = index.namesMayConform(to: settings.viewProtocols)
            for fileNumber in index.files.indices where !project.isTestOrPreviewFile(fileNumber) {
                let file = index.files[fileNumber]
                for number in file.kinds.indices
                where file.kinds[number] == .struct && mayBeViews.contains(ProjectIndex.lastComponent(file.outline.declarations[number].name)) {
                    let id = DeclarationID(file: fileNumber, declaration: number)
                    guard let view = Self.callbackView(id, project: project, settings: settings, typealiases: typealiases, scopes: scopes) else { continue }
                    byName[view.isFilePrivate ? Self.fileKey(view.name, file: fileNumber) : view.name] = view
                }
            }
        }

        static func callbackView(_ id: DeclarationID, project: Project, settings: Settings, typealiases: [String: String], scopes: FileScopes) -> CallbackView? {
            let index = project.index
            let declaration = index[id]
            let name = index.qualifiedName(of: id)
            let isFilePrivate = FileScopes.isFilePrivate(index[id])
            guard !project.isInactive(id), !project.isInPreviewProvider(id),
                  scopes.types(named: name).visible(from: id.file).count == 1 else { return nil }
            // The view and its extensions. A `private` type is extended in its own file only, so
            // same-named private types of other files, and what their files extend, are other
            // types: a `private` view takes the parts of its file, any other view leaves out
            // the files with a private type of its name.
            let allParts = scopes.parts(of: name)
            let parts = isFilePrivate ? allParts.byFile[id.file] ?? []
                : allParts.all.filter { $0 == id || scopes.types(named: name).privateByFile[$0.file] == nil }
            let members = parts.flatMap { part in index[part].members.map { DeclarationID(file: part.file, declaration: $0) } }
            // The project's supertypes of the name merge every part; with some left out, the
            // parts' own inheritance clauses are read.
            let conformsToView = parts.count == allParts.all.count
                ? settings.viewProtocols.contains { index.conforms(name, to: $0) }
                : parts.flatMap { index[$0].inherits.flatMap(ProjectIndex.normalisedTypeNames) }.contains { supertype in
                    settings.viewProtocols.contains { supertype == $0 || index.conforms(supertype, to: $0) }
                }
            guard conformsToView, declaration.attributes.allSatisfy({ inertAttributes.contains($0.name) }),
                  !members.contains(where: { index[$0].kind == .`init` }) else { return nil }
            // An extension with a macro attribute may add an initializer too.
            for part in parts where part != id && !index[part].attributes.allSatisfy({ inertAttributes.contains($0.name) }) {
                return nil
            }

            let outline = index.files[id.file].outline
            // A property in one `#if` branch of the view (`#if os(iOS) var onShare … #endif`)
            // is no parameter where the branch is not compiled, and a call site there cannot
            // pass it: a callback only when some other branch declares it too.
            var declarationCounts: [String: Int] = [:]
            for member in declaration.members { declarationCounts[outline.declarations[member].name, default: 0] += 1 }
            var parameters: [MemberwiseParameter] = []
            for member in declaration.members {
                let property = outline.declarations[member]
                guard property.kind == .var || property.kind == .let, property.isStored, !property.isStatic,
                      !property.modifiers.contains("lazy"), !property.conditions.contains(where: \.isInactive) else { continue }
                // A `let` with a value is not a parameter: nobody can pass it.
                if property.kind == .let && property.hasInitializer { continue }
                guard property.names.count <= 1 else { return nil }  // `var a, b: T`: not modelled
                let type = property.typeText.map { FunctionType(of: $0, typealiases: typealiases, scope: name) }
                let initial = property.hasInitializer ? Initializer.classify(property, tokens: project.tokens(of: id.file, in: property.range), source: project.source(of: id.file)) : nil
                let isFunction = type?.isFunction ?? false
                let isOptional = type?.isOptional ?? false
                var callback: CallbackKind?
                var emptyDefault = "{}"
                // A `private` or `fileprivate` property cannot be passed from outside its file
                // (the memberwise initializer leaves it out or is itself private): no call site
                // can wire it, and none is to blame.
                let isHidden = property.modifiers.contains("private") || property.modifiers.contains("fileprivate")
                // A property wrapper (`@Environment(\.onFinish) var onFinish: (() -> Void)?`)
                // takes its value from elsewhere, or its parameter has the wrapper's type: not a
                // callback the construction site leaves out.
                let isWrapped = property.attributes.contains { Self.isPropertyWrapper($0.name) }
                let isInOneBranch = property.conditions.count > declaration.conditions.count && declarationCounts[property.name] == 1
                if property.kind == .var, !isHidden, !isWrapped {
                    if initial == .emptyClosure {
                        callback = .emptyClosure
                        emptyDefault = Initializer.text(property, tokens: project.tokens(of: id.file, in: property.range), source: project.source(of: id.file)) ?? "{}"
                    } else if isFunction, isOptional, initial == nil || initial == .nilLiteral, settings.isCallbackName(property.name) {
                        callback = .optionalNil
                    }
                }
                // `@ViewBuilder let content: Content` takes a closure in the memberwise initializer
                // (SE-0289): a trailing closure may fill it.
                let isBuilder = property.attributes.contains { $0.name.hasSuffix("Builder") }
                let isClosure = !isWrapped && (isFunction || isBuilder || (property.typeText == nil && (initial == .emptyClosure || initial == .closure)))
                // `var x: T?` defaults to `nil`; a `let` never does.
                let isRequired = !property.hasInitializer && !(property.kind == .var && isOptional)
                // The same property in two `#if` branches (`onOpen: (UIImage) -> Void` and
                // `(NSImage) -> Void`) is one parameter.
                if parameters.contains(where: { $0.name == property.name }) { continue }
                parameters.append(MemberwiseParameter(name: property.name, nameOffset: property.nameOffset, isClosure: isClosure,
                                                      isRequired: isRequired, callback: callback, emptyDefault: emptyDefault,
                                                      branch: isInOneBranch ? property.conditions.last : nil))
            }
            // A method that assigns the callback (`func onTap(_ action:) -> Self { var copy = self;
            // copy.onTap = action; return copy }`) or is named after it and returns the view
            // (`func onTap(_ action:) -> RowView` returning `RowView(title: title, onTap: action)`)
            // lets callers wire it after construction.
            var assignedByMethods: Set<String> = []
            let ownName = ProjectIndex.nameComponents(name).last ?? name
            for member in members where index[member].kind == .func {
                let method = index[member]
                assignedByMethods.formUnion(project.assignedMembers(in: member.file, range: method.range))
                if !method.isStatic, !method.parameters.isEmpty, let result = method.returnType,
                   ["Self", ownName, name, "some View", "some SwiftUI.View"].contains(result) {
                    assignedByMethods.insert(method.name)
                }
            }
            for number in parameters.indices where assignedByMethods.contains(parameters[number].name) {
                parameters[number].callback = nil
            }
            guard parameters.contains(where: { $0.callback != nil }) else { return nil }
            return CallbackView(name: name, id: id, parameters: parameters, isFilePrivate: isFilePrivate)
        }

        /// The qualified name of the type a call names, seen from inside `scopes` (innermost
        /// first): a nested type of an enclosing scope, else a top-level (or fully qualified)
        /// type. A bare name used outside the type that nests it means some other type (from
        /// another module), so it resolves to nothing. `nil` when the name may mean several things.
        func resolve(_ name: String, from enclosing: [String], inFile file: Int) -> String? {
            func key(_ qualified: String, _ declarations: [DeclarationID]) -> String? {
                guard declarations.count == 1 else { return nil }
                return FileScopes.isFilePrivate(index[declarations[0]]) ? Self.fileKey(qualified, file: declarations[0].file) : qualified
            }
            for scope in enclosing {
                let candidate = scope + "." + name
                let declarations = self.scopes.declarations(named: candidate).visible(from: file)
                if !declarations.isEmpty { return key(candidate, declarations) }
            }
            // Two declarations (a global function of the same name, `#if` variants): ambiguous.
            return key(name, self.scopes.declarations(named: name).visible(from: file))
        }

        /// The catalog's key of a `private` or `fileprivate` view: its name in its file.
        static func fileKey(_ name: String, file: Int) -> String { "\(file)#\(name)" }
    }
}

// MARK: - Declared types and default values

extension UnwiredNavigationCallbackRule {
    /// What a declared property type says about closures: `() -> Void` is a function,
    /// `(() -> Void)?` and `Optional<(Int) -> Void>` optional functions, `[() -> Void]` neither.
    /// A project typealias of a function type (`typealias Action = () -> Void`) counts.
    struct FunctionType {
        var isFunction = false
        var isOptional = false

        /// `scope`: the qualified name of the type whose property has this type, where a
        /// nested typealias (`typealias Action = (Contact.ID) -> Void` inside the view) is
        /// looked up before a top-level one.
        init(of text: String, typealiases: [String: String], scope: String = "", depth: Int = 0) {
            var type = Self.strippingAttributes(text)
            while true {
                if type.hasSuffix("?") || type.hasSuffix("!") {
                    isOptional = true
                    type = Self.strippingAttributes(String(type.dropLast()))
                } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
                    isOptional = true
                    type = Self.strippingAttributes(String(type.dropFirst(9).dropLast()))
                } else if Self.isWrappedInParentheses(type) {
                    type = Self.strippingAttributes(String(type.dropFirst().dropLast()))
                } else {
                    break
                }
            }
            if Self.hasTopLevelArrow(type) {
                isFunction = true
            } else if depth < 4, let aliased = Self.alias(type, in: scope, typealiases: typealiases) {
                let inner = FunctionType(of: aliased, typealiases: typealiases, scope: scope, depth: depth + 1)
                isFunction = inner.isFunction
                isOptional = isOptional || inner.isOptional
            }
        }

        /// What a typealias name stands for, seen from inside `scope` (innermost first).
        static func alias(_ name: String, in scope: String, typealiases: [String: String]) -> String? {
            var enclosing = scope
            while !enclosing.isEmpty {
                if let aliased = typealiases[enclosing + "." + name] { return aliased }
                enclosing = enclosing.lastIndex(of: ".").map { String(enclosing[..<$0]) } ?? ""
            }
            return typealiases[name]
        }

        /// `@MainActor @Sendable () -> Void` → `() -> Void`.
        static func strippingAttributes(_ text: String) -> String {
            var type = Substring(text).drop { $0 == " " }
            while type.last == " " { type.removeLast() }
            while type.first == "@" {
                guard let space = type.firstIndex(of: " ") else { break }
                type = type[type.index(after: space)...].drop { $0 == " " }
            }
            return String(type)
        }

        static func isWrappedInParentheses(_ text: String) -> Bool {
            guard text.first == "(", text.last == ")" else { return false }
            var depth = 0
            for (offset, character) in text.enumerated() {
                if character == "(" { depth += 1 }
                if character == ")" {
                    depth -= 1
                    if depth == 0 { return offset == text.count - 1 }
                }
            }
            return false
        }

        /// A `->` outside any brackets: the type is a function type.
        static func hasTopLevelArrow(_ text: String) -> Bool {
            var depth = 0
            var previous: Character = " "
            for character in text {
                switch character {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">":
                    if previous == "-" {
                        if depth == 0 { return true }
                    } else {
                        depth -= 1
                    }
                default: break
                }
                previous = character
            }
            return false
        }
    }

    /// A property's default value, as far as this rule cares.
    enum Initializer: Equatable {
        case emptyClosure, closure, nilLiteral, other

        /// Reads the tokens after the property's `=`.
        static func classify(_ property: Declaration, tokens: [Token], source: SourceFile?) -> Initializer {
            guard let source, let value = valueTokens(property, tokens: tokens, source: source) else { return .other }
            return classify(value, tokens: tokens, source: source)
        }

        /// The property's initial value as written, its spaces and line breaks made single
        /// spaces (`{ _ in }`), if it has one.
        static func text(_ property: Declaration, tokens: [Token], source: SourceFile?) -> String? {
            guard let source, let value = valueTokens(property, tokens: tokens, source: source) else { return nil }
            // From the tokens, a space wherever trivia was: a comment inside the closure
            // (`{ // wired by the parent }`) would comment out the rest of a one-line text.
            var text = ""
            for position in value {
                if position > value.lowerBound, tokens[position].flags.contains(.triviaBefore) { text += " " }
                text += source.text(of: tokens[position])
            }
            return text
        }

        /// The tokens after the property's top-level `=`.
        private static func valueTokens(_ property: Declaration, tokens: [Token], source: SourceFile) -> Range<Int>? {
            var position = firstToken(atOrAfter: property.nameOffset, in: tokens)
            var depth = 0
            var equals: Int?
            while position < tokens.count, tokens[position].start < property.range.upperBound {
                let token = tokens[position]
                if token.kind == .punctuation {
                    if source.token(token, is: "(") || source.token(token, is: "[") || source.token(token, is: "{") { depth += 1 }
                    if source.token(token, is: ")") || source.token(token, is: "]") || source.token(token, is: "}") { depth -= 1 }
                } else if token.kind == .operator, depth == 0, source.token(token, is: "=") {
                    equals = position
                    break
                }
                position += 1
            }
            guard let equals else { return nil }
            let start = equals + 1
            var end = start
            depth = 0
            while end < tokens.count, tokens[end].start < property.range.upperBound {
                let token = tokens[end]
                if token.kind == .punctuation {
                    // `= {} { didSet { … } }`: the observers are not part of the value.
                    if depth == 0, end > start, source.token(token, is: "{"), end + 1 < tokens.count,
                       source.token(tokens[end + 1], is: "didSet") || source.token(tokens[end + 1], is: "willSet") { break }
                    if source.token(token, is: "(") || source.token(token, is: "[") || source.token(token, is: "{") { depth += 1 }
                    if source.token(token, is: ")") || source.token(token, is: "]") || source.token(token, is: "}") { depth -= 1 }
                }
                end += 1
            }
            return start < end ? start..<end : nil
        }

        private static func classify(_ value: Range<Int>, tokens: [Token], source: SourceFile) -> Initializer {
            let (start, end) = (value.lowerBound, value.upperBound)
            if end - start == 1, tokens[start].kind == .keyword, source.token(tokens[start], is: "nil") { return .nilLiteral }
            guard tokens[start].kind == .punctuation, source.token(tokens[start], is: "{") else { return .other }
            // The closure must be the whole value (not `{ … }()`).
            var nesting = 0
            var close: Int?
            for cursor in start..<end where tokens[cursor].kind == .punctuation {
                if source.token(tokens[cursor], is: "{") { nesting += 1 }
                if source.token(tokens[cursor], is: "}") {
                    nesting -= 1
                    if nesting == 0 { close = cursor; break }
                }
            }
            guard let close, close == end - 1 else { return .other }
            let body = (start + 1)..<close
            if body.isEmpty { return .emptyClosure }
            // `{ _ in }`, `{ _, _ in }`, `{ (a, b) in }`: a parameter clause and nothing after it.
            let last = tokens[body.upperBound - 1]
            if last.kind == .keyword, source.token(last, is: "in"),
               !body.dropLast().contains(where: { tokens[$0].kind == .punctuation && (source.token(tokens[$0], is: "{") || source.token(tokens[$0], is: "}")) }),
               !body.dropLast().contains(where: { tokens[$0].kind == .keyword && source.token(tokens[$0], is: "in") }) {
                return .emptyClosure
            }
            return .closure
        }

        static func firstToken(atOrAfter offset: Int, in tokens: [Token]) -> Int {
            tokens.firstIndex(startingAtOrAfter: offset)
        }
    }
}

// MARK: - Construction sites

extension UnwiredNavigationCallbackRule {
    /// A call of a capitalised name (`SettingsView(…)`, `SettingsView.init(…)`) in
    /// production code, with the scopes its name is resolved in.
    struct ConstructionSite {
        var file: Int
        var name: String
        /// The last component of the name in the call: where the finding points.
        var nameRange: Range<Int>
        var arguments: CallArguments
        /// Qualified names of the enclosing types, innermost first.
        var scopes: [String]
        /// The enclosing declaration's byte range (the file's, for top-level code): where the
        /// new view may be stored in a variable and its callback assigned (`row.onTap = …`).
        var enclosingRange: Range<Int>
        /// Where an assignment of the callback counts (`host.rootView.onLogout = …`): the
        /// enclosing declaration, or for a stored property's initial value the whole type.
        var assignmentRange: Range<Int>
    }

    enum ConstructionSites {
        static func all(in project: Project) -> [ConstructionSite] {
            let index = project.index
            var sites: [ConstructionSite] = []
            for fileNumber in index.files.indices where !project.isTestOrPreviewFile(fileNumber) {
                let file = index.files[fileNumber]
                let outline = file.outline
                let previews = outline.macroExpansions.filter { $0.name == "Preview" }.map(\.range)
                let wholeFile = 0..<file.byteCount
                var calls: [(call: Call, scopes: [String], range: Range<Int>, around: Range<Int>)] = []
                for (number, declaration) in outline.declarations.enumerated() where declaration.facts.callCount > 0 {
                    let id = DeclarationID(file: fileNumber, declaration: number)
                    guard !project.isInactive(id), !project.isInPreviewProvider(id) else { continue }
                    let scopes = scopeChain(of: number, in: outline)
                    // A view made in a property's initial value (`lazy var host =
                    // UIHostingController(rootView: ProfileView())`) is wired by the type's
                    // methods (`host.rootView.onLogout = …`): the code around it is the type's.
                    var around = declaration.range
                    if declaration.kind == .var || declaration.kind == .let, declaration.isStored, declaration.hasInitializer,
                       let parent = declaration.parent, outline.declarations[parent].kind.hasMembers {
                        around = outline.declarations[parent].range
                    }
                    calls += declaration.facts.calls.map { ($0, scopes, declaration.range, around) }
                }
                calls += outline.topLevelFacts.calls.filter { call in !previews.contains { $0.contains(call.offset) } }.map { ($0, [], wholeFile, wholeFile) }
                let candidates = calls.filter { $0.call.name.first?.isUppercase == true }
                guard !candidates.isEmpty else { continue }
                let inactive = project.inactiveRanges(of: fileNumber)
                // Only a dotted callee (`Module.View(…)`) needs the file's text for its range.
                let source = candidates.contains { $0.call.name.utf8.contains(0x2E) } ? file.loadSource() : nil
                for (call, scopes, range, around) in candidates where !inactive.contains(where: { $0.contains(call.offset) }) {
                    sites.append(ConstructionSite(file: fileNumber, name: call.name, nameRange: nameRange(of: call, in: source),
                                                  arguments: call.arguments, scopes: scopes, enclosingRange: range, assignmentRange: around))
                }
            }
            return sites
        }

        /// `A.B.C` for a declaration inside `C` nested in `B` in `A` → `["A.B.C", "A.B", "A"]`.
        static func scopeChain(of number: Int, in outline: FileOutline) -> [String] {
            var current: Int? = number
            while let candidate = current, !outline.declarations[candidate].kind.hasMembers {
                current = outline.declarations[candidate].parent
            }
            guard let scope = current else { return [] }
            var parts = ProjectIndex.nameComponents(outline.qualifiedName(of: scope))
            var chain: [String] = []
            while !parts.isEmpty {
                chain.append(parts.joined(separator: "."))
                parts.removeLast()
            }
            return chain
        }

        /// The byte range of the last name of the call's (possibly dotted) callee.
        static func nameRange(of call: Call, in source: SourceFile?) -> Range<Int> {
            let components = call.name.split(separator: ".").map { Array($0.utf8) }
            guard let last = components.last else { return call.offset..<call.offset }
            guard components.count > 1, let bytes = source?.bytes else { return call.offset..<(call.offset + last.count) }
            func matches(_ word: [UInt8], at offset: Int) -> Bool {
                offset + word.count <= bytes.count && Array(bytes[offset..<(offset + word.count)]) == word
            }
            // `SettingsView.init(…)` reports its offset at the type's own (last) name.
            if matches(last, at: call.offset), !matches(components[0], at: call.offset) || components[0] == last {
                return call.offset..<(call.offset + last.count)
            }
            var offset = call.offset
            for component in components.dropLast() {
                guard matches(component, at: offset) else { return call.offset..<(call.offset + components[0].count) }
                offset += component.count
                while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2E].contains(bytes[offset]) { offset += 1 }
            }
            return matches(last, at: offset) ? offset..<(offset + last.count) : call.offset..<(call.offset + components[0].count)
        }
    }
}

// MARK: - Inactive code


