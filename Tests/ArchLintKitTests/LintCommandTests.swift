import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

/// A scratch project on disk.
final class ScratchProject {
    let root: URL

    init() throws {
        root = try temporaryDirectory()
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Runs `archlint ARGUMENTS` in-process with the project root as the current directory.
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let status = CommandLineTool.run(arguments: arguments, rules: RuleRegistry.all, output: captured.streams)
        return (status, captured.standardOutput, captured.standardError)
    }
}

final class FileDiscoveryTests: XCTestCase {
    func testWalksSortedAppliesExcludesAndPrunes() throws {
        let project = try ScratchProject()
        for path in ["App/b.swift", "App/a.swift", "App/Tests/t.swift", "App/NotesTests/u.swift", ".build/debug/x.swift",
                     "Pods/Lib/p.swift", "App/readme.md", "App/Nested/c.swift"] {
            try project.write(path, "let x = 1\n")
        }
        let configuration = Profiles.configuration("arcana")!
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/Nested/c.swift", "App/a.swift", "App/b.swift"])
        XCTAssertTrue(result.problems.isEmpty)
    }

    func testExplicitFilesMissingPathsAndNonSwiftFiles() throws {
        let project = try ScratchProject()
        try project.write("Tests/Excluded.swift", "let x = 1\n")
        try project.write("notes.txt", "hi\n")
        let configuration = Profiles.configuration("arcana")!
        let result = FileDiscovery.discover(paths: [project.path("Tests/Excluded.swift"), project.path("missing"), project.path("notes.txt")],
                                            root: project.root.path, configuration: configuration)
        XCTAssertEqual(result.files.map(\.relativePath), ["Tests/Excluded.swift"], "an explicit file is linted even if excluded")
        XCTAssertEqual(result.problems.count, 2)
        XCTAssertTrue(result.problems[0].message.contains("missing: no such file or directory"))
        XCTAssertTrue(result.problems[1].message.contains("not a Swift file"))
    }

    func testSymbolicLinkLoopsTerminate() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/loop"), withDestinationPath: project.path("App"))
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/a.swift"])
    }

    func testDirectoryNamedLikeASwiftFileIsWalked() throws {
        let project = try ScratchProject()
        try project.write("Odd.swift/Inner.swift", "let x = 1\n")
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["Odd.swift/Inner.swift"])
    }
}

final class LintCommandTests: XCTestCase {
    func testCleanProjectExitsZeroWithASummary() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "struct Note { let id: Int }\n")
        let result = project.run(["lint", "."])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("0 errors, 0 warnings in 0 files; 1 file checked in "), result.out)
        XCTAssertEqual(result.err, "")
    }

    func testInvalidConfigurationExitsTwoAndNamesTheKey() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", "{ \"rulez\": {} }")
        try project.write("App/a.swift", "let x = 1\n")
        let result = project.run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains(".archlint.json: 'rulez': unknown key"), result.err)
        XCTAssertEqual(result.out, "")
    }

    func testUsageErrors() throws {
        let project = try ScratchProject()
        XCTAssertEqual(project.run(["lint", "--format", "html"]).status, 2)
        XCTAssertTrue(project.run(["lint", "--format", "html"]).err.contains("unknown format 'html'"))
        XCTAssertEqual(project.run(["lint", "--jobs", "0"]).status, 2)
        XCTAssertEqual(project.run(["lint", "--frobnicate"]).status, 2)
        XCTAssertTrue(project.run(["lint", "--only-rule", "layer-dependancy"]).err.contains("did you mean 'layer-dependency'"))
        XCTAssertEqual(project.run(["lint", "--profile", "nope"]).status, 2)
    }

    func testMissingPathIsReportedAndFailsTheRunButOthersAreLinted() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        let result = project.run(["App", "Nope"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("Nope: no such file or directory"), result.err)
        XCTAssertTrue(result.out.contains("1 file checked"), result.out)
    }

    func testRulesExplainAndInit() throws {
        let project = try ScratchProject()
        let rules = project.run(["rules"])
        XCTAssertEqual(rules.status, 0)
        for description in RuleRegistry.descriptions { XCTAssertTrue(rules.out.contains(description.id)) }

        let explain = project.run(["explain", "layer-dependency"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.out.hasPrefix("layer-dependency: "))
        XCTAssertTrue(explain.out.contains(LayerDependencyRule.description.rationale))
        XCTAssertEqual(project.run(["explain", "nope"]).status, 2)

        XCTAssertEqual(project.run(["init", "--profile", "arc-labs"]).status, 0)
        let written = try String(contentsOfFile: project.path(".archlint.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("\"profile\": \"arc-labs\""))
        XCTAssertEqual(project.run(["init"]).status, 2, "init refuses to overwrite")
        XCTAssertEqual(project.run(["init", "--force"]).status, 0)
        XCTAssertEqual(project.run(["lint"]).status, 0, "the starter configuration is valid")
    }

    func testOutputFileIsWrittenAndUnwritableOutputFails() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        let written = project.run(["--format", "xcode", "--output", "report.txt", "App"])
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(written.out, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.path("report.txt")))
        let failed = project.run(["--output", "missing/dir/report.txt", "App"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.err.contains("missing/dir/report.txt"), failed.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.path("missing/dir/report.txt")))
    }
}
