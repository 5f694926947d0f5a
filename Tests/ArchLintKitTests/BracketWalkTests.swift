import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import SwiftOutline
import XCTest

/// The walks from one bracket (`closer(of:)`, `opener(enclosing:)`) answer what the whole
/// file's bracket tables answer (`partner(of:)`, `enclosingBracket(of:)`), stray and
/// unclosed brackets and interpolations included.
final class BracketWalkTests: XCTestCase {
    func production(_ text: String) -> UnimplementedCodeRule.ProductionSource {
        let source = SourceFile(path: "App/Views/NoteView.swift", text: text)
        return UnimplementedCodeRule.ProductionSource(file: 0, path: source.path, outline: OutlineBuilder.build(source), source: source,
                                                      lexed: Lexer.tokenize(source), previews: [])!
    }

    func assertWalksMatchTables(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let code = production(text)
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
