import ArchLintKit
import Foundation
import SwiftLexer
import XCTest

/// Collects what the tool writes, for assertions.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err: [UInt8] = []

    var streams: OutputStreams {
        OutputStreams(
            writeBytes: { bytes in self.lock.lock(); self.out += bytes; self.lock.unlock() },
            writeErrorBytes: { bytes in self.lock.lock(); self.err += bytes; self.lock.unlock() }
        )
    }

    var standardOutput: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var standardError: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

final class TokensCommandTests: XCTestCase {
    func testPrintsOneJSONObjectPerTokenInTheDocumentedFormat() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Sample.swift").path
        try Data("let café = \"a\\\"b\" // note\n  #if DEBUG\n".utf8).write(to: URL(fileURLWithPath: path))

        let captured = CapturedOutput()
        let status = CommandLineTool.run(arguments: ["tokens", path], output: captured.streams)

        XCTAssertEqual(status, 0)
        XCTAssertEqual(captured.standardOutput, """
            {"kind":"keyword","offset":0,"length":3,"line":1,"column":1,"text":"let"}
            {"kind":"identifier","offset":4,"length":5,"line":1,"column":5,"text":"café"}
            {"kind":"operator","offset":10,"length":1,"line":1,"column":11,"text":"="}
            {"kind":"string-quote","offset":12,"length":1,"line":1,"column":13,"text":"\\""}
            {"kind":"string-segment","offset":13,"length":4,"line":1,"column":14,"text":"a\\\\\\"b"}
            {"kind":"string-quote","offset":17,"length":1,"line":1,"column":18,"text":"\\""}
            {"kind":"pound","offset":29,"length":3,"line":2,"column":3,"text":"#if"}
            {"kind":"identifier","offset":33,"length":5,"line":2,"column":7,"text":"DEBUG"}

            """)
        XCTAssertEqual(captured.standardError, "")
    }

    func testEveryLineIsValidJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Odd.swift").path
        var bytes = Array("let s = \"tab\there\" + \"\u{1}\" /x/ ".utf8)
        bytes += [0xFF, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let captured = CapturedOutput()
        XCTAssertEqual(CommandLineTool.run(arguments: ["tokens", path], output: captured.streams), 0)
        let lines = captured.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, Lexer.tokenize(bytes).tokens.count)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertEqual(Set(object?.keys ?? [:].keys).subtracting(["invalid"]), ["kind", "offset", "length", "line", "column", "text"])
            XCTAssertEqual(object?["invalid"] as? Bool ?? true, true, "only ever `\"invalid\":true`")
        }
    }

    func testMalformedTokensAreMarkedInvalid() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Broken.swift").path
        try Data("let b = 0b102\nlet e = 1e\nlet ok = 0b101\nlet s = \"open\n".utf8).write(to: URL(fileURLWithPath: path))
        let captured = CapturedOutput()
        XCTAssertEqual(CommandLineTool.run(arguments: ["tokens", path], output: captured.streams), 0)
        let invalid = captured.standardOutput.split(separator: "\n").filter { $0.hasSuffix(",\"invalid\":true}") }
        XCTAssertEqual(invalid.map { String($0) }, [
            #"{"kind":"integer","offset":8,"length":5,"line":1,"column":9,"text":"0b102","invalid":true}"#,
            #"{"kind":"float","offset":22,"length":2,"line":2,"column":9,"text":"1e","invalid":true}"#,
            #"{"kind":"string-quote","offset":48,"length":1,"line":4,"column":9,"text":"\"","invalid":true}"#,
        ])
    }

    func testMissingFileIsAnErrorThatNamesIt() {
        let captured = CapturedOutput()
        let status = CommandLineTool.run(arguments: ["tokens", "/nonexistent/Thing.swift"], output: captured.streams)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(captured.standardError.contains("/nonexistent/Thing.swift"), captured.standardError)
        XCTAssertEqual(captured.standardOutput, "")
    }

    /// `archlint tokens <(…)`, `--config <(…)` and `--baseline <(…)` read a pipe as a file.
    func testPipesAreReadLikeFiles() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "struct Note {}\n")
        func pipe(_ name: String, _ text: String) -> String {
            let path = project.path(name)
            XCTAssertEqual(mkfifo(path, 0o600), 0)
            Thread.detachNewThread {
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.write(Data(text.utf8))
                try? handle.close()
            }
            return path
        }
        let tokens = project.run(["tokens", pipe("piped.swift", "struct Piped {}\n")])
        XCTAssertEqual(tokens.status, 0, tokens.err)
        XCTAssertTrue(tokens.out.contains(#""text":"Piped""#), tokens.out)
        let configured = project.run(["App", "--config", pipe("config.json", #"{"profile": "arc-labs"}"#)])
        XCTAssertEqual(configured.status, 0, configured.err)
        _ = project.run(["App", "--write-baseline", "baseline.json", "--quiet"])
        let baseline = try String(contentsOfFile: project.path("baseline.json"), encoding: .utf8)
        let filtered = project.run(["App", "--baseline", pipe("old-baseline.json", baseline)])
        XCTAssertEqual(filtered.status, 0, filtered.err)
        let folder = project.run(["tokens", project.path("App")])
        XCTAssertTrue(folder.err.contains("App: is a directory, not a Swift file"), folder.err)
    }

    func testUsageErrors() {
        let captured = CapturedOutput()
        XCTAssertEqual(CommandLineTool.run(arguments: ["tokens"], output: captured.streams), 2)
        XCTAssertEqual(CommandLineTool.run(arguments: ["frobnicate"], output: captured.streams), 2)
        XCTAssertTrue(captured.standardError.contains("'frobnicate' is neither a command nor an existing file or folder"))
        XCTAssertEqual(CommandLineTool.run(arguments: ["--version"], output: captured.streams), 0)
        XCTAssertTrue(captured.standardOutput.hasPrefix("archlint "))
    }
}

final class OutlineCommandTests: XCTestCase {
    func testPrintsTheDeclarationTreeAsJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Store.swift").path
        try Data("import Foundation\n@MainActor final class Store: Sendable {\n    func load(id: Int) async {}\n}\n".utf8).write(to: URL(fileURLWithPath: path))

        let captured = CapturedOutput()
        XCTAssertEqual(CommandLineTool.run(arguments: ["outline", path], output: captured.streams), 0)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        let imports = try XCTUnwrap(json["imports"] as? [[String: Any]])
        XCTAssertEqual(imports.first?["module"] as? String, "Foundation")
        let declarations = try XCTUnwrap(json["declarations"] as? [[String: Any]])
        XCTAssertEqual(declarations.count, 1)
        let store = declarations[0]
        XCTAssertEqual(store["kind"] as? String, "class")
        XCTAssertEqual(store["name"] as? String, "Store")
        XCTAssertEqual(store["line"] as? Int, 2)
        XCTAssertEqual(store["column"] as? Int, 24)
        XCTAssertEqual((store["attributes"] as? [[String: Any]])?.first?["name"] as? String, "MainActor")
        XCTAssertEqual(store["modifiers"] as? [String], ["final"])
        XCTAssertEqual(store["inherits"] as? [String], ["Sendable"])
        let members = try XCTUnwrap(store["members"] as? [[String: Any]])
        XCTAssertEqual(members.first?["kind"] as? String, "func")
        XCTAssertEqual(members.first?["labels"] as? [String], ["id"])
        XCTAssertEqual((members.first?["members"] as? [Any])?.count, 0)
    }

    func testDeepNestingPrintsWithoutRecursion() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Deep.swift").path
        let depth = 20_000
        try Data((String(repeating: "struct S {", count: depth) + String(repeating: "}", count: depth)).utf8).write(to: URL(fileURLWithPath: path))
        let captured = CapturedOutput()
        XCTAssertEqual(CommandLineTool.run(arguments: ["outline", path], output: captured.streams), 0)
        XCTAssertEqual(captured.standardOutput.components(separatedBy: "\"kind\":\"struct\"").count - 1, depth)
    }
}
