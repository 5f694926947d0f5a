import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import XCTest

/// `navigation-route-destination` lexes a file again one declaration at a time, only where
/// a declaration's text has `switch`. These tests hold that to what lexing the whole file
/// finds, switch for switch.
final class NavigationSwitchScanTests: XCTestCase {
    typealias Checked = NavigationRouteDestinationRule

    /// The destination switches of every file of a project, found both ways.
    func switches(in files: [(path: String, text: String)], options: [String: OptionValue] = [:]) -> (byDeclaration: [String], wholeFile: [String]) {
        let configuration = Profiles.configuration(Profiles.defaultName)!
        let index = ProjectIndex.build(sources: files.map { ($0.path, Array($0.text.utf8)) }, configuration: configuration)
        var resolved = ResolvedOptions(defaultsOf: Checked.description)
        for (name, value) in options { resolved.values[name] = value }
        let settings = Checked.Settings(resolved)
        let project = Checked.Project(index: index)
        let routes = Checked.RouteCatalog(project: project, settings: settings)
        var byDeclaration: [String] = []
        var wholeFile: [String] = []
        for file in index.files.indices {
            guard let source = index.files[file].loadSource() else { continue }
            byDeclaration += Checked.SwitchScanner.destinationSwitches(project: project, routes: routes, settings: settings, file: file, source: source).map(describe)
            wholeFile += Checked.SwitchScanner(project: project, routes: routes, settings: settings, file: file, source: source).destinationSwitches().map(describe)
        }
        return (byDeclaration, wholeFile)
    }

    func describe(_ found: Checked.FoundSwitch) -> String {
        "\(found.file):\(found.offset) \(found.enumName) \(found.cases.sorted()) establishes: \(found.establishes) in \(found.function)"
    }

    func testEveryExampleFindsTheSameSwitchesEitherWay() {
        var examplesWithSwitches = 0
        for example in Checked.description.triggeringExamples + Checked.description.nonTriggeringExamples {
            let files = example.files.map { (path: $0.path, text: $0.source.replacingOccurrences(of: "↓", with: "")) }
            let found = switches(in: files, options: example.options)
            XCTAssertEqual(found.byDeclaration, found.wholeFile, files.map(\.text).joined(separator: "\n---\n"))
            if !found.byDeclaration.isEmpty { examplesWithSwitches += 1 }
        }
        // Most examples have a destination switch; the comparison is not between empty lists.
        XCTAssertGreaterThan(examplesWithSwitches, 20)
    }

    func testSwitchTextIsFoundWhereverItIsWritten() {
        func offsets(_ text: String) -> [Int] { Checked.SwitchScanner.switchTextOffsets(Array(text.utf8)) }
        XCTAssertEqual(offsets("switch"), [0])
        XCTAssertEqual(offsets("switch route { }\nlet w = 1 // switchTab"), [0, 30])
        XCTAssertEqual(offsets("sswitch wswitch swwitch switc"), [1, 9])
        XCTAssertEqual(offsets("x.switch"), [2])
        XCTAssertEqual(offsets("wwwwww"), [])
        XCTAssertEqual(offsets("swit"), [])
        XCTAssertEqual(offsets(""), [])
    }

    func testSwitchInCommentsStringsAndNamesIsNotASwitch() {
        let router = """
            import SwiftUI

            enum Destination: Hashable {
                case inbox
                case thread(id: Thread.ID)
                case compose
            }

            /// Builds screens; the switch below must stay exhaustive.
            struct MailRouter {
                let factory: ScreenFactory
                var switchCount = 0

                // A `switch` in a comment is not one.
                func title(for destination: Destination) -> String {
                    let hint = "switch accounts"
                    return hint
                }

                func switchAccount(_ account: Account.ID) {
                    factory.switchAccount(account)
                }

                @ViewBuilder
                func screen(for destination: Destination) -> some View {
                    switch destination {
                    case .inbox:
                        InboxView(viewModel: factory.makeInboxViewModel())
                    case .thread(let id):
                        #if DEBUG
                        ThreadView(viewModel: factory.makeThreadViewModel(id: id)).border(.red)
                        #else
                        ThreadView(viewModel: factory.makeThreadViewModel(id: id))
                        #endif
                    case .compose:
                        ComposeView(viewModel: factory.makeComposeViewModel())
                    }
                }
            }
            """
        let found = switches(in: [("Mail/Presentation/Navigation/MailRouter.swift", router)])
        XCTAssertEqual(found.byDeclaration, found.wholeFile)
        let switchOffset = router.utf8.count - router[router.range(of: "switch destination")!.lowerBound...].utf8.count
        XCTAssertEqual(found.byDeclaration, ["0:\(switchOffset) Destination [\"compose\", \"inbox\", \"thread\"] establishes: true in screen(for:)"])
    }

    /// The per-file stage looks for `View` and `navigationDestination`; a `viewTypes` entry
    /// without `View` in it is looked for in the file's text, so a router written for it is
    /// still read, from disk as in memory.
    func testViewTypesWithoutViewInTheirNameAreStillFound() throws {
        let router = """
            enum Route: Hashable {
                case inbox
                case archive
                case ↓settings
            }

            struct ScreenRouter {
                func screen(for route: Route) -> some Screen {
                    switch route {
                    case .inbox: InboxScreen()
                    case .archive: ArchiveScreen()
                    default: EmptyScreen()
                    }
                }
            }
            """.replacingOccurrences(of: "↓", with: "")
        var configuration = Profiles.configuration(Profiles.defaultName)!
        configuration.rules["navigation-route-destination"] = RuleSettings(options: ["viewTypes": .strings(["some Screen"])])
        let project = try ScratchProject()
        try project.write("App/Navigation/ScreenRouter.swift", router)
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        let (files, _) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 1,
                                                 clues: TextClues(rules: [Checked.self], configuration: configuration), store: SourceStore())
        XCTAssertEqual(files[0].clueWords(of: Checked.self), 1, "`switch` only: no `View` in the file")
        let fromDisk = Linter.run(index: ProjectIndex(files: files), configuration: configuration, rules: [Checked.self])
        XCTAssertEqual(fromDisk.map { "\($0.ruleID) \($0.position.line)" }, ["navigation-route-destination 4"])
        // With the default view types the same file builds no views: nothing to report.
        let defaults = Profiles.configuration(Profiles.defaultName)!
        let (plain, _) = Pipeline.readAndOutline(discovered.files, configuration: defaults, jobs: 1,
                                                 clues: TextClues(rules: [Checked.self], configuration: defaults), store: SourceStore())
        XCTAssertEqual(Linter.run(index: ProjectIndex(files: plain), configuration: defaults, rules: [Checked.self]), [])
    }

    func testClueWordsCountOnlyAsWholeWords() {
        func clues(_ text: String) -> [String] {
            let found = Checked.textClues!.occurringWords(in: Array(text.utf8))
            return Checked.clueWords.indices.filter { found & 1 << UInt64($0) != 0 }.map { Checked.clueWords[$0] }
        }
        XCTAssertEqual(clues("var body: some View { switch route {} }"), ["switch", "View"])
        XCTAssertEqual(clues("func screen(for route: Route)->AnyView{"), ["AnyView"])
        XCTAssertEqual(clues("@SwiftUI.ViewBuilder func row()"), ["ViewBuilder"])
        XCTAssertEqual(clues("let v: `View`"), ["View"])
        XCTAssertEqual(clues(".navigationDestination(for: Route.self) {"), ["navigationDestination"])
        XCTAssertEqual(clues("View"), ["View"])
        XCTAssertEqual(clues("// a comment counts: the search is on text, View"), ["View"])
        XCTAssertEqual(clues("final class AccountDetailViewModel { func send() { switch input {} } }"), ["switch"])
        XCTAssertEqual(clues("struct PreviewView {}; let Views = 1; let View2 = 2; let _View = 3; let éView = 4; let AnyViews = 5"), [])
        XCTAssertEqual(clues("let viewCount = 1; navigationDestinations; switchAccount(); ViewBuilders"), [])
        XCTAssertEqual(clues(""), [])
    }

    /// Files read from disk are read again only when they have `switch` and a view word as a
    /// word of its own (their clue words); the view words may sit right against punctuation. The findings are
    /// the same as when the index is built from the texts in memory.
    func testOnlyFilesWithAWholeViewWordAreReadAgainAndFindingsStayTheSame() throws {
        let files: [(path: String, text: String)] = [
            ("App/Presentation/Navigation/AppRoute.swift", """
                enum AppRoute: Hashable {
                    case feed
                    case profile(id: User.ID)
                    case settings
                }
                """),
            ("App/Presentation/Navigation/AppRouter.swift", """
                import SwiftUI

                struct AppRouter {
                    let container: AppContainer

                    func screen(for route: AppRoute)->AnyView{
                        switch route {
                        case .feed: AnyView(container.makeFeedView())
                        case .profile(let id): AnyView(container.makeProfileView(userID: id))
                        default: AnyView(EmptyView())
                        }
                    }
                }
                """),
            ("App/Presentation/Feed/FeedViewModel.swift", """
                import Observation

                @Observable
                final class FeedViewModel {
                    private(set) var title = ""

                    func show(_ route: AppRoute) {
                        switch route {
                        case .feed: title = "Feed"
                        case .profile: title = "Profile"
                        case .settings: title = "Settings"
                        }
                    }
                }
                """),
        ]
        let configuration = Profiles.configuration(Profiles.defaultName)!
        let project = try ScratchProject()
        for file in files { try project.write(file.path, file.text) }
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        let (read, _) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 1,
                                                clues: TextClues(rules: [Checked.self], configuration: configuration), store: SourceStore())
        let clues = Dictionary(uniqueKeysWithValues: read.map { ($0.path, $0.clueWords(of: Checked.self)) })
        XCTAssertEqual(clues["App/Presentation/Navigation/AppRoute.swift"], 0, "no `switch`")
        XCTAssertEqual(clues["App/Presentation/Navigation/AppRouter.swift"], Checked.switchClue | Checked.clueBit(of: "AnyView"),
                       "`AnyView` right after `->`, and `AnyView(` calls; no `View` of its own")
        XCTAssertEqual(clues["App/Presentation/Feed/FeedViewModel.swift"], Checked.switchClue, "`View` only inside `FeedViewModel`")

        func described(_ findings: [Finding]) -> [String] { findings.map { "\($0.path):\($0.position.line) \($0.message)" } }
        let fromDisk = described(Linter.run(index: ProjectIndex(files: read), configuration: configuration, rules: [Checked.self]))
        let inMemory = described(Linter.run(index: ProjectIndex.build(sources: files.map { ($0.path, Array($0.text.utf8)) }, configuration: configuration),
                                            configuration: configuration, rules: [Checked.self]))
        XCTAssertEqual(fromDisk, inMemory)
        // The view model's switch names `.settings`, but it builds no views: the router's
        // switch alone decides, and it leaves `.settings` to `default:`.
        XCTAssertEqual(fromDisk.count, 1)
        XCTAssertTrue(fromDisk.first?.hasPrefix("App/Presentation/Navigation/AppRoute.swift:4 Route case 'AppRoute.settings'") == true, "\(fromDisk)")
    }

    func testSwitchUnderIfFalseIsSkippedEitherWay() {
        let router = """
            import SwiftUI

            enum Route: Hashable {
                case home
                case settings
            }

            struct Router {
                #if false
                @ViewBuilder
                func legacyView(for route: Route) -> some View {
                    switch route {
                    case .home: HomeView()
                    case .settings: SettingsView()
                    }
                }
                #endif

                @ViewBuilder
                func view(for route: Route) -> some View {
                    switch route {
                    case .home: HomeView()
                    case .settings: SettingsView()
                    }
                }
            }
            """
        let found = switches(in: [("App/Presentation/Navigation/Router.swift", router)])
        XCTAssertEqual(found.byDeclaration, found.wholeFile)
        XCTAssertEqual(found.byDeclaration.count, 1)
        XCTAssertTrue(found.byDeclaration.first?.hasSuffix("in view(for:)") == true, "\(found.byDeclaration)")
    }
}
