import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import SwiftOutline
import XCTest

/// `unimplemented-code` finds `fatalError` and `preconditionFailure` calls by looking for
/// the names in the text and then at the tokens there: the tokens it looks at must be
/// exactly the identifiers spelled so, wherever the text mentions the names.
/// A production file's tokens, outline and brackets as the rules read them.
func productionSource(_ text: String, path: String = "App/Data/Store.swift") -> UnimplementedCodeRule.ProductionSource {
    let source = SourceFile(path: path, text: text)
    return UnimplementedCodeRule.ProductionSource(file: 0, path: source.path, outline: OutlineBuilder.build(source), source: source,
                                                  lexed: Lexer.tokenize(source), previews: [])!
}

final class UnimplementedStopCallTests: XCTestCase {
    func production(_ text: String) -> UnimplementedCodeRule.ProductionSource { productionSource(text) }

    /// Every identifier token spelled as one of the names, by looking at each token.
    func identifiersSpelledAsStopNames(_ code: UnimplementedCodeRule.ProductionSource) -> [Int] {
        code.tokens.indices.filter { index in
            code.tokens[index].kind == .identifier && ["fatalError", "preconditionFailure"].contains(code.text(index))
        }
    }

    func testTheNamesAreFoundAsIdentifiersOnly() {
        let text = """
            // fatalError in a comment, preconditionFailure too
            final class NoteStore {
                let note = "fatalError(\\"in a string\\")"
                func load() -> [Note] { fatalError("not yet") }
                func save() { Swift.preconditionFailure("later") }
                func myfatalError() {}
                func fatalErrorHandler() { preconditionFailureCount += 1 }
                let `fatalError` = 1
                func crash() { fatalError() ; fatalError("twice")}
                /* preconditionFailure */ var x: Int { preconditionFailure() }
            }
            fatalError
            """
        let code = production(text)
        let found = UnimplementedCodeRule.stopCallNames(in: code)
        XCTAssertEqual(found, identifiersSpelledAsStopNames(code))
        XCTAssertEqual(found.map(code.text), ["fatalError", "preconditionFailure", "fatalError", "fatalError", "preconditionFailure", "fatalError"])
    }

    func testRandomTextsAgreeWithLookingAtEveryToken() {
        var generator = SplitMix(seed: 23)
        let pieces = ["fatalError", "preconditionFailure", "(\"x\")", " ", "\n", ".", "Swift", "// ", "\"", "my", "Error", "`", "{", "}", "/*", "*/", "é"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let code = production(text)
            XCTAssertEqual(UnimplementedCodeRule.stopCallNames(in: code), identifiersSpelledAsStopNames(code), text.debugDescription)
        }
    }

    func testTheCloserOfABracketIsItsPartner() {
        // Walking forward from an opener must find what matching the whole file finds,
        // with brackets of other kinds, interpolations and unbalanced ones in between.
        var generator = SplitMix(seed: 31)
        let pieces = ["(", ")", "[", "]", "{", "}", "\"a\\(b)c\"", "\"\\(", "x", " ", "\n", "fatalError(", "// )", "f()"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 30)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let code = production(text)
            for index in code.tokens.indices {
                let isOpener = code.tokens[index].kind == .interpolationStart || ["(", "[", "{"].contains(code.text(index)) && code.tokens[index].kind == .punctuation
                XCTAssertEqual(code.closer(of: index), isOpener ? code.partner(of: index) : nil, "\(index) in \(text.debugDescription)")
            }
        }
    }

    func testAbbreviatedMessagesAreOneLineOfAtMostEightyCharacters() {
        // What an abbreviation means, written the plain way; short printable ASCII takes
        // a shortcut that must give the same text.
        func expected(_ text: String) -> String {
            let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            return oneLine.count > 80 ? String(oneLine.prefix(77)) + "…" : oneLine
        }
        var generator = SplitMix(seed: 41)
        let pieces = ["not yet", " ", "\n", "\r\n", "\r", "\t", "é", "e\u{301}", "🙂", String(repeating: "x", count: 30), "\"", "\u{7F}",
                      "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        var texts = ["", "unreachable", String(repeating: "a", count: 80), String(repeating: "a", count: 81), "line one\nline two"]
        for _ in 0..<400 {
            texts.append((0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            XCTAssertEqual(UnimplementedCodeRule.abbreviated(text), expected(text), text.debugDescription)
            XCTAssertFalse(UnimplementedCodeRule.abbreviated(text).contains(where: \.isNewline), text.debugDescription)
        }
    }
}
