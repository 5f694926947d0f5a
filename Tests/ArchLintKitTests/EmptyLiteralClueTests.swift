import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import XCTest

/// `repository-stub-return` lexes a repository's file only when a member's body may return
/// an empty literal by its bytes: a body that says no must hold no token an empty literal
/// starts with.
final class EmptyLiteralClueTests: XCTestCase {
    /// Whether the tokens between the body's `{` and `end` include one an empty literal
    /// starts with: the keyword `nil`, the punctuation `[`, or the name `Array`,
    /// `Dictionary` or `Set` (also in backticks).
    func tokensMayStartEmptyLiteral(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let view = TokenView(source: SourceFile(path: "Stub.swift", bytes: bytes))
        guard let open = view.tokens.indices.first(where: { view.tokens[$0].start >= start && view.isPunctuation($0, "{") }) else { return true }
        return view.tokens.indices.contains { index in
            let token = view.tokens[index]
            guard index > open, token.end <= end else { return false }
            return view.isKeyword(index, "nil") || view.isPunctuation(index, "[")
                || ["Array", "Dictionary", "Set"].contains(view.name(index) ?? "")
        }
    }

    func testBodiesWithoutTheWordsAreNotRead() {
        func clue(_ body: String) -> Bool {
            let text = "func fetchOrders() async throws -> [Order] " + body
            return EmptyLiteralClue.mayReturnEmpty(Array(text.utf8), from: 5, to: text.utf8.count)
        }
        XCTAssertFalse(clue("{ try await remote.fetchAll().map { $0.toDomain() } }"))
        XCTAssertFalse(clue("{ guard !cached.isEmpty else { throw error }; return cached }"))
        XCTAssertTrue(clue("{ return [] }"))
        XCTAssertTrue(clue("{ nil }"))
        XCTAssertTrue(clue("{ Array() }"))
        XCTAssertTrue(clue("{ return `Dictionary`() }"))
        XCTAssertTrue(clue("{ Set<Int>() }"))
        XCTAssertTrue(clue("{ cache[id] }"), "any `[` counts")
        XCTAssertTrue(clue("{ \"nil\" }"), "a word in a string counts too")
        XCTAssertTrue(clue(""), "no body: read as before")
    }

    /// Random bodies of words, literals, brackets, strings and comments: whenever the
    /// bytes say no, the tokens hold nothing an empty literal starts with.
    func testTheBytesNeverMissAnEmptyLiteralTheTokensHold() {
        let pieces = ["return", " ", "\n", "nil", "[", "]", "[:]", "Array", "Dictionary", "Set", "`Set`", "<Int>", "()",
                      "items", "isEmpty", "Settings", "nilValue", "remote", ".", "fetch", "{", "}", "\"text\"", "\"[\"",
                      "// nil\n", "/* [] */", "#if false\n", "#endif\n", "guard", "else", "throw", "error", "$0", "try", "await"]
        var generator = SplitMix(seed: 0xB0D1)
        var saidNo = 0
        for _ in 0..<5_000 {
            var text = "func load(id: UUID) -> [Item] {"
            for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] + " " }
            text += "}\n"
            let bytes = Array(text.utf8)
            if EmptyLiteralClue.mayReturnEmpty(bytes, from: 5, to: bytes.count) { continue }
            saidNo += 1
            XCTAssertFalse(tokensMayStartEmptyLiteral(bytes, from: 5, to: bytes.count), text.debugDescription)
        }
        XCTAssertGreaterThan(saidNo, 500)
    }

    /// A repository whose members hold no empty literal has no findings, and one member
    /// that returns `[]` among them still has its finding.
    func testTheRuleStillFindsTheStubAmongCleanMembers() {
        let clean = """
            protocol OrderRepository {
                func fetchOrders() async throws -> [Order]
                func fetchOrder(id: Order.ID) async throws -> Order?
            }

            final class OrderRepositoryImpl: OrderRepository {
                private let remote: OrderRemoteDataSource

                init(remote: OrderRemoteDataSource) {
                    self.remote = remote
                }

                func fetchOrders() async throws -> [Order] {
                    try await remote.fetchAll().map { $0.toDomain() }
                }

                func fetchOrder(id: Order.ID) async throws -> Order? {
                    try await remote.fetch(id: id).toDomain()
                }
            }
            """
        let stub = clean.replacingOccurrences(of: "try await remote.fetchAll().map { $0.toDomain() }", with: "return []")
        let configuration = Profiles.configuration(Profiles.defaultName)!
        for (text, expected) in [(clean, [Int]()), (stub, [14])] {
            let index = ProjectIndex.build(sources: [("App/Data/Orders/OrderRepositoryImpl.swift", Array(text.utf8))], configuration: configuration)
            let findings = Linter.run(index: index, configuration: configuration, rules: [RepositoryStubReturnRule.self], only: ["repository-stub-return"])
            XCTAssertEqual(findings.map(\.position.line), expected, text)
        }
    }
}
