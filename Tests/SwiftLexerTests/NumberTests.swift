import SwiftLexer
import XCTest

final class NumberTests: XCTestCase {
    func testIntegers() {
        XCTAssertEqual(lex("0 42 1_000_000 0x1F 0xdead_BEEF 0o755 0b1010_0101 007"), [
            "integer:0", "integer:42", "integer:1_000_000", "integer:0x1F", "integer:0xdead_BEEF",
            "integer:0o755", "integer:0b1010_0101", "integer:007",
        ])
    }

    func testFloats() {
        XCTAssertEqual(lex("3.14 1e10 1E-5 2.5e+3 1_0.0_1 0x1p-3 0x1.8p4 0xFFp0 6.02_2e23"), [
            "float:3.14", "float:1e10", "float:1E-5", "float:2.5e+3", "float:1_0.0_1", "float:0x1p-3",
            "float:0x1.8p4", "float:0xFFp0", "float:6.02_2e23",
        ])
    }

    func testNegativeNumbersAreOperatorThenLiteral() {
        XCTAssertEqual(lex("-1 + -2.5"), ["operator:-", "integer:1", "operator:+", "operator:-", "float:2.5"])
    }

    func testMemberAccessOnNumbers() {
        XCTAssertEqual(lex("1.description"), ["integer:1", "operator:.", "identifier:description"])
        XCTAssertEqual(lex("0x10.bitWidth"), ["integer:0x10", "operator:.", "identifier:bitWidth"])
        XCTAssertEqual(lex("1..<5"), ["integer:1", "operator:..<", "integer:5"])
        XCTAssertEqual(lex("0...9"), ["integer:0", "operator:...", "integer:9"])
    }

    func testTupleElementAccessChainsAreIntegers() {
        XCTAssertEqual(lex("pair.0.1"), ["identifier:pair", "operator:.", "integer:0", "operator:.", "integer:1"])
    }

    func testMalformedNumbersKeepGluedLettersAndAreFlagged() {
        let (bytes, lexed) = tokens("12abc 0b102 0xZ 1e 0o9")
        let texts = lexed.tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        XCTAssertEqual(texts, ["12abc", "0b102", "0xZ", "1e", "0o9"])
        XCTAssertTrue(lexed.tokens.allSatisfy { $0.flags.contains(.invalid) })
        XCTAssertEqual(lexed.tokens.map(\.kind), [.integer, .integer, .integer, .float, .integer])
    }

    func testAHexFloatWithoutExponentIsOneFlaggedTokenWhateverFollows() {
        // A digit right after the dot makes it a (malformed) hex float, as Swift decides; a
        // letter starts a member, even one spelled with hex digits.
        for source in ["0x1.8", "0x1.8\n", "0x1.8\nlet b = 1", "0x1.8 + y"] {
            let (bytes, lexed) = tokens(source)
            XCTAssertEqual(String(decoding: bytes[lexed.tokens[0].range], as: UTF8.self), "0x1.8", source)
            XCTAssertTrue(lexed.tokens[0].flags.contains(.invalid), source)
        }
        XCTAssertEqual(lex("0xff.dead"), ["integer:0xff", "operator:.", "identifier:dead"])
    }

    func testNumberAtEndOfFile() {
        XCTAssertEqual(lex("1."), ["integer:1", "operator:."])
        XCTAssertEqual(lex("0x"), ["integer:0x"])
        XCTAssertEqual(lex("7"), ["integer:7"])
    }
}
