import SwiftLexer
import XCTest

final class InactiveConditionTests: XCTestCase {
    func testNeverTrueConditions() {
        for condition in ["false", " false\t", "never", "NEVER", "0", "(false)", "( ( 0 ) )", "(\tnever )",
                          "!true", "!(1)", "DEBUG && false", "false && DEBUG", "(DEBUG || TESTING) && (0)", "os(iOS) && !true && DEBUG"] {
            XCTAssertTrue(InactiveCondition.isNeverTrue(Array(condition.utf8)), condition)
        }
    }

    func testConditionsThatMayBeTrue() {
        for condition in ["", "true", "DEBUG", "False", "00", "(false) || DEBUG", "(false", "false)", "()", "os(iOS)", "(false)(0)",
                          "!false", "!DEBUG", "DEBUG && false || TESTING", "DEBUG && (false || TESTING)", "(DEBUG) && (TESTING)", "DEBUG & false", "&&"] {
            XCTAssertFalse(InactiveCondition.isNeverTrue(Array(condition.utf8)), condition)
        }
    }
}
