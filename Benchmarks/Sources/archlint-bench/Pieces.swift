// MARK: - The common ground of both lexers

/// The coarse class both token streams are reduced to before they are compared.
///
/// The two lexers name tokens differently (archlint has no `leftParen`, swift-syntax has
/// no `stringQuote` that includes `#`s), so the comparison uses classes where both agree
/// by construction and only boundaries and broad kinds can differ.
enum PieceClass: String {
    /// Identifiers, keywords, `_`, `$0`, backticked names, editor placeholders.
    case word
    case number
    /// String literal text with its delimiters, or an interpolation boundary `\(` / `)`.
    case string
    /// A whole regex literal.
    case regex
    case operatorOrPunctuation = "operator-or-punctuation"
    /// `#if`, `#available`, `#selector`, `#Preview`, …
    case pound
    /// Bytes that form no valid token.
    case unknown
}

/// One normalised token: a class and a byte range of the file.
struct Piece: Equatable {
    var pieceClass: PieceClass
    var start: Int
    var end: Int

    var range: Range<Int> { start..<end }
}

/// Builds a piece stream, joining pieces that one lexer splits and the other does not.
///
/// Each piece says whether it may be continued (`open`) and whether it continues the
/// previous one (`continuing`). Joining never needs the pieces to touch: swift-syntax
/// keeps an escaped newline of a multi-line string in trivia, archlint skips the line
/// break after an opening `"""`, and both are still inside one literal.
struct PieceCollector {
    private(set) var pieces: [Piece] = []
    private var lastIsOpen = false

    init(capacity: Int = 0) {
        pieces.reserveCapacity(capacity)
    }

    /// Adds a piece. Zero-length pieces are dropped and leave the state as it was, so
    /// swift-syntax's empty segment in `""` does not stop the closing quote from joining.
    mutating func add(_ pieceClass: PieceClass, _ start: Int, _ end: Int, continuing: Bool = false, open: Bool = false) {
        guard end > start else { return }
        if continuing, lastIsOpen, let last = pieces.last, last.pieceClass == pieceClass {
            pieces[pieces.count - 1].end = end
        } else {
            pieces.append(Piece(pieceClass: pieceClass, start: start, end: end))
        }
        lastIsOpen = open
    }
}
