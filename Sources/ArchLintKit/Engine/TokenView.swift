import SwiftLexer

/// A file's tokens, lexed again for rules that read statements inside bodies, which the
/// outline only summarises as facts: the tokens, their bracket partners, the code under
/// `#if false`, and small questions about single tokens. Rules add their own readings in
/// extensions.
public struct TokenView: Sendable {
    public let bytes: [UInt8]
    public let tokens: [Token]
    /// For each bracket token (`(`, `[`, `{`, `\(` and their closers), its partner.
    public let partners: BracketPartners
    /// Byte ranges of code under `#if false` (and `never`, `NEVER`, `0`), which is never compiled.
    public let inactiveRanges: [Range<Int>]

    public init(source: SourceFile) {
        bytes = source.bytes
        tokens = Lexer.tokenize(source).tokens
        partners = BracketPartners(tokens: tokens)
        inactiveRanges = InactiveCode.ranges(in: tokens, source: source)
    }

    /// The tokens of `range` of `source` only, lexed on their own and placed at their
    /// offsets in the file (`bytes` are the whole file's). When `range` starts and ends
    /// outside any literal or comment, as a declaration's range does, these are the file's
    /// tokens in `range`, except that the first has no trivia before it. Only `#if` blocks
    /// inside `range` are seen, so `inactiveRanges` is the file's only where the file has
    /// no inactive code (see `DeclarationTokenViews`).
    public init(source: SourceFile, range: Range<Int>) {
        bytes = source.bytes
        tokens = TokenView.tokens(of: source, in: range)
        partners = BracketPartners(tokens: tokens)
        inactiveRanges = InactiveCode.ranges(in: tokens, source: source)
    }

    /// The bytes of `range` of `source` (cut to the file) lexed on their own, each token at
    /// its offset in the file: the file's tokens in `range` when it starts and ends outside
    /// any literal or comment, except that the first has no trivia before it.
    public static func tokens(of source: SourceFile, in range: Range<Int>) -> [Token] {
        let window = range.clamped(to: 0..<source.bytes.count)
        var tokens = source.bytes.withUnsafeBufferPointer { Lexer.tokenize(UnsafeBufferPointer(rebasing: $0[window])).tokens }
        let shift = UInt32(truncatingIfNeeded: window.lowerBound)
        if shift > 0 {
            for position in tokens.indices { tokens[position].offset += shift }
        }
        return tokens
    }

    public func isInactive(_ offset: Int) -> Bool { inactiveRanges.contains { $0.contains(offset) } }

    /// Index of the first token starting at or after `offset`.
    public func firstToken(atOrAfter offset: Int) -> Int {
        tokens.firstIndex(startingAtOrAfter: offset)
    }

    public func text(_ index: Int) -> String { String(decoding: bytes[tokens[index].range], as: UTF8.self) }

    /// Whether token `index` exists and is spelled `text`.
    public func isText(_ index: Int, _ text: String) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        guard token.length == text.utf8.count else { return false }
        // Asked a hundred thousand times per run: the bytes are compared in place.
        return text.utf8.withContiguousStorageIfAvailable { spelled in
            bytes.withUnsafeBufferPointer { source in
                var offset = 0
                while offset < spelled.count, source[token.start + offset] == spelled[offset] { offset += 1 }
                return offset == spelled.count
            }
        } ?? bytes[token.range].elementsEqual(text.utf8)
    }

    public func isKeyword(_ index: Int, _ text: String) -> Bool { isKind(index, .keyword) && isText(index, text) }
    public func isPunctuation(_ index: Int, _ text: String) -> Bool { isKind(index, .punctuation) && isText(index, text) }
    public func isOperator(_ index: Int, _ text: String) -> Bool { isKind(index, .operator) && isText(index, text) }

    /// Whether token `index` exists and is of `kind`.
    private func isKind(_ index: Int, _ kind: TokenKind) -> Bool { index >= 0 && index < tokens.count && tokens[index].kind == kind }

    /// The identifier at `index` without backticks; `nil` for other tokens.
    public func name(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return nil }
        var text = text(index)
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        return text
    }

    public func hasNewlineBefore(_ index: Int) -> Bool { index >= 0 && index < tokens.count && tokens[index].flags.contains(.newlineBefore) }
    public func hasTriviaBefore(_ index: Int) -> Bool { index >= 0 && index < tokens.count && tokens[index].flags.contains(.triviaBefore) }
}

/// For each bracket token, the index of its partner (opener ↔ closer): `(`, `[`, `{` and
/// string interpolations. `nil` for other tokens, unbalanced brackets and positions outside
/// the file. One array entry per token, so a look-up costs no hashing.
public struct BracketPartners: Sendable {
    private let table: [Int32]

    public init(tokens: [Token]) {
        var table = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.opensBracket {
                stack.append(index)
            } else if token.closesBracket, let open = stack.popLast() {
                table[open] = Int32(index)
                table[index] = Int32(open)
            }
        }
        self.table = table
    }

    public subscript(position: Int) -> Int? {
        guard position >= 0, position < table.count, table[position] >= 0 else { return nil }
        return Int(table[position])
    }
}

/// Token views for rules that read the statements of a few declarations: each declaration's
/// own tokens (`TokenView(source:range:)`), so that the rest of its file is not lexed again.
/// A file that may hold code under `#if false` (`IndexedFile.mayHaveInactiveCode`) is lexed
/// whole instead, once, since which code is inactive depends on directives outside the
/// declaration. Either way the view answers alike for every offset inside the declaration.
public struct DeclarationTokenViews {
    private let index: ProjectIndex
    private let sources: SourceCache
    /// The whole views of files that may hold inactive code, once made.
    private var wholeFiles: [Int: TokenView] = [:]
    /// The declaration view made last, asked for again by rules that read a declaration twice.
    private var last: (file: Int, declaration: Int, view: TokenView)?

    public init(index: ProjectIndex) {
        self.index = index
        sources = SourceCache(files: index.files)
    }

    /// The text of file `file`, read once (the views' own); nil when it cannot be read again.
    public func source(of file: Int) -> SourceFile? {
        sources.source(of: file)
    }

    /// The tokens of the declaration `declaration` of file `file`; nil when the file's text
    /// cannot be read again.
    public mutating func view(of declaration: Int, inFile file: Int) -> TokenView? {
        guard let source = sources.source(of: file) else { return nil }
        if index.files[file].mayHaveInactiveCode {
            if let whole = wholeFiles[file] { return whole }
            let whole = TokenView(source: source)
            wholeFiles[file] = whole
            return whole
        }
        if let last, last.file == file, last.declaration == declaration { return last.view }
        let view = TokenView(source: source, range: index.files[file].outline.declarations[declaration].range)
        last = (file, declaration, view)
        return view
    }
}
