import SwiftLexer
import XCTest

/// `kind:text` for every token, the compact form most lexer tests assert on.
func lex(_ source: String) -> [String] {
    let bytes = Array(source.utf8)
    return Lexer.tokenize(bytes).tokens.map { token in
        "\(token.kind.name):\(String(decoding: bytes[token.range], as: UTF8.self))"
    }
}

/// Tokens of a given kind only.
func lex(_ source: String, only kind: TokenKind) -> [String] {
    let bytes = Array(source.utf8)
    return Lexer.tokenize(bytes).tokens.filter { $0.kind == kind }.map {
        String(decoding: bytes[$0.range], as: UTF8.self)
    }
}

func tokens(_ source: String) -> (bytes: [UInt8], lexed: LexedSource) {
    let bytes = Array(source.utf8)
    return (bytes, Lexer.tokenize(bytes))
}

/// Checks the lexer's central invariant on any input: tokens are non-empty, ordered,
/// non-overlapping and inside the input, and every byte between them is trivia
/// (whitespace, a comment from the side table, a byte-order mark, U+00A0, the shebang).
/// Concatenating tokens and trivia then reproduces the input byte for byte. Each token's
/// `symbol` is its byte exactly when it is a one-byte punctuation or operator token.
func assertCoversEveryByte(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    let lexed = Lexer.tokenize(bytes)
    var commentIndex = 0
    var position = 0
    var rebuilt: [UInt8] = []
    rebuilt.reserveCapacity(bytes.count)

    func checkTrivia(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            if let shebang = lexed.shebang, shebang.contains(index) { index = shebang.upperBound; continue }
            while commentIndex < lexed.comments.count, lexed.comments[commentIndex].end <= index { commentIndex += 1 }
            if commentIndex < lexed.comments.count, lexed.comments[commentIndex].start == index {
                let comment = lexed.comments[commentIndex]
                guard comment.end <= range.upperBound else { return false }
                index = comment.end
                continue
            }
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
            case 0xC2 where index + 1 < range.upperBound && bytes[index + 1] == 0xA0:
                index += 2
            case 0xEF where index + 2 < range.upperBound && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            default:
                return false
            }
        }
        return true
    }

    for (number, token) in lexed.tokens.enumerated() {
        guard token.length > 0, token.start >= position, token.end <= bytes.count else {
            XCTFail("token \(number) \(token) is empty, out of order or out of bounds (position \(position), size \(bytes.count))", file: file, line: line)
            return
        }
        guard checkTrivia(position..<token.start) else {
            XCTFail("bytes \(position)..<\(token.start) before token \(number) are not trivia: \(Array(bytes[position..<token.start].prefix(40)))", file: file, line: line)
            return
        }
        let isSymbol = (token.kind == .punctuation || token.kind == .operator) && token.length == 1
        guard token.symbol == (isSymbol ? bytes[token.start] : 0) else {
            XCTFail("token \(number) \(token) has symbol \(token.symbol)", file: file, line: line)
            return
        }
        rebuilt.append(contentsOf: bytes[position..<token.end])
        position = token.end
    }
    guard checkTrivia(position..<bytes.count) else {
        XCTFail("trailing bytes \(position)..<\(bytes.count) are not trivia: \(Array(bytes[position...].prefix(40)))", file: file, line: line)
        return
    }
    rebuilt.append(contentsOf: bytes[position...])
    XCTAssertEqual(rebuilt, bytes, file: file, line: line)
}

/// A small deterministic generator (SplitMix64) so randomised tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
