import SwiftLexer
import XCTest

final class RegexLiteralTests: XCTestCase {
    func testRegexAfterAssignmentAndInArguments() {
        XCTAssertEqual(lex("let r = /[a-z]+\\d/"), ["keyword:let", "identifier:r", "operator:=", "regex:/[a-z]+\\d/"])
        XCTAssertEqual(lex("s.firstMatch(of: /id: (\\d+)/)"), [
            "identifier:s", "operator:.", "identifier:firstMatch", "punctuation:(", "identifier:of",
            "punctuation::", "regex:/id: (\\d+)/", "punctuation:)",
        ])
        XCTAssertEqual(lex("return /x/"), ["keyword:return", "regex:/x/"])
    }

    func testDivisionIsNotARegex() {
        XCTAssertEqual(lex("a / b / c"), ["identifier:a", "operator:/", "identifier:b", "operator:/", "identifier:c"])
        XCTAssertEqual(lex("x/2/y"), ["identifier:x", "operator:/", "integer:2", "operator:/", "identifier:y"])
        XCTAssertEqual(lex("(a) / (b) / 2"), ["punctuation:(", "identifier:a", "punctuation:)", "operator:/", "punctuation:(", "identifier:b", "punctuation:)", "operator:/", "integer:2"])
        XCTAssertEqual(lex("total /= 2"), ["identifier:total", "operator:/=", "integer:2"])
    }

    func testSpaceAfterOpeningSlashMeansOperator() {
        // `/ 1 /` in a result builder would be ambiguous: a bare regex may not start with a space.
        XCTAssertEqual(lex("f(/ 1 /)"), ["identifier:f", "punctuation:(", "operator:/", "integer:1", "operator:/", "punctuation:)"])
    }

    func testUnbalancedParenthesisMeansDivision() {
        XCTAssertEqual(lex("foo(a, /b) / c"), [
            "identifier:foo", "punctuation:(", "identifier:a", "punctuation:,", "operator:/",
            "identifier:b", "punctuation:)", "operator:/", "identifier:c",
        ])
    }

    func testOperatorDeclarationsAreNotRegexes() {
        XCTAssertEqual(lex("static func /(lhs: V, rhs: V) -> V { lhs }").prefix(4), ["keyword:static", "keyword:func", "operator:/", "punctuation:("])
        XCTAssertEqual(lex("infix operator /^/"), ["identifier:infix", "keyword:operator", "operator:/^/"])
    }

    func testRegexAfterTryQuestionMark() {
        // Spaced on both sides, `/` would be a division; after `try?` it can only start an expression.
        XCTAssertEqual(lex("try? / x/.wholeMatch(in: s)").prefix(4), ["keyword:try", "operator:?", "regex:/ x/", "operator:."])
        XCTAssertEqual(lex("y? / x/"), ["identifier:y", "operator:?", "operator:/", "identifier:x", "operator:/"])
    }

    func testPrefixOperatorBeforeRegexIsSplitOff() {
        XCTAssertEqual(lex("x = !/abc/.matches"), ["identifier:x", "operator:=", "operator:!", "regex:/abc/", "operator:.", "identifier:matches"])
    }

    func testExtendedRegexLiterals() {
        XCTAssertEqual(lex("let r = #/a/b/#"), ["keyword:let", "identifier:r", "operator:=", "regex:#/a/b/#"])
        XCTAssertEqual(lex("##/x/#y/##"), ["regex:##/x/#y/##"])
        let multiline = "let r = #/\n  (?<name> \\w+ )  # a comment\n  /#\nnext"
        XCTAssertEqual(lex(multiline), ["keyword:let", "identifier:r", "operator:=", "regex:#/\n  (?<name> \\w+ )  # a comment\n  /#", "identifier:next"])
    }

    func testRegexContainingCommentLikeText() {
        XCTAssertEqual(lex("let r = /a\\/\\/b/"), ["keyword:let", "identifier:r", "operator:=", "regex:/a\\/\\/b/"])
        // The first unescaped `/` closes the literal, even inside a character class.
        XCTAssertEqual(lex("let r = /[\\/]/"), ["keyword:let", "identifier:r", "operator:=", "regex:/[\\/]/"])
    }

    func testUnterminatedRegexes() {
        // A bare `/` with no closing slash on the line is an operator.
        XCTAssertEqual(lex("let r = /abc\nx"), ["keyword:let", "identifier:r", "operator:=", "operator:/", "identifier:abc", "identifier:x"])
        // `#/` always opens a regex; unterminated, it stops at the line break.
        let (bytes, lexed) = tokens("let r = #/abc\nx")
        XCTAssertEqual(lexed.tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["let", "r", "=", "#/abc", "x"])
        assertCoversEveryByte(bytes)
    }

    func testARegexThatNeverClosesIsInvalidAndExtraPoundsFollowIt() {
        for (source, text, invalid) in [("x = #/abc/", "#/abc/", true), ("x = #/abc", "#/abc", true), ("x = ##/a/#", "##/a/#", true),
                                        ("x = #/a/#", "#/a/#", false), ("x = /a\\//", "/a\\//", false), ("x = #/a\\/#", "#/a\\/#", true),
                                        ("try? / x", "/ x", true)] {
            let (bytes, lexed) = tokens(source)
            guard let regex = lexed.tokens.first(where: { $0.kind == .regex }) else {
                XCTFail("no regex in \(source)")
                continue
            }
            XCTAssertEqual(String(decoding: bytes[regex.range], as: UTF8.self), text, source)
            XCTAssertEqual(regex.flags.contains(.invalid), invalid, source)
        }
        // `#/a/##`: the delimiter takes one `#`, and the other is punctuation of its own.
        XCTAssertEqual(lex("x = #/a/##"), ["identifier:x", "operator:=", "regex:#/a/#", "punctuation:#"])
    }

    func testSlashBeforeCommentIsNotRegex() {
        XCTAssertEqual(lex("x = 1 //comment"), ["identifier:x", "operator:=", "integer:1"])
        XCTAssertEqual(lex("x = /*c*/ 1"), ["identifier:x", "operator:=", "integer:1"])
    }
}

final class OperatorAndPunctuationTests: XCTestCase {
    func testCustomAndDottedOperators() {
        XCTAssertEqual(lex("a <*> b .* c ..< d ... e ≈ f ⊕= g"), [
            "identifier:a", "operator:<*>", "identifier:b", "operator:.*", "identifier:c", "operator:..<",
            "identifier:d", "operator:...", "identifier:e", "operator:≈", "identifier:f", "operator:⊕=", "identifier:g",
        ])
    }

    func testDotEndsAnOperatorThatDoesNotStartWithOne() {
        XCTAssertEqual(lex("x+.y"), ["identifier:x", "operator:+", "operator:.", "identifier:y"])
    }

    func testOperatorFixityFlags() {
        let (bytes, lexed) = tokens("-a + b! &c d? e-- x = y ?? z")
        let flags = lexed.tokens.filter { $0.kind == .operator }.map { token -> String in
            let text = String(decoding: bytes[token.range], as: UTF8.self)
            if token.flags.contains(.prefixOperator) { return "prefix " + text }
            if token.flags.contains(.postfixOperator) { return "postfix " + text }
            return "infix " + text
        }
        XCTAssertEqual(flags, ["prefix -", "infix +", "postfix !", "prefix &", "postfix ?", "postfix --", "infix =", "infix ??"])
    }

    func testOptionalChainingAndForceUnwrap() {
        XCTAssertEqual(lex("a?.b!.c!==d"), [
            "identifier:a", "operator:?", "operator:.", "identifier:b", "operator:!", "operator:.",
            "identifier:c", "operator:!", "operator:==", "identifier:d",
        ])
        XCTAssertEqual(lex("x != y"), ["identifier:x", "operator:!=", "identifier:y"])
    }

    func testArrowsAndGenerics() {
        XCTAssertEqual(lex("func f<T>() -> [T]?"), [
            "keyword:func", "identifier:f", "operator:<", "identifier:T", "operator:>", "punctuation:(",
            "punctuation:)", "operator:->", "punctuation:[", "identifier:T", "punctuation:]", "operator:?",
        ])
        // `>>` stays one operator token; splitting generic closers is the parser's business.
        XCTAssertEqual(lex("Array<Set<Int>>"), ["identifier:Array", "operator:<", "identifier:Set", "operator:<", "identifier:Int", "operator:>>"])
    }

    func testPunctuationAndKeyPaths() {
        XCTAssertEqual(lex("{ [a, b]; (c: d) } \\.name M::x"), [
            "punctuation:{", "punctuation:[", "identifier:a", "punctuation:,", "identifier:b", "punctuation:]",
            "punctuation:;", "punctuation:(", "identifier:c", "punctuation::", "identifier:d", "punctuation:)",
            "punctuation:}", "operator:\\", "operator:.", "identifier:name", "identifier:M", "punctuation:::", "identifier:x",
        ])
    }

    /// Outside string literals the commonest punctuation is made in the scanner's loop,
    /// inside interpolations by the general path: both give the same tokens.
    func testPunctuationIsTheSameInsideAnInterpolation() {
        let code = "{ [a, b]; (c: d) } \\.name M::x @f(y.z, w: 1)"
        let inside = lex("\"\\(\(code))\"")
        XCTAssertEqual(Array(inside.dropFirst(2).dropLast(2)), lex(code))
        XCTAssertEqual(inside.prefix(2) + inside.suffix(2), ["string-quote:\"", "interpolation-start:\\(", "interpolation-end:)", "string-quote:\""])
    }

    func testOneBytePunctuationAndOperatorsCarryTheirByte() {
        let (_, lexed) = tokens(#"a?.b(c: [1]) :: x! == "(" # {}; \.k @"#)
        let symbols = lexed.tokens.map { $0.symbol == 0 ? "-" : String(UnicodeScalar($0.symbol)) }
        // Names, literals, string parts, `::` and longer operators carry none.
        XCTAssertEqual(symbols.joined(separator: " "), #"- ? . - ( - : [ - ] ) - - ! - - - - # { } ; \ . - @"#)
    }

    func testOperatorStopsBeforeComment() {
        XCTAssertEqual(lex("a +/* c */ b"), ["identifier:a", "operator:+", "identifier:b"])
        XCTAssertEqual(lex("a ==// c\nb"), ["identifier:a", "operator:==", "identifier:b"])
    }

    func testStrayBlockCommentEndIsUnknown() {
        let (_, lexed) = tokens("a */ b")
        XCTAssertEqual(lexed.tokens.map(\.kind), [.identifier, .unknown, .identifier])
    }
}

final class PoundTests: XCTestCase {
    func testCompilerDirectivesAndPoundKeywords() {
        let source = """
            #if DEBUG && !os(Linux)
            #elseif canImport(UIKit)
            #else
            #endif
            if #available(iOS 17, *) {}
            if #unavailable(iOS 16) {}
            let s = #selector(tap), k = #keyPath(A.b), f = #file, l = #line
            #sourceLocation(file: "a", line: 1)
            """
        XCTAssertEqual(lex(source, only: .pound), [
            "#if", "#elseif", "#else", "#endif", "#available", "#unavailable", "#selector", "#keyPath",
            "#file", "#line", "#sourceLocation",
        ])
    }

    func testMacroExpansions() {
        XCTAssertEqual(lex("#Preview(\"Login\") { LoginView() }").prefix(4), ["pound:#Preview", "punctuation:(", "string-quote:\"", "string-segment:Login"])
        XCTAssertEqual(lex("#warning(\"fix\") #stringify(1 + 2) #externalMacro(module: \"M\", type: \"T\")", only: .pound), ["#warning", "#stringify", "#externalMacro"])
    }

    func testLonePound() {
        XCTAssertEqual(lex("# if"), ["punctuation:#", "keyword:if"])
        XCTAssertEqual(lex("#"), ["punctuation:#"])
    }
}
