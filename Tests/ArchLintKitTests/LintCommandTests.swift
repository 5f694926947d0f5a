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

    /// Runs `archlint ARGUMENTS` in-process with the project root (or `directory` in it)
    /// as the current directory.
    func run(_ arguments: [String], in directory: String = ".") -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(root.appendingPathComponent(directory).path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let status = CommandLineTool.run(arguments: arguments, rules: RuleRegistry.all, output: captured.streams)
        return (status, captured.standardOutput, captured.standardError)
    }
}

final class FileDiscoveryTests: XCTestCase {
    func testWalksSortedAppliesExcludesAndPrunes() throws {
        let project = try ScratchProject()
        // `.build.swift` and `.build-tools.swift` are files, not folders that `.build*/` skips.
        for path in ["App/b.swift", "App/a.swift", "App/Tests/t.swift", "App/NotesTests/u.swift", ".build/debug/x.swift",
                     "Pods/Lib/p.swift", "App/readme.md", "App/Nested/c.swift", "App/.build.swift", ".build-tools.swift"] {
            try project.write(path, "let x = 1\n")
        }
        let configuration = Profiles.configuration("arcana")!
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        XCTAssertEqual(result.files.map(\.relativePath), [".build-tools.swift", "App/.build.swift", "App/Nested/c.swift", "App/a.swift", "App/b.swift"])
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

    func testANamedFolderThatTheConfigurationExcludesIsWalkedWithTheOtherExcludes() throws {
        let project = try ScratchProject()
        for path in ["App/Tests/Unit/a.swift", "App/Tests/.build/x.swift", "App/Tests/Pods/p.swift", "App/b.swift", "Gen/API/g.swift"] {
            try project.write(path, "let x = 1\n")
        }
        var configuration = Profiles.configuration("arcana")!
        let found = { (paths: [String]) in
            FileDiscovery.discover(paths: paths.map(project.path), root: project.root.path, configuration: configuration).files.map(\.relativePath)
        }
        XCTAssertEqual(found(["."]), ["App/b.swift", "Gen/API/g.swift"])
        XCTAssertEqual(found(["App/Tests"]), ["App/Tests/Unit/a.swift"], "Tests/ no longer applies; .build*/ and Pods/ still do")
        XCTAssertEqual(found(["App/Tests/Unit"]), ["App/Tests/Unit/a.swift"])
        XCTAssertEqual(found(["App/Tests", "App"]), ["App/Tests/Unit/a.swift", "App/b.swift"])
        configuration.exclude = [try Glob.parse("Gen/").get()]
        XCTAssertEqual(found(["."]), ["App/Tests/.build/x.swift", "App/Tests/Pods/p.swift", "App/Tests/Unit/a.swift", "App/b.swift"])
        XCTAssertEqual(found(["Gen"]), ["Gen/API/g.swift"])
    }

    func testTextPathsAreRelativeToTheWorkingDirectory() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", "{}\n")
        try project.write("App/Domain/Note.swift", "import SwiftUI\nstruct Note {}\n")
        try project.write("App/Data/NoteStore.swift", "func load() { fatalError() }\n")
        let inside = project.run(["lint", ".", "..", "--no-color"], in: "App/Domain")
        XCTAssertTrue(inside.out.hasPrefix("../Data/NoteStore.swift\n"), inside.out)
        XCTAssertTrue(inside.out.contains("\n\nNote.swift\n  1:1  error"), inside.out)
        let top = project.run(["lint", "--no-color"])
        XCTAssertTrue(top.out.hasPrefix("App/Data/NoteStore.swift\n"), top.out)
        // Machine formats keep their own bases: the project root for JSON.
        let json = project.run(["lint", "..", "--format", "json"], in: "App/Domain")
        XCTAssertTrue(json.out.contains(#""path": "App/Domain/Note.swift""#), json.out)
    }

    func testSymbolicLinkLoopsTerminate() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/loop"), withDestinationPath: project.path("App"))
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/a.swift"])
    }

    func testADirectoryReachedThroughALinkAndDirectlyIsWalkedOnceByItsRealPath() throws {
        // `Alias` sorts before `Real`, but links are followed after the real directories:
        // the files keep their real paths (which decide their layers), the link is then
        // recognised as the same directory (device and inode) and not walked again, and the
        // link back up to `App` leads nowhere new.
        let project = try ScratchProject()
        try project.write("App/Real/Note.swift", "struct Note {}\n")
        try project.write("App/Real/Deeper/Tag.swift", "struct Tag {}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Alias"), withDestinationPath: project.path("App/Real"))
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Real/Deeper/Up"), withDestinationPath: project.path("App"))
        let result = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/Real/Deeper/Tag.swift", "App/Real/Note.swift"])
        XCTAssertEqual(result.problems, [])
    }

    func testALinkToASwiftFileIsLintedOnlyWhenItsFileIsNotListedItself() throws {
        let project = try ScratchProject()
        try project.write("App/Note.swift", "struct Note {}\n")
        try project.write("Shared/Money.swift", "struct Money {}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/ANote.swift"), withDestinationPath: project.path("App/Note.swift"))
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Money.swift"), withDestinationPath: project.path("Shared/Money.swift"))
        let result = FileDiscovery.discover(paths: [project.path("App")], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/Money.swift", "App/Note.swift"])
        let lint = project.run(["App", "--format", "json"])
        XCTAssertEqual(lint.status, 0, lint.err)
    }

    func testADanglingLinkNamedLikeASwiftFileIsAFileMissing() throws {
        let project = try ScratchProject()
        try project.write("App/Note.swift", "struct Note {}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Gone.swift"), withDestinationPath: "Moved/Gone.swift")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/notes.md"), withDestinationPath: "Moved/notes.md")
        // Emacs's lock beside a file being edited is a link to nothing too, and no file.
        try FileManager.default.createSymbolicLink(atPath: project.path("App/.#Note.swift"), withDestinationPath: "user@host.1234:1700000000")
        // As when the link is named on the command line: exit 2, and every format says so.
        let lint = project.run(["App", "--format", "json"])
        XCTAssertEqual(lint.status, 2)
        XCTAssertEqual(lint.err, "error: App/Gone.swift: a symbolic link to nothing, so it cannot be linted (fix or remove the link)\n")
        XCTAssertEqual(project.run(["App/Gone.swift"]).status, 2)
        let sarif = project.run(["App", "--format", "sarif"])
        XCTAssertTrue(sarif.out.contains("\"executionSuccessful\": false"), sarif.out)
        XCTAssertTrue(sarif.out.contains("App/Gone.swift: a symbolic link to nothing"), sarif.out)
        XCTAssertEqual(project.run(["graph", "App"]).status, 2)
    }

    func testAFolderReachedThroughALinkGetsItsRealConfigurationAndPaths() throws {
        let project = try ScratchProject()
        try project.write("Work/.archlint.json", #"{"rules": {"layer-dependency": "note"}}"#)
        try project.write("Work/App/Domain/Draft.swift", "import UIKit\nstruct Draft {}\n")
        try FileManager.default.createDirectory(atPath: project.path("Shortcuts"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("Shortcuts/App"), withDestinationPath: project.path("Work/App"))
        // The same configuration and the same report as from inside the real folder.
        let inside = project.run(["--format", "json"], in: "Work/App")
        for arguments in [["Shortcuts/App"], ["Shortcuts/App/Domain/Draft.swift"]] {
            let linked = project.run(arguments + ["--format", "json"])
            XCTAssertEqual(linked.status, 0, "\(arguments): the configuration makes it a note")
            XCTAssertEqual(linked.out, inside.out, "\(arguments)")
            XCTAssertTrue(linked.out.contains("\"path\": \"App/Domain/Draft.swift\""), linked.out)
        }
    }

    func testAFIFOOrDeviceNamedLikeASwiftFileIsNotReadButReported() throws {
        let project = try ScratchProject()
        try project.write("App/Note.swift", "import UIKit\nstruct Note {}\n")
        XCTAssertEqual(mkfifo(project.path("App/Pipe.swift"), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Zero.swift"), withDestinationPath: "/dev/zero")
        // Reading either would block or never end; the walk and an explicit path say so.
        let lint = project.run(["App"])
        XCTAssertEqual(lint.status, 2, lint.err)
        XCTAssertTrue(lint.err.contains("App/Pipe.swift: not a regular file (a FIFO, socket or device), so archlint does not read it"), lint.err)
        XCTAssertTrue(lint.err.contains("App/Zero.swift: not a regular file"), lint.err)
        XCTAssertTrue((lint.out + lint.err).contains("1 file checked"), lint.out + lint.err)
        let named = project.run(["App/Pipe.swift"])
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.err.contains("App/Pipe.swift: not a regular file"), named.err)
    }

    func testLinksGiveWayToRealPathsWhicheverPathHoldsThem() throws {
        let project = try ScratchProject()
        try project.write("Data/Impl.swift", "struct Impl {}\n")
        try project.write("Domain/Thing.swift", "struct Thing {}\n")
        try FileManager.default.createDirectory(atPath: project.path("Presentation"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("Presentation/AData"), withDestinationPath: project.path("Data"))
        try FileManager.default.createSymbolicLink(atPath: project.path("Presentation/ThingLink.swift"), withDestinationPath: project.path("Domain/Thing.swift"))
        try FileManager.default.createSymbolicLink(atPath: project.path("Presentation/ThingLink2.swift"), withDestinationPath: project.path("Presentation/ThingLink.swift"))
        for order in [["Presentation", "Domain", "Data"], ["Data", "Domain", "Presentation"], ["."]] {
            let result = FileDiscovery.discover(paths: order.map(project.path), root: project.root.path, configuration: Profiles.configuration("arcana")!)
            XCTAssertEqual(result.files.map(\.relativePath), ["Data/Impl.swift", "Domain/Thing.swift"], "\(order)")
        }
        let onlyLinks = FileDiscovery.discover(paths: [project.path("Presentation")], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(onlyLinks.files.map(\.relativePath), ["Presentation/AData/Impl.swift", "Presentation/ThingLink.swift"],
                       "what only links lead to is linted, once, under the first link's name")
    }

    func testALinkToADirectoryOutsideTheWalkIsWalked() throws {
        let project = try ScratchProject()
        try project.write("Shared/Money.swift", "struct Money {}\n")
        try project.write("App/Note.swift", "struct Note {}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Linked"), withDestinationPath: project.path("Shared"))
        let result = FileDiscovery.discover(paths: [project.path("App")], root: project.root.path, configuration: Profiles.configuration("arcana")!)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/Linked/Money.swift", "App/Note.swift"])
    }

    func testOverlappingPathsListEachFileOnceInPathOrder() throws {
        let project = try ScratchProject()
        for path in ["App/Nested/c.swift", "App/a.swift", "App/View+Style.swift", "App/View/Body.swift"] {
            try project.write(path, "let x = 1\n")
        }
        let configuration = Profiles.configuration("arcana")!
        let expected = ["App/Nested/c.swift", "App/View+Style.swift", "App/View/Body.swift", "App/a.swift"]
        let overlapping = FileDiscovery.discover(paths: [project.path("App/Nested"), project.path("App"), project.path("App/a.swift")],
                                                 root: project.root.path, configuration: configuration)
        XCTAssertEqual(overlapping.files.map(\.relativePath), expected)
        let single = FileDiscovery.discover(paths: [project.path("App")], root: project.root.path, configuration: configuration)
        XCTAssertEqual(single.files.map(\.relativePath), expected)
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

    func testAFolderGivenAsTheConfigurationIsNamedAsSuch() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "struct Note {}\n")
        try project.write("ci/.archlint.json", "{}\n")
        let folder = project.run(["App", "--config", "ci"])
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.err, "error: ci: is a folder, not a configuration file (did you mean ci/.archlint.json?)\n")
        XCTAssertEqual(project.run(["App", "--config", "App"]).err, "error: App: is a folder, not a configuration file\n")
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

    func testSwitchesTakeNoValueAndValuesAreNotOptions() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "func load() {\n    fatalError(\"x\")\n}\n")
        let strictFalse = project.run(["App", "--strict=false"])
        XCTAssertEqual(strictFalse.status, 2, "`--strict=false` must not mean strict")
        XCTAssertTrue(strictFalse.err.contains("--strict takes no value"), strictFalse.err)
        XCTAssertEqual(project.run(["App", "--color=no"]).status, 2)
        XCTAssertEqual(project.run(["App", "--strict"]).status, 1, "the warning fails the run under --strict")
        let forgotten = project.run(["App", "--output", "--format", "xcode"])
        XCTAssertEqual(forgotten.status, 2)
        XCTAssertTrue(forgotten.err.contains("--output needs a value"), forgotten.err)
        let empty = project.run(["App", "--output="])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.err.contains("--output needs a file path"), empty.err)
    }

    func testDoubleDashEndsTheOptionsAndHelpWorksAfterTheCommand() throws {
        let project = try ScratchProject()
        try project.write("-draft.swift", "func load() {\n    fatalError(\"x\")\n}\n")
        let linted = project.run(["lint", "--format", "xcode", "--", "-draft.swift"])
        XCTAssertEqual(linted.status, 0, linted.err)
        XCTAssertTrue(linted.out.contains("-draft.swift:2:5: warning:"), linted.out)
        for arguments in [["lint", "--help"], [".", "-h"]] {
            let help = project.run(arguments)
            XCTAssertEqual(help.status, 0, "\(arguments)")
            XCTAssertEqual(help.out, CommandLineTool.usage + "\n")
        }
        let typo = project.run(["lnt"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.err.hasPrefix("error: 'lnt' is neither a command (did you mean 'lint'?) nor an existing file or folder"), typo.err)
    }

    func testMissingPathIsReportedAndFailsTheRunButOthersAreLinted() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        let result = project.run(["App", "Nope"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("Nope: no such file or directory"), result.err)
        XCTAssertTrue(result.out.contains("1 file checked in"), result.out)
        XCTAssertTrue(result.out.hasSuffix(" s; 1 file could not be read\n"), "the summary of a failed run says why: \(result.out)")
        // In GitHub Actions standard error is plain log text: an annotation says what failed.
        let github = project.run(["App", "Nope", "--format", "github"])
        XCTAssertEqual(github.status, 2)
        XCTAssertTrue(github.out.contains("::error title=archlint::Nope: no such file or directory"), github.out)
        // A path's control characters are shown on standard error, not sent to the terminal.
        let odd = project.run(["App", "No\u{1B}[31mpe"])
        XCTAssertTrue(odd.err.contains("No\u{241B}[31mpe: no such file or directory"), odd.err)
        XCTAssertFalse(odd.err.contains("\u{1B}"), odd.err)
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
        // An option the profiles set differently shows each profile's default.
        let mainActor = project.run(["explain", "blanket-main-actor"]).out
        XCTAssertTrue(mainActor.contains(#"layers (an array of strings, default arcana ["Domain"], arc-labs []): "#), mainActor)
        XCTAssertTrue(project.run(["schema"]).out.contains(#"Default: arcana [], arc-labs [\"Domain\", \"Data\"]."#))

        XCTAssertEqual(project.run(["init", "--profile", "arc-labs"]).status, 0)
        let written = try String(contentsOfFile: project.path(".archlint.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("\"profile\": \"arc-labs\""))
        XCTAssertEqual(project.run(["init"]).status, 2, "init refuses to overwrite")
        XCTAssertEqual(project.run(["init", "--force"]).status, 0)
        XCTAssertEqual(project.run(["init", "--force", "--profile=arc-labs"]).status, 0, "the `=` form, as lint takes it")
        XCTAssertTrue(try String(contentsOfFile: project.path(".archlint.json"), encoding: .utf8).contains("\"profile\": \"arc-labs\""))
        XCTAssertEqual(project.run(["init", "--stdout", "--profile=arcana-labs"]).status, 2)
        XCTAssertEqual(project.run(["lint"]).status, 0, "the starter configuration is valid")

        // A link to a shared configuration is not replaced, even one that leads nowhere yet.
        let linked = try ScratchProject()
        try FileManager.default.createSymbolicLink(atPath: linked.path(".archlint.json"), withDestinationPath: "../shared/archlint.json")
        XCTAssertEqual(linked.run(["init"]).status, 2)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: linked.path(".archlint.json")), "../shared/archlint.json")
    }

    func testEveryCommandHasHelpAndRejectsWhatItDoesNotTake() throws {
        let project = try ScratchProject()
        for command in ["rules", "explain", "init", "tokens", "outline", "schema", "graph", "lint"] {
            for asked in [[command, "--help"], ["help", command]] {
                let help = project.run(asked)
                XCTAssertEqual(help.status, 0, "\(asked): \(help.err)")
                XCTAssertTrue(help.out.hasPrefix("USAGE: archlint \(command)") || help.out.hasPrefix("USAGE: archlint [\(command)]"), "\(asked): \(help.out)")
            }
        }
        XCTAssertTrue(project.run(["--help"]).out.contains("--version"))
        for asked in [["help", "help"], ["help", "--help"], ["help", "-h"]] {
            XCTAssertEqual(project.run(asked).status, 0, "\(asked)")
        }
        let unknown = project.run(["help", "grpah"])
        XCTAssertEqual(unknown.status, 2, "a typo is a usage problem")
        XCTAssertTrue(unknown.err.hasPrefix("error: there is no command 'grpah' (did you mean 'graph'?)"), unknown.err)
        XCTAssertEqual(project.run(["help", "graph", "lint"]).status, 2)
        XCTAssertEqual(project.run(["rules"]).status, 0)
        XCTAssertEqual(project.run(["schema"]).status, 0)
        let extra = project.run(["rules", "--format", "json"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.err.hasPrefix("error: 'archlint rules' takes no arguments, got '--format'"), extra.err)
        XCTAssertEqual(project.run(["schema", "--output", "schema.json"]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.path("schema.json")))
        // `--` before a file name that starts with `-`.
        try project.write("-draft.swift", "let x = 1\n")
        let dashed = project.run(["tokens", "--", "-draft.swift"])
        XCTAssertEqual(dashed.status, 0, dashed.err)
        XCTAssertTrue(dashed.out.hasPrefix(#"{"kind":"keyword""#), dashed.out)
    }

    func testMistypedOptionsAndMisplacedCommandsGetAHint() throws {
        let project = try ScratchProject()
        try project.write("App/Note.swift", "struct Note {}\n")
        let typo = project.run(["--strct", "App"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.err, "error: unknown option '--strct' (did you mean '--strict'?); `archlint --help` lists the options\n")
        XCTAssertTrue(project.run(["lint", "--fromat=json", "App"]).err.contains("(did you mean '--format'?)"))
        XCTAssertTrue(project.run(["graph", "--lvel", "type", "App"]).err.contains("(did you mean '--level'?)"))
        XCTAssertFalse(project.run(["--zzzzzz", "App"]).err.contains("did you mean"), "no hint without a close option")
        // A command after an option was meant as the command, unless a file has that name.
        let misplaced = project.run(["--no-color", "rules"])
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertEqual(misplaced.err, "error: 'rules' is a command, and commands come before options: `archlint rules …`\n")
        try project.write("rules/Rule.swift", "struct Rule {}\n")
        XCTAssertEqual(project.run(["--no-color", "rules"]).status, 0, "a folder named like a command is linted")
        let version = project.run(["--version", "App"])
        XCTAssertEqual(version.status, 2)
        XCTAssertEqual(version.err, "error: '--version' takes no arguments, got 'App'\n")
    }

    func testAnOutputIsNeverWrittenOverASwiftFile() throws {
        let project = try ScratchProject()
        let source = "import UIKit\nstruct Note {}\n"
        try project.write("App/Domain/Note.swift", source)
        for arguments in [["--output", "App/Domain/Note.swift"], ["--report", "json:App/Domain/Note.swift"],
                          ["--write-baseline", "App/Domain/Note.swift"], ["graph", "--output", "App/Domain/Note.swift"]] {
            let run = project.run(arguments + ["App"])
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.err.contains("App/Domain/Note.swift ends in .swift, like Swift source, and no "), run.err)
            XCTAssertEqual(try String(contentsOfFile: project.path("App/Domain/Note.swift"), encoding: .utf8), source)
        }
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
        // `-` is standard output, for lint and for graph.
        let dash = project.run(["--format", "xcode", "--output", "-", "App"])
        XCTAssertEqual(dash.status, 0)
        XCTAssertEqual(project.run(["--format", "json", "--output=-", "App"]).out, "[]\n")
        XCTAssertTrue(project.run(["graph", "App", "--output", "-"]).out.contains("flowchart"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.path("-")))
    }

    func testReportsInOtherFormatsAreWrittenBesideStandardOutput() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "import UIKit\nstruct Note {}\n")
        let result = project.run(["App", "--format", "text", "--report", "sarif:archlint.sarif", "--report=json:report.json",
                                  "--report", "github:annotations.txt", "--no-color"])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertTrue(result.out.contains("(layer-dependency)"), "the text report still goes to standard output")
        XCTAssertTrue(result.out.contains("1 error, 0 warnings in 1 file"), result.out)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project.path("archlint.sarif")))) as? [String: Any]
        let results = (sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        XCTAssertEqual(results?.count, 1)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project.path("report.json")))) as? [[String: Any]]
        XCTAssertEqual(json?.first?["rule"] as? String, "layer-dependency")
        XCTAssertEqual(json?.first?["path"] as? String, "App/Domain/Note.swift")
        let annotations = try String(contentsOfFile: project.path("annotations.txt"), encoding: .utf8)
        XCTAssertTrue(annotations.hasPrefix("::error file=App/Domain/Note.swift,line=1,"), annotations)
        XCTAssertTrue(annotations.contains("\narchlint: 1 error, 0 warnings in 1 file"), annotations)

        XCTAssertEqual(project.run(["App", "--quiet", "--report", "github:annotations.txt"]).status, 1)
        let quiet = try String(contentsOfFile: project.path("annotations.txt"), encoding: .utf8)
        XCTAssertFalse(quiet.contains("archlint: "), "--quiet drops the summary line in every report")
    }

    func testAReportThatCannotBeWrittenFailsTheRunNamesThePathAndLeavesNothing() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        try project.write("taken/inside.txt", "a directory is in the way\n")
        let result = project.run(["App", "--report", "sarif:taken", "--report", "json:ok.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("cannot write the sarif report to taken"), result.err)
        XCTAssertTrue(result.out.contains("1 file checked"), "standard output is still written")
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.path("ok.json")), "other reports are still written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file is left behind")
    }

    func testSARIFRecordsAnotherReportThatCouldNotBeWritten() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        for arguments in [["--format", "sarif", "--report", "json:missing/a.json"],
                          ["--report", "sarif:ok.sarif", "--output", "missing/x.txt"],
                          ["--format", "sarif", "--write-baseline", "missing/baseline.json"]] {
            let result = project.run(["App"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            let sarif = arguments.contains("--output") ? try String(contentsOfFile: project.path("ok.sarif"), encoding: .utf8) : result.out
            let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
            let invocation = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
            XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false, "\(arguments)")
            XCTAssertEqual(invocation["exitCode"] as? Int, 2, "\(arguments)")
            let notes = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
            XCTAssertEqual(notes.count, 1)
            XCTAssertTrue(((notes.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("cannot write ") == true, "\(notes)")
        }
    }

    func testOnlyRuleRunsARuleTheConfigurationTurnsOff() throws {
        let project = try ScratchProject()
        try project.write("App/Data/NoteRepositoryImpl.swift", """
            protocol NoteRepository { func notes() -> [String] }
            final class NoteRepositoryImpl: NoteRepository {
                func notes() -> [String] { [] }
            }

            """)
        let stubs = ["App", "--profile", "arc-labs", "--format", "xcode", "--only-rule", "repository-stub-return"]
        let offInProfile = project.run(stubs)
        XCTAssertEqual(offInProfile.status, 0, offInProfile.err)
        XCTAssertTrue(offInProfile.out.contains("NoteRepositoryImpl.swift:3:32: warning: "), offInProfile.out)
        XCTAssertTrue(offInProfile.err.contains("--only-rule repository-stub-return: the rule is off in this configuration; running it with severity warning"),
                      offInProfile.err)
        XCTAssertEqual(project.run(stubs + ["--quiet"]).err, "")
        XCTAssertEqual(project.run(["App", "--profile", "arc-labs", "--format", "xcode"]).out, "", "without --only-rule the rule stays off")

        try project.write(".archlint.json", #"{ "rules": { "repository-stub-return": { "severity": "off" } } }"#)
        let offInConfiguration = project.run(["App", "--format", "xcode", "--only-rule", "repository-stub-return"])
        XCTAssertTrue(offInConfiguration.out.contains("NoteRepositoryImpl.swift:3:32: warning: "), "the arcana profile's severity")
    }

    func testLayerDependencyAdviceUsesTheConfiguredLayers() throws {
        let project = try ScratchProject()
        try project.write("Core/Logger.swift", "struct Logger {\n    func log(_ note: Note) {}\n}\n")
        try project.write("Domain/Note.swift", "struct Note {}\n")
        let arcana = project.run(["--format", "xcode"])
        XCTAssertTrue(arcana.out.contains("Core may not depend on any other layer. Depend on a Core protocol instead, move the type into Core, "
                                          + "or wire it in the composition root."), arcana.out)

        try project.write(".archlint.json", """
            { "layers": [ { "name": "UI", "paths": ["UI/"] }, { "name": "Biz", "paths": ["Biz/"] } ] }
            """)
        try project.write("UI/Screen.swift", "struct Screen {\n    let rules: PricingRules\n}\n")
        try project.write("Biz/PricingRules.swift", "struct PricingRules {}\n")
        let custom = project.run(["--format", "xcode"])
        XCTAssertTrue(custom.out.contains("and UI may not depend on any other layer. Move the type into UI. (layer-dependency)"), custom.out)
        XCTAssertFalse(custom.out.contains("Domain"), "no advice about a layer this configuration does not have")
        XCTAssertFalse(custom.err.contains("no linted file matches"), custom.err)

        // Layers that no file falls in (here only `modules`) leave the layer rules nothing to check: a warning says so.
        try project.write(".archlint.json", """
            { "layers": [ { "name": "UI", "modules": ["UIKitchen"] }, { "name": "Biz", "modules": ["BizKit"] } ] }
            """)
        let unmatched = project.run(["--format", "xcode"])
        XCTAssertEqual(unmatched.status, 0, unmatched.err)
        XCTAssertTrue(unmatched.err.contains(".archlint.json: no linted file matches the 'paths' of any layer"), unmatched.err)
    }

    func testAFolderOfAConfiguredProjectIsCheckedAgainstTheWholeProject() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", #"{"profile": "arcana"}"#)
        try project.write("App/Domain/Repositories/NoteRepository.swift", "protocol NoteRepository {\n    func notes() async throws -> [Note]\n}\n")
        try project.write("App/Data/Repositories/NoteRepositoryImpl.swift", """
            import UIKit

            final class NoteRepositoryImpl: NoteRepository {
                func notes() async throws -> [Note] { [] }
            }
            """)
        try project.write("App/Domain/Entities/Note.swift", "import UIKit\nstruct Note {}\n")
        // The Domain folder alone: its implementation in Data is seen, and only Domain's
        // findings are reported (Domain's UIKit import, not Data's).
        for arguments in [["App/Domain"], ["App/Domain/Entities/Note.swift"], ["Repositories"]] {
            let directory = arguments == ["Repositories"] ? "App/Domain" : "."
            let domain = project.run(arguments + ["--format", "xcode"], in: directory)
            XCTAssertEqual(domain.status, arguments == ["Repositories"] ? 0 : 1, "\(arguments): \(domain.out)")
            XCTAssertFalse(domain.out.contains("protocol-impl-parity"), "\(arguments): \(domain.out)")
            XCTAssertFalse(domain.out.contains("/App/Data/"), "\(arguments): \(domain.out)")
        }
        XCTAssertTrue(project.run(["App/Domain", "--format", "xcode"]).out.contains("/App/Domain/Entities/Note.swift:1:1: error: "))
        // Without the implementation, the protocol is reported as before.
        try FileManager.default.removeItem(atPath: project.path("App/Data/Repositories/NoteRepositoryImpl.swift"))
        XCTAssertTrue(project.run(["App/Domain", "--format", "xcode"]).out.contains("(protocol-impl-parity)"))
    }

    func testNoPathAPathOutsideAndAPackageAboveStillCheckAgainstTheWholeProject() throws {
        let protocolText = "protocol NoteRepository {\n    func notes() -> [String]\n}\n"
        let implementation = "struct NoteRepositoryImpl: NoteRepository {\n    func notes() -> [String] { [\"a\"] }\n}\n"
        let project = try ScratchProject()
        try project.write(".archlint.json", #"{"profile": "arcana"}"#)
        try project.write("App/Domain/NoteRepository.swift", protocolText)
        try project.write("App/Data/NoteRepositoryImpl.swift", implementation)
        try project.write("Shared/Log.swift", "let level = 1\n")
        // No path in a folder of the project is that folder, as `.` is.
        for arguments in [[], ["."]] {
            let domain = project.run(arguments + ["--format", "xcode"], in: "App/Domain")
            XCTAssertEqual(domain.status, 0, "\(arguments): \(domain.out)")
        }
        // A path outside the configured folder beside one inside it.
        try project.write("App/.archlint.json", #"{"profile": "arcana"}"#)
        let mixed = project.run(["Domain", "../Shared/Log.swift", "--format", "xcode"], in: "App")
        XCTAssertEqual(mixed.status, 0, mixed.out)
        XCTAssertFalse(mixed.out.contains("protocol-impl-parity"), mixed.out)

        // A package without a configuration or a repository, linted from below its root.
        let package = try ScratchProject()
        try package.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Notes", targets: [.target(name: "NotesDomain"), .target(name: "NotesData", dependencies: ["NotesDomain"])])
            """)
        try package.write("Sources/NotesDomain/Domain/NoteRepository.swift", protocolText)
        try package.write("Sources/NotesData/Data/NoteRepositoryImpl.swift", implementation)
        for (arguments, directory) in [(["NotesDomain"], "Sources"), ([], "Sources/NotesDomain"), (["Domain/NoteRepository.swift"], "Sources/NotesDomain")] {
            let run = package.run(arguments + ["--format", "xcode"], in: directory)
            XCTAssertEqual(run.status, 0, "\(arguments) in \(directory): \(run.out)")
        }
        try FileManager.default.removeItem(atPath: package.path("Sources/NotesData/Data/NoteRepositoryImpl.swift"))
        XCTAssertTrue(package.run(["--format", "xcode"], in: "Sources/NotesDomain").out.contains("(protocol-impl-parity)"))
    }

    func testAFileNamedThroughALinkIsLintedOnceUnderItsRealPath() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", "{}")
        try project.write("Presentation/Screen.swift", "struct Screen {}\n")
        try project.write("Domain/Usage.swift", "struct Usage {\n    let screen: Screen\n}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("Screens"), withDestinationPath: "Presentation")
        try FileManager.default.createSymbolicLink(atPath: project.path("Screen-link.swift"), withDestinationPath: "Presentation/Screen.swift")
        // The link's copy would be a second `Screen` of no layer, which hides the Domain finding.
        let both = project.run(["Domain/Usage.swift", "Screens/Screen.swift", "--format", "xcode"])
        XCTAssertEqual(both.status, 1, both.out)
        XCTAssertTrue(both.out.contains("/Domain/Usage.swift:2:17: error: Domain depends on Presentation"), both.out)
        for link in ["Screens/Screen.swift", "Screen-link.swift"] {
            let json = project.run([link, "--format", "json", "--only-rule", "layer-dependency"])
            XCTAssertEqual(json.status, 0, json.out)
            let text = project.run([link])
            XCTAssertTrue(text.err.contains("2 files checked") || text.out.contains("2 files checked"), text.out + text.err)
        }
        try project.write("Presentation/Screen.swift", "import ArcanaData\nstruct Screen {}\n")
        try project.write(".archlint.json", #"{"profile": "arcana"}"#)
        let linked = project.run(["Screen-link.swift", "--format", "xcode", "--only-rule", "layer-dependency"])
        XCTAssertEqual(linked.out.components(separatedBy: "\n").filter { $0.contains("error:") }.count, 1, linked.out)
        XCTAssertTrue(linked.out.contains("/Presentation/Screen.swift:1:1: error: "), linked.out)
    }

    func testAModuleQualifierCountsOnlyForAModuleTheFileCanName() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", """
            { "layers": [
              { "name": "Domain", "paths": ["Sources/Domain/"], "modules": ["Domain"], "mayDependOn": [] },
              { "name": "Data", "paths": ["Sources/Data/"], "modules": ["Data"], "mayDependOn": ["Domain"] }
            ] }
            """)
        try project.write("Sources/Data/SearchIndex.swift", "public struct Index {\n    public init() {}\n}\n")
        // Foundation's `Data.Index`: the Domain file does not import the `Data` module.
        try project.write("Sources/Domain/Blob.swift", """
            import Foundation

            public struct Blob {
                public let bytes: Data
                public func byte(at i: Data.Index) -> UInt8 { bytes[i] }
            }
            """)
        let silent = project.run(["--format", "xcode", "--only-rule", "layer-dependency"])
        XCTAssertEqual(silent.status, 0, silent.out)
        // With the module imported, `Data.Index` names the Data layer's type.
        try project.write("Sources/Domain/Lookup.swift", """
            import Data

            public func lookup() -> Data.Index { Data.Index() }
            """)
        let found = project.run(["--format", "xcode", "--only-rule", "layer-dependency"])
        XCTAssertEqual(found.status, 1, found.out)
        XCTAssertTrue(found.out.contains("Lookup.swift:1:1: error: Domain imports Data"), found.out)
        XCTAssertTrue(found.out.contains("Lookup.swift:3:25: error: Domain depends on Data: struct 'Index'"), found.out)
        XCTAssertFalse(found.out.contains("Blob.swift"), found.out)
    }

    func testReportOptionUsageErrors() throws {
        let project = try ScratchProject()
        XCTAssertTrue(project.run(["--report", "sarif"]).err.contains("--report needs FORMAT:PATH"))
        XCTAssertTrue(project.run(["--report", "html:x.html"]).err.contains("unknown format 'html'"))
        XCTAssertTrue(project.run(["--report", "sarif:"]).err.contains("needs a file path"))
        let twice = project.run(["--output", "a.txt", "--report", "sarif:./a.txt"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.err.contains("two outputs"), twice.err)
        XCTAssertEqual(project.run(["--baseline"]).status, 2)

        // An output over a file the run reads would destroy it.
        try project.write("App/Note.swift", "struct Note {}\n")
        try project.write("b.json", #"{"version": 1, "findings": []}"#)
        let overBaseline = project.run(["App", "--baseline", "b.json", "--output", "./b.json"])
        XCTAssertEqual(overBaseline.status, 2)
        XCTAssertTrue(overBaseline.err.contains("./b.json is both the --baseline file and the destination of an output"), overBaseline.err)
        XCTAssertEqual(try String(contentsOfFile: project.path("b.json"), encoding: .utf8), #"{"version": 1, "findings": []}"#)
        try project.write("c.json", "{}")
        XCTAssertEqual(project.run(["App", "--config", "c.json", "--report", "sarif:c.json"]).status, 2)
        XCTAssertEqual(project.run(["App", "--config", "c.json", "--write-baseline", "c.json"]).status, 2)
        XCTAssertEqual(try String(contentsOfFile: project.path("c.json"), encoding: .utf8), "{}")
        try project.write(".archlint.json", "{}")
        let found = project.run(["App", "--write-baseline", ".archlint.json"])
        XCTAssertEqual(found.status, 2, "the configuration found by walking up is read too")
        XCTAssertTrue(found.err.contains(".archlint.json is the configuration file of this run"), found.err)
        XCTAssertEqual(try String(contentsOfFile: project.path(".archlint.json"), encoding: .utf8), "{}")
        try FileManager.default.removeItem(atPath: project.path(".archlint.json"))
        XCTAssertEqual(project.run(["App", "--baseline", "b.json", "--write-baseline", "b.json"]).status, 0, "a refresh")
    }

    func testReplacingAReportKeepsNoTemporaryFiles() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        try project.write("report.json", "old")
        XCTAssertEqual(project.run(["App", "--format", "json", "--output", "report.json"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: project.path("report.json"), encoding: .utf8), "[]\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted(), ["App", "report.json"])
    }

    func testSARIFPathsAreRelativeToTheGitRepositoryElseTheWorkingDirectory() throws {
        let project = try ScratchProject()
        try project.write("ios/.archlint.json", "{ \"profile\": \"arcana\" }\n")
        try project.write("ios/App/Domain/Note.swift", "import UIKit\n")
        func uri(in directory: String) throws -> String? {
            let result = project.run([".", "--format", "sarif"], in: directory)
            XCTAssertEqual(result.status, 1, result.err)
            let log = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
            let location = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]]
            return ((location?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String])?["uri"]
        }
        XCTAssertEqual(try uri(in: "ios"), "App/Domain/Note.swift", "no repository: relative to the working directory")
        try FileManager.default.createDirectory(atPath: project.path(".git"), withIntermediateDirectories: true)
        XCTAssertEqual(try uri(in: "ios"), "ios/App/Domain/Note.swift", "relative to the repository root")
    }

    func testWithoutAConfigurationLayersComeFromTheRepositoryWhereverArchlintRuns() throws {
        let project = try ScratchProject()
        // A clone that sits in a folder named like a layer, with no .archlint.json.
        try FileManager.default.createDirectory(atPath: project.path("Data/TripApp/.git"), withIntermediateDirectories: true)
        try project.write("Data/TripApp/Domain/TripService.swift", "import SwiftUI\nstruct TripService {}\n")
        try project.write("Data/TripApp/Presentation/TripRow.swift", "struct TripRowStyle { var compact = false }\n")
        try project.write("Data/TripApp/Utilities/Defaults.swift", "enum Defaults { static let row = TripRowStyle(compact: true) }\n")
        for (arguments, directory) in [(["TripApp"], "Data"), (["Data/TripApp"], "."), (["."], "Data/TripApp/Domain"), (["Domain"], "Data/TripApp")] {
            let result = project.run(arguments + ["--format", "json"], in: directory)
            XCTAssertEqual(result.status, 1, "\(arguments) in \(directory): \(result.err)")
            let findings = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]] ?? []
            // Only Domain's SwiftUI import: Utilities/ is in no layer, wherever the run starts.
            XCTAssertEqual(findings.map { $0["path"] as? String }, ["Domain/TripService.swift"], "\(arguments) in \(directory)")
        }
    }

    func testOutsideGitAFolderAboveTheWorkingDirectoryIsTheRoot() throws {
        let project = try ScratchProject()
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.deletingLastPathComponent().appendingPathComponent(".git").path))
        try project.write("Domain/Note.swift", "struct Note {}\n")
        try project.write("Data/NoteStore.swift", "final class NoteStore {}\n")
        try project.write("Presentation/NoteRow.swift", "struct NoteRow { let store: NoteStore }\n")
        for (arguments, directory) in [([String](), "."), ([".."], "Data"), (["../.."], "Data/Remote")] {
            try FileManager.default.createDirectory(atPath: project.path(directory), withIntermediateDirectories: true)
            let result = project.run(arguments + ["--format", "json"], in: directory)
            let findings = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]] ?? []
            XCTAssertEqual(findings.map { $0["path"] as? String }, ["Presentation/NoteRow.swift"], "\(arguments) in \(directory): \(result.err)")
        }
    }

    func testGitHubPathsAreRelativeToTheWorkspace() throws {
        let project = try ScratchProject()
        try project.write("ios/.archlint.json", "{ \"profile\": \"arcana\" }\n")
        try project.write("ios/App/Domain/Note.swift", "import UIKit\n")
        XCTAssertTrue(project.run(["ios", "--format", "github"]).out.hasPrefix("::error file=App/Domain/Note.swift,"))
        setenv("GITHUB_WORKSPACE", project.root.path, 1)
        defer { unsetenv("GITHUB_WORKSPACE") }
        let result = project.run(["ios", "--format", "github"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.hasPrefix("::error file=ios/App/Domain/Note.swift,line=1,endLine=1,col=1,endColumn=7,title=archlint (layer-dependency)::"), result.out)
        XCTAssertTrue(result.out.contains("\nios/App/Domain/Note.swift:1:1: error: "), result.out)
        // A workspace named through a symbolic link (`/tmp` on macOS runners) is the same folder.
        let link = project.root.deletingLastPathComponent().appendingPathComponent(project.root.lastPathComponent + "-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: project.root)
        defer { try? FileManager.default.removeItem(at: link) }
        setenv("GITHUB_WORKSPACE", link.path, 1)
        let linked = project.run(["ios", "--format", "github"])
        XCTAssertTrue(linked.out.hasPrefix("::error file=ios/App/Domain/Note.swift,"), linked.out)
    }
}

final class AtomicFileTests: XCTestCase {
    func testWritesReplacesAndCleansUp() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report with space.sarif").path
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertNotEqual((mode ?? 0) & 0o044, 0, "readable like any new file, not only by its owner")
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: directory.appendingPathComponent("missing/r.txt").path))
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: directory.path)) { error in
            XCTAssertTrue("\(error)".contains("cannot replace the file"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["report with space.sarif"])
    }
}

extension AtomicFileTests {
    func testDevicesAreWrittenInPlace() throws {
        try AtomicFile.write(Array("discarded".utf8), to: "/dev/null")
        var status = stat()
        XCTAssertEqual(stat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "still the device")
    }
}
