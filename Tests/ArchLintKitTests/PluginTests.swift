import Foundation
import XCTest

/// Fast checks of what the SwiftPM plugins and the editor integrations rely on. The plugins
/// themselves run end to end in `.ci/run` (a nested SwiftPM build of archlint in a copy of
/// `Tests/Fixtures/PluginFixture`, about a minute), which keeps `swift test` fast; these
/// tests keep the fixture and the documented formats in step with that step.
final class PluginTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = repository.appendingPathComponent("Tests/Fixtures/PluginFixture")

    static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("archlint")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("archlint")
    }

    /// Runs archlint in the fixture package, as the plugins do.
    func archlint(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.fixture
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The two deliberate findings that `.ci/run` expects from both plugins, and nothing else.
    func testFixtureHasTheDeliberateFindings() throws {
        let result = try archlint(["lint", "Sources/NotesDomain", "Sources/NotesApp", "--format", "xcode", "--quiet"])
        XCTAssertEqual(result.status, 1, "the fixture has an error finding")
        let findings = lines(result.out).filter { !$0.contains(": note: ") }
        XCTAssertEqual(findings.count, 2, result.out)
        XCTAssertTrue(lines(result.out).contains { $0.contains("/Sources/NotesApp/Data/Models/NoteDTO.swift:") && $0.contains(": note: ") },
                      "the layer-dependency finding's related location follows it: \(result.out)")
        XCTAssertTrue(findings.contains { $0.contains("/Sources/NotesApp/Presentation/NoteListViewModel.swift:14:19: error: ") && $0.hasSuffix("(layer-dependency)") }, result.out)
        XCTAssertTrue(findings.contains { $0.contains("/Sources/NotesDomain/Domain/UseCases/GetNotesUseCase.swift:2:1: warning: ") && $0.hasSuffix("(blanket-main-actor)") }, result.out)
    }

    /// NotesDomain's repository protocol is implemented in NotesApp: one target linted alone
    /// (`swift package archlint --target NotesDomain`) is checked against the whole package,
    /// so it does not look unimplemented, and only NotesDomain's own findings are reported.
    func testATargetAloneIsCheckedAgainstTheWholePackage() throws {
        let alone = try archlint(["lint", "Sources/NotesDomain", "--format", "xcode", "--quiet"])
        XCTAssertFalse(alone.out.contains("(protocol-impl-parity)"), alone.out)
        XCTAssertTrue(alone.out.contains("/Sources/NotesDomain/Domain/UseCases/GetNotesUseCase.swift:2:1: warning: "), alone.out)
        XCTAssertFalse(alone.out.contains("/Sources/NotesApp/Presentation/"), alone.out)
        let together = try archlint(["lint", "Sources/NotesDomain", "Sources/NotesApp", "--format", "xcode", "--quiet"])
        XCTAssertFalse(together.out.contains("(protocol-impl-parity)"), together.out)
    }

    /// `.ci/run` rewrites this exact dependency to point at the checkout.
    func testFixtureDependsOnThisCheckoutByPath() throws {
        let manifest = try String(contentsOf: Self.fixture.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(path: "../../..")"#))
        XCTAssertTrue(manifest.contains(#".plugin(name: "ArchLintBuildToolPlugin", package: "archlint")"#))
        let root = Self.fixture.appendingPathComponent("../../..").standardizedFileURL
        XCTAssertEqual(root.path, Self.repository.standardizedFileURL.path)
    }

    /// The plugins are products, and the package still depends on nothing.
    func testRootManifestDeclaresThePluginsAndNoDependencies() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".plugin(name: "ArchLintCommandPlugin", targets: ["ArchLintCommandPlugin"])"#))
        XCTAssertTrue(manifest.contains(#".plugin(name: "ArchLintBuildToolPlugin", targets: ["ArchLintBuildToolPlugin"])"#))
        XCTAssertTrue(manifest.contains(#"verb: "archlint""#))
        XCTAssertFalse(manifest.contains(".package("), "archlint must not depend on other packages")
    }

    /// The VS Code problem matcher in README's "Editor integration" reads every field of an
    /// `xcode` line, also when the message itself contains colons and quotes.
    func testProblemMatcherReadsTheXcodeFormat() throws {
        let pattern = #"^(.*):(\d+):(\d+):\s+(warning|error|note):\s+(.*)$"#
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains(pattern.replacingOccurrences(of: #"\"#, with: #"\\"#)), "README shows the regexp as JSON")
        let regex = try NSRegularExpression(pattern: pattern)
        let result = try archlint(["lint", "Sources/NotesDomain", "Sources/NotesApp", "--format", "xcode", "--quiet"])
        let findings = lines(result.out)
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            let range = NSRange(finding.startIndex..., in: finding)
            let match = try XCTUnwrap(regex.firstMatch(in: finding, range: range), finding)
            func group(_ index: Int) -> String { String(finding[Range(match.range(at: index), in: finding)!]) }
            XCTAssertTrue(group(1).hasPrefix("/") && group(1).hasSuffix(".swift"), group(1))
            XCTAssertNotNil(Int(group(2)))
            XCTAssertNotNil(Int(group(3)))
            // A related location is a `note:` line after its finding, without a rule id.
            XCTAssertTrue(["error", "warning", "note"].contains(group(4)))
            XCTAssertEqual(group(5).hasSuffix(")"), group(4) != "note", group(5))
        }
    }
}
