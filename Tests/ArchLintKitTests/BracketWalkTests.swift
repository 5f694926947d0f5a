@testable import ArchLintRules
import XCTest

/// The walks from one bracket (`closer(of:)`, `opener(enclosing:)`) answer what the whole
/// file's bracket tables answer (`partner(of:)`, `enclosingBracket(of:)`), stray and
/// unclosed brackets and interpolations included.
final class BracketWalkTests: XCTestCase {
    func assertWalksMatchTables(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let code = productionSource(text, path: "App/Views/NoteView.swift")
        for index in code.tokens.indices {
            XCTAssertEqual(code.opener(enclosing: index), code.enclosingBracket(of: index),
                           "enclosing \(index) of \(text.debugDescription)", file: file, line: line)
            if code.tokens[index].opensBracket {
                XCTAssertEqual(code.closer(of: index), code.partner(of: index), "closer \(index) of \(text.debugDescription)", file: file, line: line)
            }
        }
    }

    func testWrittenCases() {
        let cases = [
            "Button(action: { save() }) { Text(\"Save\") }",
            "Button(\"Delete\", role: .destructive, action: {}).onTapGesture(count: 2) { [weak self] _ in }",
            "let x = [a(b: { c[d] }), (e, f)]",
            ") ) ( x ( ] y",  // stray closers, a closer of another kind, unclosed openers
            "( ( ) ) ) ( y",
            "foo(\"\\(a(b[c]))\", { \"\\(d) \\(e { f })\" })",
            "}{)(][",
            "",
        ]
        for text in cases { assertWalksMatchTables(text) }
    }

    func testRandomBracketSoup() {
        var generator = SplitMix(seed: 17)
        let pieces = ["(", ")", "[", "]", "{", "}", "a", ",", " in ", "\"\\(x)\"", "\"\\(", "b: ", "Button", ".", "\n"]
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 31)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            assertWalksMatchTables(text)
        }
    }
}
