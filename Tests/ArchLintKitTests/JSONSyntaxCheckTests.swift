@testable import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

final class JSONSyntaxCheckTests: XCTestCase {
    func problem(_ text: String) -> String? {
        JSONSyntaxCheck.firstProblem(in: Array(text.utf8))?.description
    }

    func testTheFirstErrorIsNamedWithItsLineAndColumn() {
        let cases: [(String, String)] = [
            ("{,}", "line 1, column 2: expected a key in double quotes or '}', found ','"),
            ("{\"exclude\": [\"a/\" \"b/\"]}", "line 1, column 19: expected ',' or ']' after a value, found '\"'"),
            ("{\"a\": [1, 2,, 3]}", "line 1, column 13: expected a value (an object, array, string, number, true, false or null), found ','"),
            ("{\"a\" 1}", "line 1, column 6: expected ':' after the key, found '1'"),
            ("{\"a\": 1} x", "line 1, column 10: unexpected 'x' after the end of the top-level value"),
            ("{\n  \"a\": \"open\n}", "line 2, column 8: a string that is not closed on its line"),
            ("{\"a\": \"open", "line 1, column 7: a string that is never closed"),
            ("{\"a\": 1 /* note", "line 1, column 9: a comment that is never closed"),
            ("{\"a\": \"\\u12\"}", "line 1, column 8: a \\u escape needs four hexadecimal digits"),
            ("{\"a\": 01}", "line 1, column 7: '01' is not a number"),
            ("{\"a\": 1e}", "line 1, column 7: '1e' is not a number"),
            ("{\"a\": [1, 2}", "line 1, column 12: expected ',' or ']' after a value, found '}'"),
            ("{\"a\": {\"b\": 1}", "line 1, column 15: expected ',' or '}' after a value, found the end of the file"),
            ("   \n\t", "line 2, column 2: the file is empty; expected an object"),
            // Columns count characters; `\r\n` ends one line.
            ("{\r\n  \"é\": \"ü\" \"x\"}", "line 2, column 12: expected ',' or '}' after a value, found '\"'"),
            ("{\"a\": @}", "line 1, column 7: expected a value (an object, array, string, number, true, false or null), found '@'"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(problem(text), expected, text.debugDescription)
            XCTAssertThrowsError(try JSONValue.parse(Data(text.utf8)), text.debugDescription) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.message, expected, text.debugDescription)
            }
        }
    }

    func testWhatTheConfigurationFormatAllowsIsNoProblem() throws {
        // Comments, trailing commas and the JSON5 forms the decoder accepts, and every
        // profile's starter file.
        var texts = [
            "{ // comment\n \"a\": [1, 2, ], /* block */ \"b\": { \"c\": null, }, }",
            "{ rules: { 'layer-dependency': { severity: 'off' } }, $schema: \"x\" }",
            "{ \"n\": [0x1F, -Infinity, +1, .5, 1.5e-3, NaN, 0, -0.0, true, false] }",
            "\u{FEFF}{ \"a\": \"line \\\n continued\" }",
            "{ \"s\": \"escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9\" }",
            "[]",
            // Values at the edge of what the decoder holds.
            "{ \"s\": [\"\\ud83d\\ude00\", \"\\x41\", \"\\'\", \"\\uFFFF\"], \"n\": [0x20000000000002, 0x8000000000000000, 1e-320, 1.7e308, 0e400, -1e308] }",
        ]
        texts += Profiles.names.map { Profiles.starterConfiguration($0, rules: RuleRegistry.descriptions)! }
        for text in texts {
            XCTAssertNil(problem(text), text)
            XCTAssertNoThrow(try JSONValue.parse(Data(text.utf8)), text)
        }
    }

    func testBrokenVariantsOfAStarterFileAreAnsweredWithAPlaceInTheFile() {
        // Characters deleted, doubled or replaced at random: the check never traps, and
        // where the decoder refuses a variant the check almost always says where.
        let starter = Array(Profiles.starterConfiguration("arcana", rules: RuleRegistry.descriptions)!.utf8)
        var generator = SplitMix(seed: 11)
        var refused = 0
        var placed = 0
        for _ in 0..<300 {
            var bytes = starter
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default:
                    let replacements = Array("{}[],:\"'/ x0\\".utf8)
                    bytes[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
                }
            }
            let found = JSONSyntaxCheck.firstProblem(in: bytes)
            if let found {
                let lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                XCTAssertLessThanOrEqual(found.line, lines.count)
                XCTAssertGreaterThanOrEqual(found.column, 1)
            }
            if (try? JSONValue.parse(Data(bytes))) == nil {
                refused += 1
                if found != nil { placed += 1 }
            }
        }
        XCTAssertGreaterThan(refused, 50)
        XCTAssertGreaterThan(Double(placed), 0.95 * Double(refused), "\(placed) of \(refused)")
    }

    func testDeepNestingIsReportedNotFollowed() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertEqual(problem(deep), "line 1, column 513: nested more than 512 levels deep")
    }
}
