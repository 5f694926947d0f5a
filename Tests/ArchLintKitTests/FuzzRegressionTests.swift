import ArchLintKit
import ArchLintRules
import Foundation
import SwiftLexer
import XCTest

/// Replays the inputs in `Fixtures/FuzzRegressions` through `SelfCheck`, the same lex →
/// outline → index → every rule → every report path the fuzz target (`Fuzz/`) runs, with
/// the same invariants. `Fuzz/run-fuzz.sh` copies every input that crashed, hung or ran
/// out of memory there as `KIND-SHA1.bin`; the `handmade-*.bin` inputs were written to
/// stress the lexer (NUL bytes, invalid UTF-8, deep `#if` and interpolation nesting).
/// The last tests check that the checks themselves catch what they are meant to.
final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/FuzzRegressions")

    /// The recorded inputs, in name order.
    func recordedInputs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "bin" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func selfCheck(_ name: String) throws -> SelfCheck.Summary {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        return try SelfCheck.run(bytes, rules: RuleRegistry.all)
    }

    /// Names the one input `testReplayingTheInputNamedInTheEnvironment` replays.
    static let inputVariable = "ARCHLINT_FUZZ_REGRESSION_INPUT"

    /// Every input must pass. On Linux each one is replayed in a child process (this test
    /// binary, running only `testReplayingTheInputNamedInTheEnvironment`), so that an input
    /// that still crashes archlint fails this test with its stack trace instead of ending
    /// the whole test run. Elsewhere the inputs are replayed in this process.
    func testEveryRecordedInputPassesTheSelfCheck() throws {
        let inputs = try recordedInputs()
        XCTAssertGreaterThanOrEqual(inputs.count, 3, "the hand-made inputs are missing from \(Self.directory.path)")
        for url in inputs {
            #if os(Linux)
            if let failure = try replayInChildProcess(url) { XCTFail("\(url.lastPathComponent): \(failure)") }
            #else
            do {
                _ = try SelfCheck.run([UInt8](try Data(contentsOf: url)), rules: RuleRegistry.all)
            } catch {
                XCTFail("\(url.lastPathComponent): \(error)")
            }
            #endif
        }
    }

    /// Replays the input named by `inputVariable`; does nothing when it is not set (an
    /// ordinary test run).
    func testReplayingTheInputNamedInTheEnvironment() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.inputVariable] else { return }
        let summary = try SelfCheck.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), rules: RuleRegistry.all)
        XCTAssertFalse(summary.paths.isEmpty)
    }

    /// Runs `testReplayingTheInputNamedInTheEnvironment` on `input` in a child process;
    /// returns nil if it passed, else how it failed with the end of its output.
    func replayInChildProcess(_ input: URL) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["ArchLintKitTests.FuzzRegressionTests/testReplayingTheInputNamedInTheEnvironment"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.inputVariable: input.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 0 { return nil }
        let how = process.terminationReason == .exit ? "failed (exit status \(process.terminationStatus))" : "crashed (signal \(process.terminationStatus))"
        return "\(how):\n" + Self.crashSummary(text)
    }

    /// The useful part of a failed replay's output: the runtime's error message and the
    /// crashed thread's frames from the Swift backtrace, else the last lines.
    static func crashSummary(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var summary = lines.filter { $0.contains("Fatal error") || $0.contains("runtime failure") || $0.contains("error:") }
        if let crashed = lines.firstIndex(where: { $0.hasSuffix(" crashed:") }) {
            summary += lines[crashed...].prefix { !$0.hasPrefix("Thread ") || $0.hasSuffix(" crashed:") }.prefix(30)
        }
        return (summary.isEmpty ? Array(lines.suffix(40)) : summary).joined(separator: "\n")
    }

    func testInvalidUTF8InputStillYieldsItsDeclarationsAndFindings() throws {
        let summary = try selfCheck("handmade-nul-and-invalid-utf8.bin")
        XCTAssertEqual(summary.paths, ["App/Domain/Input0.swift"])
        XCTAssertGreaterThanOrEqual(summary.declarationCount, 3)
        // The protocol after NUL bytes, broken sequences and lone carriage returns is found,
        // on the right line and byte column: it has no implementation.
        let finding = summary.findings.first { $0.ruleID == "protocol-impl-parity" }
        XCTAssertEqual(finding.map { [$0.position.line, $0.position.column] }, [10, 10],
                       summary.findings.map { "\($0.ruleID)@\($0.position.line)" }.joined(separator: ", "))
    }

    func testTheHandMadeProjectIsSplitAcrossLayersAndItsPlantedProblemsAreFound() throws {
        let summary = try selfCheck("handmade-project-with-broken-files.bin")
        XCTAssertEqual(summary.paths, ["App/Domain/Input0.swift", "App/Data/Input1.swift", "App/Presentation/Input2.swift",
                                       "App/Core/Input3.swift", "App/Infrastructure/Input4.swift", "App/Shared/Input5.swift"])
        let found = Set(summary.findings.map { "\($0.ruleID) \($0.path)" })
        XCTAssertTrue(found.contains("service-repository-method App/Core/Input3.swift"), "\(found.sorted())")
        XCTAssertTrue(found.contains("viewmodel-repository-injection App/Presentation/Input2.swift"), "\(found.sorted())")
    }

    // MARK: - The checks catch what they should

    func testLexerCheckRejectsADroppedTokenAndACommentInsideAToken() {
        let bytes = Array("let a = \"x\" // note\n".utf8)
        let lexed = Lexer.tokenize(bytes)
        XCTAssertNil(SelfCheck.lexerProblem(in: bytes, lexed: lexed))

        var dropped = lexed
        dropped.tokens.remove(at: 1)
        XCTAssertEqual(SelfCheck.lexerProblem(in: bytes, lexed: dropped)?.contains("is in no token and is not trivia"), true)

        var overlapping = lexed
        overlapping.comments[0].offset = 0  // now starts inside `let`
        XCTAssertNotNil(SelfCheck.lexerProblem(in: bytes, lexed: overlapping))

        var stray = lexed
        stray.tokens.append(Token(kind: .interpolationEnd, offset: bytes.count - 1, length: 1))
        XCTAssertNotNil(SelfCheck.lexerProblem(in: bytes, lexed: stray), "a token over trivia, closing no interpolation")
    }

    func testPositionAndLocationChecksRejectPlacesOutsideTheFile() {
        let file = SourceFile(path: "A.swift", text: "let a = 1\r\nlet b = 2\n")
        func position(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> FindingPosition {
            FindingPosition(path: "A.swift", line: line, column: column, endLine: endLine, endColumn: endColumn, utf16Column: column, utf16EndColumn: endColumn)
        }
        XCTAssertNil(SelfCheck.positionProblem(FindingPosition(file: file, path: "A.swift", range: 11..<14), in: file))
        XCTAssertNil(SelfCheck.positionProblem(position(1, 12, 3, 1), in: file), "just past a CRLF, and the empty last line")
        XCTAssertNotNil(SelfCheck.positionProblem(position(4, 1, 4, 1), in: file), "a line the file does not have")
        XCTAssertNotNil(SelfCheck.positionProblem(position(1, 13, 1, 13), in: file), "a column past the line")
        XCTAssertNotNil(SelfCheck.positionProblem(position(2, 5, 1, 1), in: file), "ends before it starts")

        let index = ProjectIndex.build(sources: [("A.swift", file.bytes)], configuration: Profiles.configuration("arcana")!)
        XCTAssertNil(SelfCheck.locationProblem(Location(file: 0, range: 0..<file.bytes.count), files: index.files))
        XCTAssertNotNil(SelfCheck.locationProblem(Location(file: 0, range: 3..<(file.bytes.count + 1)), files: index.files))
        XCTAssertNotNil(SelfCheck.locationProblem(Location(file: 1, range: 0..<1), files: index.files))
    }

    func testInputsAreSplitOnlyAtWholeSeparatorLines() {
        let input = Array("a\n//---\nb\nx//---\n//--- \n//---\n//---".utf8)
        let files = SelfCheck.files(of: input)
        XCTAssertEqual(files.map(\.path), ["App/Domain/Input0.swift", "App/Data/Input1.swift", "App/Presentation/Input2.swift", "App/Core/Input3.swift"])
        XCTAssertEqual(files.map { String(decoding: $0.bytes, as: UTF8.self) }, ["a\n", "b\nx//---\n//--- \n", "", ""])

        let many = Array(String(repeating: "//---\n", count: 20).utf8)
        XCTAssertEqual(SelfCheck.files(of: many).count, SelfCheck.maximumFileCount)
        XCTAssertEqual(SelfCheck.files(of: []).map(\.bytes), [[]])
    }
}
