import SwiftLexer
import XCTest

/// The lexer reads runs of spaces, comment lines and string text eight bytes at a time,
/// and looks short names up among the words by all their bytes at once. These tests put
/// the byte that ends each run at every place of the first steps (and at the end of the
/// file, where fewer than eight bytes are left) and check that the run ends exactly there.
final class EightByteStepTests: XCTestCase {
    func testSpacesEndAtTheFirstOtherByteWhereverItFalls() {
        for spaces in 1...20 {
            for tail in ["x", "x y", "\n  x", "\t x", "// note", "(", "\u{A0}x", ""] {
                let source = "a" + String(repeating: " ", count: spaces) + tail
                let (bytes, lexed) = tokens(source)
                assertCoversEveryByte(bytes)
                let label = "\(spaces) spaces, then \(tail.debugDescription)"
                XCTAssertEqual(lexed.tokens[0].end, 1, label)
                let nextStart = 1 + spaces + Array(tail.utf8).prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0xC2 || $0 == 0xA0 }.count
                if tail.hasSuffix("x") || tail.hasPrefix("x") || tail == "(" {
                    guard lexed.tokens.count > 1 else {
                        XCTFail("one token only: \(label)")
                        continue
                    }
                    XCTAssertEqual(lexed.tokens[1].start, nextStart, label)
                    XCTAssertTrue(lexed.tokens[1].flags.contains(.triviaBefore), label)
                } else if tail.hasPrefix("//") {
                    XCTAssertEqual(lexed.comments.map(\.start), [1 + spaces], label)
                } else {
                    XCTAssertEqual(lexed.tokens.count, 1, label)
                }
            }
        }
    }

    func testCommentLinesEndAtTheLineBreakWhereverItFalls() {
        for length in 0...20 {
            for ending in ["\n", "\r\n", "\r", ""] {
                let text = "// " + String(repeating: "c", count: length)
                let source = text + ending + (ending.isEmpty ? "" : "x")
                let (bytes, lexed) = tokens(source)
                assertCoversEveryByte(bytes)
                let label = "\(length) bytes, then \(ending.debugDescription)"
                XCTAssertEqual(lexed.comments.map(\.range), [0..<text.utf8.count], label)
                if ending.isEmpty {
                    XCTAssertTrue(lexed.tokens.isEmpty, label)
                } else {
                    XCTAssertEqual(lexed.tokens.map(\.start), [text.utf8.count + ending.utf8.count], label)
                    XCTAssertTrue(lexed.tokens[0].flags.contains(.newlineBefore), label)
                }
            }
        }
    }

    func testStringTextEndsAtTheFirstQuoteBackslashOrLineBreakWhereverItFalls() {
        for length in 0...20 {
            let text = String(repeating: "t", count: length)
            let segment = length > 0 ? ["string-segment:\(text)"] : []
            XCTAssertEqual(lex("\"\(text)\" x"), ["string-quote:\""] + segment + ["string-quote:\"", "identifier:x"], "closed after \(length)")
            XCTAssertEqual(lex("\"\(text)\"x"), ["string-quote:\""] + segment + ["string-quote:\"", "identifier:x"], "closed at the end after \(length)")
            XCTAssertEqual(lex("\"\(text)\\(v)w\""), ["string-quote:\""] + segment + [
                "interpolation-start:\\(", "identifier:v", "interpolation-end:)", "string-segment:w", "string-quote:\"",
            ], "interpolation after \(length)")
            XCTAssertEqual(lex("\"\(text)\nx"), ["string-quote:\""] + segment + ["identifier:x"], "line break after \(length)")
            XCTAssertEqual(lex("\"\(text)\r\nx"), ["string-quote:\""] + segment + ["identifier:x"], "CRLF after \(length)")
            XCTAssertEqual(lex("\"\(text)"), ["string-quote:\""] + segment, "end of file after \(length)")
            // Bytes that stop the eight-byte steps without ending the text.
            XCTAssertEqual(lex("\"\(text)'s \\\"q\\\" \(text)\""), [
                "string-quote:\"", "string-segment:\(text)'s \\\"q\\\" \(text)", "string-quote:\"",
            ], "apostrophe and escaped quotes after \(length)")
            XCTAssertEqual(lex("'\(text)\"\(text)'"), ["string-quote:'", "string-segment:\(text)\"\(text)", "string-quote:'"],
                           "double quote in a single-quoted literal after \(length)")
            XCTAssertEqual(lex("#\"\(text)\\n\"#"), ["string-quote:#\"", "string-segment:\(text)\\n", "string-quote:\"#"],
                           "raw string after \(length)")
            XCTAssertEqual(lex("\"\"\"\n\(text)\"\(text)\n\"\"\""), [
                "string-quote:\"\"\"", "string-segment:\(text)\"\(text)\n", "string-quote:\"\"\"",
            ], "multi-line string after \(length)")
        }
    }

    /// A name is first tested for letters only: a digit, `_`, `$` or a non-ASCII byte
    /// after its letters, wherever it falls, continues it as the full test says.
    func testNamesContinueOverDigitsAndUnicodeLettersWhereverTheyFall() {
        for length in 2...18 {
            for place in 1..<length {
                let head = String(repeating: "n", count: place), tail = String(repeating: "m", count: length - place - 1)
                for (inserted, continues) in [("é", true), ("1", true), ("_", true), ("$", true), ("→", false), ("·", true)] {
                    let name = head + inserted + tail
                    let expected = continues ? [name] : [head] + (tail.isEmpty ? [] : [tail])
                    let names = lex(name + " x", only: .identifier).dropLast()
                    XCTAssertEqual(Array(names), expected, "\(inserted) at \(place) of \(length)")
                }
                let invalid = Array(head.utf8) + [0xFF] + Array(tail.utf8) + Array(" x".utf8)
                let kinds = Lexer.tokenize(invalid).tokens.map(\.kind)
                XCTAssertEqual(kinds.prefix(2), [.identifier, .unknown], "0xFF at \(place) of \(length)")
                XCTAssertEqual(Lexer.tokenize(invalid).tokens[0].end, place, "0xFF at \(place) of \(length)")
            }
        }
    }

    /// Names of up to eight bytes are looked up by their bytes in one word, longer ones and
    /// names at the very end of the file byte by byte: both ways agree with `Word(bytes:)`.
    func testShortNamesAreTheWordsTheySpellWhereverTheyStand() {
        var names: [String] = []
        for word in Word.allCases where word != .none {
            let text = word.text
            names += [text, text + "s", String(text.dropLast()), text.prefix(1).uppercased() + text.dropFirst(), text + "é", text + "1"]
        }
        names += ["a", "_a", "$0", "Self", "Any", "selfs", "abcdefgh", "abcdefghi"]
        for name in names where !name.isEmpty {
            let expected = Word(bytes: Array(name.utf8))
            for (before, after) in [("", ""), ("", " padding to spare"), ("x ", ""), ("x.", "(y)"), ("\n", "\n")] {
                let source = before + name + after
                let (bytes, lexed) = tokens(source)
                let start = before.utf8.count
                guard let token = lexed.tokens.first(where: { $0.start == start }) else {
                    XCTFail("no token at \(start) in \(source.debugDescription)")
                    continue
                }
                XCTAssertEqual(String(decoding: bytes[token.range], as: UTF8.self), name, source.debugDescription)
                XCTAssertEqual(token.word, expected, source.debugDescription)
            }
        }
    }
}
