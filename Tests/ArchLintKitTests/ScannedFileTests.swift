@testable import ArchLintKit
import SwiftLexer
import SwiftOutline
import XCTest

/// A rule's view of a file in the per-file stage: its tokens live in the lexer's memory
/// until a rule asks for them as an array.
final class ScannedFileTests: XCTestCase {
    func testTokensCopiedOutOfTheLexersMemoryAreTheLexersTokens() {
        for text in ["", "let a = 1", "struct Note: Identifiable {\n    let id: UUID // note\n    var title = \"\\(a) \"\n}\n"] {
            let source = SourceFile(path: "Note.swift", bytes: Array(text.utf8))
            let lexed = Lexer.tokenize(source)
            let outline = OutlineBuilder.build(source)
            lexed.tokens.withUnsafeBufferPointer { buffer in
                let file = ScannedFile(path: source.path, source: source, outline: outline, tokens: buffer, comments: lexed.comments)
                XCTAssertEqual(file.tokens, lexed.tokens, text)
                XCTAssertEqual(file.lexed.tokens, lexed.tokens, text)
                XCTAssertEqual(file.withTokens { Array($0) }, lexed.tokens, text)
            }
        }
    }
}
