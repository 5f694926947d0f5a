import ArchLintKit
import ArchLintRules
import Foundation
import SwiftLexer
import XCTest

/// Inputs that break naive tools: huge lines, deep nesting, broken encodings, enormous
/// declarations. Each runs through the whole pipeline — lexer, outline, index and every
/// rule — and must finish with correct positions. No timing assertions: speed on the
/// full-size versions is measured by `archlint-bench pathological` in `Benchmarks/`.
final class PathologicalInputTests: XCTestCase {
    /// Lints files in memory with every rule under the arcana profile.
    func lint(_ files: [(String, [UInt8])]) -> [Finding] {
        let configuration = Profiles.configuration("arcana")!
        let index = ProjectIndex.build(sources: files, configuration: configuration)
        return Linter.run(index: index, configuration: configuration, rules: RuleRegistry.all)
    }

    func lint(_ path: String, _ text: String) -> [Finding] { lint([(path, Array(text.utf8))]) }

    func testVeryLongSingleLine() {
        // 5 MB here; `archlint-bench pathological` times 50 MB (BENCHMARKS.md).
        let chunk = "x = a + b * c - d; "
        let text = String(repeating: chunk, count: 5_000_000 / chunk.utf8.count) + "import SwiftUI"
        let findings = lint("App/Domain/OneLine.swift", text)
        // The forbidden import at the very end is found on line 1, at its byte column.
        let importFinding = findings.first { $0.ruleID == "layer-dependency" }
        XCTAssertEqual(importFinding?.position.line, 1)
        XCTAssertEqual(importFinding?.position.column, text.utf8.count - "import SwiftUI".utf8.count + 1)
    }

    func testDeepNestingOfEveryBracketAndOfInterpolation() {
        let depth = 100_000
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}"), ("\"\\(", ")\"")] {
            let text = "func f() {\n let v = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "\n}\n@MainActor final class LoadNotesUseCase {}\n"
            let findings = lint("App/Domain/Deep.swift", text)
            XCTAssertEqual(findings.filter { $0.ruleID == "blanket-main-actor" }.map(\.position.line), [4], open)
        }
    }

    func testARunOfUnclosedGenericClauses() {
        // Each `<` could open a generic clause; none closes. (Finishing in time is measured by
        // `archlint-bench pathological`: every `<` once scanned to the end of the file.)
        for start in ["struct Pad", "let pad: Pad", "func pad", "typealias Pad = Box"] {
            let text = start + String(repeating: "<T", count: 20_000) + "\n@MainActor final class LoadNotesUseCase {}\n"
            let findings = lint("App/Domain/Angles.swift", text)
            XCTAssertEqual(findings.filter { $0.ruleID == "blanket-main-actor" }.map(\.position.line), [2], start)
        }
        let deep = String(repeating: "Box<", count: 40) + "Int" + String(repeating: ">", count: 40)
        let outline = IndexedFile.make(path: "App/Core/Deep.swift", bytes: Array("let deep: \(deep) = make()\nlet after = 1\n".utf8),
                                       configuration: Profiles.configuration("arcana")!).outline
        XCTAssertEqual(outline.declarations.map(\.name), ["deep", "after"])
        XCTAssertEqual(outline.declarations.first?.typeText, deep, "a clause nested 40 deep is still one type")
    }

    func testOnlyCompilerDirectivesAndUnbalancedOnes() {
        let many = String(repeating: "#if A\n#elseif B\n#else\n", count: 5_000) + String(repeating: "#endif\n", count: 4_000)
        XCTAssertTrue(lint("App/Domain/Directives.swift", many).isEmpty)
        let unbalanced = "#endif\n#endif\n#if DEBUG\nimport SwiftUI\n#else\n#else\n#elseif X\n"
        XCTAssertEqual(lint("App/Domain/Unbalanced.swift", unbalanced).map(\.ruleID), ["layer-dependency"])
    }

    func testInvalidUTF8AndNulBytesEverywhere() {
        var bytes: [UInt8] = []
        var generator = SplitMix(seed: 7)
        for _ in 0..<200_000 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        bytes += Array("\nimport SwiftUI\n".utf8) + [0, 0, 0xFF, 0xC0]
        let findings = lint([("App/Domain/Garbage.swift", bytes)])
        // Whatever the garbage lexes to, the pipeline finishes and positions stay in the file.
        let lineCount = SourceFile(path: "g", bytes: bytes).lineCount
        for finding in findings { XCTAssertLessThanOrEqual(finding.position.line, lineCount) }
        let nul = lint([("App/Domain/Nul.swift", [UInt8](repeating: 0, count: 100_000))])
        XCTAssertTrue(nul.isEmpty)
    }

    func testHugeEnumAndArrayLiteral() {
        let cases = (0..<10_000).map { "    case screen\($0)" }.joined(separator: "\n")
        let routes = "enum Route: Hashable {\n\(cases)\n}\n"
        let destination = "struct Router: View {\n    let route: Route\n    var body: some View {\n        switch route {\n"
            + (0..<9_999).map { "        case .screen\($0): Text(\"\($0)\")" }.joined(separator: "\n")
            + "\n        default: EmptyView()\n        }\n    }\n}\n"
        let findings = lint([("App/Presentation/Route.swift", Array(routes.utf8)), ("App/Presentation/Router.swift", Array(destination.utf8))])
        XCTAssertEqual(findings.filter { $0.ruleID == "navigation-route-destination" }.map(\.position.line), [10_001], "only the last case is uncovered")

        let array = "let values = [" + (0..<100_000).map(String.init).joined(separator: ", ") + "]\nlet after = 1\n"
        let file = SourceFile(path: "a.swift", text: array)
        let outline = IndexedFile.make(path: "App/Core/Values.swift", bytes: file.bytes, configuration: Profiles.configuration("arcana")!).outline
        XCTAssertEqual(outline.declarations.map(\.name), ["values", "after"])
        XCTAssertEqual(file.location(of: outline.declarations[1].nameOffset), SourceLocation(line: 2, column: 5))
    }

    func testAThousandExtensionsOfOneTypeAcrossFiles() {
        var files: [(String, [UInt8])] = [("App/Domain/NoteRepository.swift", Array("protocol NoteRepository {\n    func fetch() async throws -> [Note]\n    func save(_ note: Note) async throws\n}\nstruct Note {}\n".utf8))]
        files.append(("App/Data/LiveNoteRepository.swift", Array("final class LiveNoteRepository: NoteRepository {}\n".utf8)))
        for number in 0..<1_000 {
            let member = number == 0 ? "func fetch() async throws -> [Note] { try await load() }" : "func helper\(number)() {}"
            files.append(("App/Data/Extensions/Live+\(number).swift", Array("extension LiveNoteRepository {\n    \(member)\n}\n".utf8)))
        }
        let findings = lint(files).filter { $0.ruleID == "protocol-impl-parity" }
        XCTAssertEqual(findings.count, 1, "only save(_:) is missing")
        XCTAssertEqual(findings.first?.path, "App/Data/LiveNoteRepository.swift")
    }

    func testLineEndingsByteOrderMarkAndUnicode() {
        let text = "\u{FEFF}import Foundation\r\nstruct Café {}\r// comment\n@MainActor final class 日本UseCase {}\r\nlet π = 3.14 ≈ 3\n"
        let findings = lint("App/Domain/Unicode.swift", text)
        let finding = findings.first { $0.ruleID == "blanket-main-actor" }
        XCTAssertEqual(finding?.position.line, 4)
        XCTAssertEqual(finding?.position.column, 1)
        XCTAssertEqual(finding?.message.contains("日本UseCase"), true)
    }
}

/// A deterministic generator so failures reproduce.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
