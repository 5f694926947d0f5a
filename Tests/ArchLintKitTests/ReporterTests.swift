@testable import ArchLintKit  // Style, TextReporter.caretLine and Terminal are internal
import Foundation
import XCTest

/// One shared set of findings that every reporter is checked against, with the awkward
/// cases: `%`, quotes, a newline, Unicode before and inside a range (UTF-8 and UTF-16
/// columns differ, an emoji takes a surrogate pair), paths with spaces, a comma and a
/// colon, a project root below the repository root, a related location, a note, a
/// suppressed finding, an unreadable file, and rules without findings (one switched off).
enum SampleFindings {
    /// The position of the first `marked` text in `sourceLine`, with its UTF-8 and UTF-16
    /// columns computed as `SourceFile` would.
    static func position(_ path: String, _ line: Int, in sourceLine: String, marking marked: String) -> FindingPosition {
        let range = sourceLine.range(of: marked)!
        let utf8Start = sourceLine.utf8.distance(from: sourceLine.startIndex, to: range.lowerBound)
        let utf8End = sourceLine.utf8.distance(from: sourceLine.startIndex, to: range.upperBound)
        let utf16Start = sourceLine.utf16.distance(from: sourceLine.startIndex, to: range.lowerBound)
        let utf16End = sourceLine.utf16.distance(from: sourceLine.startIndex, to: range.upperBound)
        return FindingPosition(path: path, line: line, column: utf8Start + 1, endLine: line, endColumn: utf8End + 1,
                               utf16Column: utf16Start + 1, utf16EndColumn: utf16End + 1)
    }

    static func finding(_ rule: String, _ severity: Severity, _ message: String, _ path: String, _ line: Int, _ sourceLine: String,
                        marking marked: String, related: [RelatedLocation] = [], fingerprint: String, suppressed: Bool = false) -> Finding {
        Finding(ruleID: rule, severity: severity, message: message, position: position(path, line, in: sourceLine, marking: marked),
                related: related, fingerprint: fingerprint, isSuppressed: suppressed, sourceLine: sourceLine)
    }

    /// Sorted as the linter sorts them (a test checks it).
    static let findings: [Finding] = [
        finding("invalid-suppression", .note,
                "Unknown rule 'layer-dependancy' in a suppression command; did you mean 'layer-dependency'?",
                "App/Data/Archive, 2024: Notes.swift", 4, "// archlint:disable:next layer-dependancy",
                marking: "layer-dependancy", fingerprint: "00000000000000cc"),
        finding("blanket-main-actor", .warning,
                "100% of \"FetchNotesUseCase\" runs on the main actor;\nisolate only the members that need it.",
                "App/Domain/FetchNotesUseCase.swift", 2, "@MainActor final class FetchNotesUseCase {",
                marking: "@MainActor", fingerprint: "fedcba9876543210"),
        finding("service-repository-method", .error,
                "Call to 'fetchNöte(id:)' — did you mean 'fetchNote(id:)'?",
                "App/Domain/FetchNotesUseCase.swift", 9, "        let título = try await repository.fetchNöte(id: id)",
                marking: "fetchNöte", fingerprint: "00000000000000aa"),
        finding("layer-dependency", .error, "Suppressed finding.",
                "App/Domain/FetchNotesUseCase.swift", 12, "import UIKit // archlint:disable:this layer-dependency",
                marking: "import", fingerprint: "00000000000000bb", suppressed: true),
        finding("layer-dependency", .error,
                "Presentation depends on Data: 'NoteDTO' is declared in App/Data/NoteDTO.swift (layer Data).",
                "App/Presentation/Notes View.swift", 3, "    let 📝: NoteDTO",
                marking: "NoteDTO",
                related: [RelatedLocation(position: position("App/Data/NoteDTO.swift", 1, in: "struct NoteDTO {", marking: "NoteDTO"),
                                          message: "'NoteDTO' is declared here")],
                fingerprint: "0123456789abcdef"),
    ]

    /// Rule descriptions made up for the reports (the real rules' texts change too often
    /// for golden files).
    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "layer-dependency", name: "Layer dependency",
            summary: "A file depends on a layer its own layer may not depend on.",
            rationale: "Dependencies flow inward only.\n\nA second paragraph that only the help shows.",
            defaultSeverity: ["arcana": .error, "arc-labs": .error],
            options: [RuleOption(name: "ignoreTypes", type: .stringList, summary: "Type names never reported | even if forbidden.",
                                 defaultValue: .strings([]))],
            triggeringExamples: [RuleExample(files: [
                ExampleFile("Domain/Note.swift", "↓import UIKit\n"),
                ExampleFile("Data/NoteDTO.swift", "struct NoteDTO {}"),
            ])],
            nonTriggeringExamples: [RuleExample("import Foundation\n")]),
        RuleDescription(
            id: "blanket-main-actor", name: "Blanket main actor",
            summary: "`@MainActor` on a whole type.",
            rationale: "Isolating everything to the main actor makes every caller hop.",
            defaultSeverity: ["arcana": .warning, "arc-labs": .error],
            triggeringExamples: [RuleExample("↓@MainActor final class UseCase {}\n")]),
        RuleDescription(
            id: "service-repository-method", name: "Service repository method",
            summary: "A call to a method the repository protocol does not declare.",
            rationale: "The protocol is the contract.",
            defaultSeverity: ["arcana": .error, "arc-labs": .error]),
        RuleDescription(
            id: "empty-action", name: "Empty action",
            summary: "A button with an empty action.",
            rationale: "An empty closure ships a button that does nothing.",
            defaultSeverity: ["arc-labs": .warning]),
        RuleDescription(
            id: "invalid-suppression", name: "Invalid suppression",
            summary: "An `archlint:` command names a rule that does not exist.",
            rationale: "A misspelled rule id silences nothing.",
            defaultSeverity: ["arcana": .warning, "arc-labs": .warning]),
    ]

    static let input = ReportInput(
        findings: findings, filesChecked: 7, seconds: 0.0123, root: "/work/notes app/iOS",
        problems: [ReadProblem(path: "App/Data/Broken.swift", message: "App/Data/Broken.swift: cannot be read (check that it still exists and its permissions)")],
        rules: rules, exitCode: 2, sourceRoot: "/work/notes app", workspace: "/work/notes app",
        ruleSeverities: ["layer-dependency": .error, "blanket-main-actor": .warning, "service-repository-method": .error,
                         "empty-action": .off, "invalid-suppression": .note],
        baselinedCount: 2)
}

final class ReporterTests: XCTestCase {
    static let expectations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Reports")

    /// Compares with `Fixtures/Reports/NAME`; `ARCHLINT_UPDATE_GOLDENS=1` rewrites it.
    func assertMatches(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.expectations.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, file: file, line: line)
    }

    func testSampleFindingsAreSortedLikeTheLinterSortsThem() {
        XCTAssertEqual(SampleFindings.findings, SampleFindings.findings.sorted(by: Finding.ordered))
        let unicode = SampleFindings.findings[2].position
        XCTAssertNotEqual(unicode.column, unicode.utf16Column, "the sample must tell UTF-8 from UTF-16 columns")
    }

    // MARK: Golden files, one per format

    func testText() throws {
        try assertMatches(TextReporter.render(SampleFindings.input, color: false, quiet: false), "text.txt")
    }

    func testXcode() throws {
        try assertMatches(XcodeReporter.render(SampleFindings.input), "xcode.txt")
    }

    func testSARIF() throws {
        try assertMatches(SARIFReporter.render(SampleFindings.input), "sarif.sarif")
    }

    func testReportsWithoutFindingsHaveEmptyResultLists() {
        // Findings are written one at a time as the report is printed; none is an empty list.
        var input = SampleFindings.input
        input.findings = []
        XCTAssertTrue(SARIFReporter.render(input).contains("\"results\": []"))
        XCTAssertEqual(JSONReporter.render(input), "[]\n")
    }

    func testGitHub() throws {
        try assertMatches(GitHubReporter.render(SampleFindings.input), "github.txt")
    }

    func testJSON() throws {
        try assertMatches(JSONReporter.render(SampleFindings.input), "json.json")
    }

    func testBaselineFile() throws {
        try assertMatches(Baseline(findings: SampleFindings.findings).rendered(), "baseline.json")
    }

    func testEveryFormatRendersThroughReportFormat() {
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["text", "xcode", "sarif", "github", "json"])
        XCTAssertEqual(ReportFormat.sarif.render(SampleFindings.input, color: true, quiet: true), SARIFReporter.render(SampleFindings.input))
        XCTAssertEqual(ReportFormat.json.render(SampleFindings.input, color: true, quiet: false), JSONReporter.render(SampleFindings.input))
    }

    // MARK: Text

    func testTextQuietHasNoSummary() {
        let quiet = TextReporter.render(SampleFindings.input, color: false, quiet: true)
        XCTAssertFalse(quiet.contains("checked in"))
        XCTAssertTrue(quiet.contains("NoteDTO"))
    }

    func testAnEmptyNoColorLeavesColourOn() {
        // no-color.org: NO_COLOR counts when it is present and not empty.
        XCTAssertTrue(Terminal.noColorRequested(["NO_COLOR": "1"]))
        XCTAssertFalse(Terminal.noColorRequested(["NO_COLOR": ""]))
        XCTAssertFalse(Terminal.noColorRequested([:]))
        XCTAssertTrue(Terminal.noColorRequested(["TERM": "dumb"]))
        XCTAssertFalse(Terminal.noColorRequested(["TERM": "xterm-256color"]))
    }

    func testTextSummaryOfARunWithProblemsIsRed() {
        var input = SampleFindings.input
        input.findings = []
        XCTAssertTrue(TextReporter.summary(input, style: Style(enabled: true)).hasPrefix("\u{1B}[31m"), "a file could not be read")
        input.problems = []
        XCTAssertTrue(TextReporter.summary(input, style: Style(enabled: true)).hasPrefix("\u{1B}[32m"))
        input.problems = [ReadProblem(path: "r.sarif", message: "cannot write the report to r.sarif", isWrite: true)]
        XCTAssertTrue(TextReporter.summary(input, style: Style(enabled: false)).hasSuffix("; 1 file could not be written"))
    }

    func testTextColourOnlyWhenAsked() {
        XCTAssertFalse(TextReporter.render(SampleFindings.input, color: false, quiet: false).contains("\u{1B}["))
        XCTAssertTrue(TextReporter.render(SampleFindings.input, color: true, quiet: false).contains("\u{1B}[31m"))
    }

    func testCaretsSitUnderTheRangeWhateverTheCharactersBeforeIt() {
        // Wide characters (CJK, emoji) take two terminal columns, a combining accent none of
        // its own, a tab stays a tab; the carets are as wide as what they mark.
        func caret(_ line: String, marking marked: String) -> String {
            let found = SampleFindings.finding("layer-dependency", .error, "m", "A.swift", 1, line, marking: marked, fingerprint: "0")
            return TextReporter.caretLine(found, style: Style(enabled: false))
        }
        XCTAssertEqual(caret("let 名前: NoteDTO", marking: "NoteDTO"), String(repeating: " ", count: 10) + "^^^^^^^")
        XCTAssertEqual(caret("let 📝 = NoteDTO()", marking: "NoteDTO"), String(repeating: " ", count: 9) + "^^^^^^^")
        XCTAssertEqual(caret("let e\u{301}x = NoteDTO()", marking: "NoteDTO"), String(repeating: " ", count: 9) + "^^^^^^^")
        XCTAssertEqual(caret("\t\tlet ❤️ = NoteDTO()", marking: "NoteDTO"), "\t\t" + String(repeating: " ", count: 9) + "^^^^^^^")
        XCTAssertEqual(caret("let s = \"ok\" + 名前", marking: "名前"), String(repeating: " ", count: 15) + "^^^^")
        XCTAssertEqual(caret("let ü = Ñote()", marking: "Ñote"), String(repeating: " ", count: 8) + "^^^^")
        XCTAssertEqual(caret("\u{FEFF}import UIKit", marking: "import"), "^^^^^^", "a byte order mark takes no column")
        XCTAssertEqual(caret("let a\u{200B}b = NoteDTO()", marking: "NoteDTO"), String(repeating: " ", count: 9) + "^^^^^^^")
        // Tabs inside the range stay tabs, so the carets after them sit under their characters.
        XCTAssertEqual(caret("\t// TODO:\t\timplement\tthis", marking: "// TODO:\t\timplement\tthis"), "\t^^^^^^^^\t\t^^^^^^^^^\t^^^^")
        XCTAssertEqual(caret("let x =\t1", marking: "\t"), "       \t^", "a range of only a tab still shows a caret")
    }

    func testCaretsCountTheBytesOfALineThatIsNotValidUTF8() throws {
        // Each invalid byte shows as one U+FFFD (three bytes), but the columns count the file's
        // bytes: the carets sit under the token all the same, a tab kept as a tab.
        let scratch = try ScratchProject()
        try scratch.write("Domain/Tab.swift", "")
        try Data([0xFF, 0x09] + Array("fatalError(\"x\")\n".utf8)).write(to: URL(fileURLWithPath: scratch.path("Domain/Tab.swift")))
        try Data([0xC0, 0xAF, 0x20] + Array("fatalError(\"x\")\n".utf8)).write(to: URL(fileURLWithPath: scratch.path("Domain/Two.swift")))
        let result = scratch.run(["--format", "text", "--no-color", "-q", "--only-rule", "unimplemented-code"])
        XCTAssertTrue(result.out.contains("| \u{FFFD}\tfatalError(\"x\")\n     |  \t^^^^^^^^^^\n"), result.out)
        XCTAssertTrue(result.out.contains("| \u{FFFD}\u{FFFD} fatalError(\"x\")\n     |    ^^^^^^^^^^\n"), result.out)
    }

    func testPathsThatDifferOnlyInNormalisationAreTwoFiles() throws {
        let composed = SampleFindings.finding("layer-dependency", .error, "m", "Domain/caf\u{E9}.swift", 1, "import UIKit", marking: "import", fingerprint: "1")
        let decomposed = SampleFindings.finding("layer-dependency", .error, "m", "Domain/cafe\u{301}.swift", 2, "import SwiftUI", marking: "import", fingerprint: "2")
        let input = ReportInput(findings: [composed, decomposed], filesChecked: 2, seconds: 0, root: "/p")
        let sarif = SARIFReporter.render(input)
        XCTAssertTrue(sarif.contains("\"Domain/caf%C3%A9.swift\""), sarif)
        XCTAssertTrue(sarif.contains("\"Domain/cafe%CC%81.swift\""), sarif)
        let text = TextReporter.render(input, color: false, quiet: true)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("Domain/") }.count, 2, text)
    }

    func testAPlainGitHubLineRunsNoOldStyleCommand() {
        let finding = SampleFindings.finding("unimplemented-code", .warning, "`fatalError` (\"##[stop-commands]tok\") stops the app", "Domain/##[add-mask]a.swift", 1,
                                             "fatalError()", marking: "fatalError", fingerprint: "0")
        let lines = GitHubReporter.render(ReportInput(findings: [finding], filesChecked: 1, seconds: 0, root: "/p"), quiet: true).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("::warning "), String(lines[0]))
        XCTAssertFalse(lines[1].contains("##["), String(lines[1]))
        XCTAssertTrue(lines[1].contains("#\u{2060}#[stop-commands]tok"), String(lines[1]))
        XCTAssertEqual(GitHubReporter.defusingLegacyCommands("a ###[x] #[y] ##b"), "a ##\u{2060}#[x] #[y] ##b")
    }

    func testALineFeedInAPathIsShownNotPrinted() {
        var finding = SampleFindings.finding("unimplemented-code", .warning, "m", "A.swift", 1, "fatalError()", marking: "fatalError", fingerprint: "0")
        finding.position.path = "Domain/x\n::warning::p.swift"
        finding.related = [RelatedLocation(position: finding.position, message: "declared here")]
        let text = TextReporter.render(ReportInput(findings: [finding], filesChecked: 1, seconds: 0, root: "/p"), color: false, quiet: true)
        XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("::") }, text)
        XCTAssertTrue(text.hasPrefix("Domain/x\u{240A}::warning::p.swift\n"), text)
        XCTAssertTrue(text.contains("(Domain/x\u{240A}::warning::p.swift:1:1)"), text)
    }

    func testControlCharactersAreShownNotSentToTheTerminal() {
        let escape = "\u{1B}[2J\u{1B}[31m"
        var finding = SampleFindings.finding("unimplemented-code", .warning, "String \"\(escape)coming soon\" is a placeholder", "A.swift", 1,
                                             "let s = \"\(escape)coming soon\"", marking: "\"", fingerprint: "0")
        finding.position.path = "we\u{07}ird.swift"
        let input = ReportInput(findings: [finding], filesChecked: 1, seconds: 0, root: "/p")
        // GitHub's annotation names the file exactly as it is (escaped), to be found: only
        // its message and the plain line are made visible.
        let github = GitHubReporter.render(input, quiet: true).split(separator: "\n")
        XCTAssertEqual(github.count, 2)
        XCTAssertTrue(github[0].hasPrefix("::warning file=we\u{07}ird.swift,"), String(github[0]))
        XCTAssertTrue(github[0].hasSuffix("::String \"\u{241B}[2J\u{241B}[31mcoming soon\" is a placeholder"), String(github[0]))
        for (format, output) in [("text", TextReporter.render(input, color: false, quiet: true)), ("xcode", XcodeReporter.render(input)),
                                 ("github", String(github[1]))] {
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, format)
            XCTAssertTrue(output.contains("\u{241B}[2J\u{241B}[31mcoming soon"), "\(format): \(output)")
            XCTAssertTrue(output.contains("we\u{2407}ird.swift"), "\(format): \(output)")
        }
        XCTAssertEqual("tab\tand\nline".showingControlCharacters(), "tab\tand\nline")
        XCTAssertEqual("a\rb\u{7F}".showingControlCharacters(), "a\u{240D}b\u{2421}")
        XCTAssertEqual("csi\u{9B}2J é \u{202E}txt\u{2069}".showingControlCharacters(), "csi<U+009B>2J é <U+202E>txt<U+2069>",
                       "C1 controls and bidirectional overrides are shown; other characters stay")
        let reversed = SampleFindings.finding("layer-dependency", .error, "m", "A.swift", 1, "let \u{202E}x = NoteDTO()", marking: "NoteDTO", fingerprint: "0")
        XCTAssertEqual(TextReporter.caretLine(reversed, style: Style(enabled: false)), String(repeating: " ", count: 16) + "^^^^^^^",
                       "the caret sits under the shown text")
        let text = TextReporter.render(ReportInput(findings: [reversed], filesChecked: 1, seconds: 0, root: "/p"), color: false, quiet: true)
        XCTAssertTrue(text.contains("| let <U+202E>x = NoteDTO()\n"), text)
    }

    // MARK: SARIF, structurally (the full schema check runs in .ci/run)

    func sarifLog(_ input: ReportInput = SampleFindings.input) throws -> [String: Any] {
        let data = Data(SARIFReporter.render(input).utf8)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testSARIFHasTheRequiredTopLevelAndDriverFields() throws {
        let log = try sarifLog()
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertTrue((log["$schema"] as? String ?? "").contains("sarif-schema-2.1.0.json"))
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let run = runs[0]
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: String]])
        XCTAssertEqual(bases["%SRCROOT%"]?["uri"], "file:///work/notes%20app/")

        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "archlint")
        XCTAssertEqual(driver["version"] as? String, CommandLineTool.version)
        XCTAssertEqual(driver["semanticVersion"] as? String, CommandLineTool.version)
        XCTAssertTrue((driver["informationUri"] as? String ?? "").hasPrefix("https://"))
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, SampleFindings.rules.map(\.id), "every rule, in order, once")
        for rule in rules {
            XCTAssertFalse((rule["name"] as? String ?? "").isEmpty)
            for key in ["shortDescription", "fullDescription"] {
                let text = try XCTUnwrap((rule[key] as? [String: String])?["text"])
                XCTAssertTrue(!text.isEmpty && text.count <= 1024, key)
            }
            let help = try XCTUnwrap(rule["help"] as? [String: String])
            XCTAssertFalse((help["text"] ?? "").isEmpty)
            XCTAssertFalse((help["markdown"] ?? "").isEmpty)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            XCTAssertTrue(["error", "warning", "note"].contains(level ?? ""))
            XCTAssertFalse(((rule["properties"] as? [String: Any])?["tags"] as? [String] ?? []).isEmpty)
        }
        let emptyAction = try XCTUnwrap(rules.first { $0["id"] as? String == "empty-action" })
        XCTAssertEqual((emptyAction["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool, false)
        XCTAssertEqual((emptyAction["defaultConfiguration"] as? [String: Any])?["level"] as? String, "warning")
        let markdown = try XCTUnwrap((rules[0]["help"] as? [String: String])?["markdown"])
        XCTAssertTrue(markdown.contains("```swift\nimport UIKit\n```"), "examples without their ↓ markers")
        XCTAssertEqual((rules[0]["fullDescription"] as? [String: String])?["text"], "Dependencies flow inward only.")

        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        XCTAssertEqual(invocation["exitCode"] as? Int, 2)
        let notifications = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
        XCTAssertEqual(notifications.count, 1)
        XCTAssertEqual(notifications[0]["level"] as? String, "error")
        XCTAssertTrue(((notifications[0]["message"] as? [String: String])?["text"] ?? "").contains("Broken.swift"))
    }

    func testSARIFResultsPointIntoTheRulesAndTheSourceRoot() throws {
        let run = try XCTUnwrap((try sarifLog()["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, SampleFindings.findings.count, "suppressed findings are kept, with suppressions")
        for (result, finding) in zip(results, SampleFindings.findings) {
            XCTAssertEqual(result["ruleId"] as? String, finding.ruleID)
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, finding.ruleID)
            XCTAssertEqual(result["level"] as? String, finding.severity.rawValue)
            XCTAssertEqual((result["message"] as? [String: String])?["text"], finding.message)
            XCTAssertEqual(result["partialFingerprints"] as? [String: String], ["archlint/v1": finding.fingerprint])
            XCTAssertEqual((result["suppressions"] as? [[String: String]]) ?? [], finding.isSuppressed ? [["kind": "inSource"]] : [])

            let locations = try XCTUnwrap(result["locations"] as? [[String: Any]])
            XCTAssertEqual(locations.count, 1)
            let physical = try XCTUnwrap(locations[0]["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: String])
            XCTAssertEqual(artifact["uriBaseId"], "%SRCROOT%")
            let uri = try XCTUnwrap(artifact["uri"])
            XCTAssertTrue(uri.hasPrefix("iOS/App/"), uri)
            XCTAssertNil(uri.rangeOfCharacter(from: CharacterSet(charactersIn: " ,:")), "percent-encoded: \(uri)")
            XCTAssertEqual(uri.removingPercentEncoding, "iOS/" + finding.path)
            let region = try XCTUnwrap(physical["region"] as? [String: Int])
            XCTAssertEqual(region["startLine"], finding.position.line)
            XCTAssertEqual(region["endLine"], finding.position.endLine)
            XCTAssertEqual(region["startColumn"], finding.position.utf16Column, "columns follow columnKind utf16CodeUnits")
            XCTAssertEqual(region["endColumn"], finding.position.utf16EndColumn)
        }
        let related = try XCTUnwrap(results[4]["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related[0]["id"] as? Int, 1)
        XCTAssertEqual((related[0]["message"] as? [String: String])?["text"], "'NoteDTO' is declared here")
    }

    func testSARIFDescribesRulesThatTheRunDoesNotList() throws {
        let input = ReportInput(findings: [SampleFindings.findings[1]], filesChecked: 1, seconds: 0, root: "/p")
        let run = try XCTUnwrap((try sarifLog(input)["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, ["blanket-main-actor"])
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, true)
    }

    func testSARIFKeepsTheMostSevereResultsWithinGitHubsLimitAndSaysSo() throws {
        // Warnings on every line but two: an error near the end and a suppressed error.
        let limit = SARIFReporter.resultLimit
        var findings: [Finding] = []
        for line in 1...(limit + 2) {
            let severity: Severity = line == limit + 1 || line == 7 ? .error : .warning
            findings.append(SampleFindings.finding("unimplemented-code", severity, "Stub \(line)", "App/Data/Stubs.swift", line,
                                                   "fatalError()", marking: "fatalError", fingerprint: String(line), suppressed: line == 7))
        }
        let input = ReportInput(findings: findings, filesChecked: 1, seconds: 0, root: "/p", exitCode: 1)
        let run = try XCTUnwrap((try sarifLog(input)["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, limit)
        let lines = results.compactMap { ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int }
        // Kept in report order; left out: the suppressed error and the last warning.
        XCTAssertEqual(lines.count, limit)
        XCTAssertEqual(lines, lines.sorted())
        XCTAssertFalse(lines.contains(7))
        XCTAssertTrue(lines.contains(limit + 1))
        XCTAssertFalse(lines.contains(limit + 2))
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        let notifications = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
        XCTAssertEqual(notifications.count, 1)
        XCTAssertEqual(notifications[0]["level"] as? String, "warning")
        XCTAssertTrue(((notifications[0]["message"] as? [String: String])?["text"] ?? "").hasPrefix("2 of \(limit + 2) findings are not in the SARIF log"))
        XCTAssertEqual(invocation["exitCode"] as? Int, 1)
    }

    func testSARIFDescriptionsStayWithinGitHubsLimitAndURIsArePercentEncoded() {
        let sentence = "Every layer keeps to its own dependencies, or the architecture erodes one import at a time. "
        let long = String(repeating: sentence, count: 20)
        let cut = SARIFReporter.limited(long)
        XCTAssertLessThanOrEqual(cut.count, 1024)
        XCTAssertTrue(cut.hasSuffix("time."), cut)
        XCTAssertTrue(SARIFReporter.limited(String(repeating: "word ", count: 300)).hasSuffix("word…"))
        XCTAssertEqual(SARIFReporter.limited("short."), "short.")

        XCTAssertEqual(SARIFReporter.percentEncoded("App/Nöte 1:2,3%.swift"), "App/N%C3%B6te%201%3A2%2C3%25.swift")
        XCTAssertEqual(SARIFReporter.directoryURI("/work/my app"), "file:///work/my%20app/")
        XCTAssertEqual(SARIFReporter.directoryURI("/"), "file:///")
        XCTAssertEqual(SARIFReporter.identifierName("ioe-viewmodel-shape"), "IoeViewmodelShape")
    }

    /// Every ASCII character, alone and among others, reads back as itself.
    func testJSONTextRoundTripsEveryASCIICharacter() throws {
        let scalars = (0..<128).map { Character(UnicodeScalar(UInt8($0))) }
        var texts = scalars.map { "a\($0)b" }
        texts.append(String(scalars))
        for text in texts {
            let data = Data(("[" + JSONText.quoted(text) + "]").utf8)
            let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String])
            XCTAssertEqual(decoded, [text], text.debugDescription)
        }
    }

    /// Deep documents are indented two spaces a level, however deep.
    func testJSONNodesIndentEveryLevel() {
        var node = JSONNode.int(1)
        for _ in 0..<40 { node = .array([node]) }
        let lines = node.rendered().split(separator: "\n")
        XCTAssertEqual(lines.count, 81)
        XCTAssertEqual(lines[40], Substring(String(repeating: " ", count: 80) + "1"))
        XCTAssertEqual(lines[41], Substring(String(repeating: " ", count: 78) + "]"))
    }

    /// A long `.items` array is written in runs on several threads: the bytes are those of
    /// one thread, for counts around the run size and the threshold, with nested arrays,
    /// escapes and an empty first item.
    func testJSONItemsWrittenOnSeveralThreadsAreTheSameBytes() {
        @Sendable func item(_ number: Int) -> JSONNode {
            .object([("n", .int(number)),
                     ("text", .string(number % 7 == 0 ? "line\n\"quoted\" \\ 📝 \u{1}" : "item \(number)")),
                     ("inner", number == 0 ? .array([]) : .items(count: number % 5) { .int($0 * number) })])
        }
        for count in [0, 1, 63, 64, 127, 128, 129, 200, 1_000] {
            let sequential = JSONNode.object([("before", .bool(true)), ("list", .array((0..<count).map(item))), ("after", .string("end"))])
            let expected = sequential.renderedBytes(jobs: 1)
            let lazy = JSONNode.object([("before", .bool(true)), ("list", .items(count: count, item: item)), ("after", .string("end"))])
            for jobs in [1, 2, 3, 8] {
                XCTAssertEqual(String(decoding: lazy.renderedBytes(jobs: jobs), as: UTF8.self), String(decoding: expected, as: UTF8.self),
                               "\(count) items on \(jobs) threads")
            }
            XCTAssertEqual(lazy.rendered(), String(decoding: expected, as: UTF8.self))
        }
    }

    /// The bytes a report file gets are the report's text, however many threads write them.
    func testReportBytesAreTheRenderedText() {
        var many = SampleFindings.input
        many.findings = (0..<60).flatMap { copy in
            SampleFindings.findings.map { finding in
                var finding = finding
                finding.fingerprint = String(format: "%04x", copy) + finding.fingerprint.dropFirst(4)
                return finding
            }
        }
        for input in [SampleFindings.input, many] {
            for format in ReportFormat.allCases {
                let text = format.render(input, color: false, quiet: false)
                for jobs in [1, 3] {
                    XCTAssertEqual(String(decoding: format.renderBytes(input, color: false, quiet: false, jobs: jobs), as: UTF8.self), text,
                                   "\(format) with \(input.findings.count) findings on \(jobs) threads")
                }
            }
        }
    }

    func testJSONTextEscapesWhatJSONRequiresAndCopiesTheRest() {
        XCTAssertEqual(JSONText.quoted(""), #""""#)
        XCTAssertEqual(JSONText.quoted("NoteRepository.fetch(id:)"), #""NoteRepository.fetch(id:)""#)
        XCTAssertEqual(JSONText.quoted("say \"hi\"\\n"), #""say \"hi\"\\n""#)
        XCTAssertEqual(JSONText.quoted("a\tb\r\nc\u{1}d\u{7F}é🐶"), #""a\tb\r\nc\u0001d\u007fé🐶""#)
        XCTAssertEqual(JSONText.quoted("\u{1B}[31m"), #""\u001b[31m""#)
        XCTAssertEqual(JSONText.quoted(String(repeating: "x", count: 40) + "\""), "\"" + String(repeating: "x", count: 40) + #"\"""#)
        for (value, text) in [(0, "0"), (7, "7"), (10, "10"), (4_096, "4096"), (-12, "-12"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")] {
            var out: [UInt8] = [0x5B]
            JSONText.appendInt(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "[" + text)
        }
    }

    // MARK: GitHub

    func testGitHubEscaping() {
        XCTAssertEqual(GitHubReporter.escapeData("50% done\r\nnext: a, b"), "50%25 done%0D%0Anext: a, b")
        XCTAssertEqual(GitHubReporter.escapeProperty("a: b, c%\n"), "a%3A b%2C c%25%0A")
    }

    func testGitHubDropsColumnsOfMultiLineRangesAndUsesTheWorkspace() {
        var finding = SampleFindings.findings[2]
        finding.position.endLine = 11
        let input = ReportInput(findings: [finding], filesChecked: 1, seconds: 0, root: "/ws/ios", workspace: "/ws")
        let lines = GitHubReporter.render(input, quiet: true).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("::error file=ios/App/Domain/FetchNotesUseCase.swift,line=9,endLine=11,title=archlint (service-repository-method)::"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("ios/App/Domain/FetchNotesUseCase.swift:9:"), String(lines[1]))
    }

    func testFileNamesCannotStartAWorkflowCommandOrBreakALine() {
        var command = SampleFindings.findings[1]
        command.position.path = "::notice title=Hi::pwned/a.swift"
        var broken = SampleFindings.findings[1]
        broken.position.path = "x\n::error file=Fake.swift,line=1::injected\n.swift"
        let input = ReportInput(findings: [command, broken], filesChecked: 2, seconds: 0, root: "/p")
        let lines = GitHubReporter.render(input, quiet: true).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 4, "an annotation and a plain line a finding")
        XCTAssertEqual(lines.filter { $0.drop(while: { $0 == " " }).hasPrefix("::") }.count, 2, "only the two annotations are commands")
        XCTAssertTrue(lines[1].hasPrefix("./::notice title=Hi::pwned/a.swift:"), String(lines[1]))
        XCTAssertTrue(lines[3].hasPrefix("x ::error file=Fake.swift,line=1::injected .swift:"), String(lines[3]))
        let xcode = XcodeReporter.render(input).split(separator: "\n")
        XCTAssertEqual(xcode.count, 2, "one finding a line")
        XCTAssertTrue(xcode[1].hasPrefix("/p/x ::error file=Fake.swift,line=1::injected .swift:"), String(xcode[1]))
    }

    func testGitHubSummarySaysWhenAnnotationsExceedWhatGitHubShows() {
        let many = (1...11).map { line -> Finding in
            var finding = SampleFindings.findings[1]
            finding.position.line = line
            finding.position.endLine = line
            return finding
        }
        let input = ReportInput(findings: many, filesChecked: 1, seconds: 0, root: "/p")
        let output = GitHubReporter.render(input)
        XCTAssertEqual(output.components(separatedBy: "::warning ").count - 1, 11, "every finding is annotated")
        XCTAssertTrue(output.hasSuffix("GitHub shows the first 10 annotations of each level, all findings are listed above\n"), output)
        XCTAssertFalse(GitHubReporter.render(ReportInput(findings: Array(many.prefix(10)), filesChecked: 1, seconds: 0, root: "/p")).contains("first 10"))
    }

    // MARK: JSON

    static let jsonKeys = ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn", "fingerprint", "suppressed", "related"]

    func testJSONIsAnArrayOfFindingsWithTheDocumentedKeys() throws {
        let data = Data(JSONReporter.render(SampleFindings.input).utf8)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertEqual(array.count, SampleFindings.findings.count)
        for (object, finding) in zip(array, SampleFindings.findings) {
            XCTAssertEqual(Set(object.keys), Set(Self.jsonKeys))
            XCTAssertEqual(object["rule"] as? String, finding.ruleID)
            XCTAssertEqual(object["message"] as? String, finding.message)
            XCTAssertEqual(object["path"] as? String, finding.path)
            XCTAssertEqual(object["column"] as? Int, finding.position.column, "UTF-8 columns")
            XCTAssertEqual(object["suppressed"] as? Bool, finding.isSuppressed)
        }
        XCTAssertEqual(JSONReporter.render(ReportInput(findings: [], filesChecked: 0, seconds: 0, root: "/")), "[]\n")
    }

    func testREADMEDocumentsEveryJSONKey() throws {
        let readme = try String(contentsOf: EndToEndTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## JSON output").dropFirst().first?.components(separatedBy: "\n## ").first)
        for key in Self.jsonKeys { XCTAssertTrue(section.contains("`\(key)`"), key) }
    }

    // MARK: Paths

    func testPathsRelativeToAnotherDirectory() {
        let input = ReportInput(findings: [], filesChecked: 0, seconds: 0, root: "/repo/app")
        XCTAssertEqual(input.path("A/b.swift", relativeTo: "/repo"), "app/A/b.swift")
        XCTAssertEqual(input.path("A/b.swift", relativeTo: "/repo/app/"), "A/b.swift")
        XCTAssertEqual(input.path("A/b.swift", relativeTo: "/repo/other"), "../app/A/b.swift")
        XCTAssertEqual(input.path("/elsewhere/c.swift", relativeTo: "/repo"), "../elsewhere/c.swift")
        XCTAssertEqual(input.path("./A//./b.swift", relativeTo: "/repo/app/B/.."), "A/b.swift")
        XCTAssertEqual(input.path("Café/Ünïcode/b.swift", relativeTo: "/repo/app/Café"), "Ünïcode/b.swift")
    }

    func testPathSegmentsAreSplitAtEverySlashByte() {
        XCTAssertEqual(PathText.segments("/repo//Sources/App/"), ["repo", "Sources", "App"])
        XCTAssertEqual(PathText.segments("a.swift"), ["a.swift"])
        XCTAssertEqual(PathText.segments(""), [])
        XCTAssertEqual(PathText.segments("///"), [])
        XCTAssertEqual(PathText.segments("Café/Ünïcode"), ["Café", "Ünïcode"])
        // A combining mark after a slash joins it into one character, but the file system
        // still splits there.
        XCTAssertEqual(PathText.segments("A/\u{301}B").count, 2)
    }
}
