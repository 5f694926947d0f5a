import SwiftLexer
import XCTest

final class TriviaAndCommentTests: XCTestCase {
    func testCommentsGoToTheSideTable() {
        let source = """
            // line
            /// doc line
            //// not doc
            /* block /* nested */ still */
            /** doc block */
            /**/ /***/
            let x = 1 // archlint:disable:this layer-dependency
            """
        let (bytes, lexed) = tokens(source)
        let comments = lexed.comments.map { ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
        XCTAssertEqual(comments.map(\.0), [.line, .docLine, .line, .block, .docBlock, .block, .block, .line])
        XCTAssertEqual(comments.map(\.1), [
            "// line", "/// doc line", "//// not doc", "/* block /* nested */ still */", "/** doc block */",
            "/**/", "/***/", "// archlint:disable:this layer-dependency",
        ])
        XCTAssertEqual(lex(source), ["keyword:let", "identifier:x", "operator:=", "integer:1"])
    }

    func testUnterminatedBlockCommentRunsToEndOfFile() {
        let (bytes, lexed) = tokens("let a = 1 /* open /* nested */ never closed\nlet b = 2")
        XCTAssertEqual(lexed.tokens.count, 4)
        XCTAssertEqual(lexed.comments.count, 1)
        XCTAssertTrue(lexed.comments[0].isUnterminated)
        XCTAssertEqual(lexed.comments[0].end, bytes.count)
    }

    func testNewlineAndTriviaFlags() {
        let (_, lexed) = tokens("a b\nc/* x\n */d/**/e")
        XCTAssertEqual(lexed.tokens.map { $0.flags.intersection([.newlineBefore, .triviaBefore]) }, [
            [], [.triviaBefore], [.triviaBefore, .newlineBefore], [.triviaBefore, .newlineBefore], [.triviaBefore],
        ])
    }

    func testShebangAndByteOrderMark() {
        let source = "\u{FEFF}#!/usr/bin/env swift\nprint(1)"
        let (bytes, lexed) = tokens(source)
        XCTAssertTrue(lexed.hasByteOrderMark)
        XCTAssertEqual(lexed.shebang, 3..<23)
        XCTAssertEqual(lexed.tokens.map(\.kind), [.identifier, .punctuation, .integer, .punctuation])
        XCTAssertEqual(lexed.tokens[0].start, 24)
        assertCoversEveryByte(bytes)
        // `#!` elsewhere is not a shebang.
        XCTAssertEqual(lex("x\n#!"), ["identifier:x", "punctuation:#", "operator:!"])
    }

    func testCRLFAndMixedLineEndings() {
        let source = "let a = 1\r\nlet b = \"x\"\rlet c = 3\n"
        let (bytes, lexed) = tokens(source)
        XCTAssertEqual(lexed.tokens.filter { $0.flags.contains(.newlineBefore) }.count, 2)
        let file = SourceFile(path: "t.swift", bytes: bytes)
        let lets = lexed.tokens.filter { String(decoding: bytes[$0.range], as: UTF8.self) == "let" }
        XCTAssertEqual(lets.map { file.location(of: $0.start) }, [
            SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1), SourceLocation(line: 3, column: 1),
        ])
        assertCoversEveryByte(bytes)
        // A CRLF right after an opening `"""` is not string text.
        XCTAssertEqual(lex("\"\"\"\r\nab\r\n\"\"\""), ["string-quote:\"\"\"", "string-segment:ab\r\n", "string-quote:\"\"\""])
    }

    func testNonBreakingSpaceIsWhitespace() {
        XCTAssertEqual(lex("let\u{00A0}x = 1"), ["keyword:let", "identifier:x", "operator:=", "integer:1"])
    }

    func testConflictMarkersAreUnknownLinesAndBothSidesAreLexed() {
        let source = "<<<<<<< HEAD\nlet a = 1\n=======\nlet a = 2\n>>>>>>> branch\n"
        let (bytes, lexed) = tokens(source)
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .unknown }.map { String(decoding: bytes[$0.range], as: UTF8.self) },
                       ["<<<<<<< HEAD", "=======", ">>>>>>> branch"])
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .integer }.count, 2)
    }
}

final class RobustnessTests: XCTestCase {
    func testInvalidUTF8AndControlBytesBecomeUnknownTokens() {
        let bytes: [UInt8] = Array("let a = ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" b\u{0}c ".utf8) + [0x80] + Array("\"x\u{1}\u{FF}\"".utf8)
        let lexed = Lexer.tokenize(bytes)
        XCTAssertTrue(lexed.tokens.contains { $0.kind == .unknown })
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .unknown }.first.map { Array(bytes[$0.range]) }, [0xFF, 0xFE, 0xC3])
        assertCoversEveryByte(bytes)
    }

    func testNulBytesOnly() {
        let bytes = [UInt8](repeating: 0, count: 1000)
        let lexed = Lexer.tokenize(bytes)
        XCTAssertEqual(lexed.tokens.count, 1, "a run of NUL bytes is one unknown token")
        assertCoversEveryByte(bytes)
    }

    func testEmptyInput() {
        XCTAssertTrue(Lexer.tokenize([]).tokens.isEmpty)
        assertCoversEveryByte([])
    }

    func testDeepNestingOfBrackets() {
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            let depth = 100_000
            let source = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            let lexed = Lexer.tokenize(Array(source.utf8))
            XCTAssertEqual(lexed.tokens.count, 2 * depth + 1, open)
        }
    }

    func testFilesDenserInTokensThanTheStorageEstimate() {
        // One token per byte, well past the one per five bytes reserved up front: the
        // tokens after that go through the overflow, and looking back at them still works.
        let commas = String(repeating: ",", count: 300)
        XCTAssertEqual(lex(commas + "/x/").suffix(2), ["punctuation:,", "regex:/x/"])
        let (bytes, lexed) = tokens(String(repeating: "(", count: 300) + "\"abc")
        XCTAssertEqual(lexed.tokens.count, 302)
        XCTAssertTrue(lexed.tokens[300].flags.contains(.invalid))
        XCTAssertFalse(lexed.tokens[299].flags.contains(.invalid))
        assertCoversEveryByte(bytes)
    }

    func testDeepNestingOfInterpolations() {
        let depth = 100_000
        let source = String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
        let bytes = Array(source.utf8)
        let lexed = Lexer.tokenize(bytes)
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .interpolationStart }.count, depth)
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .interpolationEnd }.count, depth)
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .stringQuote }.count, 2 * depth)
        XCTAssertFalse(lexed.tokens.contains { $0.flags.contains(.invalid) })
        assertCoversEveryByte(bytes)
    }

    func testUnclosedDeepInterpolationsTerminate() {
        let bytes = Array(String(repeating: "\"\\(", count: 100_000).utf8)
        let lexed = Lexer.tokenize(bytes)
        XCTAssertEqual(lexed.tokens.count, 200_000)
        XCTAssertTrue(lexed.tokens.filter { $0.kind == .stringQuote }.allSatisfy { $0.flags.contains(.invalid) })
    }

    func testEveryPrefixOfATrickyFileKeepsTheInvariant() {
        let source = ##"""
            #!/usr/bin/env swift
            /* c /* n */ */ @MainActor final class VM<T: P>: Base where T == Int {
              let s = #"raw \#(a + "x\(b)") "#, m = """
                line \(c) \
              """, r = #/a(b)?/#, q = /x+/
              func f() -> Int { x / 2 / y + 0x1.8p3 + 1e-3 + t.0.1 }   // done
            }
            'a' `b` <#p#> ≈ é
            """## + "\u{301}\u{00A0}\u{FEFF} "
        let bytes = Array(source.utf8)
        for end in 0...bytes.count {
            assertCoversEveryByte(Array(bytes[0..<end]))
        }
    }

    func testRandomInputsKeepTheInvariant() {
        var generator = SeededGenerator(seed: 0x5EED)
        let fragments = ["\"", "\"\"\"", "#", "##", "\\(", "\\#(", ")", "(", "/", "//", "/*", "*/", "\n", "\r\n",
                         " ", "'", "`", "x", "let", "0x", "1.5e", "$", "@", "{", "}", "?", "!", ".", "<#", "#>",
                         "\u{00A0}", "é", "\u{301}", "≈", "\u{FEFF}", "\t", "\\", "<<<<<<< ", "=======", "#if", "#/"]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                } else {
                    bytes.append(contentsOf: fragments.randomElement(using: &generator)!.utf8)
                }
            }
            assertCoversEveryByte(bytes)
        }
    }
}

final class SourceFileTests: XCTestCase {
    func testLocationsInBytes() {
        let file = SourceFile(path: "a.swift", text: "ab\ncé d\r\n\rx")
        XCTAssertEqual(file.lineStarts, [0, 3, 10, 11])
        XCTAssertEqual(file.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(file.location(of: 3), SourceLocation(line: 2, column: 1))
        XCTAssertEqual(file.location(of: 7), SourceLocation(line: 2, column: 5), "é is two bytes")
        XCTAssertEqual(file.location(of: 11), SourceLocation(line: 4, column: 1))
        XCTAssertEqual(file.location(of: 999), SourceLocation(line: 4, column: 2), "clamped to the end")
        XCTAssertEqual(file.lineCount, 4)
        XCTAssertEqual(file.text(file.lineRange(2)), "cé d")
    }

    func testLineStartsWithAndWithoutCarriageReturnsAgree() {
        // Files without `\r` take a faster path; both must give what a plain scan gives.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "\n", "\n\n", "\r\n", "\r", "let x = 1", ""]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            var expected = [0]
            var index = 0
            while index < bytes.count {
                index += 1
                if bytes[index - 1] == 0x0A { expected.append(index) }
                if bytes[index - 1] == 0x0D {
                    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    expected.append(index)
                }
            }
            XCTAssertEqual(SourceFile(path: "a.swift", bytes: bytes).lineStarts, expected, text.debugDescription)
        }
        XCTAssertEqual(SourceFile(path: "a.swift", text: "").lineStarts, [0])
        XCTAssertEqual(SourceFile(path: "a.swift", text: "a\n").lineStarts, [0, 2])
        XCTAssertEqual(SourceFile(path: "a.swift", text: "\n\nb").lineStarts, [0, 1, 2])
    }

    func testUTF16Columns() {
        let file = SourceFile(path: "a.swift", text: "let 🐶 = é + x")
        let xOffset = Array(file.bytes).lastIndex(of: UInt8(ascii: "x"))!
        XCTAssertEqual(file.location(of: xOffset).column, 17)
        XCTAssertEqual(file.utf16Column(of: xOffset), 14, "the dog is two UTF-16 units, é one")
    }

    func testUTF16ColumnsAfterIllFormedUTF8() {
        // A byte that cannot start a sequence, a truncated sequence, an overlong and a
        // surrogate encoding: each ill-formed part is one replacement character, and the
        // bytes after it count as they are.
        let name = Array("fatalError()".utf8)
        for bad: [UInt8] in [[0xFF, 0xFE], [0xF0, 0x9F], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let bytes = Array("let s = \"".utf8) + bad + Array("\"; ".utf8) + name
            let file = SourceFile(path: "a.swift", bytes: bytes)
            let offset = bytes.count - name.count
            let expected = String(decoding: bytes[..<offset], as: UTF8.self).utf16.count + 1
            XCTAssertEqual(file.utf16Column(of: offset), expected, "\(bad)")
            XCTAssertGreaterThan(file.utf16Column(of: offset), 12, "\(bad): the quote and semicolon after the bad bytes count")
        }
        // Random bytes on a second line agree with Swift's decoding of that line.
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<500 {
            let line = (0..<Int.random(in: 0..<24, using: &generator)).map { _ in
                [UInt8(ascii: "a"), 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x90, 0xB6, 0x80, 0xFF, 0xED][Int.random(in: 0..<13, using: &generator)]
            }
            let bytes = Array("first\n".utf8) + line + name
            let file = SourceFile(path: "a.swift", bytes: bytes)
            let offset = bytes.count - name.count
            XCTAssertEqual(file.utf16Column(of: offset), String(decoding: line, as: UTF8.self).utf16.count + 1, "\(line)")
        }
    }

    func testTokenTextComparison() {
        let file = SourceFile(path: "a.swift", text: "final class")
        let lexed = Lexer.tokenize(file)
        XCTAssertTrue(file.token(lexed.tokens[0], is: "final"))
        XCTAssertFalse(file.token(lexed.tokens[1], is: "final"))
        XCTAssertEqual(file.text(of: lexed.tokens[1]), "class")
    }
}
