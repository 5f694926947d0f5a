import SwiftLexer
import XCTest

final class InactiveConditionTests: XCTestCase {
    func testNeverTrueConditions() {
        for condition in ["false", " false\t", "never", "NEVER", "0", "(false)", "( ( 0 ) )", "(\tnever )"] {
            XCTAssertTrue(InactiveCondition.isNeverTrue(Array(condition.utf8)), condition)
        }
    }

    func testConditionsThatMayBeTrue() {
        for condition in ["", "true", "DEBUG", "False", "00", "(false) || DEBUG", "(false", "false)", "()", "!true", "os(iOS)", "(false)(0)"] {
            XCTAssertFalse(InactiveCondition.isNeverTrue(Array(condition.utf8)), condition)
        }
    }
}
