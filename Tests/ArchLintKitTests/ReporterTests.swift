import ArchLintKit
import Foundation
import XCTest

/// One shared set of findings that every reporter is checked against, with the awkward
/// cases: `%`, quotes, a newline, Unicode, a path with spaces, a related location and a
/// suppressed finding.
enum SampleFindings {
    static func position(_ path: String, _ line: Int, _ column: Int, _ endColumn: Int) -> FindingPosition {
        FindingPosition(path: path, line: line, column: column, endLine: line, endColumn: endColumn, utf16Column: column, utf16EndColumn: endColumn)
    }

    static let findings: [Finding] = [
        Finding(ruleID: "layer-dependency", severity: .error,
                message: "Presentation depends on Data: 'NoteDTO' is declared in App/Data/NoteDTO.swift (layer Data).",
                position: position("App/Presentation/Notes View.swift", 3, 12, 19),
                related: [RelatedLocation(position: position("App/Data/NoteDTO.swift", 1, 8, 15), message: "'NoteDTO' is declared here")],
                fingerprint: "0123456789abcdef", isSuppressed: false, sourceLine: "    let x: NoteDTO"),
        Finding(ruleID: "blanket-main-actor", severity: .warning,
                message: "100% of \"FetchNotesUseCase\" runs on the main actor;\nisolate only the members that need it.",
                position: position("App/Domain/FetchNotesUseCase.swift", 2, 1, 2),
                related: [], fingerprint: "fedcba9876543210", isSuppressed: false, sourceLine: "@MainActor final class FetchNotesUseCase {"),
        Finding(ruleID: "service-repository-method", severity: .error,
                message: "Call to 'fetchNöte(id:)' — did you mean 'fetchNote(id:)'?",
                position: position("App/Domain/FetchNotesUseCase.swift", 9, 31, 41),
                related: [], fingerprint: "00000000000000aa", isSuppressed: false, sourceLine: "        try await repository.fetchNöte(id: id)"),
        Finding(ruleID: "layer-dependency", severity: .error, message: "Suppressed finding.",
                position: position("App/Domain/FetchNotesUseCase.swift", 12, 1, 7),
                related: [], fingerprint: "00000000000000bb", isSuppressed: true, sourceLine: "import UIKit"),
    ]

    static let input = ReportInput(findings: findings, filesChecked: 7, seconds: 0.0123, root: "/work/project")
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

    func testText() throws {
        try assertMatches(TextReporter.render(SampleFindings.input, color: false, quiet: false), "text.txt")
    }

    func testTextQuietHasNoSummary() {
        let quiet = TextReporter.render(SampleFindings.input, color: false, quiet: true)
        XCTAssertFalse(quiet.contains("checked in"))
        XCTAssertTrue(quiet.contains("NoteDTO"))
    }

    func testTextColourOnlyWhenAsked() {
        XCTAssertFalse(TextReporter.render(SampleFindings.input, color: false, quiet: false).contains("\u{1B}["))
        XCTAssertTrue(TextReporter.render(SampleFindings.input, color: true, quiet: false).contains("\u{1B}[31m"))
    }

    func testXcode() throws {
        try assertMatches(XcodeReporter.render(SampleFindings.input), "xcode.txt")
    }
}
