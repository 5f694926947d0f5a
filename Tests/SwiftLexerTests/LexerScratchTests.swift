import SwiftLexer
import XCTest

/// `Lexer.tokenize(_:reusing:)` lexes file after file in the same memory: each result must
/// be what `tokenize(_:)` gives for that file alone, whatever the scratch held before.
final class LexerScratchTests: XCTestCase {
    func testReusedScratchGivesTheTokensOfAFreshLexerForEveryFile() {
        let large = (0..<400).map { "    func load\($0)(id: Int) async throws -> [Note] { try await store.fetch(id: id) } // \($0)\n" }.joined()
        // One-byte tokens only: more than the scratch's first guess of one token per five
        // bytes, so the tokens spill over and the block grows while the file is lexed.
        let dense = String(repeating: "a;", count: 3_000) + "\n"
        let files = [
            large,
            "let x = 1\n",
            dense,
            "",
            "#!/usr/bin/env swift\n\u{FEFF}print(\"a \\(b.map { \"\\($0)\" }) c\") /* open",
            "struct A { var b = \"\"\"\n  text \\(c)\n  \"\"\" }\n",
            large,
            "}",
        ]
        let scratch = LexerScratch()
        // Large before small, small before large, and the same file twice.
        for order in [Array(files.indices), files.indices.reversed(), [2, 1, 2, 0, 3, 0]] {
            for number in order {
                let bytes = Array(files[number].utf8)
                let fresh = Lexer.tokenize(bytes)
                let reused = bytes.withUnsafeBufferPointer { Lexer.tokenize($0, reusing: scratch) }
                XCTAssertEqual(Array(reused.tokens), fresh.tokens, "tokens of file \(number)")
                XCTAssertEqual(Array(reused.structure), fresh.structure, "structure of file \(number)")
                XCTAssertEqual(reused.comments, fresh.comments, "comments of file \(number)")
                XCTAssertEqual(reused.shebang, fresh.shebang)
                XCTAssertEqual(reused.hasByteOrderMark, fresh.hasByteOrderMark)
            }
        }
        let denseTokens = Array(dense.utf8).withUnsafeBufferPointer { Lexer.tokenize($0, reusing: scratch).tokens.count }
        XCTAssertEqual(denseTokens, 6_000, "every token of the dense file, past the first guess")
        XCTAssertEqual(scratch.lastTokens.count, 6_000)

        // Trimmed after a file larger than it keeps room for: the blocks start small again.
        scratch.trim(toTokens: 100)
        XCTAssertEqual(scratch.lastTokens.count, 0)
        for number in [0, 2, 1] {
            let bytes = Array(files[number].utf8)
            let reused = bytes.withUnsafeBufferPointer { Lexer.tokenize($0, reusing: scratch) }
            XCTAssertEqual(Array(reused.tokens), Lexer.tokenize(bytes).tokens, "tokens of file \(number) after trimming")
            XCTAssertEqual(Array(reused.structure), Lexer.tokenize(bytes).structure, "structure of file \(number) after trimming")
        }
    }
}
