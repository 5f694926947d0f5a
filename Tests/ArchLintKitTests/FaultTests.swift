import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

/// Faults from the outside world, each with a test: files that cannot be read or vanish
/// mid-run, names that are not UTF-8, nothing to lint, a reader that closes the pipe,
/// layers that may depend on each other. The rule for all of them: no crash, a message on
/// standard error that names the path or key and says what to do, the rest of the work
/// still done, and an exit status a script can rely on (DESIGN §3).
final class FaultTests: XCTestCase {
    // MARK: - Unreadable and vanishing files

    func testUnreadableFileIsNamedTheOthersAreLintedAndTheRunExitsTwo() throws {
        let result = try runWithUnreadableFile()
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.hasPrefix("error: App/Domain/Secret.swift: cannot be read"), result.err)
        XCTAssertTrue(result.err.contains("(check that it still exists and its permissions)"), result.err)
        XCTAssertTrue(result.out.contains("App/Domain/Readable.swift"), "the readable file is still linted: \(result.out)")
        XCTAssertTrue(result.out.contains("(layer-dependency)"), result.out)
        XCTAssertTrue(result.out.contains("1 file checked"), result.out)
    }

    func testFileThatVanishesBeforeItIsReadIsReportedAndTheOthersAreOutlined() throws {
        let project = try ScratchProject()
        for name in ["A", "Gone", "C"] { try project.write("App/\(name).swift", "struct \(name) {}\n") }
        let configuration = Profiles.configuration("arcana")!
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        XCTAssertEqual(discovered.files.map(\.relativePath), ["App/A.swift", "App/C.swift", "App/Gone.swift"])

        try FileManager.default.removeItem(atPath: project.path("App/Gone.swift"))
        let (files, problems) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 2, store: SourceStore())
        XCTAssertEqual(files.map(\.path), ["App/A.swift", "App/C.swift"])
        XCTAssertEqual(files.map { $0.outline.declarations.map(\.name) }, [["A"], ["C"]])
        XCTAssertEqual(problems.map(\.path), ["App/Gone.swift"])
        XCTAssertEqual(problems.first?.message.hasPrefix("App/Gone.swift: cannot be read"), true, problems.first?.message ?? "")
        XCTAssertEqual(problems.first?.message.hasSuffix("(check that it still exists and its permissions)"), true, problems.first?.message ?? "")
    }

    // MARK: - Names that are not UTF-8

    func testSwiftFileWhoseNameIsNotUTF8IsReportedByAnEscapedName() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Good.swift", "import UIKit\n")
        let badFile = try createFile(named: Array("Bad".utf8) + [0xFF, 0xFE] + Array("Name.swift".utf8), in: Array(project.path("App/Domain").utf8), contents: "import SwiftUI\n")
        defer { remove(badFile) }

        let first = project.run(["lint", "."])
        XCTAssertEqual(first.status, 2, "a file that cannot be read fails the run")
        XCTAssertEqual(first.err, "error: App/Domain/Bad\\xFF\\xFEName.swift: the file name is not valid UTF-8, so archlint cannot open it (rename the file to lint it)\n")
        XCTAssertTrue(first.out.contains("App/Domain/Good.swift"), "the other file is still linted: \(first.out)")
        XCTAssertTrue(first.out.contains("1 file checked"), first.out)

        let second = project.run(["lint", "."])
        XCTAssertEqual([second.err, normalised(second.out)], [first.err, normalised(first.out)], "the same run gives the same output")
    }

    func testDirectoryWhoseNameIsNotUTF8IsReportedAndOtherNamesAreIgnored() throws {
        let project = try ScratchProject()
        try project.write("App/Good.swift", "struct Good {}\n")
        let directory = try createDirectory(named: Array("Mod".utf8) + [0xC0, 0xAF], in: Array(project.path("App").utf8))
        let inside = try createFile(named: Array("Inside.swift".utf8), in: directory, contents: "struct Inside {}\n")
        let asset = try createFile(named: Array("logo".utf8) + [0xFF] + Array(".png".utf8), in: Array(project.path("App").utf8), contents: "")
        defer { [inside, directory, asset].forEach(remove) }

        let result = project.run(["lint", "App"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "error: App/Mod\\xC0\\xAF: the directory name is not valid UTF-8, so archlint cannot look inside it (rename the directory to lint its files)\n",
                       "a non-Swift file with such a name is not archlint's business")
        XCTAssertTrue(result.out.contains("1 file checked"), result.out)
    }

    // MARK: - Nothing to lint

    func testEmptyDirectoryExitsZeroAndSaysNoSwiftFilesWereFound() throws {
        let project = try ScratchProject()
        try FileManager.default.createDirectory(atPath: project.path("Empty"), withIntermediateDirectories: true)
        try project.write("Docs/readme.md", "no Swift here\n")
        for directory in ["Empty", "Docs"] {
            let result = project.run(["lint", directory])
            XCTAssertEqual(result.status, 0, directory)
            XCTAssertEqual(result.err, "warning: no Swift files found in \(directory); nothing was linted (check the path and the configuration's include and exclude globs)\n")
            XCTAssertTrue(result.out.contains("0 files checked"), result.out)
        }
        let withFile = project.run(["lint", "Empty", "--quiet"])
        XCTAssertTrue(withFile.err.hasPrefix("warning: no Swift files found in Empty"), "--quiet drops the summary, not warnings")
        try project.write("Empty/One.swift", "struct One {}\n")
        XCTAssertEqual(project.run(["lint", "Empty"]).err, "", "no warning once there is a file")
    }

    // MARK: - A reader that goes away

    func testClosedPipeEndsTheRunQuietlyWithItsOwnExitStatus() throws {
        let project = try ScratchProject()
        // Enough findings that the report (some 200 KB) cannot fit in the pipe's buffer.
        for number in 0..<200 {
            try project.write("App/Domain/File\(number).swift", "import SwiftUI\nimport UIKit\nimport Combine\n")
        }
        let process = Process()
        process.executableURL = EndToEndTests.executable
        process.arguments = ["lint", ".", "--no-color"]
        process.currentDirectoryURL = project.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        var received = Data()
        while !received.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        try out.fileHandleForReading.close()  // like `head -1` after its line

        if finished.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            XCTFail("archlint was still running a minute after its reader went away")
            return
        }
        let errorOutput = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(String(decoding: received, as: UTF8.self).hasPrefix("App/Domain/File0.swift\n"))
        XCTAssertEqual(process.terminationReason, .exit, "not killed by SIGPIPE or a trap")
        XCTAssertEqual(process.terminationStatus, 1, "the status of the run: error findings")
        XCTAssertEqual(errorOutput, "")
    }

    // MARK: - Configuration

    static let mutualConfiguration = """
        {
          "layers": [
            { "name": "Feature", "paths": ["Feature/"], "mayDependOn": ["Shared"] },
            { "name": "Shared", "paths": ["Shared/"], "mayDependOn": ["Feature"] },
            { "name": "Root", "paths": ["Root/"], "mayDependOn": ["*"] },
            { "name": "Plugin", "paths": ["Plugin/"], "mayDependOn": ["*", "Feature"] },
            { "name": "Tools", "paths": ["Tools/"], "mayDependOn": ["Root"] },
          ],
        }
        """

    func testLayersThatMayDependOnEachOtherAreAWarningNamingBoth() throws {
        let loaded = ConfigurationLoader.load(text: Self.mutualConfiguration, file: "cfg.json", rules: RuleRegistry.descriptions)
        let configuration = try loaded.get()
        XCTAssertEqual(configuration.warnings.filter { $0.key.hasPrefix("layers") }.map(\.description), [
            "cfg.json: 'layers[1].mayDependOn[0]': layers 'Feature' and 'Shared' may depend on each other, so the linter cannot keep them apart; remove one direction from 'mayDependOn', or merge the two into one layer",
            "cfg.json: 'layers[4].mayDependOn[0]': layers 'Root' and 'Tools' may depend on each other, so the linter cannot keep them apart; remove one direction from 'mayDependOn', or merge the two into one layer",
        ], "Root and Plugin both allow everything on purpose; Plugin may use Feature, but not the other way")

        let oneWay = """
            { "layers": [ { "name": "A", "paths": ["A/"], "mayDependOn": ["B"] }, { "name": "B", "paths": ["B/"], "mayDependOn": [] } ] }
            """
        XCTAssertEqual(try ConfigurationLoader.load(text: oneWay, file: "cfg.json", rules: RuleRegistry.descriptions).get().warnings.filter { $0.key.hasPrefix("layers") }, [])
        XCTAssertEqual(Profiles.configuration("arcana")?.warnings, [])
    }

    func testLayerOptionsLeftAtTheProfilesValueThatNameUndefinedLayersAreWarnings() throws {
        let layers = #""layers": [ { "name": "UI", "paths": ["UI/"], "mayDependOn": ["Model"] }, { "name": "Model", "paths": ["Model/"] } ]"#
        func warnings(_ rest: String) throws -> [String] {
            try ConfigurationLoader.load(text: "{ \(layers)\(rest) }", file: "cfg.json", rules: RuleRegistry.descriptions).get().warnings.map(\.description)
        }
        XCTAssertEqual(try warnings(""), [
            "cfg.json: 'rules.blanket-main-actor.layers': its default in the arcana profile, [\"Domain\"], names layer 'Domain', which this configuration does not define (its layers: UI, Model), so the rule does not look there; set 'layers' to this configuration's layers, or turn the rule off",
            "cfg.json: 'rules.protocol-impl-parity.layers': its default in the arcana profile, [\"Domain\"], names layer 'Domain', which this configuration does not define (its layers: UI, Model), so the rule does not look there; set 'layers' to this configuration's layers, or turn the rule off",
        ])
        // Set for this configuration, or the rule turned off: nothing to say.
        XCTAssertEqual(try warnings(#", "rules": { "blanket-main-actor": { "layers": ["Model"] }, "protocol-impl-parity": "off" }"#), [])
        // The profile's own layers define every name its options use.
        XCTAssertEqual(try ConfigurationLoader.load(text: #"{ "profile": "arc-labs" }"#, file: "cfg.json", rules: RuleRegistry.descriptions).get().warnings, [])
    }

    func testWarningsAboutRulesThatOnlyRuleLeavesOutAreNotPrinted() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", #"{ "layers": [ { "name": "UI", "paths": ["UI/"] } ] }"#)
        try project.write("UI/Screen.swift", "import Foundation\n")
        let all = project.run(["lint", "."])
        XCTAssertTrue(all.err.contains("'rules.protocol-impl-parity.layers'"), all.err)
        let only = project.run(["lint", ".", "--only-rule", "layer-dependency"])
        XCTAssertEqual(only.status, 0, only.err)
        XCTAssertEqual(only.err, "", "neither blanket-main-actor nor protocol-impl-parity runs")
        let one = project.run(["lint", ".", "--only-rule", "protocol-impl-parity"])
        XCTAssertTrue(one.err.contains("'rules.protocol-impl-parity.layers'"), one.err)
        XCTAssertFalse(one.err.contains("blanket-main-actor"), one.err)
    }

    func testAnEmptyListOfLayersForProtocolImplParityIsAnError() {
        XCTAssertEqual(errors(#"{ "rules": { "protocol-impl-parity": { "layers": [] } } }"#), [
            "cfg.json: 'rules.protocol-impl-parity.layers': expected at least one layer: an empty list leaves the rule nothing to check; to turn the rule off, set its severity to \"off\"",
        ])
        // For blanket-main-actor an empty list means every layer.
        XCTAssertEqual(errors(#"{ "rules": { "blanket-main-actor": { "layers": [] } } }"#), [])
        XCTAssertTrue(ConfigurationSchema.json(rules: RuleRegistry.descriptions).contains(#""minItems": 1"#))
    }

    func testNegatedAndAbsoluteGlobs() throws {
        XCTAssertEqual(errors(#"{ "exclude": ["Sources/", "!Sources/App/"] }"#), [
            "cfg.json: 'exclude[1]': invalid glob '!Sources/App/': negation ('!') is not supported; every entry of 'exclude' adds paths, so narrow the other entries instead",
        ])
        let project = try ScratchProject()
        let root = project.root.standardizedFileURL.path
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("Gen"), withIntermediateDirectories: true)
        // An absolute path inside the configuration's folder is that folder's relative path.
        try project.write(".archlint.json", #"{ "exclude": ["\#(root)/Generated/"] }"#)
        try project.write("Generated/API.swift", "func call() { fatalError() }\n")
        try project.write("App/Screen.swift", "func show() { fatalError() }\n")
        let run = project.run(["lint", ".", "--format", "xcode"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("App/Screen.swift:1:15"), run.out)
        XCTAssertFalse(run.out.contains("Generated"), run.out)
        // One that leads elsewhere is an error.
        let elsewhere = outside.standardizedFileURL.path + "/Gen/"
        XCTAssertEqual(errors(#"{ "include": ["\#(elsewhere)"] }"#, file: project.path(".archlint.json")), [
            "\(project.path(".archlint.json")): 'include[0]': invalid glob '\(elsewhere)': an absolute path outside the configuration's folder (\(root)); globs are relative to that folder, and a leading '/' anchors one there",
        ])
        // Written through a symbolic link to the project, with a name that is not ASCII.
        let link = outside.appendingPathComponent("Prøject").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
        try project.write(".archlint.json", #"{ "exclude": ["\#(link)/Generated/"] }"#)
        let linked = project.run(["lint", ".", "--format", "xcode"])
        XCTAssertEqual(linked.status, 0, linked.err)
        XCTAssertFalse(linked.out.contains("Generated"), linked.out)
        // A leading '/' with a folder of one name anchors it, whatever the system's root holds.
        XCTAssertEqual(errors(#"{ "exclude": ["/tmp/", "/Sources/Generated/"] }"#, file: project.path(".archlint.json")), [])
    }

    func testSeveritiesSpelledAsOtherLintersDoGetASuggestion() {
        XCTAssertEqual(errors(#"{ "profile": "Arcana", "rules": { "empty-action": "warn", "unimplemented-code": { "severity": "Error" }, "layer-dependency": null } }"#), [
            "cfg.json: 'profile': unknown profile 'Arcana' (did you mean 'arcana'?); expected one of: arcana, arc-labs",
            "cfg.json: 'rules.empty-action': expected a severity (error, warning, note, off) or an object, found \"warn\" (did you mean 'warning'?)",
            "cfg.json: 'rules.layer-dependency': expected an object with 'severity' and options, or a severity string, found null",
            "cfg.json: 'rules.unimplemented-code.severity': expected one of: error, warning, note, off; found \"Error\" (did you mean 'error'?)",
        ])
    }

    func testRuleIdsDifferingOnlyInCaseGetASuggestion() throws {
        XCTAssertEqual(errors(#"{ "rules": { "EMPTY-ACTION": "off" } }"#), [
            "cfg.json: 'rules.EMPTY-ACTION': unknown rule id 'EMPTY-ACTION' (did you mean 'empty-action'?); `archlint rules` lists them",
        ])
        let project = try ScratchProject()
        try project.write("A.swift", "struct A {}\n")
        XCTAssertEqual(project.run(["explain", "LAYER-DEPENDENCY"]).err,
                       "error: unknown rule id 'LAYER-DEPENDENCY' (did you mean 'layer-dependency'?); `archlint rules` lists them\n")
        let warnings = try ConfigurationLoader.load(text: #"{ "layers": [] }"#, file: "cfg.json", rules: RuleRegistry.descriptions).get().warnings
        XCTAssertTrue(warnings.allSatisfy { $0.message.contains("(it defines none)") } && !warnings.isEmpty, warnings.map(\.message).joined(separator: "\n"))
    }

    func testAnInvisibleCharacterInTheConfigurationIsNamedByItsCodePoint() {
        XCTAssertEqual(errors("{\u{00A0}\"profile\": \"arcana\" }"), [
            "cfg.json: is not valid JSON: line 1, column 2: expected a key in double quotes or '}', found U+00A0 (an invisible or space-like character)",
        ])
    }

    func errors(_ text: String, file: String = "cfg.json") -> [String] {
        switch ConfigurationLoader.load(text: text, file: file, rules: RuleRegistry.descriptions) {
        case .failure(let failure): return failure.errors.map(\.description)
        case .success: return []
        }
    }

    func testMutualDependencyWarningIsPrintedAndTheRunGoesOn() throws {
        let project = try ScratchProject()
        try project.write(".archlint.json", Self.mutualConfiguration)
        try project.write("Feature/Screen.swift", "struct Screen { let cache: Cache }\n")
        try project.write("Shared/Cache.swift", "struct Cache { let screen: Screen? }\n")
        let result = project.run(["lint", "."])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.hasPrefix("warning: "), result.err)
        XCTAssertTrue(result.err.contains(".archlint.json: 'layers[1].mayDependOn[0]': layers 'Feature' and 'Shared' may depend on each other"), result.err)
        XCTAssertTrue(result.out.contains("2 files checked"), result.out)
    }

    // MARK: - Every message names what is wrong and says what to do

    func testEveryFaultMessageNamesThePathOrKeyAndSaysWhatToDo() throws {
        let project = try ScratchProject()
        try project.write("App/a.swift", "let x = 1\n")
        try project.write("notes.txt", "not Swift\n")
        try FileManager.default.createDirectory(atPath: project.path("Empty"), withIntermediateDirectories: true)
        let badName = try createFile(named: Array("Odd".utf8) + [0xFF] + Array(".swift".utf8), in: Array(project.path("App").utf8), contents: "")
        defer { remove(badName) }

        var scenarios: [(name: String, err: String, names: String, advice: String)] = [
            ("missing path", project.run(["App/a.swift", "Nope"]).err, "Nope", "check the path"),
            ("not a Swift file", project.run(["notes.txt"]).err, "notes.txt", "pass a .swift file or a directory"),
            ("unwritable output", project.run(["App/a.swift", "--output", "missing/dir/r.txt"]).err, "missing/dir/r.txt", "check that the directory exists and is writable"),
            ("output is a folder", project.run(["App/a.swift", "--output", "Empty"]).err, "Empty", "it is a directory: name a file in it"),
            ("name too long", project.run([String(repeating: "n", count: 300) + ".swift"]).err, String(repeating: "n", count: 300), "the path is too long for the system"),
            ("missing baseline", project.run(["App/a.swift", "--baseline", "base.json"]).err, "base.json", "create it with --write-baseline"),
            ("name not UTF-8", project.run(["App"]).err, "App/Odd\\xFF.swift", "rename the file"),
            ("nothing to lint", project.run(["Empty"]).err, "Empty", "check the path"),
        ]
        let configured = try ScratchProject()
        try configured.write("App/a.swift", "let x = 1\n")
        try configured.write(".archlint.json", "{ \"rulez\": {}, \"layers\": [{ \"name\": \"A\", \"paths\": [\"A/\"], \"mayDependOn\": [\"Z\"] }] }")
        let badConfiguration = configured.run(["App"]).err
        scenarios.append(("unknown key", badConfiguration, "'rulez'", "expected one of"))
        scenarios.append(("unknown layer", badConfiguration, "'layers[0].mayDependOn[0]'", "defined layers: A"))
        try configured.write(".archlint.json", Self.mutualConfiguration)
        scenarios.append(("mutual layers", configured.run(["App"]).err, "'layers[1].mayDependOn[0]'", "remove one direction"))

        let vanishing = try ScratchProject()
        try vanishing.write("App/gone.swift", "let x = 1\n")
        let configuration = Profiles.configuration("arcana")!
        let discovered = FileDiscovery.discover(paths: [vanishing.root.path], root: vanishing.root.path, configuration: configuration).files
        try FileManager.default.removeItem(atPath: vanishing.path("App/gone.swift"))
        let vanished = Pipeline.readAndOutline(discovered, configuration: configuration, jobs: 1, store: SourceStore()).1
        scenarios.append(("vanished file", vanished.map { "error: \($0.message)\n" }.joined(), "App/gone.swift", "check that it still exists"))
        scenarios.append(("unreadable file", try runWithUnreadableFile().err, "App/Domain/Secret.swift", "check that it still exists and its permissions"))

        for scenario in scenarios {
            let lines = scenario.err.split(separator: "\n").map(String.init)
            XCTAssertFalse(lines.isEmpty, "\(scenario.name): nothing on standard error")
            XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }, "\(scenario.name): \(scenario.err)")
            let line = lines.first { $0.contains(scenario.names) }
            XCTAssertNotNil(line, "\(scenario.name): no message names \(scenario.names): \(scenario.err)")
            XCTAssertEqual(line?.contains(scenario.advice), true, "\(scenario.name): the message does not say what to do: \(scenario.err)")
        }
    }

    // MARK: - Helpers

    /// Lints a project (in a fresh directory every user may enter) holding one readable
    /// file and one that its runner cannot read, with the built executable. As root,
    /// permissions do not stop reads, so the executable then runs as `nobody`.
    func runWithUnreadableFile() throws -> (status: Int32, out: String, err: String) {
        let root = try temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let domain = root.appendingPathComponent("App/Domain")
        try FileManager.default.createDirectory(at: domain, withIntermediateDirectories: true)
        for directory in [root, root.appendingPathComponent("App"), domain] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        }
        try Data("import UIKit\n".utf8).write(to: domain.appendingPathComponent("Readable.swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: domain.appendingPathComponent("Readable.swift").path)
        let secret = domain.appendingPathComponent("Secret.swift")
        try Data("struct Secret {}\n".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)

        var command = [EndToEndTests.executable.path, "lint", "App", "--no-color"]
        if getuid() == 0 {
            guard let launcher = Self.unprivilegedLauncher() else {
                throw XCTSkip("running as root, and neither setpriv nor runuser is there to drop privileges, so no file is unreadable")
            }
            guard Self.everyoneMayRun(EndToEndTests.executable.path) else {
                throw XCTSkip("running as root, and the user nobody cannot reach \(EndToEndTests.executable.path) (a parent directory is not world-searchable)")
            }
            command = launcher + command
        }
        return try run(command, in: root)
    }

    /// A command prefix that runs a program as `nobody` (uid and gid 65534), or nil.
    static func unprivilegedLauncher() -> [String]? {
        let fileManager = FileManager.default
        for path in ["/usr/bin/setpriv", "/bin/setpriv"] where fileManager.isExecutableFile(atPath: path) {
            return [path, "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        for path in ["/usr/sbin/runuser", "/sbin/runuser"] where fileManager.isExecutableFile(atPath: path) {
            return [path, "-u", "nobody", "--"]
        }
        return nil
    }

    /// Whether any user may execute `path`: it and every directory above it have the
    /// "others" execute bit.
    static func everyoneMayRun(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path)
        while true {
            guard let mode = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int, mode & 0o001 != 0 else { return false }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return true }
            url = parent
        }
    }

    /// Runs a command to completion and returns its exit status and output.
    func run(_ command: [String], in directory: URL) throws -> (status: Int32, out: String, err: String) {
        try runChildProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), in: directory)
    }

    /// Creates a file whose name is arbitrary bytes in a directory given as bytes; returns
    /// its path as bytes.
    func createFile(named name: [UInt8], in directory: [UInt8], contents: String) throws -> [UInt8] {
        let path = directory + [0x2F] + name
        let descriptor = withCString(path) { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, bytes.count)
        return path
    }

    /// Creates a directory whose name is arbitrary bytes; returns its path as bytes.
    func createDirectory(named name: [UInt8], in directory: [UInt8]) throws -> [UInt8] {
        let path = directory + [0x2F] + name
        guard withCString(path, { mkdir($0, 0o755) }) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path
    }

    /// Removes a file or an empty directory named by bytes.
    func remove(_ path: [UInt8]) {
        if withCString(path, { unlink($0) }) != 0 { _ = withCString(path) { rmdir($0) } }
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
        }
    }

    /// The summary's timing varies between runs.
    func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: #"checked in [0-9.]+ s"#, with: "checked in T s", options: .regularExpression)
    }
}
