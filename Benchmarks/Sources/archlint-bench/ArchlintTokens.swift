import SwiftLexer

// MARK: - archlint's lexer, reduced to pieces

/// archlint's token stream in the common form of `PieceCollector`.
///
/// This file imports only `SwiftLexer`: both packages define a `Lexer` and a
/// `TokenKind`, and keeping them in separate files keeps every name unambiguous.
enum ArchlintTokens {
    /// The memory file after file is lexed in, as in each thread of `archlint lint` (its
    /// `OutlineWorkspace` holds one). The benchmark lexes on one thread only.
    nonisolated(unsafe) private static let scratch = LexerScratch()

    /// Lexes one file the way a run lexes it, in memory reused from the file before, and
    /// returns the number of tokens.
    static func tokenCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        Lexer.tokenize(buffer, reusing: scratch).tokens.count
    }

    static func pieces(_ bytes: [UInt8]) -> [Piece] {
        let tokens = Lexer.tokenize(bytes).tokens
        var collector = PieceCollector(capacity: tokens.count)
        for token in tokens {
            let start = token.start, end = token.end
            switch token.kind {
            case .identifier, .keyword:
                collector.add(.word, start, end)
            case .integer, .float:
                collector.add(.number, start, end)
            case .stringQuote:
                // An opening delimiter starts a literal piece; a closing one ends it.
                if token.flags.contains(.closing) {
                    collector.add(.string, start, end, continuing: true)
                } else if token.flags.contains(.multiline) {
                    // archlint leaves the line break after an opening `"""` out of the text
                    // (it is not part of the string's value); swift-syntax keeps it as text.
                    collector.add(.string, start, endOfLineBreak(bytes, at: end), open: true)
                } else {
                    collector.add(.string, start, end, open: true)
                }
            case .stringSegment:
                collector.add(.string, start, end, continuing: true, open: true)
            case .interpolationStart, .interpolationEnd:
                // Boundaries: never joined with the text around them.
                collector.add(.string, start, end)
            case .regex:
                collector.add(.regex, start, end)
            case .operator, .punctuation:
                collector.add(.operatorOrPunctuation, start, end)
            case .pound:
                collector.add(.pound, start, end)
            case .unknown:
                collector.add(.unknown, start, end)
            }
        }
        return collector.pieces
    }

    /// The end of the `\n`, `\r\n` or `\r` at `index`, or `index` if there is none.
    private static func endOfLineBreak(_ bytes: [UInt8], at index: Int) -> Int {
        guard index < bytes.count else { return index }
        if bytes[index] == 0x0A { return index + 1 }
        if bytes[index] == 0x0D { return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1 }
        return index
    }
}
