import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

/// Seed 000 asks teams to run grep one-liners before every pull request; archlint's rules
/// replace them. These tests run those very commands and archlint side by side on a small
/// app, `Fixtures/GrepComparison` (PantryPal, profile arcana), and pin down, line by line,
/// where grep is wrong and archlint is right — a hit in a comment, a doc comment or a
/// string, a `case` line that is not a route, a call or declaration split across lines —
/// and the findings both agree on.
///
/// The commands are quoted exactly as seed 000 writes them and run by `/bin/sh` in the
/// fixture folder. `sh` has no globstar, so `**` matches exactly one folder, as `*` does:
/// `Sources/**/Route.swift` is `Sources/*/Route.swift`. The fixture's layout
/// (`Sources/Presentation/Route.swift`, `Sources/Domain/Services/`,
/// `Sources/Data/Repositories/`) is laid out for that reading, as a team running the
/// commands in `sh` would have to. Where a glob matches a single file, grep prints
/// `LINE:text` without the file name, and the parser puts the file back.
///
/// The seed's commands #6 and #8 print two lists that "must match"; the tests compute what
/// a reader would conclude from them: the names in the first list that the second lacks.
final class GrepComparisonTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/GrepComparison")

    // MARK: - The seed's commands, verbatim

    /// Seed 000, "Quick Verification Commands", # 1 (unimplemented repositories, "MUST be empty").
    static let unimplementedCommand = #"grep -rn "fatalError\|TODO.*implement\|throw.*NotImplemented" Sources/"#
    /// Seed 000, "Placeholder View Policy", "Placeholder Check Command".
    static let placeholderCommand = #"grep -rn "PlaceholderView\|fatalError\|TODO.*implement\|Coming Soon" Sources/"#
    /// Seed 000, "Quick Verification Commands", # 2 (empty button actions, "MUST be empty").
    static let emptyActionCommand = #"grep -rn "action:\s*{\s*}\|Button.*{\s*}" Sources/"#
    /// Seed 000, "Navigation Wiring Verification Guide", "Detection Patterns" ("Find Route cases").
    static let routeLinesCommand = #"grep -rn "case\s\+[a-zA-Z]" Sources/**/Route.swift"#
    /// Seed 000, "Quick Verification Commands", # 6 (route cases defined; the `echo` header left out).
    static let routeNamesCommand = #"grep -rh "case\s\+[a-zA-Z]" Sources/**/Route.swift | grep -oE "case\s+[a-zA-Z]+" | sort -u"#
    /// Seed 000, "Quick Verification Commands", # 6 (NavigationRouter destinations).
    static let destinationNamesCommand = #"grep -rh "case\s\.\|case\slet\s\." Sources/**/NavigationRouter.swift | grep -oE "\.[a-zA-Z]+" | sort -u"#
    /// Seed 000, "Quick Verification Commands", # 5 (unwired navigation closures).
    static let callbackCommand = #"grep -rn "onNavigate.*:\s*(\s*)\s*->\s*Void\s*=\s*{" Sources/**/Views/"#
    /// Seed 000, "Quick Verification Commands", # 8 (repository methods called in services).
    static let repositoryCallsCommand = #"grep -roh "repository\.[a-zA-Z]*(" Sources/**/Services/*.swift | sort -u"#
    /// Seed 000, "Quick Verification Commands", # 8 (repository protocol methods).
    static let repositoryMethodsCommand = #"grep -rh "func [a-zA-Z]*(" Sources/**/Repositories/*Repository.swift | grep -oE "func [a-zA-Z]+\(" | sort -u"#
    /// Seed 000, "Mock Data Requirements", "Quick Verification Commands for Mock Data", # 10.
    static let emptyArrayCommand = #"grep -rn "\[\]\|Array()" Sources/**/Repositories/*RepositoryImpl.swift"#

    // MARK: - Fixture files

    static let app = "Sources/"
    static let item = app + "Domain/Entities/PantryItem.swift"
    static let service = app + "Domain/Services/PantryService.swift"
    static let store = app + "Data/Local/PantryStore.swift"
    static let impl = app + "Data/Repositories/PantryRepositoryImpl.swift"
    static let mock = app + "Data/Repositories/MockPantryRepository.swift"
    static let route = app + "Presentation/Route.swift"
    static let router = app + "Presentation/NavigationRouter.swift"
    static let listView = app + "Presentation/Views/PantryListView.swift"
    static let detailView = app + "Presentation/Views/ItemDetailView.swift"
    static let aboutView = app + "Presentation/Views/AboutView.swift"
    static let placeholderView = app + "Presentation/Views/PlaceholderView.swift"
    static let buttonStyle = app + "Presentation/Views/PillButtonStyle.swift"

    // MARK: - Cases

    /// One documented case: what grep says about something in the fixture, and what
    /// archlint says about it.
    struct Case {
        /// What grep's result is searched for: `path:line` for `grep -rn` commands, a name for
        /// the commands that compare two lists of names.
        var grep: String
        /// Whether grep reports it (a hit, or a name a reader would take for a problem).
        var grepReports: Bool
        var archlint: Verdict
        var why: String
    }

    enum Verdict {
        /// A finding of `rule` that starts on the line `at` (`path:line`); with `naming`, its
        /// message mentions that name.
        case finding(_ rule: String, at: String, naming: String? = nil)
        /// No finding of any rule on the line `at`.
        case silent(at: String)
    }

    static let unimplementedCases: [Case] = [
        Case(grep: "\(impl):18", grepReports: true, archlint: .finding("unimplemented-code", at: "\(impl):18"),
             why: "a real `// TODO: implement …` comment: both report it"),
        Case(grep: "\(store):7", grepReports: true, archlint: .silent(at: "\(store):7"),
             why: "`fatalError()` named in a doc comment"),
        Case(grep: "\(store):39", grepReports: true, archlint: .silent(at: "\(store):39"),
             why: "\"fatalError\" inside a string literal"),
        Case(grep: "\(item):19", grepReports: true, archlint: .silent(at: "\(item):19"),
             why: "`fatalError(\"unreachable: …\")`: a deliberate crash that the rule's allowedMessages accept"),
        Case(grep: "\(mock):25", grepReports: false, archlint: .finding("unimplemented-code", at: "\(mock):25", naming: "notImplemented"),
             why: "`throw PantryError.notImplemented`: grep's `throw.*NotImplemented` is case-sensitive"),
        Case(grep: "\(mock):16", grepReports: false, archlint: .finding("unimplemented-code", at: "\(mock):16", naming: "FIXME"),
             why: "`// FIXME: implement …`: grep looks for TODO only"),
        Case(grep: "\(service):43", grepReports: false, archlint: .finding("unimplemented-code", at: "\(service):43", naming: "preconditionFailure"),
             why: "`preconditionFailure(…)`: grep looks for fatalError only"),
    ]

    static let placeholderCases: [Case] = [
        Case(grep: "\(router):29", grepReports: true, archlint: .finding("unimplemented-code", at: "\(router):29", naming: "PlaceholderView"),
             why: "a PlaceholderView as a route's destination: both report it"),
        Case(grep: "\(impl):18", grepReports: true, archlint: .finding("unimplemented-code", at: "\(impl):18"),
             why: "the same real TODO as in check # 1: both report it"),
        Case(grep: "\(placeholderView):4", grepReports: true, archlint: .silent(at: "\(placeholderView):4"),
             why: "the declaration of PlaceholderView itself"),
        Case(grep: "\(detailView):14", grepReports: true, archlint: .silent(at: "\(detailView):14"),
             why: "\"Coming Soon\" in a comment"),
        Case(grep: "\(store):39", grepReports: true, archlint: .silent(at: "\(store):39"),
             why: "\"fatalError\" inside a string literal"),
        Case(grep: "\(detailView):13", grepReports: false, archlint: .finding("unimplemented-code", at: "\(detailView):13", naming: "coming soon"),
             why: "`Text(\"Nutrition facts: coming soon\")`: grep's \"Coming Soon\" is case-sensitive"),
    ]

    static let emptyActionCases: [Case] = [
        Case(grep: "\(listView):22", grepReports: true, archlint: .finding("empty-action", at: "\(listView):22", naming: "Share"),
             why: "`Button(\"Share\") { }`: both report it"),
        Case(grep: "\(listView):25", grepReports: true, archlint: .silent(at: "\(listView):25"),
             why: "`Button(\"OK\") { }` in an `.alert`, where every button dismisses"),
        Case(grep: "\(buttonStyle):14", grepReports: true, archlint: .silent(at: "\(buttonStyle):14"),
             why: "`extension PillButtonStyle: Sendable {}`: \"Button\" in a type name, then an empty extension body"),
        Case(grep: "\(detailView):16", grepReports: false, archlint: .finding("empty-action", at: "\(detailView):16", naming: "action:"),
             why: "`Button(action: {` closed by `})` on the next line"),
        Case(grep: "\(detailView):20", grepReports: false, archlint: .finding("empty-action", at: "\(detailView):20", naming: "Reorder"),
             why: "`Button(\"Reorder\") {` whose closure, over three lines, holds only a comment"),
        Case(grep: "\(detailView):11", grepReports: false, archlint: .finding("empty-action", at: "\(detailView):11", naming: "onTapGesture"),
             why: "`.onTapGesture { }`: grep looks at `action:` and `Button` only"),
    ]

    /// "Find Route cases": the lines grep counts as route cases.
    static let routeLineCases: [Case] = [
        Case(grep: "\(route):3", grepReports: true, archlint: .silent(at: "\(route):3"),
             why: "a doc comment (\"Every case opens one screen\")"),
        Case(grep: "\(route):13", grepReports: true, archlint: .silent(at: "\(route):13"),
             why: "a commented-out route case"),
        Case(grep: "\(route):18", grepReports: true, archlint: .silent(at: "\(route):18"),
             why: "a case of `RoutePresentation`, an enum in the same file that is not a route"),
        Case(grep: "\(route):12", grepReports: false, archlint: .finding("navigation-route-destination", at: "\(route):12", naming: "feedback"),
             why: "`feedback`, declared on the second line of `case licenses,`: grep never sees the route, which has no destination"),
    ]

    /// # 6: the route names that the destination list lacks, as a reader of the two lists
    /// would conclude.
    static let missingDestinationCases: [Case] = [
        Case(grep: "recipes", grepReports: true, archlint: .finding("navigation-route-destination", at: "\(route):10", naming: "recipes"),
             why: "`case recipes` with no destination: both report it"),
        Case(grep: "opens", grepReports: true, archlint: .silent(at: "\(route):3"),
             why: "\"case opens\" from a doc comment taken for a route"),
        Case(grep: "barcodeScanner", grepReports: true, archlint: .silent(at: "\(route):13"),
             why: "a commented-out route case"),
        Case(grep: "push", grepReports: true, archlint: .silent(at: "\(route):18"),
             why: "a case of RoutePresentation, which is not a route enum"),
        Case(grep: "sheet", grepReports: true, archlint: .silent(at: "\(route):19"),
             why: "a case of RoutePresentation, which is not a route enum"),
        Case(grep: "licenses", grepReports: true, archlint: .silent(at: "\(route):11"),
             why: "covered by `case .about,` / `.licenses:` over two lines; grep's `case\\s\\.` sees only the first"),
        Case(grep: "settings", grepReports: false, archlint: .finding("navigation-route-destination", at: "\(route):8", naming: "settings"),
             why: "only the analytics switch `screenName(for:)` has `case .settings`, which grep counts as a destination"),
        Case(grep: "feedback", grepReports: false, archlint: .finding("navigation-route-destination", at: "\(route):12", naming: "feedback"),
             why: "declared on the second line of `case licenses,`: grep never lists the route"),
        Case(grep: "pantry", grepReports: false, archlint: .silent(at: "\(route):5"),
             why: "a route with a destination: neither reports it"),
    ]

    /// # 5: grep lists callback declarations with an empty default; archlint reports the
    /// construction site that leaves one unwired.
    static let callbackCases: [Case] = [
        Case(grep: "\(detailView):6", grepReports: true,
             archlint: .finding("unwired-navigation-callback", at: "\(router):27", naming: "onNavigateToShoppingList"),
             why: "`onNavigateToShoppingList` is never passed by `ItemDetailView(item:)`: both report it (grep the declaration, archlint the call)"),
        Case(grep: "\(aboutView):6", grepReports: true, archlint: .silent(at: "\(router):32"),
             why: "`onNavigateToFeedback` is wired where the router constructs AboutView"),
        Case(grep: "\(aboutView):7", grepReports: true, archlint: .silent(at: "\(aboutView):7"),
             why: "a commented-out callback property"),
        Case(grep: "\(listView):6", grepReports: false,
             archlint: .finding("unwired-navigation-callback", at: "\(router):25", naming: "onNavigateToDetail"),
             why: "`onNavigateToDetail: (PantryItem) -> Void = { _ in }`, never passed: grep's `(\\s*)` wants a callback without parameters"),
    ]

    /// # 8: the called repository methods that the method list lacks.
    static let repositoryCallCases: [Case] = [
        Case(grep: "fetchExpiring", grepReports: true, archlint: .finding("service-repository-method", at: "\(service):35", naming: "fetchExpiring"),
             why: "`repository.fetchExpiring(withinDays:)`, declared nowhere: both report it"),
        Case(grep: "deleteAll", grepReports: true, archlint: .silent(at: "\(service):16"),
             why: "`repository.deleteAll()` named in a doc comment"),
        Case(grep: "saveItem", grepReports: false, archlint: .finding("service-repository-method", at: "\(service):31", naming: "saveItem"),
             why: "`self.repository` then `.saveItem(updated)` on the next line"),
        Case(grep: "loadSampleData", grepReports: false, archlint: .finding("service-repository-method", at: "\(service):39", naming: "loadSampleData"),
             why: "declared only by the mock, whose file matches `*Repository.swift`; the protocol lacks it"),
        Case(grep: "delete", grepReports: false, archlint: .silent(at: "\(service):19"),
             why: "a declared method: neither reports it"),
    ]

    /// # 10: one file matches, so grep prints `LINE:text`.
    static let emptyArrayCases: [Case] = [
        Case(grep: "\(impl):23", grepReports: true, archlint: .finding("repository-stub-return", at: "\(impl):23"),
             why: "`return []` from a method that reads nothing: both report it"),
        Case(grep: "\(impl):6", grepReports: true, archlint: .silent(at: "\(impl):6"),
             why: "`[]` in a doc comment"),
        Case(grep: "\(impl):7", grepReports: true, archlint: .silent(at: "\(impl):7"),
             why: "the initial value of a stored property, not a return"),
        Case(grep: "\(impl):32", grepReports: true, archlint: .silent(at: "\(impl):32"),
             why: "`guard … else { return [] }` in a method that reads the store"),
        Case(grep: "\(impl):27", grepReports: false, archlint: .finding("repository-stub-return", at: "\(impl):27"),
             why: "`return [PantryItem]()`"),
        Case(grep: "\(mock):17", grepReports: false, archlint: .finding("repository-stub-return", at: "\(mock):17"),
             why: "the mock's `[]`: `*RepositoryImpl.swift` leaves mock repositories out"),
    ]

    // MARK: - Tests

    func testUnimplementedRepositoriesCheck() throws {
        try requireGrep()
        check(Self.unimplementedCases, grep: try hits(Self.unimplementedCommand), command: Self.unimplementedCommand)
    }

    func testPlaceholderCheck() throws {
        try requireGrep()
        check(Self.placeholderCases, grep: try hits(Self.placeholderCommand), command: Self.placeholderCommand)
    }

    func testEmptyButtonActionsCheck() throws {
        try requireGrep()
        check(Self.emptyActionCases, grep: try hits(Self.emptyActionCommand), command: Self.emptyActionCommand)
    }

    func testRouteCaseLines() throws {
        try requireGrep()
        check(Self.routeLineCases, grep: try hits(Self.routeLinesCommand, file: Self.route), command: Self.routeLinesCommand)
    }

    func testRouteCasesAgainstRouterDestinations() throws {
        try requireGrep()
        let routes = try names(Self.routeNamesCommand, prefix: "case", suffix: "")
        let destinations = try names(Self.destinationNamesCommand, prefix: ".", suffix: "")
        XCTAssertTrue(destinations.isSuperset(of: ["pantry", "itemDetail", "shoppingList", "about", "settings"]), "\(destinations)")
        check(Self.missingDestinationCases, grep: routes.subtracting(destinations), command: Self.routeNamesCommand + "\n" + Self.destinationNamesCommand)
    }

    func testNavigationCallbackDefaults() throws {
        try requireGrep()
        check(Self.callbackCases, grep: try hits(Self.callbackCommand), command: Self.callbackCommand)
    }

    func testServiceCallsAgainstRepositoryMethods() throws {
        try requireGrep()
        let called = try names(Self.repositoryCallsCommand, prefix: "repository.", suffix: "(")
        let declared = try names(Self.repositoryMethodsCommand, prefix: "func", suffix: "(")
        XCTAssertTrue(declared.isSuperset(of: ["fetchItems", "save", "delete", "loadSampleData"]), "\(declared)")
        check(Self.repositoryCallCases, grep: called.subtracting(declared), command: Self.repositoryCallsCommand + "\n" + Self.repositoryMethodsCommand)
    }

    func testEmptyArraysInRepositoryImplementations() throws {
        try requireGrep()
        check(Self.emptyArrayCases, grep: try hits(Self.emptyArrayCommand, file: Self.impl), command: Self.emptyArrayCommand)
    }

    /// Every archlint finding in the fixture is one of the documented cases: the fixture has
    /// no finding that these tests do not explain.
    func testArchlintFindsExactlyTheDocumentedCases() throws {
        let allCases = Self.unimplementedCases + Self.placeholderCases + Self.emptyActionCases + Self.routeLineCases
            + Self.missingDestinationCases + Self.callbackCases + Self.repositoryCallCases + Self.emptyArrayCases
        var expected = Set<String>()
        for item in allCases {
            if case .finding(let rule, let place, _) = item.archlint { expected.insert("\(place) \(rule)") }
        }
        let actual = Set(try Self.lint().map { "\($0.path):\($0.line) \($0.rule)" })
        XCTAssertEqual(actual.subtracting(expected).sorted(), [], "findings no case documents")
        XCTAssertEqual(expected.subtracting(actual).sorted(), [], "documented findings archlint does not report")
    }

    // MARK: - Assertions

    func check(_ cases: [Case], grep reported: Set<String>, command: String, file: StaticString = #filePath, line: UInt = #line) {
        let findings: [Finding]
        do {
            findings = try Self.lint()
        } catch {
            return XCTFail("archlint: \(error)", file: file, line: line)
        }
        for item in cases {
            XCTAssertEqual(reported.contains(item.grep), item.grepReports,
                           "grep \(item.grepReports ? "should report" : "should not report") \(item.grep) (\(item.why)); it reported \(reported.sorted()) for\n\(command)",
                           file: file, line: line)
            switch item.archlint {
            case .finding(let rule, let place, let name):
                let matching = findings.filter { finding in
                    "\(finding.path):\(finding.line)" == place && finding.rule == rule && (name.map { finding.message.contains($0) } ?? true)
                }
                XCTAssertEqual(matching.count, 1, "archlint should report \(rule) at \(place) (\(item.why)); findings there: \(findings.filter { "\($0.path):\($0.line)" == place })",
                               file: file, line: line)
            case .silent(let place):
                let there = findings.filter { "\($0.path):\($0.line)" == place }
                XCTAssertEqual(there.map(\.rule), [], "archlint should be silent at \(place) (\(item.why))", file: file, line: line)
            }
        }
    }

    // MARK: - Running grep

    /// Skips the test where `sh` or `grep` is missing, or where grep lacks the GNU basic
    /// regex extensions (`\|`, `\s`, `\+`) that seed 000's commands rely on.
    func requireGrep() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { throw XCTSkip("no /bin/sh to run seed 000's commands") }
        let probe = try shell(#"printf 'a b\n' | grep 'x\|a\s\+b' && printf 'c\n' | grep -oE 'c\s*'"#)
        guard probe == ["a b", "c"] else { throw XCTSkip("grep is missing or lacks the GNU regex extensions seed 000's commands use") }
    }

    /// Runs a command with `/bin/sh` in the fixture folder; its standard output, line by line.
    func shell(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = Self.fixture
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// `path:line` of every hit of a `grep -rn` command. When the command's glob matches a
    /// single file, grep prints `LINE:text`, and `file` names that file.
    func hits(_ command: String, file: String? = nil) throws -> Set<String> {
        Set(try shell(command).compactMap { output -> String? in
            let fields = output.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if let file, let number = Int(fields[0]) { return "\(file):\(number)" }
            guard fields.count >= 2, let number = Int(fields[1]) else { return nil }
            // BSD grep keeps the slash of `Sources/**/Views/` before the file name.
            return fields[0].replacingOccurrences(of: "//", with: "/") + ":\(number)"
        })
    }

    /// The names a list-printing command prints (`case about`, `.about`, `func save(`),
    /// without their `prefix` and `suffix`.
    func names(_ command: String, prefix: String, suffix: String) throws -> Set<String> {
        Set(try shell(command).map { output in
            var name = Substring(output)
            if name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
            if name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
            return name.trimmingCharacters(in: .whitespaces)
        })
    }

    // MARK: - Running archlint

    struct Finding: Decodable {
        var rule: String
        var path: String
        var line: Int
        var message: String
    }

    /// archlint's findings in the fixture: the command line in-process, every registered rule,
    /// the fixture's own `.archlint.json`, `--format json`.
    static func lint() throws -> [Finding] {
        let captured = CapturedOutput()
        let status = CommandLineTool.run(arguments: ["lint", fixture.path, "--format", "json"], rules: RuleRegistry.all, output: captured.streams)
        guard status == 1, captured.standardError.isEmpty else {
            throw LintFailure(description: "exit status \(status) (expected 1: error findings): \(captured.standardError)")
        }
        return try JSONDecoder().decode([Finding].self, from: Data(captured.standardOutput.utf8))
    }

    struct LintFailure: Error, CustomStringConvertible {
        var description: String
    }
}
