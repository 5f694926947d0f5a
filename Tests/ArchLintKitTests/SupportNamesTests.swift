@testable import ArchLintRules
import XCTest

/// Name helpers several rules share.
final class SupportNamesTests: XCTestCase {
    func testModuleQualifierIsDroppedDownToTheFirstDeclaredEnding() {
        let declared: Set<String> = ["NoteRepository", "Feed.Item", "Item", "Sync.Engine"]
        func drop(_ name: String) -> String { droppingModuleQualifier(name, declares: declared.contains) }
        XCTAssertEqual(drop("ArcanaDomain.NoteRepository"), "NoteRepository")
        XCTAssertEqual(drop("NoteRepository"), "NoteRepository")
        // The longest declared ending wins: `Feed.Item`, not `Item`.
        XCTAssertEqual(drop("ArcanaDomain.Feed.Item"), "Feed.Item")
        // A declared name is kept whole, qualifier and all.
        XCTAssertEqual(drop("Sync.Engine"), "Sync.Engine")
        // Nothing declared: the name as written.
        XCTAssertEqual(drop("Foundation.URLSession"), "Foundation.URLSession")
        XCTAssertEqual(drop(""), "")
    }

    func testLastComponentOfDottedNames() {
        XCTAssertEqual(lastComponent("ArcanaDomain.NoteRepository"), "NoteRepository")
        XCTAssertEqual(lastComponent("NoteRepository"), "NoteRepository")
        XCTAssertEqual(lastComponent("Outer.Inner.Leaf"), "Leaf")
    }
}
