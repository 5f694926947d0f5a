@testable import ArchLintKit
import XCTest

/// The words of inheritance lists, `where` clauses and aliased types, which
/// `namesMayConform(to:)` follows.
final class InheritanceWordsTests: XCTestCase {
    func words(_ text: String) -> [String] {
        var found: [String] = []
        ProjectIndex.forEachWord(in: text) { found.append($0) }
        return found
    }

    func testWordsAreIdentifiersInOrder() {
        XCTAssertEqual(words("View"), ["View"])
        XCTAssertEqual(words("Domain.NoteRepository<Int>"), ["Domain", "NoteRepository", "Int"])
        XCTAssertEqual(words("Self: Equatable, T == [Note.ID]"), ["Self", "Equatable", "T", "Note", "ID"])
        XCTAssertEqual(words("any (NoteStore & Sendable)?"), ["any", "NoteStore", "Sendable"])
        XCTAssertEqual(words("  _Box2 "), ["_Box2"])
        XCTAssertEqual(words("Café.Crème"), ["Café", "Crème"])
        XCTAssertEqual(words("<>.,"), [])
        XCTAssertEqual(words(""), [])
    }
}
