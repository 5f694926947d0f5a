@testable import ArchLintKit
import XCTest

/// The quick look for `archlint` before a comment is parsed for a command.
final class SuppressionWordTests: XCTestCase {
    func mayHold(_ text: String, dropping prefix: Int = 0) -> Bool {
        let bytes = Array(text.utf8)
        return Suppressions.mayHoldCommand(bytes[prefix...])
    }

    func testTheWordAnywhereAndNothingElse() {
        XCTAssertTrue(mayHold("archlint"))
        XCTAssertTrue(mayHold("// archlint:disable layer-dependency"))
        XCTAssertTrue(mayHold("/* the hash, the height, then archlint */"))
        XCTAssertTrue(mayHold("xxarchlint", dropping: 2), "a slice that starts inside an array")
        XCTAssertTrue(mayHold("harchlinth"))
        XCTAssertFalse(mayHold("archlin"))
        XCTAssertFalse(mayHold("ARCHLINT"), "commands are lower case")
        XCTAssertFalse(mayHold("arch lint, which hh hhh"))
        XCTAssertFalse(mayHold("archlint", dropping: 1))
        XCTAssertFalse(mayHold(""))
        XCTAssertFalse(mayHold("h"))
        // Every place the word can start in a text of `h`s.
        for offset in 0...12 {
            let text = String(repeating: "h", count: offset) + "archlint" + String(repeating: "h", count: 12 - offset)
            XCTAssertTrue(mayHold(text), text)
            XCTAssertFalse(mayHold(text.replacingOccurrences(of: "archlint", with: "archlinT")), text)
        }
    }
}
