import SwiftLexer
import XCTest

final class IdentifierAndKeywordTests: XCTestCase {
    func testPlainAndUnicodeIdentifiers() {
        XCTAssertEqual(lex("userRepository café π 日本語 _private x1 Ω√"), [
            "identifier:userRepository", "identifier:café", "identifier:π", "identifier:日本語",
            "identifier:_private", "identifier:x1", "identifier:Ω", "operator:√",
        ])
    }

    func testEmojiAndCombiningMarks() {
        // Emoji are identifier characters in Swift; a combining mark continues a name.
        XCTAssertEqual(lex("let 🐶 = e\u{301}"), ["keyword:let", "identifier:🐶", "operator:=", "identifier:e\u{301}"])
    }

    func testBacktickedIdentifiers() {
        XCTAssertEqual(lex("let `class` = `default`.`init`"), [
            "keyword:let", "identifier:`class`", "operator:=", "identifier:`default`", "operator:.", "identifier:`init`",
        ])
        // Raw identifiers (SE-0451) may hold spaces and operator characters.
        XCTAssertEqual(lex("func `fetches user by id`() {}").prefix(2), ["keyword:func", "identifier:`fetches user by id`"])
    }

    func testLoneBacktickIsUnknown() {
        let (_, lexed) = tokens("a ` b")
        XCTAssertEqual(lexed.tokens.map(\.kind), [.identifier, .unknown, .identifier])
        XCTAssertTrue(lexed.tokens[1].flags.contains(.invalid))
    }

    func testDollarIdentifiers() {
        XCTAssertEqual(lex("$0 + $12 + $viewModel.name + $"), [
            "identifier:$0", "operator:+", "identifier:$12", "operator:+", "identifier:$viewModel",
            "operator:.", "identifier:name", "operator:+", "identifier:$",
        ])
        // `$` continues a name after its first character.
        XCTAssertEqual(lex("_$idExists a$b $x$y"), ["identifier:_$idExists", "identifier:a$b", "identifier:$x$y"])
    }

    /// Names are scanned eight bytes at a time: every ASCII byte, at every place in the
    /// first two eight-byte steps, ends the name exactly where a byte-by-byte scan would
    /// (letters, digits, `_` and `$` continue it; nothing else does), with the name
    /// running to the end of the file or followed by more text.
    func testNamesEndAtTheFirstByteThatIsNoNameByteWhereverItFalls() {
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x24
        }
        for length in 1...18 {
            for place in 1..<length {
                for byte in UInt8(0)..<0x80 {
                    for tail in [[], Array(" next".utf8)] as [[UInt8]] {
                        var bytes = [UInt8](repeating: 0x61, count: length) + tail
                        bytes[place] = byte
                        let first = Lexer.tokenize(bytes).tokens[0]
                        let expected = isNameByte(byte) ? length : place
                        if (first.kind != .identifier && first.kind != .keyword) || first.end != expected {  // `as`, `is`: keywords
                            XCTFail("\(byte) at \(place) of \(length): \(first.kind) ending at \(first.end), expected a name ending at \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }

    func testNonASCIIBytesInsideLongNamesAreDecoded() {
        // A scalar past the first eight bytes: a letter continues the name, an operator
        // character ends it, invalid UTF-8 ends it too.
        XCTAssertEqual(lex("abcdefghijkémnop x"), ["identifier:abcdefghijkémnop", "identifier:x"])
        XCTAssertEqual(lex("abcdefghijk→mnop"), ["identifier:abcdefghijk", "operator:→", "identifier:mnop"])
        XCTAssertEqual(Lexer.tokenize(Array("abcdefghij".utf8) + [0xFF] + Array(" x".utf8)).tokens.map(\.kind), [.identifier, .unknown, .identifier])
    }

    func testReservedWordsAreKeywords() {
        let words = ["func", "class", "struct", "enum", "protocol", "extension", "let", "var", "import",
                     "return", "if", "else", "guard", "switch", "case", "default", "self", "Self", "super",
                     "true", "false", "nil", "init", "deinit", "subscript", "typealias", "associatedtype",
                     "static", "public", "private", "fileprivate", "internal", "inout", "throws", "rethrows",
                     "try", "throw", "where", "while", "for", "in", "is", "as", "Any", "do", "catch", "defer",
                     "repeat", "break", "continue", "fallthrough", "operator", "precedencegroup", "_"]
        for word in words {
            XCTAssertEqual(lex(word), ["keyword:\(word)"], word)
        }
    }

    func testTokensCarryTheWordTheySpell() {
        let (_, lexed) = tokens("public func load() async throws -> Self { get set `default` Get $0 self.actor }")
        XCTAssertEqual(lexed.tokens.map(\.word), [
            .public, .func, .none, .none, .none, .async, .throws, .none, .Self, .none, .get, .set, .none, .none, .none,
            .self, .none, .actor, .none,
        ])
        // Operators, punctuation and literals spell no word, whatever their text.
        let (_, literals) = tokens(#"x = "func" + 1 // class"#)
        XCTAssertEqual(literals.tokens.map(\.word), Array(repeating: Word.none, count: literals.tokens.count))
    }

    func testStructureListsBracketsInterpolationsAndDeclarationLines() {
        let (bytes, lexed) = tokens("""
            func f(a: Int) -> [String] { let s = "x\\(a)"
                struct Inner {}
                let pair = (class: 1, 2)
            }
            """)
        let texts = lexed.structure.map { String(decoding: bytes[lexed.tokens[Int($0)].range], as: UTF8.self) }
        // The first `func` starts no line (it starts the file); `class` starts none either.
        XCTAssertEqual(texts, ["(", ")", "[", "]", "{", "\\(", ")", "struct", "{", "}", "(", ")", "}"])
        XCTAssertEqual(lexed.tokens[Int(lexed.structure[6])].kind, .interpolationEnd)
        XCTAssertEqual(lexed.structure, lexed.structure.sorted())
    }

    func testEveryReservedKeywordIsAWordAndNoOtherWordIsReserved() {
        // The lexer tells keywords from identifiers by the words' table: the two lists must agree.
        let reserved = Set(Keyword.allCases.map(\.text))
        for keyword in Keyword.allCases {
            XCTAssertNotEqual(Word(bytes: Array(keyword.text.utf8)), .none, keyword.text)
        }
        for word in Word.allCases where word != .none {
            XCTAssertEqual(Word(bytes: Array(word.text.utf8)), word, word.text)
            let (_, lexed) = tokens(word.text)
            XCTAssertEqual(lexed.tokens.map(\.kind), [reserved.contains(word.text) ? .keyword : .identifier], word.text)
            XCTAssertEqual(lexed.tokens.first?.word, word, word.text)
        }
        XCTAssertEqual(Word(bytes: Array("Func".utf8)), .none)
        XCTAssertEqual(Word(bytes: [UInt8]()), .none)
    }

    func testSpellingsAreTheCasesNames() {
        // The spellings are written out by hand, in the cases' order: each must be its case's name.
        for word in Word.allCases where word != .none {
            XCTAssertEqual(word.text, String(describing: word))
        }
        XCTAssertEqual(Word.none.text, "")
        for keyword in Keyword.allCases where keyword != .wildcard {
            XCTAssertEqual(keyword.text, String(describing: keyword))
        }
    }

    func testContextualKeywordsAreIdentifiers() {
        for word in ["get", "set", "willSet", "didSet", "async", "await", "some", "any", "actor", "open",
                     "final", "override", "mutating", "nonisolated", "convenience", "required", "lazy",
                     "weak", "unowned", "indirect", "macro", "consuming", "borrowing", "sending", "package"] {
            XCTAssertEqual(lex(word), ["identifier:\(word)"], word)
        }
        // Near-keywords are plain names.
        XCTAssertEqual(lex("funcs selfish Classy _x"), ["identifier:funcs", "identifier:selfish", "identifier:Classy", "identifier:_x"])
    }

    func testKeywordLookupOnBytes() {
        XCTAssertEqual(Keyword(bytes: Array("associatedtype".utf8)), .associatedtype)
        XCTAssertEqual(Keyword(bytes: Array("_".utf8)), .wildcard)
        XCTAssertNil(Keyword(bytes: Array("Associatedtype".utf8)))
        XCTAssertNil(Keyword(bytes: Array("".utf8)))
        XCTAssertEqual(Keyword.wildcard.text, "_")
        XCTAssertEqual(Keyword.Self.text, "Self")
    }

    func testEditorPlaceholderIsIdentifier() {
        XCTAssertEqual(lex("foo(<#T##value: Int##Int#>)"), [
            "identifier:foo", "punctuation:(", "identifier:<#T##value: Int##Int#>", "punctuation:)",
        ])
    }

    func testAttributesArePunctuationThenName() {
        XCTAssertEqual(lex("@MainActor @propertyWrapper(x: 1) @Observable"), [
            "punctuation:@", "identifier:MainActor", "punctuation:@", "identifier:propertyWrapper",
            "punctuation:(", "identifier:x", "punctuation::", "integer:1", "punctuation:)",
            "punctuation:@", "identifier:Observable",
        ])
    }
}
