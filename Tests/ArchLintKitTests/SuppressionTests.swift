import ArchLintKit
import ArchLintRules
import Foundation
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

    func testMisspelledAndEmptyCommandsAreMalformedAndSilenceNothing() {
        let source = """
            // archlint:disable-next-line layer-dependency
            import A
            // archlint: disable layer-dependency
            import B
            // archlint:disable:next
            import C
            /* archlint:disabled blanket-main-actor */
            import D
            """
        let result = suppressions(source)
        XCTAssertEqual(result.malformedCommands.map(\.message), [
            "Unknown suppression command 'archlint:disable-next-line'; did you mean 'archlint:disable:next'? The commands are disable, enable, disable:next, disable:this and disable:previous, each followed by rule ids or `all`.",
            "Unknown suppression command 'archlint: disable'; did you mean 'archlint:disable' (with no space after the colon)? The commands are disable, enable, disable:next, disable:this and disable:previous, each followed by rule ids or `all`.",
            "The suppression command 'archlint:disable:next' names no rule, so it silences nothing; name the rule ids (or `all`) after it.",
            "Unknown suppression command 'archlint:disabled'; did you mean 'archlint:disable'? The commands are disable, enable, disable:next, disable:this and disable:previous, each followed by rule ids or `all`.",
        ])
        // Each is located from `archlint:` to the end of the action.
        let bytes = Array(source.utf8)
        XCTAssertEqual(result.malformedCommands.map { String(decoding: bytes[$0.range], as: UTF8.self) },
                       ["archlint:disable-next-line", "archlint: disable", "archlint:disable:next", "archlint:disabled"])
        XCTAssertTrue((1...8).allSatisfy { !result.isSuppressed(rule: "layer-dependency", line: $0) })
    }

    func testAFindingReportedOncePerFileMovesPastASuppressedFirstOccurrence() {
        let configuration = Profiles.configuration("arcana")!
        func findings(_ editor: String) -> [Finding] {
            let index = ProjectIndex.build(sources: [("App/Data/NoteDTO.swift", Array("struct NoteDTO {}\n".utf8)),
                                                     ("App/Presentation/EditorModel.swift", Array(editor.utf8))], configuration: configuration)
            return Linter.run(index: index, configuration: configuration, rules: RuleRegistry.all).filter { $0.ruleID == "layer-dependency" }
        }
        // The command covers its next line only: the use on line 5 is still reported, once.
        let moved = findings("""
            struct EditorModel {
                // archlint:disable:next layer-dependency
                var legacy: NoteDTO?

                func draft() -> NoteDTO { NoteDTO() }
            }
            """)
        XCTAssertEqual(moved.map { "\($0.position.line):\($0.position.column) \($0.isSuppressed)" }, ["5:21 false"])
        // Every occurrence covered: one suppressed finding, at the first.
        let silenced = findings("""
            // archlint:disable layer-dependency
            struct EditorModel {
                var legacy: NoteDTO?
                func draft() -> NoteDTO { NoteDTO() }
            }
            """)
        XCTAssertEqual(silenced.map { "\($0.position.line):\($0.position.column) \($0.isSuppressed)" }, ["3:17 true"])
        // Moving keeps the fingerprint: the finding is the same one, wherever it is shown.
        let unsuppressed = findings("""
            struct EditorModel {
                var legacy: NoteDTO?
                func draft() -> NoteDTO { NoteDTO() }
            }
            """)
        XCTAssertEqual(moved.map(\.fingerprint), unsuppressed.map(\.fingerprint))
    }

    func testActionsMisspelledOrInAnotherToolsWordsAreMalformed() {
        let source = """
            // archlint:disabel layer-dependency
            import A
            // archlint:disble:next layer-dependency
            import B
            // archlint:enabel layer-dependency
            // archlint:ignore layer-dependency
            import C
            // archlint:disabe
            // archlint: this file keeps its UIKit import until the export screen moves
            // archlint:dispatch is not a command, and the prose goes on
            // checked by archlint: table-driven tests cover the rest
            // archlint: off-by-one guard below
            // archlint: unable-to-parse files are reported as well
            """
        let result = suppressions(source)
        let bytes = Array(source.utf8)
        XCTAssertEqual(result.malformedCommands.map { String(decoding: bytes[$0.range], as: UTF8.self) },
                       ["archlint:disabel", "archlint:disble:next", "archlint:enabel", "archlint:ignore", "archlint:disabe"])
        XCTAssertEqual(result.malformedCommands.map { $0.message.components(separatedBy: "did you mean ").last!.prefix(while: { $0 != "?" }) },
                       ["'archlint:disable'", "'archlint:disable:next'", "'archlint:enable'", "'archlint:disable'", "'archlint:disable'"])
        XCTAssertTrue((1...13).allSatisfy { !result.isSuppressed(rule: "layer-dependency", line: $0) })
    }

    /// The engine's own rule is no `Rule` type, so its examples (printed by `explain`) are run
    /// here: each ↓ marks a finding, at its line and column.
    func testTheInvalidSuppressionExamplesBehave() {
        let rule = EngineRules.invalidSuppression
        let configuration = Profiles.configuration("arcana")!
        for (examples, triggers) in [(rule.triggeringExamples, true), (rule.nonTriggeringExamples, false)] {
            for example in examples {
                let file = example.files[0]
                var source = file.source
                var expected: [String] = []
                while let marker = source.range(of: "↓") {
                    let before = source[..<marker.lowerBound]
                    let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
                    let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf8.count ?? 0) + 1
                    expected.append("\(line):\(column)")
                    source.removeSubrange(marker)
                }
                XCTAssertEqual(expected.isEmpty, !triggers, file.source)
                let index = ProjectIndex.build(sources: [(file.path, Array(source.utf8))], configuration: configuration)
                let found = Linter.run(index: index, configuration: configuration, rules: RuleRegistry.all).filter { $0.ruleID == rule.id }
                XCTAssertEqual(found.map { "\($0.position.line):\($0.position.column)" }, expected, file.source)
            }
        }
    }

    func testMalformedCommandsAreInvalidSuppressionFindings() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "// archlint:disable-next-line layer-dependency\nimport SwiftUI\n")
        let result = project.run(["App", "--format", "xcode"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("/App/Domain/Note.swift:1:4: warning: Unknown suppression command 'archlint:disable-next-line'; did you mean 'archlint:disable:next'?"), result.out)
        XCTAssertTrue(result.out.contains("/App/Domain/Note.swift:2:1: error: Domain imports SwiftUI"), result.out)
    }

    func testProseAboutArchlintIsNoCommand() {
        let result = suppressions("// The archlint: docs say how to disable a rule.\n/* archlint: enables layer checks per folder */\nimport A\n")
        XCTAssertTrue(result.malformedCommands.isEmpty)
        XCTAssertTrue(result.unknownRules.isEmpty)
    }

    func testABlockCommentsRuleIdsMayStartOnTheNextLine() {
        let result = suppressions("""
            /* archlint:disable:next
               layer-dependency - legacy import */
            import A
            /* archlint:disable:next blanket-main-actor
               Reasons on later lines are prose, not rule ids. */
            @MainActor final class B {}
            /* archlint:disable:next
               The screen is legacy. */
            import C
            """)
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 3))
        XCTAssertTrue(result.isSuppressed(rule: "blanket-main-actor", line: 6))
        // A next line of prose is no list of ids: the command names no rule.
        XCTAssertEqual(result.malformedCommands.map(\.message), ["The suppression command 'archlint:disable:next' names no rule, so it silences nothing; name the rule ids (or `all`) after it."])
        XCTAssertTrue(result.unknownRules.isEmpty, "\(result.unknownRules.map(\.id))")
    }

    func testABlockCommentOnOneLineReadsItsIdsLikeALineComment() {
        let result = suppressions("""
            /* archlint:disable:next blanket-main-acter layer-dependency */
            import A
            /* archlint:disable:next layer-dependancy */
            import B
            """)
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 2), "a misspelled id first does not end the list")
        XCTAssertEqual(result.unknownRules.map(\.id), ["blanket-main-acter", "layer-dependancy"])
        XCTAssertTrue(result.malformedCommands.isEmpty, "\(result.malformedCommands.map(\.message))")
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

    func testAWordThatIsNoRuleIdStartsTheReason() {
        let source = """
            // archlint:disable:next blanket-main-actor (the parent list handles taps)
            import A
            // archlint:disable:next layer-dependency layer-dependancy please check
            import B
            // Note: we never use archlint:disable in this module, fix the code instead.
            import C
            // archlint:disable:this force_cast
            import D
            """
        let result = suppressions(source)
        XCTAssertTrue(result.isSuppressed(rule: "blanket-main-actor", line: 2))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 4))
        XCTAssertEqual(result.unknownRules.map(\.id), ["layer-dependancy"], "misspelled ids are still reported, prose is not")
        XCTAssertEqual(result.malformedCommands.map(\.message), [
            "The suppression command 'archlint:disable:this' names no rule ('force_cast' is not a rule id), so it silences nothing; name the rule ids (or `all`) after it.",
        ])
    }

    func testAHyphenatedReasonWordIsNoUnknownRule() {
        let source = """
            // archlint:disable:next blanket-main-actor long-standing design decision
            import A
            // archlint:disable:next layer-dependency, follow-up in the next release
            import B
            // archlint:disable:next layer-dependency blanket-mian-actor
            import C
            """
        let result = suppressions(source)
        XCTAssertTrue(result.isSuppressed(rule: "blanket-main-actor", line: 2))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 4))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 6))
        XCTAssertEqual(result.unknownRules.map(\.id), ["blanket-mian-actor"], "a near miss of a rule id is still reported, a reason word is not")
    }

    func testABlockCommentsCommandMayStartALaterLine() {
        let source = """
            /*
             The legacy importer predates the layers.
             archlint:disable:next layer-dependency
             */
            import A
            """
        let result = suppressions(source)
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 5))
    }

    func testACommandMentionedInProseSilencesNothing() {
        let source = """
            // Never write archlint:disable layer-dependency here; move the type instead.
            import A
            /* See README: archlint:disable:next layer-dependency silences one line. */
            import B
            import C // the legacy module // archlint:disable:this layer-dependency
            import D /// archlint:disable:this blanket-main-actor
            """
        let result = suppressions(source)
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 2))
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 4))
        XCTAssertTrue(result.isSuppressed(rule: "layer-dependency", line: 5), "a comment within the comment may hold a command")
        XCTAssertTrue(result.isSuppressed(rule: "blanket-main-actor", line: 6))
        XCTAssertTrue(result.malformedCommands.isEmpty)
        XCTAssertTrue(result.unknownRules.isEmpty)
    }

    func testCommandsInStringsAreNotCommands() {
        let result = suppressions("let s = \"// archlint:disable all\"\nimport A\n")
        XCTAssertFalse(result.isSuppressed(rule: "layer-dependency", line: 2))
    }
}
