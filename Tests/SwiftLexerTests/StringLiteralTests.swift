import SwiftLexer
import XCTest

final class StringLiteralTests: XCTestCase {
    func testSimpleString() {
        XCTAssertEqual(lex(#"let s = "hello""#), ["keyword:let", "identifier:s", "operator:=", "string-quote:\"", "string-segment:hello", "string-quote:\""])
        XCTAssertEqual(lex("\"\""), ["string-quote:\"", "string-quote:\""])
    }

    func testEscapesStayInTheSegment() {
        XCTAssertEqual(lex(#""a\"b\\c\n\t\u{1F600}\0""#), [
            "string-quote:\"", #"string-segment:a\"b\\c\n\t\u{1F600}\0"#, "string-quote:\"",
        ])
    }

    func testInterpolationWithNestedStrings() {
        XCTAssertEqual(lex(#""Hi \(user.name ?? "guest \(id)")!""#), [
            "string-quote:\"", "string-segment:Hi ", "interpolation-start:\\(",
            "identifier:user", "operator:.", "identifier:name", "operator:??",
            "string-quote:\"", "string-segment:guest ", "interpolation-start:\\(", "identifier:id",
            "interpolation-end:)", "string-quote:\"",
            "interpolation-end:)", "string-segment:!", "string-quote:\"",
        ])
    }

    func testParenthesesInsideInterpolation() {
        XCTAssertEqual(lex(#""\(f((1), (2)))x""#), [
            "string-quote:\"", "interpolation-start:\\(", "identifier:f", "punctuation:(", "punctuation:(",
            "integer:1", "punctuation:)", "punctuation:,", "punctuation:(", "integer:2", "punctuation:)",
            "punctuation:)", "interpolation-end:)", "string-segment:x", "string-quote:\"",
        ])
    }

    func testClosureAndCommentsInsideInterpolation() {
        XCTAssertEqual(lex(#""\(items.map { $0 /* c */ }.count)""#), [
            "string-quote:\"", "interpolation-start:\\(", "identifier:items", "operator:.", "identifier:map",
            "punctuation:{", "identifier:$0", "punctuation:}", "operator:.", "identifier:count",
            "interpolation-end:)", "string-quote:\"",
        ])
    }

    func testRawStrings() {
        XCTAssertEqual(lex(##"#"C:\path "quoted" \(notInterpolated)"#"##), [
            "string-quote:#\"", #"string-segment:C:\path "quoted" \(notInterpolated)"#, "string-quote:\"#",
        ])
        XCTAssertEqual(lex(###"##"a "# b"##"###), ["string-quote:##\"", "string-segment:a \"# b", "string-quote:\"##"])
        XCTAssertEqual(lex(##"#"x\#(y)z"#"##), [
            "string-quote:#\"", "string-segment:x", "interpolation-start:\\#(", "identifier:y",
            "interpolation-end:)", "string-segment:z", "string-quote:\"#",
        ])
        XCTAssertEqual(lex(###"##"\#(a)\##(b)"##"###), [
            "string-quote:##\"", "string-segment:\\#(a)", "interpolation-start:\\##(", "identifier:b",
            "interpolation-end:)", "string-quote:\"##",
        ])
    }

    func testRawStringWithQuotesAtStartIsSingleLine() {
        XCTAssertEqual(lex(##"#"""#"##), ["string-quote:#\"", "string-segment:\"", "string-quote:\"#"])
    }

    func testMultilineString() {
        let source = "let json = \"\"\"\n    {\"id\": \\(id)}\n    done\n    \"\"\"\nnext"
        XCTAssertEqual(lex(source), [
            "keyword:let", "identifier:json", "operator:=", "string-quote:\"\"\"",
            "string-segment:    {\"id\": ", "interpolation-start:\\(", "identifier:id", "interpolation-end:)",
            "string-segment:}\n    done\n    ", "string-quote:\"\"\"", "identifier:next",
        ])
        let (_, lexed) = tokens(source)
        XCTAssertTrue(lexed.tokens[3].flags.contains(.multiline))
        XCTAssertFalse(lexed.tokens[3].flags.contains(.closing))
        XCTAssertTrue(lexed.tokens[9].flags.contains([.multiline, .closing]))
    }

    func testMultilineStringWithQuotesAndLineContinuation() {
        let source = "\"\"\"\n  a \"\" b \\\"\"\" c \\\n  d\n  \"\"\""
        XCTAssertEqual(lex(source), ["string-quote:\"\"\"", "string-segment:  a \"\" b \\\"\"\" c \\\n  d\n  ", "string-quote:\"\"\""])
    }

    func testMultilineRawString() {
        let source = "#\"\"\"\n  \\d+ \"\"\" \\#(x)\n  \"\"\"#"
        XCTAssertEqual(lex(source), [
            "string-quote:#\"\"\"", "string-segment:  \\d+ \"\"\" ", "interpolation-start:\\#(", "identifier:x",
            "interpolation-end:)", "string-segment:\n  ", "string-quote:\"\"\"#",
        ])
    }

    func testMultilineStringInsideInterpolation() {
        let source = "\"\"\"\n\\(\"\"\"\ninner\n\"\"\")\n\"\"\""
        XCTAssertEqual(lex(source), [
            "string-quote:\"\"\"", "interpolation-start:\\(", "string-quote:\"\"\"", "string-segment:inner\n",
            "string-quote:\"\"\"", "interpolation-end:)", "string-segment:\n", "string-quote:\"\"\"",
        ])
    }

    func testUnterminatedSingleLineStringEndsAtLineBreak() {
        let (bytes, lexed) = tokens("let s = \"abc\nlet t = 1")
        let texts = lexed.tokens.map { "\($0.kind.name):" + String(decoding: bytes[$0.range], as: UTF8.self) }
        XCTAssertEqual(texts, ["keyword:let", "identifier:s", "operator:=", "string-quote:\"", "string-segment:abc",
                               "keyword:let", "identifier:t", "operator:=", "integer:1"])
        XCTAssertTrue(lexed.tokens[3].flags.contains(.invalid))
        XCTAssertTrue(lexed.tokens[5].flags.contains(.newlineBefore))
    }

    func testUnterminatedStringsAtEndOfFile() {
        for source in ["\"abc", "\"\"\"\nabc", "#\"abc", "\"a\\(b", "\"\\(", "'x"] {
            let (bytes, lexed) = tokens(source)
            XCTAssertTrue(lexed.tokens.first?.flags.contains(.invalid) ?? false, source)
            assertCoversEveryByte(bytes)
        }
    }

    func testInterpolationOfSingleLineStringCannotSpanLines() {
        XCTAssertEqual(lex("\"a\\(b\nc"), ["string-quote:\"", "string-segment:a", "interpolation-start:\\(", "identifier:b", "identifier:c"])
    }

    func testSingleQuotedLiteralIsLexedAsAString() {
        // Not valid Swift, but lexed as a literal so that its text is not mistaken for code.
        XCTAssertEqual(lex("'a b'"), ["string-quote:'", "string-segment:a b", "string-quote:'"])
    }

    func testCommentMarkersInsideStringsAreText() {
        let (_, lexed) = tokens(#"let url = "https://example.com/*path*/""#)
        XCTAssertTrue(lexed.comments.isEmpty)
        XCTAssertEqual(lex(#""// not a comment""#), ["string-quote:\"", "string-segment:// not a comment", "string-quote:\""])
    }
}
