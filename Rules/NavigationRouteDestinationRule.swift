import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `navigation-route-destination`: a case of a route enum that no destination switch handles,
/// so navigating to it shows nothing (or whatever a `default:` happens to return).
///
/// **What it flags.** Route enums are the enums named by the `routeEnums` option (`Route`,
/// `AppRoute`, `Destination` by default, also nested: `AppRouter.Destination`) and enums that
/// conform to a protocol named in `routeProtocols` (`Route`). A destination switch is a
/// `switch` over a value of the route type — a parameter, a local or a property declared with
/// that type, `self` inside the enum or its extensions, or the closure parameter of
/// `.navigationDestination(for: Route.self) { route in … }` — that sits in a function,
/// computed property or subscript returning `some View`, `any View` or `AnyView` or marked
/// `@ViewBuilder`, in a closure declared to return a view (`{ (route: Route) -> AnyView in`,
/// the value of a `(Route) -> AnyView` property), or directly in that `.navigationDestination`
/// closure (also through the content of `Group`, `VStack`, `NavigationStack` and the other
/// SwiftUI containers of `viewContainers`). Every case of the
/// enum must have an explicit `case` in at least one destination switch (`case .detail(let
/// id)`, `case let .detail(id)`, `case .detail where …`, `case .detail?` all count); `default:`
/// and `@unknown default:` cover nothing. Reported at the case's name in the enum, once per
/// uncovered case, with the destination switches as related locations.
///
/// **Why.** Seed 000 makes "ALL Route cases MUST have destinations" a critical rule and
/// checks it by counting `case` lines in `Route.swift` against `destination:` lines in
/// `NavigationRouter.swift`. A route without a destination is a screen that can be navigated
/// to and never appears; a `default: EmptyView()` hides it from the compiler.
///
/// **Example.**
/// ```swift
/// enum Route: Hashable { case orders, orderDetail(id: Order.ID), settings }   // `settings` flagged
///
/// @ViewBuilder
/// func destination(for route: Route) -> some View {
///     switch route {
///     case .orders: OrderListView()
///     case .orderDetail(let id): OrderDetailView(orderID: id)
///     default: EmptyView()
///     }
/// }
/// ```
///
/// **Instead.** Give every route its own `case` with the view it shows, and leave out
/// `default:` so that the compiler reports the next route that is added without one.
///
/// Switches elsewhere (analytics names, titles, deep-link parsing) are not destinations, nor
/// is a switch whose value is assigned (`let title = switch route { … }`), a switch whose every
/// `case` assigns a variable a plain value (`case .inbox: title = "Inbox"`: a literal, an
/// implicit member, a lower-case name or call, `String(…)`; `view = AnyView(InboxView())` may
/// build a screen), or a switch in the action of a
/// `Button`, `.onTapGesture`, `.task`, `Task { }` and their kin. Where the rule is
/// unsure, a switch only adds the cases it names and never makes an enum checked: a switch
/// nested in another closure of a view builder (an action, a `ForEach` row; the content of a
/// known container such as `Group { }` or `NavigationStack { }` inside a view builder does
/// count as the view builder itself), and a switch in a
/// view builder whose subject's type is unknown (a `.sheet(item:) { route in … }` parameter),
/// credited to every route enum that has all the cases it names. An enum is checked only when
/// at least one unambiguous destination switch exists: without any (the destinations may be
/// built in ways this rule cannot follow) it stays silent. Also silent: enums declared twice,
/// `#Preview` bodies, `PreviewProvider` types, preview and test sources, `#if false` code.
public struct NavigationRouteDestinationRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 3

    public static let description = RuleDescription(
        id: "navigation-route-destination",
        name: "Route cases have destinations",
        summary: "A case of a route enum that no destination switch (a `switch` over the route that builds views) handles explicitly.",
        rationale: """
            Seed 000 lists among its critical rules "Navigation Wiring ALL Route cases MUST have destinations \
            Count routes vs destinations", names the symptom "Navigation crash Compare Route.swift cases vs \
            NavigationRouter.swift destinations", and its verification command "# 6. 🚨 Verify ALL Route cases \
            have NavigationRouter destinations" greps `case` lines of `Route.swift` and `NavigationRouter.swift` \
            ("⚠️ CRITICAL: Route count MUST equal View count. If not, you have missing navigation destinations \
            that will cause runtime crashes."). A route that the router cannot turn into a screen is a button \
            that pushes nothing, and a `default:` branch hides the gap from the compiler. The grep counts \
            `case` lines of every enum in the file, matches comments and strings, and cannot tell a \
            destination switch from an analytics or title switch; this rule reads the switches over the \
            route type that build views, across files, and names the route case that none of them handles.
            """,
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        options: [
            RuleOption(name: "routeEnums", type: .stringList,
                       summary: "Names of route enums, matched against the qualified name or its trailing components (`Destination` matches `AppRouter.Destination`).",
                       defaultValue: .strings(["Route", "AppRoute", "Destination"])),
            RuleOption(name: "routeProtocols", type: .stringList,
                       summary: "Protocols whose conforming enums are route enums whatever their name.",
                       defaultValue: .strings(["Route"])),
            RuleOption(name: "viewTypes", type: .stringList,
                       summary: "Return types that make a function, computed property or subscript a view builder (besides `@ViewBuilder`).",
                       defaultValue: .strings(["some View", "any View", "AnyView", "some SwiftUI.View", "any SwiftUI.View", "SwiftUI.AnyView"])),
        ],
        triggeringExamples: NavigationRouteDestinationRule.triggeringExamples,
        nonTriggeringExamples: NavigationRouteDestinationRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let settings = Settings(context.options)
        let project = Project(index: context.index)
        let routes = RouteCatalog(project: project, settings: settings)
        guard !routes.enums.isEmpty else { return [] }

        // A destination switch sits in code that builds views (`viewWords`), each view word
        // written as a word of its own. A file without one of them, or without `switch`, has
        // none. The per-file stage looked for the default view words (`clueWords`); other
        // words of `viewTypes` are looked for here, in the text of the files with `switch`.
        let viewWords = Self.viewWords(settings)
        let viewClues: UInt64? = viewWords.allSatisfy(Self.clueWords.contains)
            ? viewWords.reduce(0) { bits, word in bits | Self.clueBit(of: word) }
            : nil
        let otherViewWords = viewClues == nil ? ByteSearch(viewWords, wholeWords: true) : nil
        var coverage: [String: Coverage] = [:]
        for file in context.index.files.indices where !project.isTestOrPreviewFile(file) {
            let clues = context.index.files[file].clueWords(of: Self.self)
            guard clues & Self.switchClue != 0 else { continue }
            if let viewClues, clues & viewClues == 0 { continue }
            guard let source = context.index.files[file].loadSource(), otherViewWords?.occurs(in: source.bytes) ?? true else { continue }
            for found in SwitchScanner.destinationSwitches(project: project, routes: routes, settings: settings, file: file, source: source) {
                coverage[found.enumName, default: Coverage()].add(found)
            }
        }

        var violations: [Violation] = []
        for name in routes.enums.keys.sorted() {
            guard let route = routes.enums[name], let covered = coverage[name], !covered.switches.isEmpty else { continue }
            for item in route.cases where !covered.cases.contains(item.name) {
                violations.append(violation(route: route, uncovered: item, coverage: covered, project: project))
            }
        }
        return violations
    }

    /// `some SwiftUI.View` → `View`: the last identifier of a type's text.
    static func lastWord(_ text: String) -> String? {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.last.map(String.init)
    }

    /// The words without which code builds no views, as far as this rule can tell: a
    /// destination switch sits under `@ViewBuilder`, a view type (the last word of each
    /// `viewTypes` entry: `View` of `some View`) or `.navigationDestination`.
    static func viewWords(_ settings: Settings) -> [String] {
        ["ViewBuilder", "navigationDestination"] + settings.viewTypes.compactMap(lastWord)
    }

    /// Files without the word `switch`, or without a word of code that builds views, have
    /// no destination switch: not worth reading again or lexing (searched in the per-file
    /// stage). The words count only as words of their own: `View` is in every
    /// `…ViewModel` too, and a view model's `switch` over its input is no destination switch.
    public static var textClues: ByteSearch? { clues }

    /// `switch`, then the view words of the default `viewTypes`.
    static let clueWords = ["switch", "ViewBuilder", "navigationDestination", "View", "AnyView"]
    private static let clues = ByteSearch(clueWords, wholeWords: true)
    /// The bit of `switch` among the clue words (`IndexedFile.clueWords(of:)`).
    static let switchClue: UInt64 = 1

    /// The bit of one of `clueWords` among the clue words found (`IndexedFile.clueWords(of:)`).
    static func clueBit(of word: String) -> UInt64 {
        clueWords.firstIndex(of: word).map { 1 << UInt64($0) } ?? 0
    }

    // MARK: - Findings

    func violation(route: RouteEnum, uncovered: RouteCase, coverage: Coverage, project: Project) -> Violation {
        let index = project.index
        let first = coverage.switches[0]
        let firstLine = index.files[first.file].loadSource().map { String($0.location(of: first.offset).line) } ?? "?"
        let place = "'\(first.function)' at \(index.files[first.file].path):\(firstLine)"
        let target = coverage.switches.count == 1 ? "the destination switch in \(place)" : "one of the \(coverage.switches.count) destination switches (first: \(place))"
        let message = "Route case '\(route.name).\(uncovered.name)' has no destination: no destination switch over '\(route.name)' "
            + "has a `case .\(uncovered.name)` (a `default:` branch does not count), so navigating to it shows no screen; "
            + "add `case .\(uncovered.name):` with the view it opens to \(target), or remove the route if nothing navigates to it."
        let related = coverage.switches.prefix(5).map { item in
            (location: Location(file: item.file, range: item.offset..<(item.offset + 6)),
             message: "Destination switch over '\(route.name)' in '\(item.function)'")
        }
        return Violation(location: Location(file: route.id.file, range: uncovered.nameRange), message: message,
                         related: Array(related), fingerprintText: route.name + " uncovered " + uncovered.name)
    }
}

// MARK: - Settings

extension NavigationRouteDestinationRule {
    /// The rule's options, read once.
    struct Settings {
        var routeEnums: [String]
        var routeProtocols: [String]
        var viewTypes: Set<String>

        init(_ options: ResolvedOptions) {
            routeEnums = options.strings("routeEnums").filter { !$0.isEmpty }
            routeProtocols = options.strings("routeProtocols").filter { !$0.isEmpty }
            viewTypes = Set(options.strings("viewTypes").map(Self.collapsingSpaces))
        }

        /// `some  View` → `some View`: declared types come with whitespace collapsed, options may not.
        static func collapsingSpaces(_ text: String) -> String {
            text.split(separator: " ").joined(separator: " ")
        }

        func isRouteName(_ qualifiedName: String) -> Bool {
            routeEnums.contains { qualifiedName == $0 || qualifiedName.hasSuffix("." + $0) }
        }
    }
}

// MARK: - The project

extension NavigationRouteDestinationRule {
    /// Which code is production code, for every part of the rule.
    struct Project {
        let index: ProjectIndex

        // Test, preview and inactive-code checks are shared by the seed-check rules.
        func isTestOrPreviewFile(_ file: Int) -> Bool { index.isTestOrPreviewFile(file) }
        func isInactive(_ id: DeclarationID) -> Bool { index.isInactive(id) }
        func isInPreviewProvider(_ id: DeclarationID) -> Bool { index.isInPreviewProvider(id) }

        /// Qualified names of the types enclosing a declaration, innermost first
        /// (`["AppRouter.Destination", "AppRouter"]`); a type's own name comes first.
        func scopes(of id: DeclarationID) -> [String] {
            let outline = index.files[id.file].outline
            var current: Int? = id.declaration
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
    }
}

// MARK: - Route enums

extension NavigationRouteDestinationRule {
    struct RouteCase {
        var name: String
        var nameRange: Range<Int>
    }

    struct RouteEnum {
        let name: String
        let id: DeclarationID
        let cases: [RouteCase]
        /// The names of `cases`, for the case labels of a switch to be looked up in.
        let caseNames: Set<String>

        init(name: String, id: DeclarationID, cases: [RouteCase]) {
            self.name = name
            self.id = id
            self.cases = cases
            caseNames = Set(cases.map(\.name))
        }
    }

    /// The project's route enums by qualified name, and how type names resolve to them.
    struct RouteCatalog {
        var enums: [String: RouteEnum] = [:]
        let index: ProjectIndex

        init(project: Project, settings: Settings) {
            index = project.index
            let mayConform = index.namesMayConform(to: settings.routeProtocols)
            for fileNumber in index.files.indices where !project.isTestOrPreviewFile(fileNumber) {
                let outline = index.files[fileNumber].outline
                let kinds = index.files[fileNumber].kinds
                for number in kinds.indices where kinds[number] == .enum {
                    let declaration = outline.declarations[number]
                    let id = DeclarationID(file: fileNumber, declaration: number)
                    let name = index.files[fileNumber].qualifiedNames[number]
                    guard settings.isRouteName(name)
                            || (mayConform.contains(ProjectIndex.lastComponent(name)) && settings.routeProtocols.contains(where: { index.conforms(name, to: $0) })),
                          index.types(named: name).count == 1,  // declared twice (`#if` variants, modules): unknown
                          !project.isInactive(id), !project.isInPreviewProvider(id) else { continue }
                    // A case declared in two `#if` branches (`camera(Int)` and `camera(String)`)
                    // is one case.
                    var seen: Set<String> = []
                    let cases = declaration.members.compactMap { member -> RouteCase? in
                        let item = outline.declarations[member]
                        guard item.kind == .case, !item.conditions.contains(where: \.isInactive), seen.insert(item.name).inserted else { return nil }
                        // A backticked name (`` `default` ``) is reported with its backticks.
                        let ticked = index.files[fileNumber].hasBacktickedName(member)
                        let length = item.name.utf8.count + (ticked ? 2 : 0)
                        return RouteCase(name: item.name, nameRange: item.nameOffset..<(item.nameOffset + length))
                    }
                    guard !cases.isEmpty else { continue }
                    enums[name] = RouteEnum(name: name, id: id, cases: cases)
                }
            }
        }

        /// The route enum a declared type names, seen from inside `scopes` (innermost first):
        /// `Destination` inside `AppRouter` is `AppRouter.Destination`. Optionals, `some`/`any`
        /// and typealiases are looked through. `nil` when the type is anything else.
        func route(forType text: String, scopes: [String], depth: Int = 0) -> String? {
            var type = TypeText.stripped(text)
            if type == "Self" {
                guard let own = scopes.first else { return nil }
                type = own
            }
            guard !type.isEmpty else { return nil }
            for candidate in scopes.map({ $0 + "." + type }) + [type] {
                if enums[candidate] != nil { return candidate }
                let declarations = index.declarations(named: candidate)
                guard !declarations.isEmpty else { continue }
                // The name means something else here (it shadows outer names), unless it is an alias.
                if declarations.count == 1, index[declarations[0]].kind == .typealias, depth < 4,
                   let aliased = index[declarations[0]].typeText {
                    return route(forType: aliased, scopes: scopes, depth: depth + 1)
                }
                return nil
            }
            return nil
        }
    }

    /// Normalising declared type text.
    enum TypeText {
        /// `inout some Route?` → `Route`; `(Route)` → `Route`.
        static func stripped(_ text: String) -> String {
            var type = Substring(text)
            var changed = true
            while changed {
                changed = false
                while type.first == " " { type.removeFirst() }
                while type.last == " " { type.removeLast() }
                for prefix in ["inout ", "some ", "any ", "borrowing ", "consuming ", "sending "] where type.hasPrefix(prefix) {
                    type = type.dropFirst(prefix.count)
                    changed = true
                }
                if type.first == "@", let space = type.firstIndex(of: " ") {
                    type = type[type.index(after: space)...]
                    changed = true
                }
                if type.last == "?" || type.last == "!" {
                    type.removeLast()
                    changed = true
                }
                if type.first == "(", type.last == ")", !type.dropFirst().dropLast().contains(where: { $0 == "(" || $0 == ")" || $0 == "," }) {
                    type = type.dropFirst().dropLast()
                    changed = true
                }
            }
            return String(type)
        }
    }
}

// MARK: - Coverage

extension NavigationRouteDestinationRule {
    /// A `switch` over a route enum found in the code.
    struct FoundSwitch {
        var enumName: String
        /// Case names the switch handles explicitly.
        var cases: Set<String>
        /// Whether the switch is certainly a destination switch (it then makes the enum checked);
        /// otherwise it only adds the cases it names.
        var establishes: Bool
        var file: Int
        /// Byte offset of the `switch` keyword.
        var offset: Int
        /// The enclosing declaration, as `destination(for:)` or `body`.
        var function: String
    }

    /// The union of the destination switches over one enum.
    struct Coverage {
        var cases: Set<String> = []
        /// The switches that establish the enum as checked, in file order.
        var switches: [FoundSwitch] = []

        mutating func add(_ found: FoundSwitch) {
            cases.formUnion(found.cases)
            if found.establishes { switches.append(found) }
        }
    }
}

// MARK: - Finding switches

extension NavigationRouteDestinationRule {
    /// What a name in a body is bound to.
    enum Binding {
        /// Declared with this type (or known to have it).
        case type(String)
        /// Bound to something whose type the rule cannot know (a pattern, a `for` variable).
        case unknown
    }

    /// A brace-delimited region while walking a body.
    final class Scope {
        enum Kind {
            /// The body of the declaration (or of one of its accessors).
            case body
            /// `if`, `guard … else`, `for`, `while`, `switch`, `do`, `catch`, `defer`, `repeat` bodies.
            case statement
            /// A closure, a local function or type body. `destination` is the route type of a
            /// `.navigationDestination(for: X.self)` closure; `buildsViews` marks a closure whose
            /// declared result is a view (`{ (route: Route) -> AnyView in`, or the value of a
            /// property typed `(Route) -> AnyView`); `isContainer` marks the content of a known
            /// SwiftUI container (`Group { }`), which is as much a view builder as what encloses it.
            /// `isAction` marks the action of a `Button` or a modifier such as `.onTapGesture`,
            /// which runs on an event and builds no view.
            case closure(destination: String?, buildsViews: Bool, isContainer: Bool, isAction: Bool, hasParameters: Bool)
        }

        let kind: Kind
        var bindings: [String: Binding]
        /// The switch whose braces this scope is.
        var switchRecord: SwitchRecord?

        init(kind: Kind, bindings: [String: Binding] = [:]) {
            self.kind = kind
            self.bindings = bindings
        }
    }

    /// A `switch` over a route enum being read.
    struct SwitchRecord {
        /// The route enum of the subject; `nil` when the subject's type is unknown (a closure
        /// parameter of `.sheet(item:)`): the switch may then only add coverage, to the route
        /// enums that have every case it names.
        var enumName: String?
        var keyword: Int
        var establishes: Bool
        var cases: Set<String> = []
        /// A pattern named something that is not a case of the enum: the subject's type was
        /// probably misread, so the switch must not make the enum checked.
        var namesUnknownCase = false
        /// The `case` labels read, and those whose body starts by assigning a variable a
        /// plain value (`case .inbox: title = "Inbox"`): a switch of only those computes a value.
        var labels = 0
        var assigningLabels = 0
    }

    /// An open bracket while walking: a group (`(`, `[`, `\(`) or a brace scope.
    enum Frame {
        case group(open: Int)
        case scope(Scope)
    }

    /// A statement keyword whose body brace has not opened yet.
    struct Pending {
        var depth: Int
        var keyword: String
        /// Token index of `switch`, for a switch statement.
        var switchKeyword: Int?
        /// Names bound by the condition (`if let route`, `for item in`), for the body.
        var bindings: [String: Binding] = [:]
    }

    /// Reads one file's function-like declarations token by token and returns the switches
    /// over route enums, with whether each one is a destination switch.
    struct SwitchScanner {
        let project: Project
        let routes: RouteCatalog
        let settings: Settings
        let file: Int
        let source: SourceFile
        let outline: FileOutline
        let tokens: [Token]
        /// For each closing bracket token, the index of its opening one; for each opening one, its closing one.
        let partner: BracketPartners
        let inactive: [Range<Int>]

        /// A scanner over the whole file.
        init(project: Project, routes: RouteCatalog, settings: Settings, file: Int, source: SourceFile) {
            let tokens = Lexer.tokenize(source).tokens
            self.init(project: project, routes: routes, settings: settings, file: file, source: source,
                      tokens: tokens, inactive: InactiveCode.ranges(in: tokens, source: source))
        }

        /// A scanner over `tokens`, the whole file's or one declaration's (see
        /// `destinationSwitches(project:routes:settings:file:source:)`).
        init(project: Project, routes: RouteCatalog, settings: Settings, file: Int, source: SourceFile, tokens: [Token], inactive: [Range<Int>]) {
            self.project = project
            self.routes = routes
            self.settings = settings
            self.file = file
            self.source = source
            outline = project.index.files[file].outline
            self.tokens = tokens
            partner = BracketPartners(tokens: tokens)
            self.inactive = inactive
        }

        /// The destination switches of one file. Only declarations whose text has `switch`
        /// are lexed, each on its own (the tokens of a declaration are the same whether the
        /// file or the declaration is lexed: it starts and ends outside any literal or
        /// comment), so most of a file is not lexed again. A file that may hold `#if false`
        /// code is lexed whole, since which code is inactive depends on directives outside
        /// the declaration.
        static func destinationSwitches(project: Project, routes: RouteCatalog, settings: Settings, file: Int, source: SourceFile) -> [FoundSwitch] {
            if project.index.files[file].mayHaveInactiveCode {
                return SwitchScanner(project: project, routes: routes, settings: settings, file: file, source: source).destinationSwitches()
            }
            var found: [FoundSwitch] = []
            let switchTexts = switchTextOffsets(source.bytes)
            guard !switchTexts.isEmpty else { return [] }
            for (number, declaration) in project.index.files[file].outline.declarations.enumerated() {
                // `switch` written from the name on, all six bytes inside the declaration.
                guard let walked = walkedRange(declaration, in: source), walked.count >= 6,
                      containsOffset(switchTexts, in: walked.lowerBound..<(walked.upperBound - 5)) else { continue }
                let id = DeclarationID(file: file, declaration: number)
                guard !project.isInactive(id), !project.isInPreviewProvider(id) else { continue }
                let window = min(declaration.range.lowerBound, walked.lowerBound)..<walked.upperBound
                let tokens = TokenView.tokens(of: source, in: window)
                let scanner = SwitchScanner(project: project, routes: routes, settings: settings, file: file, source: source, tokens: tokens, inactive: [])
                guard containsOffset(scanner.switchOffsets(), in: walked) else { continue }
                found += scanner.scan(id)
            }
            return found
        }

        /// Where the walk of a declaration goes, from its name to its end, when the
        /// declaration is of a kind that may hold a destination switch. Malformed code can put
        /// the name past the end (`let switch`), and then there is nothing to walk.
        static func walkedRange(_ declaration: Declaration, in source: SourceFile) -> Range<Int>? {
            switch declaration.kind {
            case .func, .`init`, .deinit, .subscript, .var, .let:
                break
            default:
                return nil
            }
            let end = min(declaration.range.upperBound, source.bytes.count)
            guard declaration.nameOffset < end else { return nil }
            return declaration.nameOffset..<end
        }

        /// Where `switch` is written in `bytes` (as a word or inside one, in code, comments or
        /// strings), in order: a declaration without one has no `switch` keyword. Found by its
        /// `w`, a rarer letter than its `s`.
        static func switchTextOffsets(_ bytes: [UInt8]) -> [Int] {
            var offsets: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                _ = ByteSearch.forEachOccurrence(of: Array("switch".utf8), anchor: 1, in: buffer) { offset in
                    offsets.append(offset)
                    return false
                }
            }
            return offsets
        }

        /// Where the `switch` keywords of `tokens` are, in order.
        func switchOffsets() -> [Int] {
            tokens.indices.compactMap { position in
                tokens[position].kind == .keyword && isWord(position, "switch") ? tokens[position].start : nil
            }
        }

        func destinationSwitches() -> [FoundSwitch] {
            var found: [FoundSwitch] = []
            // Where the `switch` keywords are: a declaration without one has nothing to walk.
            let switches = switchOffsets()
            guard !switches.isEmpty else { return [] }
            for (number, declaration) in outline.declarations.enumerated() {
                guard let walked = Self.walkedRange(declaration, in: source), Self.containsOffset(switches, in: walked) else { continue }
                let id = DeclarationID(file: file, declaration: number)
                guard !project.isInactive(id), !project.isInPreviewProvider(id) else { continue }
                found += scan(id)
            }
            return found
        }

        /// Whether a sorted list of offsets has one inside `range` (binary search).
        static func containsOffset(_ offsets: [Int], in range: Range<Int>) -> Bool {
            var low = 0, high = offsets.count
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < offsets.count && offsets[low] < range.upperBound
        }

        // MARK: Declarations

        /// Whether the declaration builds views: `@ViewBuilder`, or a view return type.
        func isViewBuilder(_ declaration: Declaration) -> Bool {
            if declaration.hasAttribute("ViewBuilder") || declaration.hasAttribute("SwiftUI.ViewBuilder") { return true }
            let type: String?
            switch declaration.kind {
            case .func, .subscript: type = declaration.returnType
            case .var: type = declaration.isStored ? nil : declaration.typeText
            default: type = nil
            }
            guard let type else { return false }
            return settings.viewTypes.contains(Settings.collapsingSpaces(type))
        }

        /// The switches over route enums in one declaration.
        func scan(_ id: DeclarationID) -> [FoundSwitch] {
            let declaration = outline.declarations[id.declaration]
            var walk = Walk(scanner: self, declaration: declaration, scopes: project.scopes(of: id))
            return walk.run()
        }

        // MARK: Tokens

        func text(_ position: Int) -> String { source.text(of: tokens[position]) }

        func isPunctuation(_ position: Int, _ byte: UInt8) -> Bool {
            guard position >= 0, position < tokens.count else { return false }
            let token = tokens[position]
            return token.kind == .punctuation && token.length == 1 && source.bytes[token.start] == byte
        }

        func isOperator(_ position: Int, _ text: StaticString) -> Bool {
            guard position >= 0, position < tokens.count else { return false }
            return tokens[position].kind == .operator && source.token(tokens[position], is: text)
        }

        func isWord(_ position: Int, _ text: StaticString) -> Bool {
            guard position >= 0, position < tokens.count else { return false }
            let kind = tokens[position].kind
            return (kind == .keyword || kind == .identifier) && source.token(tokens[position], is: text)
        }

        func isName(_ position: Int) -> Bool {
            guard position >= 0, position < tokens.count else { return false }
            return tokens[position].kind == .identifier
        }

        func firstToken(atOrAfter offset: Int) -> Int {
            tokens.firstIndex(startingAtOrAfter: offset)
        }

        /// Token texts joined as a type is written: `AppRouter.Destination`, `some View`.
        func typeText(_ range: Range<Int>) -> String {
            var text = ""
            var previousIsWord = false
            for position in range {
                let kind = tokens[position].kind
                let isWord = kind == .identifier || kind == .keyword
                if isWord && previousIsWord { text += " " }
                text += self.text(position)
                previousIsWord = isWord
            }
            return text
        }

        /// SwiftUI containers whose (first) trailing closure is view-builder content: a switch
        /// directly inside `Group { switch route { … } }` builds the screen. A list, not a
        /// heuristic over capitalised names: `Button { … }` and `Task { … }` take actions.
        static let viewContainers: Set<String> = [
            "Group", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "ScrollView",
            "List", "Section", "Form", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView",
            "GeometryReader", "ViewThatFits", "NavigationLink",
        ]

        /// Whether the `{` at `brace` opens the content of a view container: `Group {`,
        /// `VStack(spacing: 8) {`, `NavigationStack(path: $path) {`.
        func isContainerContent(brace: Int) -> Bool {
            var name = brace - 1
            if isPunctuation(name, 0x29), let open = partner[name] { name = open - 1 }
            guard isName(name), Self.viewContainers.contains(text(name)) else { return false }
            // `SwiftUI.Group` is fine; `something.List` is a member, not the view.
            return !isOperator(name - 1, ".") || isWord(name - 2, "SwiftUI")
        }

        /// Calls whose closure is an action run on an event, not view content: `.onTapGesture { }`,
        /// `.task { }`, `Task { }` (`Button` is handled apart: its trailing closure may be its label).
        static let actionCalls: Set<String> = [
            "onTapGesture", "onLongPressGesture", "onAppear", "onDisappear", "task", "onSubmit", "refreshable", "onChange",
            "onReceive", "onOpenURL", "Task", "withAnimation",
        ]

        /// Whether the `{` at `brace` opens an action: `Button("Share") {`, `Button {` (before
        /// `label:`), `Button(action: {`, `.onTapGesture {`, `.onChange(of: value) {`, `Task {`.
        /// `Button(action: share) { Label(…) }` has a label as its trailing closure: no action.
        func isActionClosure(brace: Int) -> Bool {
            if isPunctuation(brace - 1, 0x3A) { return isWord(brace - 2, "action") }
            var name = brace - 1
            var arguments: Range<Int>?
            if isPunctuation(name, 0x29), let open = partner[name] {
                arguments = (open + 1)..<name
                name = open - 1
            }
            guard isName(name) else { return false }
            let callee = text(name)
            if callee == "Button" {
                guard !isOperator(name - 1, ".") || isWord(name - 2, "SwiftUI") else { return false }
                guard let arguments else { return true }
                return !arguments.contains { isWord($0, "action") && isPunctuation($0 + 1, 0x3A) && (isPunctuation($0 - 1, 0x28) || isPunctuation($0 - 1, 0x2C)) }
            }
            return Self.actionCalls.contains(callee)
        }

        /// `X` of `.navigationDestination(for: X.self)` when the `(` at `open` starts that call.
        func navigationDestinationType(open: Int) -> String? {
            // `.navigationDestination(for:)`, or `navigationDestination(for:)` on an implicit `self`
            // inside an extension of `View`.
            guard isPunctuation(open, 0x28), isWord(open - 1, "navigationDestination"),
                  isWord(open + 1, "for"), isPunctuation(open + 2, 0x3A), let close = partner[open] else { return nil }
            var end = open + 3
            while end < close {
                if isPunctuation(end, 0x2C) { break }
                if let partner = partner[end], partner > end { end = partner + 1; continue }
                end += 1
            }
            // `Route.self`: the type is everything before `.self`.
            guard end - (open + 3) >= 3, isWord(end - 1, "self"), isOperator(end - 2, ".") else { return nil }
            return typeText((open + 3)..<(end - 2))
        }

        /// Whether the token at `position` is in `#if false`-style code.
        func isInactive(_ position: Int) -> Bool {
            let offset = tokens[position].start
            return inactive.contains { $0.contains(offset) }
        }
    }
}

// MARK: - Walking a body

extension NavigationRouteDestinationRule {
    /// One pass over the tokens of one declaration, with a stack of open brackets and scopes.
    struct Walk {
        let scanner: SwitchScanner
        let declaration: Declaration
        /// Enclosing types, innermost first.
        let scopes: [String]
        let isViewBuilder: Bool
        /// Whether the declaration has a body brace (functions, computed properties).
        let hasBody: Bool
        var stack: [Frame] = []
        var pending: Pending?
        var bodyOpened = false
        var found: [FoundSwitch] = []

        init(scanner: SwitchScanner, declaration: Declaration, scopes: [String]) {
            self.scanner = scanner
            self.declaration = declaration
            self.scopes = scopes
            isViewBuilder = scanner.isViewBuilder(declaration)
            switch declaration.kind {
            case .func, .`init`, .deinit, .subscript: hasBody = declaration.hasBody
            case .var: hasBody = !declaration.isStored
            default: hasBody = false
            }
        }

        static let accessorNames: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress"]

        mutating func run() -> [FoundSwitch] {
            let tokens = scanner.tokens
            var position = scanner.firstToken(atOrAfter: declaration.nameOffset)
            let end = scanner.firstToken(atOrAfter: declaration.range.upperBound)
            while position < end {
                let steps = position
                if scanner.isInactive(position) {
                    position += 1
                    continue
                }
                let token = tokens[position]
                switch token.kind {
                case .punctuation where token.length == 1:
                    switch scanner.source.bytes[token.start] {
                    case 0x28, 0x5B: stack.append(.group(open: position))
                    case 0x29, 0x5D: closeGroup()
                    case 0x7B: openBrace(position)
                    case 0x7D: closeBrace()
                    default: break
                    }
                case .interpolationStart:
                    stack.append(.group(open: position))
                case .interpolationEnd:
                    closeGroup()
                case .keyword, .identifier:
                    position = word(at: position)
                    continue
                default:
                    break
                }
                position += 1
                assert(position > steps)
            }
            return found
        }

        // MARK: Brackets

        mutating func closeGroup() {
            if case .group? = stack.last { stack.removeLast() }
        }

        mutating func closeBrace() {
            // Pop to the innermost scope (recovering from unbalanced groups).
            while let last = stack.popLast() {
                guard case .scope(let scope) = last else { continue }
                if let record = scope.switchRecord { finish(record) }
                return
            }
        }

        mutating func openBrace(_ position: Int) {
            let depth = stack.count
            if hasBody, !bodyOpened, stack.isEmpty {
                bodyOpened = true
                stack.append(.scope(Scope(kind: .body)))
                return
            }
            if let statement = pending, statement.depth == depth {
                pending = nil
                let scope = Scope(kind: .statement, bindings: statement.bindings)
                if let keyword = statement.switchKeyword {
                    scope.switchRecord = switchRecord(keyword: keyword, brace: position)
                }
                stack.append(.scope(scope))
                return
            }
            if isAccessorBrace(position) {
                stack.append(.scope(Scope(kind: .body)))
                return
            }
            stack.append(.scope(closureScope(brace: position)))
        }

        /// `get {`, `set {`, `get async throws {` directly in a computed property's body.
        func isAccessorBrace(_ position: Int) -> Bool {
            guard declaration.kind == .var || declaration.kind == .subscript, stack.count == 1,
                  case .scope(let scope)? = stack.last, case .body = scope.kind else { return false }
            var before = position - 1
            while before > 0, scanner.isWord(before, "async") || scanner.isWord(before, "throws") { before -= 1 }
            return scanner.isName(before) && Self.accessorNames.contains(scanner.text(before))
        }

        /// A closure (or local function or type) body: its parameters, and whether it is the
        /// content of `.navigationDestination(for: X.self)` or otherwise returns a view.
        func closureScope(brace: Int) -> Scope {
            var destination: String?
            if scanner.isPunctuation(brace - 1, 0x29), let open = scanner.partner[brace - 1] {
                destination = scanner.navigationDestinationType(open: open)  // trailing closure
            } else if scanner.isPunctuation(brace - 1, 0x3A), scanner.isWord(brace - 2, "destination"),
                      case .group(let open)? = stack.last {
                destination = scanner.navigationDestinationType(open: open)  // `destination: { … }`
            }
            let head = closureHead(brace: brace)
            var buildsViews = head?.returnType.map { scanner.settings.viewTypes.contains(Settings.collapsingSpaces($0)) } ?? false
            var declaredTypes: [String] = []
            // `let makeView: (Route) -> AnyView = { route in … }`: the property's type describes the closure.
            if stack.isEmpty, !hasBody, scanner.isOperator(brace - 1, "="), let type = declaration.typeText,
               let function = FunctionTypeText(type), scanner.settings.viewTypes.contains(Settings.collapsingSpaces(function.result)) {
                buildsViews = true
                declaredTypes = function.parameters
            }
            var bindings: [String: Binding] = [:]
            for (number, parameter) in (head?.parameters ?? []).enumerated() {
                if number == 0, let destination {
                    bindings[parameter.name] = .type(destination)
                } else if let type = parameter.type ?? (number < declaredTypes.count ? declaredTypes[number] : nil) {
                    bindings[parameter.name] = .type(type)
                } else {
                    bindings[parameter.name] = .unknown
                }
            }
            return Scope(kind: .closure(destination: destination, buildsViews: buildsViews, isContainer: scanner.isContainerContent(brace: brace),
                                        isAction: scanner.isActionClosure(brace: brace),
                                        hasParameters: head != nil), bindings: bindings)
        }

        /// The parameters and declared result of `{ route in`, `{ a, b in`,
        /// `{ [weak self] (a: T) -> U in`; `nil` when the closure has no parameter clause.
        func closureHead(brace: Int) -> (parameters: [(name: String, type: String?)], returnType: String?)? {
            var position = brace + 1
            if scanner.isPunctuation(position, 0x5B), let close = scanner.partner[position] { position = close + 1 }
            var parameters: [(name: String, type: String?)] = []
            if scanner.isPunctuation(position, 0x28), let close = scanner.partner[position] {
                var start = position + 1
                var cursor = start
                while cursor <= close {
                    if cursor == close || scanner.isPunctuation(cursor, 0x2C) {
                        if cursor > start, scanner.isName(start) || scanner.isWord(start, "_") {
                            var type: String?
                            if scanner.isPunctuation(start + 1, 0x3A), start + 2 < cursor { type = scanner.typeText((start + 2)..<cursor) }
                            parameters.append((scanner.text(start), type))
                        }
                        start = cursor + 1
                        cursor += 1
                        continue
                    }
                    if let partner = scanner.partner[cursor], partner > cursor { cursor = partner + 1; continue }
                    cursor += 1
                }
                position = close + 1
            } else {
                while scanner.isName(position) || scanner.isWord(position, "_") {
                    parameters.append((scanner.text(position), nil))
                    position += 1
                    guard scanner.isPunctuation(position, 0x2C) else { break }
                    position += 1
                }
                guard !parameters.isEmpty else { return nil }
            }
            // Effects and a result type may follow before `in`.
            var arrow: Int?
            var steps = 0
            while position < scanner.tokens.count, steps < 40 {
                if scanner.isWord(position, "in") {
                    let returnType = arrow.map { scanner.typeText(($0 + 1)..<position) }
                    return (parameters, returnType)
                }
                let token = scanner.tokens[position]
                if token.kind == .punctuation, scanner.isPunctuation(position, 0x7B) || scanner.isPunctuation(position, 0x7D) || scanner.isPunctuation(position, 0x3B) { return nil }
                if token.kind == .operator, scanner.isOperator(position, "=") { return nil }
                if token.kind == .operator, arrow == nil, scanner.isOperator(position, "->") { arrow = position }
                if token.kind == .stringQuote || token.kind == .stringSegment || token.kind == .integer { return nil }
                position += 1
                steps += 1
            }
            return nil
        }

        // MARK: Words

        /// Handles a keyword or name; returns where to continue.
        mutating func word(at position: Int) -> Int {
            // Steered by the lexer's word: most names are none of these, and are passed over
            // without building their text.
            let token = scanner.tokens[position]
            switch token.word {
            case .if, .guard, .while, .for, .switch, .catch, .else, .do, .repeat, .defer:
                // An argument label spelled like a keyword (`for:` in
                // `.navigationDestination(for: X.self, destination: { … })`) starts nothing.
                guard token.kind == .keyword, !scanner.isPunctuation(position + 1, 0x3A) else { return position + 1 }
            case .let, .var:
                bind(at: position)
                return position + 1
            case .case:
                if let record = currentSwitch(), !isConditionCase(position) {
                    return readCaseLabel(after: position, record: record)
                }
                return position + 1
            default:
                return position + 1
            }
            let text = scanner.text(position)
            if text == "else", let statement = pending, statement.keyword == "guard", statement.depth == stack.count {
                return position + 1  // `guard … else {`: the guard's bindings are already in scope
            }
            // `repeat { … } while condition` has no brace after its `while`.
            if text == "while", scanner.isPunctuation(position - 1, 0x7D), let open = scanner.partner[position - 1],
               scanner.isWord(open - 1, "repeat") {
                return position + 1
            }
            pending = Pending(depth: stack.count, keyword: text, switchKeyword: text == "switch" ? position : nil)
            if text == "for" { bindForLoop(after: position) }
            return position + 1
        }

        /// `if case`, `guard case`, `, case`: a pattern match in a condition, not a case label.
        func isConditionCase(_ position: Int) -> Bool {
            scanner.isWord(position - 1, "if") || scanner.isWord(position - 1, "guard") || scanner.isWord(position - 1, "while")
                || scanner.isWord(position - 1, "for") || scanner.isPunctuation(position - 1, 0x2C)
        }

        /// The switch whose braces are the innermost frame.
        func currentSwitch() -> Scope? {
            guard case .scope(let scope)? = stack.last, scope.switchRecord != nil else { return nil }
            return scope
        }

        /// The innermost scope, where local bindings go.
        func innermostScope() -> Scope? {
            for frame in stack.reversed() {
                if case .scope(let scope) = frame { return scope }
            }
            return nil
        }

        // MARK: Bindings

        /// What `name` means at this point: a local binding, a parameter, or a property of
        /// the enclosing type. `nil` when it is none of these (a global, an unknown).
        func lookup(_ name: String) -> Binding? {
            for frame in stack.reversed() {
                if case .scope(let scope) = frame, let binding = scope.bindings[name] { return binding }
            }
            if let statement = pending, let binding = statement.bindings[name] { return binding }
            if let parameter = declaration.parameters.first(where: { $0.name == name }) { return .type(parameter.type) }
            return property(name)
        }

        /// The declared type of a property of the enclosing type (or its extensions).
        func property(_ name: String) -> Binding? {
            guard let own = scopes.first else { return nil }
            let index = scanner.project.index
            for member in index.members(of: own) {
                let item = index[member]
                guard item.kind == .var || item.kind == .let, item.name == name || item.names.contains(name) else { continue }
                return item.typeText.map { .type($0) } ?? .unknown
            }
            return nil
        }

        /// `let name: T`, `let name = other`, `if let name`, `let (a, b) = …`, `case let .x(a)`.
        mutating func bind(at position: Int) {
            var bindings: [String: Binding] = [:]
            let next = position + 1
            if scanner.isName(next) {
                let name = scanner.text(next)
                if scanner.isPunctuation(next + 1, 0x3A) {
                    let end = expressionEnd(from: next + 2)
                    bindings[name] = end > next + 2 ? .type(scanner.typeText((next + 2)..<end)) : .unknown
                } else if scanner.isOperator(next + 1, "=") {
                    let start = next + 2
                    let end = expressionEnd(from: start)
                    if end == start + 1, scanner.isName(start) {
                        bindings[name] = lookup(scanner.text(start)) ?? .unknown
                    } else if end == start + 3, scanner.isWord(start, "self"), scanner.isOperator(start + 1, "."), scanner.isName(start + 2) {
                        bindings[name] = property(scanner.text(start + 2)) ?? .unknown
                    } else {
                        bindings[name] = .unknown
                    }
                } else if scanner.isPunctuation(next + 1, 0x2C) || scanner.isPunctuation(next + 1, 0x7B) || scanner.isWord(next + 1, "else") {
                    bindings[name] = lookup(name) ?? .unknown  // `if let route {`: the same value, unwrapped
                } else {
                    bindings[name] = .unknown
                }
            } else {
                // A pattern: every name in it is bound to something unknown.
                for name in patternNames(from: next) { bindings[name] = .unknown }
            }
            if var statement = pending, statement.depth == stack.count, statement.keyword != "guard" {
                statement.bindings.merge(bindings) { _, new in new }
                pending = statement
            } else if let scope = innermostScope() {
                scope.bindings.merge(bindings) { _, new in new }
            }
        }

        /// `for item in`, `for (offset, item) in`, `for case let .x(a) in`: the loop's names.
        mutating func bindForLoop(after position: Int) {
            guard var statement = pending else { return }
            for name in patternNames(from: position + 1) { statement.bindings[name] = .unknown }
            pending = statement
        }

        /// Names bound by a pattern starting at `start`, up to `=`, `in`, `{` or `:` outside brackets.
        func patternNames(from start: Int) -> [String] {
            var names: [String] = []
            var position = start
            var depth = 0
            var steps = 0
            while position < scanner.tokens.count, steps < 64 {
                steps += 1
                let token = scanner.tokens[position]
                if token.kind == .punctuation {
                    if scanner.isPunctuation(position, 0x28) || scanner.isPunctuation(position, 0x5B) { depth += 1 }
                    if scanner.isPunctuation(position, 0x29) || scanner.isPunctuation(position, 0x5D) {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if depth == 0, scanner.isPunctuation(position, 0x7B) || scanner.isPunctuation(position, 0x3A) { break }
                }
                if depth == 0, scanner.isOperator(position, "=") || scanner.isWord(position, "in") { break }
                if token.kind == .identifier, !scanner.isOperator(position - 1, "."), !scanner.isOperator(position + 1, "."),
                   !scanner.isPunctuation(position + 1, 0x28), !scanner.isPunctuation(position + 1, 0x3A) {
                    names.append(scanner.text(position))
                }
                position += 1
            }
            return names
        }

        /// Where a type or a simple expression starting at `start` ends: at `=`, `,`, `{`, `}`,
        /// `;`, `else`, `in`, an unmatched closing bracket or a new line.
        func expressionEnd(from start: Int) -> Int {
            var position = start
            while position < scanner.tokens.count {
                let token = scanner.tokens[position]
                if position > start, token.flags.contains(.newlineBefore) { return position }
                if token.kind == .punctuation {
                    if scanner.isPunctuation(position, 0x28) || scanner.isPunctuation(position, 0x5B), let close = scanner.partner[position] {
                        position = close + 1
                        continue
                    }
                    return position  // `,` `{` `}` `;` `)` `]` `:`
                }
                if scanner.isOperator(position, "=") || scanner.isWord(position, "else") || scanner.isWord(position, "in") { return position }
                position += 1
            }
            return position
        }

        // MARK: Switches

        /// Starts reading a switch whose brace is at `brace`: resolves its subject to a route
        /// enum and decides whether it is a destination switch.
        func switchRecord(keyword: Int, brace: Int) -> SwitchRecord? {
            // `let title = switch route { … }` produces a value (a title), not a screen.
            if scanner.isOperator(keyword - 1, "=") { return nil }
            var establishes: Bool
            switch context() {
            case .destination: establishes = true
            case .nested: establishes = false
            case .none: return nil
            }
            let enumName = subjectRoute(keyword + 1..<brace)
            if enumName == nil { establishes = false }
            return SwitchRecord(enumName: enumName, keyword: keyword, establishes: establishes)
        }

        enum Context { case destination, nested, none }

        /// Where a switch opening now sits: directly in a view builder or a
        /// `.navigationDestination` closure (`destination`), in some other closure inside one
        /// (`nested`), or elsewhere (`none`).
        func context() -> Context {
            var insideOtherClosure = false
            for frame in stack.reversed() {
                guard case .scope(let scope) = frame else { continue }
                switch scope.kind {
                case .statement:
                    continue
                case .closure(let destination, let buildsViews, let isContainer, let isAction, _):
                    if isAction { return .none }  // a button's action builds no screen, wherever it sits
                    if destination != nil || buildsViews { return insideOtherClosure ? .nested : .destination }
                    if isContainer { continue }  // `Group { }` content: a view builder if its surroundings are
                    insideOtherClosure = true
                case .body:
                    guard isViewBuilder else { return .none }
                    return insideOtherClosure ? .nested : .destination
                }
            }
            return .none
        }

        /// The route enum a switch subject (`route`, `self`, `self.route`, `$0`) has.
        func subjectRoute(_ range: Range<Int>) -> String? {
            var subject = Array(range)
            // `switch (route)`.
            if subject.count == 3, scanner.isPunctuation(subject[0], 0x28), scanner.isPunctuation(subject[2], 0x29) { subject = [subject[1]] }
            let routes = scanner.routes
            if subject.count == 1 {
                let position = subject[0]
                if scanner.isWord(position, "self") {
                    guard let own = scopes.first, routes.enums[own] != nil, declaration.kind != .func || !declaration.isStatic else { return nil }
                    return own
                }
                if scanner.isWord(position, "$0") { return shorthandDestination() }
                guard scanner.isName(position), case .type(let type)? = lookup(scanner.text(position)) else { return nil }
                return routes.route(forType: type, scopes: scopes)
            }
            if subject.count == 3, scanner.isWord(subject[0], "self"), scanner.isOperator(subject[1], "."), scanner.isName(subject[2]),
               case .type(let type)? = property(scanner.text(subject[2])) {
                return routes.route(forType: type, scopes: scopes)
            }
            // `switch router.current`: a route property of another object of the project.
            if subject.count == 3, scanner.isName(subject[0]), scanner.isOperator(subject[1], "."), scanner.isName(subject[2]),
               case .type(let owner)? = lookup(scanner.text(subject[0])),
               case .type(let type)? = property(scanner.text(subject[2]), ofType: owner) {
                return routes.route(forType: type, scopes: scopes)
            }
            return nil
        }

        /// The declared type of a property of the project type a declared type names
        /// (`AppRouter` for `@EnvironmentObject var router: AppRouter`), when exactly one
        /// type of the project has that name.
        func property(_ name: String, ofType typeText: String) -> Binding? {
            let owner = TypeText.stripped(typeText)
            guard !owner.isEmpty, owner.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
            let index = scanner.project.index
            let declarations = index.declarations(named: owner)
            guard declarations.count == 1, index[declarations[0]].kind.isNominalType else { return nil }
            let found = index.members(of: owner).filter { member in
                let item = index[member]
                return (item.kind == .var || item.kind == .let) && !item.isStatic && (item.name == name || item.names.contains(name))
            }
            guard found.count == 1, let type = index[found[0]].typeText else { return nil }
            return .type(type)
        }

        /// `$0` in a `.navigationDestination(for: X.self) { switch $0 { … } }` closure.
        func shorthandDestination() -> String? {
            for frame in stack.reversed() {
                guard case .scope(let scope) = frame else { continue }
                switch scope.kind {
                case .statement, .body: continue
                case .closure(let destination, _, _, _, let hasParameters):
                    guard let destination, !hasParameters else { return nil }
                    return scanner.routes.route(forType: destination, scopes: scopes)
                }
            }
            return nil
        }

        /// Reads `case .a, .b(let x), .c where …, .d?:` and records the case names; returns the
        /// position after the label's `:`.
        mutating func readCaseLabel(after keyword: Int, record scope: Scope) -> Int {
            var position = keyword + 1
            var pieceStart = position
            var pieces: [Range<Int>] = []
            var depth = 0
            while position < scanner.tokens.count {
                let token = scanner.tokens[position]
                if token.kind == .punctuation || token.kind == .interpolationStart || token.kind == .interpolationEnd {
                    if token.kind == .interpolationStart || scanner.isPunctuation(position, 0x28) || scanner.isPunctuation(position, 0x5B) || scanner.isPunctuation(position, 0x7B) {
                        depth += 1
                    } else if token.kind == .interpolationEnd || scanner.isPunctuation(position, 0x29) || scanner.isPunctuation(position, 0x5D) || scanner.isPunctuation(position, 0x7D) {
                        if depth == 0 { break }  // malformed: give up at the switch's end
                        depth -= 1
                    } else if depth == 0, scanner.isPunctuation(position, 0x2C) {
                        pieces.append(pieceStart..<position)
                        pieceStart = position + 1
                    } else if depth == 0, scanner.isPunctuation(position, 0x3A) {
                        break
                    }
                }
                position += 1
            }
            pieces.append(pieceStart..<min(position, scanner.tokens.count))
            guard var record = scope.switchRecord else { return position }
            // Taken out while it grows, so that its set of cases is not copied per label.
            scope.switchRecord = nil
            let known = record.enumName.map { scanner.routes.enums[$0]?.caseNames ?? [] }
            for piece in pieces {
                for name in patternNames(inLabelPiece: piece) { scope.bindings[name] = .unknown }
                guard let caseName = caseName(in: piece) else { continue }
                let isOptionalCase = caseName == "none" || caseName == "some"
                if let known {
                    if known.contains(caseName) {
                        record.cases.insert(caseName)
                    } else if !isOptionalCase {
                        record.namesUnknownCase = true
                    }
                } else if !isOptionalCase {
                    record.cases.insert(caseName)
                }
            }
            record.labels += 1
            if assignsPlainValue(at: position + 1) { record.assigningLabels += 1 }
            scope.switchRecord = record
            // Continue at the `:` so that it is not mistaken for anything else.
            return position + 1
        }

        /// Whether a statement starting at `position` assigns a variable (`title = …`,
        /// `self.title = …`) a value that is no view: a literal, an implicit member (`.blue`), a
        /// lower-case name or call, or `String(…)`. A capitalised call may build a view.
        func assignsPlainValue(at position: Int) -> Bool {
            var value: Int
            if scanner.isName(position), scanner.isOperator(position + 1, "=") {
                value = position + 2
            } else if scanner.isWord(position, "self"), scanner.isOperator(position + 1, "."), scanner.isName(position + 2),
                      scanner.isOperator(position + 3, "=") {
                value = position + 4
            } else {
                return false
            }
            guard value < scanner.tokens.count else { return false }
            switch scanner.tokens[value].kind {
            case .stringQuote, .integer, .float: return true
            case .keyword: return scanner.isWord(value, "true") || scanner.isWord(value, "false") || scanner.isWord(value, "nil")
            case .operator: return scanner.isOperator(value, ".") && scanner.isName(value + 1)
            case .identifier:
                let text = scanner.text(value)
                if text == "String" || text == "NSLocalizedString" { return true }
                return text.first.map { !$0.isUppercase } ?? false
            default: return false
            }
        }

        /// The enum case a pattern names: `.a`, `.a(let x)`, `let .a(x)`, `Route.a`, `.a?`,
        /// `.some(.a)`, `.a where …`. `nil` for catch-alls (`_`, `let x`) and other patterns.
        func caseName(in piece: Range<Int>) -> String? {
            var position = piece.lowerBound
            var end = piece.upperBound
            // Drop a `where` clause.
            for cursor in piece where scanner.isWord(cursor, "where") {
                end = cursor
                break
            }
            while position < end, scanner.isWord(position, "let") || scanner.isWord(position, "var") { position += 1 }
            // `(.a)`: parentheses around the whole pattern change nothing.
            if scanner.isPunctuation(position, 0x28), let close = scanner.partner[position], close == end - 1 {
                return caseName(in: (position + 1)..<close)
            }
            // A dotted name: `.a` or `Type.Inner.a`.
            var lastName: Int?
            if scanner.isOperator(position, ".") {
                // `.default` may come out of the lexer as a keyword.
                guard position + 1 < end, scanner.isName(position + 1) || scanner.tokens[position + 1].kind == .keyword else { return nil }
                lastName = position + 1
                position += 2
            } else {
                while position < end, scanner.isName(position) || scanner.isWord(position, "Self") {
                    lastName = position
                    position += 1
                    guard scanner.isOperator(position, ".") else { break }
                    position += 1
                }
                // A bare name is a binding (`let x`) or a value, not a case.
                guard lastName != nil, lastName! > piece.lowerBound, scanner.isOperator(lastName! - 1, ".") else { return nil }
            }
            guard let nameIndex = lastName else { return nil }
            var name = scanner.text(nameIndex)
            if name.hasPrefix("`"), name.hasSuffix("`"), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
            // `.some(.a)`: the wrapped pattern names the case.
            if name == "some", scanner.isPunctuation(position, 0x28), let close = scanner.partner[position], close < end {
                return caseName(in: (position + 1)..<close)
            }
            // After the name: an optional payload pattern and `?`, then nothing.
            if scanner.isPunctuation(position, 0x28), let close = scanner.partner[position], close < end { position = close + 1 }
            if scanner.isOperator(position, "?") { position += 1 }
            return position == end ? name : nil
        }

        /// Names bound in a case label piece (`.detail(let id)`, `let .edit(id, draft)`).
        func patternNames(inLabelPiece piece: Range<Int>) -> [String] {
            var names: [String] = []
            var binding = false
            for position in piece {
                if scanner.isWord(position, "where") { break }
                if scanner.isWord(position, "let") || scanner.isWord(position, "var") { binding = true; continue }
                if binding, scanner.isName(position), !scanner.isOperator(position - 1, "."), !scanner.isPunctuation(position + 1, 0x3A) {
                    names.append(scanner.text(position))
                }
            }
            return names
        }

        mutating func finish(_ record: SwitchRecord) {
            let name: String
            switch declaration.kind {
            case .func, .`init`, .subscript: name = declaration.signatureName
            default: name = declaration.name
            }
            // `case .inbox: title = "Inbox"` in every label: the switch picks a value, not a screen.
            if record.labels > 0, record.assigningLabels == record.labels { return }
            let offset = scanner.tokens[record.keyword].start
            guard let enumName = record.enumName else {
                // An unknown subject in a view builder: credit the route enums that have every
                // case it names (it may be a `.sheet(item:)` of routes). Coverage only.
                guard !record.cases.isEmpty else { return }
                for (candidate, route) in scanner.routes.enums where record.cases.isSubset(of: route.cases.map(\.name)) {
                    found.append(FoundSwitch(enumName: candidate, cases: record.cases, establishes: false,
                                             file: scanner.file, offset: offset, function: name))
                }
                return
            }
            found.append(FoundSwitch(enumName: enumName, cases: record.cases, establishes: record.establishes && !record.namesUnknownCase,
                                     file: scanner.file, offset: offset, function: name))
        }
    }
}

// MARK: - Function types

extension NavigationRouteDestinationRule {
    /// A function type written in a declaration, `(Route, Bool) -> AnyView`: its parameter
    /// types and result. `nil` for anything else.
    struct FunctionTypeText {
        var parameters: [String]
        var result: String

        init?(_ text: String) {
            var type = Substring(text)
            while type.first == "@", let space = type.firstIndex(of: " ") { type = type[type.index(after: space)...] }
            guard type.first == "(" else { return nil }
            // The parameter list: up to the `)` that closes the first `(`.
            var depth = 0
            var close: Substring.Index?
            for index in type.indices {
                if type[index] == "(" || type[index] == "[" || type[index] == "<" { depth += 1 }
                if type[index] == ")" || type[index] == "]" || (type[index] == ">" && index > type.startIndex && type[type.index(before: index)] != "-") { depth -= 1 }
                if depth == 0 { close = index; break }
            }
            guard let close else { return nil }
            var rest = type[type.index(after: close)...].drop { $0 == " " }
            for effect in ["async ", "throws ", "rethrows "] where rest.hasPrefix(effect) { rest = rest.dropFirst(effect.count).drop { $0 == " " } }
            guard rest.hasPrefix("->") else { return nil }
            result = String(rest.dropFirst(2).drop { $0 == " " })
            // Split the parameters at top-level commas.
            var parameters: [String] = []
            var current = ""
            depth = 0
            for character in type[type.index(after: type.startIndex)..<close] {
                if character == "(" || character == "[" || character == "<" { depth += 1 }
                if character == ")" || character == "]" || (character == ">" && current.last != "-") { depth -= 1 }
                if character == ",", depth == 0 {
                    parameters.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.withoutEdgeSpaces.isEmpty { parameters.append(current) }
            self.parameters = parameters.map(\.withoutEdgeSpaces)
        }
    }
}

extension String {
    fileprivate var withoutEdgeSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

// MARK: - Inactive code


