import SwiftLexer

// MARK: - archlint's lexer, reduced to pieces

/// archlint's token stream in the common form of `PieceCollector`.
///
/// This file imports only `SwiftLexer`: both packages define a `Lexer` and a
/// `TokenKind`, and keeping them in separate files keeps every name unambiguous.
enum ArchlintTokens {
    static func tokenCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        Lexer.tokenize(buffer).tokens.count
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
}
