import Foundation
import XCTest

/// Runs the built `archlint` executable on the example apps and checks its output and
/// exit status, as a user would see them. Expected outputs live in `Fixtures/EndToEnd`;
/// `ARCHLINT_UPDATE_GOLDENS=1` rewrites them (review the diff against `EXPECTED.md`).
final class EndToEndTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let expectations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/EndToEnd")

    static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("archlint")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("archlint")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try runChildProcess(Self.executable, arguments, in: Self.repository)
    }

    /// The summary's timing varies between runs.
    func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: #"checked in [0-9.]+ s"#, with: "checked in T s", options: .regularExpression)
    }

    func assertMatches(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.expectations.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        XCTAssertEqual(actual, try String(contentsOf: url, encoding: .utf8), file: file, line: line)
    }

    func testArcanaNotesText() throws {
        let result = try run(["Examples/ArcanaNotes", "--no-color"])
        XCTAssertEqual(result.status, 1, "the example app has error findings")
        XCTAssertEqual(result.err, "")
        try assertMatches(normalised(result.out), "ArcanaNotes.txt")
    }

    func testTrailLogXcode() throws {
        let result = try run(["lint", "Examples/TrailLog", "--format", "xcode"])
        XCTAssertEqual(result.status, 1)
        let root = Self.repository.standardizedFileURL.path
        try assertMatches(result.out.replacingOccurrences(of: root + "/", with: "ROOT/"), "TrailLog.xcode.txt")
    }

    func testOnlyRuleStrictAndQuiet() throws {
        let mainActor = try run(["Examples/ArcanaNotes", "--only-rule", "blanket-main-actor", "--quiet"])
        XCTAssertEqual(mainActor.status, 0, "arcana reports blanket-main-actor as a warning")
        XCTAssertFalse(mainActor.out.contains("checked in"))
        XCTAssertFalse(mainActor.out.contains("(layer-dependency)"))
        XCTAssertTrue(mainActor.out.contains("(blanket-main-actor)"))
        let strict = try run(["Examples/ArcanaNotes", "--only-rule", "blanket-main-actor", "--strict"])
        XCTAssertEqual(strict.status, 1, "--strict fails on warnings")
    }

    func testSameOutputWithOneAndSeveralJobs() throws {
        let one = try run(["Examples", "--format", "xcode", "--jobs", "1"])
        let two = try run(["Examples", "--format", "xcode", "--jobs", "2"])
        let eight = try run(["Examples", "--format", "xcode", "--jobs", "8"])
        XCTAssertEqual(one.out, two.out)
        XCTAssertEqual(one.out, eight.out)
        XCTAssertFalse(one.out.isEmpty)
    }

    /// SARIF of both example apps: one result per finding of the text report, paths from
    /// the repository root, every rule described. (`.ci/run` also checks the log against
    /// the official schema and GitHub's rules with validate_sarif.py.)
    func testExampleAppsAsSARIF() throws {
        for app in ["Examples/ArcanaNotes", "Examples/TrailLog"] {
            let result = try run([app, "--format", "sarif"])
            XCTAssertEqual(result.status, 1, app)
            let xcode = try run([app, "--format", "xcode"])
            let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
            let results = try XCTUnwrap(run["results"] as? [[String: Any]])
            // A finding's line ends in its rule id; its related locations follow as `note:` lines without one.
            let findingLines = xcode.out.split(separator: "\n").filter { $0.range(of: #" \([a-z][a-z0-9-]*\)$"#, options: .regularExpression) != nil }
            XCTAssertEqual(results.count, findingLines.count, app)
            let relatedCount = results.reduce(0) { $0 + (($1["relatedLocations"] as? [Any])?.count ?? 0) }
            XCTAssertEqual(xcode.out.split(separator: "\n").count, findingLines.count + relatedCount, app)
            let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
            let ruleIDs = rules.compactMap { $0["id"] as? String }
            XCTAssertTrue(ruleIDs.contains("layer-dependency") && ruleIDs.contains("invalid-suppression"), "\(ruleIDs)")
            for result in results {
                let ruleIndex = try XCTUnwrap(result["ruleIndex"] as? Int)
                XCTAssertEqual(ruleIDs[ruleIndex], result["ruleId"] as? String)
                let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                let uri = try XCTUnwrap((location?["artifactLocation"] as? [String: String])?["uri"])
                XCTAssertTrue(uri.hasPrefix(app + "/"), uri)
                XCTAssertNotNil((result["partialFingerprints"] as? [String: String])?["archlint/v1"])
            }
            let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
            XCTAssertEqual(base, Self.repository.standardizedFileURL.absoluteString.hasSuffix("/")
                ? Self.repository.standardizedFileURL.absoluteString : Self.repository.standardizedFileURL.absoluteString + "/")
        }
    }

    func testExampleAppAsGitHubAnnotationsAndJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonPath = directory.appendingPathComponent("trail log.json").path
        let github = try run(["Examples/TrailLog", "--format", "github", "--report", "json:" + jsonPath])
        XCTAssertEqual(github.status, 1)
        let lines = github.out.split(separator: "\n")
        let annotations = lines.filter { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") }
        XCTAssertEqual(annotations.count * 2 + 1, lines.count, "each annotation has its plain line, then the summary")
        XCTAssertTrue(lines.last?.hasPrefix("archlint: \(annotations.count) errors, 0 warnings in ") ?? false, github.out)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [[String: Any]])
        XCTAssertEqual(json.count, annotations.count)
        for (finding, annotation) in zip(json, annotations) {
            XCTAssertTrue(annotation.hasPrefix("::error file=\(finding["path"] as! String),line=\(finding["line"] as! Int),"), String(annotation))
        }
    }

    func testVersionAndHelp() throws {
        XCTAssertTrue(try run(["--version"]).out.hasPrefix("archlint "))
        XCTAssertTrue(try run(["--help"]).out.contains("USAGE: archlint"))
        XCTAssertEqual(try run(["--bogus"]).status, 2)
    }
}
