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
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.repository
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
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

    func testVersionAndHelp() throws {
        XCTAssertTrue(try run(["--version"]).out.hasPrefix("archlint "))
        XCTAssertTrue(try run(["--help"]).out.contains("USAGE: archlint"))
        XCTAssertEqual(try run(["--bogus"]).status, 2)
    }
}
