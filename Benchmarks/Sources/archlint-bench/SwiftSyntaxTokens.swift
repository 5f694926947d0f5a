@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

// MARK: - swift-syntax's lexer

/// One swift-syntax lexeme with absolute byte offsets (text only, trivia excluded).
struct SyntaxLexeme {
    var kind: RawTokenKind
    var start: Int
    var end: Int
    var isAtStartOfLine: Bool
}

/// swift-syntax's lexer and parser, used as the reference.
///
/// The lexer is reached through `@_spi(Testing)`: it is the same lexer the parser uses,
/// without the parser's re-lexing (splitting `>>` in generic arguments and the like),
/// which is the right reference for a lexer that does not parse either.
enum SwiftSyntaxTokens {
    /// Runs `body` over swift-syntax's lexeme sequence for `buffer`.
    static func withLexemes<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ body: (inout Lexer.LexemeSequence) -> Result
    ) -> Result {
        let tracker = UnsafeMutablePointer<LookaheadTracker>.allocate(capacity: 1)
        tracker.initialize(to: LookaheadTracker())
        defer {
            tracker.deinitialize(count: 1)
            tracker.deallocate()
        }
        var sequence = Lexer.tokenize(buffer, from: 0, lookaheadTracker: tracker, experimentalFeatures: [])
        return body(&sequence)
    }

    /// The number of lexemes, end of file included. The sequence itself never ends: it
    /// keeps returning `endOfFile`.
    static func lexemeCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard buffer.count > 0 else { return 1 }
        return withLexemes(buffer) { sequence in
            var count = 0
            while let lexeme = sequence.next() {
                count += 1
                if lexeme.rawTokenKind == .endOfFile { break }
            }
            return count
        }
    }

    /// All lexemes with absolute offsets. Offsets are summed from each lexeme's full
    /// length (leading trivia, text, trailing trivia), so the total must equal the file
    /// size; `nil` if it does not, which would make every offset suspect.
    static func lexemes(_ bytes: [UInt8]) -> [SyntaxLexeme]? {
        bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count > 0 else { return [] }
            return withLexemes(buffer) { sequence in
                var result: [SyntaxLexeme] = []
                result.reserveCapacity(buffer.count / 4)
                var offset = 0
                while let lexeme = sequence.next() {
                    let text = lexeme.textRange
                    result.append(SyntaxLexeme(
                        kind: lexeme.rawTokenKind,
                        start: offset + text.lowerBound,
                        end: offset + text.upperBound,
                        isAtStartOfLine: lexeme.flags.contains(.isAtStartOfLine)
                    ))
                    offset += lexeme.byteLength
                    if lexeme.rawTokenKind == .endOfFile { break }
                }
                return offset == buffer.count ? result : nil
            }
        }
    }

    /// Whether swift-syntax's parser finds any syntax error in the file.
    static func isRejected(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { Parser.parse(source: $0).hasError }
    }

    /// Parses the file and returns the tree's length, which must be consumed so the
    /// parse cannot be optimised away.
    static func parsedLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        Parser.parse(source: buffer).totalLength.utf8Length
    }
}

// MARK: - swift-syntax's lexemes, reduced to pieces

extension SwiftSyntaxTokens {
    /// Where the walk over the lexemes is: the literals and interpolations it is inside.
    private enum LiteralContext {
        /// Inside the text of a string literal.
        case string(singleLine: Bool, raw: Bool)
        /// Inside `\( … )`; `depth` counts the `(` opened since the `\(`.
        case interpolation(depth: Int)
    }

    /// swift-syntax's lexemes in the common form of `PieceCollector`, joining what it
    /// splits and archlint by design does not: string delimiters with their `#`s and all
    /// the text of a literal up to the next interpolation (swift-syntax cuts multi-line
    /// text at every line break), `\` + `#`s + `(` opening an interpolation, the pieces of
    /// a regex literal, and `#` + name.
    static func pieces(_ lexemes: [SyntaxLexeme]) -> [Piece] {
        var collector = PieceCollector(capacity: lexemes.count)
        var stack: [LiteralContext] = []
        var index = 0

        /// The lexeme after `index` if it starts exactly where `lexemes[index]` ends.
        func touchingNext(_ index: Int, _ kinds: Set<RawTokenKind>) -> SyntaxLexeme? {
            guard index + 1 < lexemes.count else { return nil }
            let next = lexemes[index + 1]
            return next.start == lexemes[index].end && kinds.contains(next.kind) ? next : nil
        }

        /// Where the text of a literal continues: right after the previous lexeme. Inside a
        /// literal the only trivia is an escaped newline (`\` + line break), which is text
        /// for archlint; it matters after an interpolation, where a new piece starts.
        func textStart(_ index: Int) -> Int {
            index > 0 ? lexemes[index - 1].end : lexemes[index].start
        }

        while index < lexemes.count {
            let lexeme = lexemes[index]

            if case let .string(singleLine, raw)? = stack.last {
                // swift-syntax ends an unterminated literal by going back to normal lexing:
                // at the end of the line for a single-line literal.
                if !kindsInsideString.contains(lexeme.kind) || (singleLine && lexeme.isAtStartOfLine) {
                    stack.removeLast()
                    continue
                }
                switch lexeme.kind {
                case .backslash:
                    // `\(` or `\#(`: one interpolation-start boundary.
                    var end = lexeme.end
                    var last = index
                    if let pounds = touchingNext(last, [.rawStringPoundDelimiter]) {
                        end = pounds.end
                        last += 1
                    }
                    if let paren = touchingNext(last, [.leftParen]) {
                        end = paren.end
                        last += 1
                        stack.append(.interpolation(depth: 0))
                    }
                    collector.add(.string, lexeme.start, end)
                    index = last + 1
                    continue
                case .stringQuote, .multilineStringQuote, .singleQuote:
                    stack.removeLast()
                    collector.add(.string, textStart(index), lexeme.end, continuing: true, open: raw)
                    if raw, let pounds = touchingNext(index, [.rawStringPoundDelimiter]) {
                        collector.add(.string, pounds.start, pounds.end, continuing: true)
                        index += 1
                    }
                default:  // text
                    collector.add(.string, textStart(index), lexeme.end, continuing: true, open: true)
                }
                index += 1
                continue
            }

            switch lexeme.kind {
            case .rawStringPoundDelimiter:
                // The `#`s of an opening raw-string delimiter, then its quote.
                collector.add(.string, lexeme.start, lexeme.end, open: true)
                if let quote = touchingNext(index, quoteKinds) {
                    stack.append(.string(singleLine: quote.kind != .multilineStringQuote, raw: true))
                    collector.add(.string, quote.start, quote.end, continuing: true, open: true)
                    index += 1
                }
            case .stringQuote, .multilineStringQuote, .singleQuote:
                stack.append(.string(singleLine: lexeme.kind != .multilineStringQuote, raw: false))
                collector.add(.string, lexeme.start, lexeme.end, open: true)
            case .leftParen:
                if case let .interpolation(depth)? = stack.last {
                    stack[stack.count - 1] = .interpolation(depth: depth + 1)
                }
                collector.add(.operatorOrPunctuation, lexeme.start, lexeme.end)
            case .rightParen:
                if case let .interpolation(depth)? = stack.last {
                    if depth == 0 {
                        stack.removeLast()
                        collector.add(.string, lexeme.start, lexeme.end)  // interpolation end
                        break
                    }
                    stack[stack.count - 1] = .interpolation(depth: depth - 1)
                }
                collector.add(.operatorOrPunctuation, lexeme.start, lexeme.end)
            case .pound:
                // `#selector`, `#Preview`, `#file`: `pound` + a name with nothing between.
                if let name = touchingNext(index, [.identifier, .keyword]) {
                    collector.add(.pound, lexeme.start, name.end)
                    index += 1
                } else {
                    collector.add(.operatorOrPunctuation, lexeme.start, lexeme.end)
                }
            case .regexPoundDelimiter, .regexSlash, .regexLiteralPattern:
                let continuesRegex = index > 0 && regexKinds.contains(lexemes[index - 1].kind)
                    && lexemes[index - 1].end == lexeme.start
                collector.add(.regex, lexeme.start, lexeme.end, continuing: continuesRegex, open: true)
            case .shebang, .endOfFile:
                break  // trivia for archlint; nothing
            default:
                if let pieceClass = simpleClass(lexeme.kind) {
                    collector.add(pieceClass, lexeme.start, lexeme.end)
                }
            }
            index += 1
        }
        return collector.pieces
    }

    private static let quoteKinds: Set<RawTokenKind> = [.stringQuote, .multilineStringQuote, .singleQuote]
    private static let regexKinds: Set<RawTokenKind> = [.regexPoundDelimiter, .regexSlash, .regexLiteralPattern]
    /// What swift-syntax emits while lexing the text of a literal.
    private static let kindsInsideString: Set<RawTokenKind> = [
        .stringSegment, .backslash, .rawStringPoundDelimiter, .stringQuote, .multilineStringQuote, .singleQuote,
    ]

    /// The class of a lexeme that needs no context.
    private static func simpleClass(_ kind: RawTokenKind) -> PieceClass? {
        switch kind {
        case .identifier, .keyword, .wildcard, .dollarIdentifier:
            return .word
        case .integerLiteral, .floatLiteral:
            return .number
        case .poundAvailable, .poundUnavailable, .poundIf, .poundElseif, .poundElse, .poundEndif, .poundSourceLocation:
            return .pound
        case .unknown, .backtick:
            // archlint makes a lone backtick an `unknown` token.
            return .unknown
        case .shebang, .endOfFile:
            return nil
        case .stringSegment, .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter:
            // Only outside a literal, which the walk does not let happen for segments.
            return .string
        case .regexPoundDelimiter, .regexSlash, .regexLiteralPattern:
            return .regex
        default:
            return .operatorOrPunctuation
        }
    }
}
