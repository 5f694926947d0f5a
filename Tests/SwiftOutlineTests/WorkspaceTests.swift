import SwiftLexer
import SwiftOutline
import XCTest

/// An `OutlineWorkspace` is reused for file after file on a thread: every outline built in
/// it must equal the one built with memory of its own, whatever the workspace held before
/// (a larger file's tokens and bracket pairs are still in its memory).
final class WorkspaceTests: XCTestCase {
    func testOutlinesBuiltInAReusedWorkspaceEqualFreshOnes() {
        let repository = (0..<120).map { number in
            """
                /// Loads page \(number).
                @MainActor func page\(number)(after cursor: String?, limit: Int = 20) async throws -> [Note] {
                    let response = try await client.send(NotesRequest(page: \(number), cursor: cursor))
                    return response.items.map { Note(id: $0.id, title: "\\($0.title) #\(number)") }
                }

            """
        }.joined()
        let files = [
            "import Foundation\n\nfinal class NoteRepositoryImpl: NoteRepository {\n    private let client: APIClient\n" + repository + "}\n",
            "struct Small { let id: UUID }\n",
            // Unclosed groups and a stray closer: pairs that point past the end of the group.
            "struct Feed {\n    func load(id: Int,\n    let table = [\n    class Late { var rows: [Row] = [] }\n}\n}\nenum Tail { case a(Int }\n",
            "",
            String(repeating: "(", count: 500) + "\nfunc after() {}\n",
            "enum Route: Hashable { case detail(id: Note.ID), settings }\n#if DEBUG\nextension Route { static let preview = Route.settings }\n#endif\n",
        ]
        let workspace = OutlineWorkspace()
        for order in [Array(files.indices), files.indices.reversed(), [0, 1, 0, 4, 2, 3, 5]] {
            for number in order {
                let source = SourceFile(path: "File\(number).swift", text: files[number])
                let fresh = OutlineBuilder.build(source)
                let (reused, comments) = OutlineBuilder.build(source, workspace: workspace)
                XCTAssertEqual(summary(reused), summary(fresh), "file \(number)")
                XCTAssertEqual(comments, Lexer.tokenize(source).comments, "comments of file \(number)")
            }
        }
        let large = OutlineBuilder.build(SourceFile(path: "Large.swift", text: files[0]), workspace: workspace).outline
        XCTAssertEqual(large.declarations.count, 122, "the class, its property and 120 functions")
    }

    func testAWorkspaceGivesBackTheBlocksOfAHugeFile() {
        let workspace = OutlineWorkspace()
        // More tokens than a workspace keeps room for between files.
        let huge = SourceFile(path: "Huge.swift", text: "let values = [" + String(repeating: "1,", count: OutlineWorkspace.keptTokens / 2 + 1) + "]\nstruct After {}\n")
        let small = SourceFile(path: "Small.swift", text: "struct Small { let id: UUID }\n")
        XCTAssertEqual(OutlineBuilder.build(huge, workspace: workspace).outline.tree, ["let values", "struct After"])
        XCTAssertGreaterThan(workspace.tokens.count, OutlineWorkspace.keptTokens)
        workspace.trim()
        XCTAssertEqual(workspace.tokens.count, 0, "the huge file's blocks are given back")
        XCTAssertEqual(OutlineBuilder.build(small, workspace: workspace).outline.tree, OutlineBuilder.build(small).tree)
        workspace.trim()
        XCTAssertEqual(workspace.tokens.count, 8, "a small file's blocks are kept")
        XCTAssertEqual(OutlineBuilder.build(huge, workspace: workspace).outline.tree, ["let values", "struct After"])
    }

    /// The builder's scratch lists keep their capacity from file to file; what a
    /// declaration keeps must be a list of its own size, not a scratch list's buffer.
    func testListsKeptByDeclarationsAreOfTheirOwnSize() {
        let workspace = OutlineWorkspace()
        let wide = """
            @MainActor public final class Wide: Base, Codable, Hashable, Identifiable, Sendable, CustomStringConvertible, Equatable {
                nonisolated public private(set) static var shared = Wide()
                @objc public override final dynamic func refresh() {}
            }
            """
        _ = OutlineBuilder.build(SourceFile(path: "Wide.swift", text: wide), workspace: workspace)
        let narrow = OutlineBuilder.build(SourceFile(path: "Narrow.swift", text: "private struct Row: View {\n    private let id: Int\n}\n"),
                                          workspace: workspace).outline
        let row = narrow.declarations[0]
        XCTAssertEqual(row.modifiers, ["private"])
        XCTAssertEqual(row.inherits, ["View"])
        XCTAssertLessThan(row.modifiers.capacity, 4, "not the capacity of the longest modifier list seen before")
        XCTAssertLessThan(row.inherits.capacity, 4, "not the capacity of the longest inheritance clause seen before")
    }

    /// Every field a rule reads, one line per declaration.
    private func summary(_ outline: FileOutline) -> [String] {
        var lines = outline.imports.map { "import \($0.path) \($0.offset)" }
        lines.append("top \(outline.topLevel) \(outline.topLevelFacts.accessSummaries) \(outline.topLevelFacts.referenceSummaries)")
        for item in outline.declarations {
            let parameters = item.parameters.map { "\($0.label) \($0.name): \($0.type) \($0.hasDefaultValue) \($0.offset)" }
            lines.append("""
                \(item.kind.rawValue) \(item.name) \(item.nameOffset) \(item.range) \(item.members) \(String(describing: item.parent)) \
                \(item.attributes.map(\.name)) \(item.modifiers) \(item.inherits) \(item.conditions.map(\.condition)) \(parameters) \
                \(String(describing: item.returnType)) \(String(describing: item.typeText)) \(item.hasBody) \(item.isStored) \
                \(item.facts.accessSummaries) \(item.facts.calls.map(\.name)) \(item.facts.referenceSummaries)
                """)
        }
        return lines
    }
}
