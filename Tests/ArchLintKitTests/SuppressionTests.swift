import ArchLintKit
import SwiftLexer
import XCTest

final class SuppressionTests: XCTestCase {
    func suppressions(_ source: String, known: Set<String> = ["layer-dependency", "blanket-main-actor"]) -> Suppressions {
        let file = SourceFile(path: "A.swift", text: source)
        return Suppressions(file: file, comments: Lexer.tokenize(file).comments, knownRules: known)
    }

    func testDisableAndEnableRegions() {
        let result = suppressions("""
            import A
            // archlint:disable layer-dependency
            import B
            import C
            // archlint:enable layer-dependency
            import D
            """)
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 1))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 3))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 4))
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 6))
        XCTAssertFalse(result.isSuppressed(rule: "blanket-main-actor", line: 3))
    }

    func testOverlappingRegionsSilenceEveryLineAnyOfThemCovers() {
        // A long region, a one-line region inside it, and one after: a line inside the long
        // region but after the short one is still silenced.
        let result = suppressions("""
            // archlint:disable layer-dependency
            import A
            // archlint:disable:next layer-dependency
            import B
            import C
            // archlint:enable layer-dependency
            import D
            // archlint:disable:next layer-dependency
            import E
            import F
            """)
        XCTAssertEqual((1...10).filter { result.isSuppressed(rule: "layer-dependency", line: $0) }, [1, 2, 3, 4, 5, 6, 9])
    }

    func testNextThisPreviousAndAll() {
        let result = suppressions("""
            import A // archlint:disable:this layer-dependency
            // archlint:disable:next blanket-main-actor layer-dependency - migrating
            @MainActor final class X {}
            import B
            // archlint:disable:previous all
            /* archlint:disable all */
            """)
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 1))
        XCTAssertTrue(result.isSuppressed(rule: "blanket-main-actor", line: 3))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 3))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 4))
        XCTAssertTrue(result.isSuppressed(rule: "anything", line: 6))
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 2))
        XCTAssertTrue(result.unknownRules.isEmpty, "the reason after ' - ' is not a rule id")
    }

    func testPreviousOnTheFirstLineSilencesNothing() {
        let result = suppressions("import A // archlint:disable:previous layer-dependency\nimport B\n")
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 1), "the command's own line is not the previous one")
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 2))
    }

    func testUnknownRuleIdsAreReportedWithTheirPosition() {
        let source = "// archlint:disable:next layer-dependancy blanket-main-actor\nimport A\n"
        let result = suppressions(source)
        XCTAssertEqual(result.unknownRules.map(\.id), ["layer-dependancy"])
        XCTAssertEqual(result.unknownRules.first?.range, 25..<41)
    }

    func testCommandsInStringsAreNotCommands() {
        let result = suppressions("let s = \"// archlint:disable all\"\nimport A\n")
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 2))
    }
}
