import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import XCTest

/// `service-repository-method` tells a call from a function reference written with spaces
/// (`repository.remove (id:)`) from the file's bytes, and lexes the code only when the
/// bytes cannot tell: the bytes' answer, when they give one, is the tokens' answer.
final class ReferenceLabelScanTests: XCTestCase {
    /// The answer of the tokens, for the `(` at `offset`.
    func tokenAnswer(_ bytes: [UInt8], _ offset: Int) -> [String]? {
        TokenView(source: SourceFile(path: "Scan.swift", bytes: bytes)).referenceLabels(atParenthesis: offset)
    }

    func testPlainCasesAreReadFromTheBytes() {
        let cases: [(String, ReferenceLabelScan)] = [
            ("r.f(id:)", .known(["id"])),
            ("r.f(_:)", .known(["_"])),
            ("r.f (id :limit: )", .known(["id", "limit"])),
            ("r.f(\n    id:\n    limit:\n)", .known(["id", "limit"])),
            ("r.f(is:self:)", .known(["is", "self"])),
            ("r.f(id: 4)", .known(nil)),
            ("r.f(id: x)", .known(nil)),
            ("r.f(x)", .known(nil)),
            ("r.f()", .known(nil)),
            ("r.f(  )", .known(nil)),
            ("r.f(\"id:\")", .known(nil)),
            ("r.f(id: /* later */)", .unknown),
            ("r.f(`id`:)", .unknown),
            ("r.f(émoji:)", .unknown),
            ("r.f($0)", .unknown),
            ("r.f(id$:)", .unknown),
            ("r.f(<#id#>:)", .unknown),
            ("r.f(#line)", .unknown),
            ("r.f(id:", .unknown),
            ("r.f(id:}", .known(["id"])),
            ("r.f(id:]", .known(["id"])),
            ("r.f", .unknown),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            let offset = bytes.firstIndex(of: UInt8(ascii: "(")) ?? 3
            let answer = ReferenceLabelScan.labels(in: bytes, atParenthesis: offset)
            XCTAssertEqual(answer, expected, text)
            if case .known(let labels) = answer { XCTAssertEqual(labels, tokenAnswer(bytes, offset), text) }
        }
    }

    /// Random argument lists of names, labels, values, trivia and characters only the lexer
    /// reads: whenever the bytes answer, the tokens answer the same.
    func testTheBytesAgreeWithTheTokensOnRandomArgumentLists() {
        let pieces = ["id:", "limit:", "_:", "id", "limit", "_", "is", "self", "x1", "_x", "Ünïcode", "`raw`", "$0", "a$", "#line", "<#p#>",
                      " ", "  ", "\n", "\t", "\r\n", "\u{0B}", ":", ":", ":", ",", "42", "\"s\"", "/* c */", "// c\n",
                      "(", ")", "{", "}", "[", "]", ".", "&", "?", "!", "->", "=", "\\", "'"]
        var generator = SplitMix(seed: 0x5EED)
        var known = 0, references = 0
        for _ in 0..<20_000 {
            var text = "repository.remove("
            for _ in 0..<Int(generator.next() % 7) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            if generator.next() % 4 != 0 { text += ")" }
            text += " + tail"
            let bytes = Array(text.utf8)
            let offset = 17
            guard case .known(let labels) = ReferenceLabelScan.labels(in: bytes, atParenthesis: offset) else { continue }
            known += 1
            if labels != nil { references += 1 }
            XCTAssertEqual(labels, tokenAnswer(bytes, offset), text.debugDescription)
        }
        // Most lists are answered from the bytes, references among them.
        XCTAssertGreaterThan(known, 10_000)
        XCTAssertGreaterThan(references, 300)
    }

    /// A reference written with spaces is still told from a call, and a comment inside the
    /// parentheses still sends the rule to the tokens.
    func testTheRuleFlagsReferencesWrittenWithSpacesOrComments() {
        func findings(_ reference: String) -> [Finding] {
            let text = """
                protocol SavedSearchRepository {
                    func forget(_ searchID: UUID) throws
                    func recent() -> [SavedSearch]
                }

                struct SavedSearchService {
                    let store: any SavedSearchRepository
                    var onForget: ((UUID) throws -> Void) {
                        \(reference)
                    }
                }
                """
            let configuration = Profiles.configuration(Profiles.defaultName)!
            let index = ProjectIndex.build(sources: [("App/Domain/Search/SavedSearchService.swift", Array(text.utf8))], configuration: configuration)
            return Linter.run(index: index, configuration: configuration, rules: [ServiceRepositoryMethodRule.self], only: ["service-repository-method"])
        }
        XCTAssertEqual(findings("store.forget (searchID:)").map(\.position.line), [9])
        XCTAssertEqual(findings("store.forget(/* which */ searchID:)").map(\.position.line), [9])
        XCTAssertEqual(findings("store.forget (_:)").count, 0)
        XCTAssertEqual(findings("store.forget(/* which */ _:)").count, 0)
        XCTAssertEqual(findings("{ id in try store.forget(id) }").count, 0)
    }

    /// A name the protocol does not declare gets the member it most likely meant: the
    /// nearest spelling, else the name nearest in length among those it contains or is
    /// contained in.
    func testTheRuleSuggestsTheMemberAMisspeltNameMeant() {
        func hint(_ call: String) -> String? {
            let text = """
                protocol UserRepository {
                    func user(id: Int) async throws -> String
                    func users() async throws -> [String]
                    func synchronizeAll() async throws
                    func synchronize() async throws
                }

                final class UserDirectoryService {
                    private let repository: any UserRepository
                    init(repository: any UserRepository) { self.repository = repository }
                    func run() async throws { _ = try await \(call) }
                }
                """
            let configuration = Profiles.configuration(Profiles.defaultName)!
            let index = ProjectIndex.build(sources: [("App/Domain/Users/UserDirectoryService.swift", Array(text.utf8))], configuration: configuration)
            let found = Linter.run(index: index, configuration: configuration, rules: [ServiceRepositoryMethodRule.self], only: ["service-repository-method"])
            guard found.count == 1 else { return nil }
            guard let range = found[0].message.range(of: "Did you mean ") else { return "no hint" }
            return String(found[0].message[range.upperBound...].prefix { $0 != "?" })
        }
        XCTAssertEqual(hint("repository.fetchUsers()"), "`users()`")
        XCTAssertEqual(hint("repository.allUsers()"), "`users()`")
        XCTAssertEqual(hint("repository.sync()"), "`synchronize()`")
        XCTAssertEqual(hint("repository.usr(id: 1)"), "`user(id:)`")
        XCTAssertEqual(hint("repository.delete(id: 1)"), "no hint")
    }
}
