import SwiftLexer

/// Tokens of one file with what the outline builder asks of them over and over: the
/// matching closer of each bracket (each token's word comes from the lexer).
///
/// The tokens and the pairs live in memory the stream does not own (arrays of a
/// `LexedSource`, or an `OutlineWorkspace` reused file after file), valid while the
/// builder runs; both are read through `CheckedBuffer`, which checks every index as an
/// array would.
struct TokenStream {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: CheckedBuffer<Token>
    /// Where the file's facts are written and kept (see `FactStore`), and a second store
    /// for generic arguments, which are recorded after the reference they belong to and
    /// copied there; both intern names in the same pool.
    let factStore: FactStore
    let genericBuffer: FactStore
    /// Per opening bracket (`(`, `[`, `{`, interpolation start): the index of its closer, or
    /// `-1 - stop` when it is never closed, where `stop` is the index of the token that
    /// ends the group without closing it (a `}` of an enclosing block, or the end).
    /// Per closing bracket that closes a group: the index of its opener. Zero for every
    /// other token.
    let pairs: CheckedBuffer<Int32>
    /// Where texts of tokens become strings, reused from file to file (a workspace's);
    /// nil makes each string anew.
    let strings: StringCache?

    var count: Int { tokens.count }

    /// - Parameters:
    ///   - structure: `LexedSource.structure` of the tokens (the brackets and the
    ///     declaration keywords starting a line); when empty, every token is looked at,
    ///     which gives the same pairs, only slower.
    ///   - pairs: memory for `pairs`, at least one entry per token; it is overwritten.
    ///   - strings: where token texts become strings (see `strings`).
    init(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, structure: UnsafeBufferPointer<UInt32>,
         pairs: UnsafeMutableBufferPointer<Int32>, strings: StringCache? = nil) {
        precondition(pairs.count >= tokens.count, "one pair entry per token")
        self.bytes = bytes
        self.strings = strings
        self.tokens = CheckedBuffer(tokens)
        // Sized for the file (about one distinct name per sixteen tokens, a record word per
        // token) rather than grown from a small start; `seal()` gives back what is unused.
        let names = NamePool(expectedNames: tokens.count / 16)
        factStore = FactStore(capacity: tokens.count, names: names)
        genericBuffer = FactStore(capacity: 64, names: names)
        let pairs = UnsafeMutableBufferPointer(rebasing: pairs[0..<tokens.count])
        TokenStream.computePairs(tokens: tokens, structure: structure, into: pairs)
        self.pairs = CheckedBuffer(UnsafeBufferPointer(pairs))
    }

    /// Fills `pairs` (see there), in one pass over the tokens of `structure` (all tokens
    /// when it is empty: the others change nothing).
    private static func computePairs(tokens: UnsafeBufferPointer<Token>, structure: UnsafeBufferPointer<UInt32>, into pairs: UnsafeMutableBufferPointer<Int32>) {
        if let base = pairs.baseAddress { base.update(repeating: 0, count: pairs.count) }
        @inline(__always) func isBrace(_ index: Int) -> Bool { tokens[index].symbol == 0x7B }
        @inline(__always) func close(_ opener: Int, _ closer: Int) {
            pairs[opener] = Int32(closer)
            pairs[closer] = Int32(opener)
        }
        @inline(__always) func word(_ index: Int) -> Word { tokens[index].word }
        // Openers waiting for their closer. A `}` closes the nearest `{` and abandons any
        // `(`/`[` opened after it; a `)`/`]` with no opener of its kind above the nearest
        // `{` is stray and ignored. This keeps braces authoritative in broken code.
        var open: [Int] = []
        open.reserveCapacity(64)
        let everyToken = structure.isEmpty
        let visits = everyToken ? tokens.count : structure.count
        for visit in 0..<visits {
            let index = everyToken ? visit : Int(structure[visit])
            let token = tokens[index]
            switch token.kind {
            case .identifier, .keyword:
                guard token.flags.contains(.newlineBefore), let top = open.last, tokens[top].kind == .punctuation,
                      !isBrace(top) else { continue }
                // Recovery: a declaration keyword starting a line cannot sit directly inside
                // `(…)` or `[…]`, so an unclosed `(` or `[` before it ends there
                // (`func half(` followed by more declarations).
                if word(index).startsDeclarationLine, !isParameterLabel(index, in: tokens) {
                    while let last = open.last, tokens[last].kind == .punctuation, !isBrace(last) {
                        pairs[open.removeLast()] = Int32(-1 - index)
                    }
                }
            case .punctuation:
                let byte = token.symbol
                switch byte {
                case 0x28, 0x5B, 0x7B:  // ( [ {
                    open.append(index)
                case 0x7D:  // }
                    guard let braceAt = open.lastIndex(where: { isBrace($0) }) else { continue }
                    while open.count > braceAt + 1 { pairs[open.removeLast()] = Int32(-1 - index) }
                    close(open.removeLast(), index)
                case 0x29, 0x5D:  // ) ]
                    let opener: UInt8 = byte == 0x29 ? 0x28 : 0x5B
                    var position = open.count - 1
                    while position >= 0 {
                        let candidate = tokens[open[position]]
                        if candidate.kind == .interpolationStart { position = -1; break }
                        let candidateByte = candidate.symbol
                        if candidateByte == opener || candidateByte == 0x7B { break }
                        position -= 1
                    }
                    guard position >= 0, tokens[open[position]].symbol == opener else { continue }
                    while open.count > position + 1 { pairs[open.removeLast()] = Int32(-1 - index) }
                    close(open.removeLast(), index)
                default:
                    break
                }
            case .interpolationStart:
                open.append(index)
            case .interpolationEnd:
                guard let at = open.lastIndex(where: { tokens[$0].kind == .interpolationStart }) else { continue }
                while open.count > at + 1 { pairs[open.removeLast()] = Int32(-1 - index) }
                close(open.removeLast(), index)
            default:
                break
            }
        }
        for index in open { pairs[index] = Int32(-1 - tokens.count) }
    }

    /// `class: Int` or `extension proto: Int` in a parameter list: a keyword used as a label.
    private static func isParameterLabel(_ index: Int, in tokens: UnsafeBufferPointer<Token>) -> Bool {
        func isColon(_ position: Int) -> Bool {
            position < tokens.count && tokens[position].symbol == 0x3A
        }
        if isColon(index + 1) { return true }
        return index + 2 < tokens.count && (tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .keyword) && isColon(index + 2)
    }

    /// The opener of the group closed by token `index`, if it closes one.
    @inline(__always) func opener(of index: Int) -> Int? {
        guard index < count, !isOpener(index) else { return nil }
        let pair = Int(pairs[index])
        guard pair >= 0, pair < index, isOpener(pair), Int(pairs[pair]) == index else { return nil }
        return pair
    }

    // MARK: - Questions about one token

    @inline(__always) func word(_ index: Int) -> Word {
        index >= 0 && index < count ? tokens[index].word : .none
    }

    @inline(__always) func kind(_ index: Int) -> TokenKind? { index >= 0 && index < count ? tokens[index].kind : nil }

    /// Whether token `index` is the one-byte punctuation or operator `byte`.
    @inline(__always) func isByte(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < count && tokens[index].symbol == byte
    }

    @inline(__always) func firstByte(_ index: Int) -> UInt8 { index >= 0 && index < count ? bytes[tokens[index].start] : 0 }

    func isOperator(_ index: Int, _ text: StaticString) -> Bool {
        guard index >= 0, index < count, tokens[index].kind == .operator else { return false }
        return equals(index, text)
    }

    func equals(_ index: Int, _ text: StaticString) -> Bool {
        let token = tokens[index]
        guard Int(token.length) == text.utf8CodeUnitCount else { return false }
        let pointer = text.utf8Start
        for offset in 0..<Int(token.length) where bytes[token.start + offset] != pointer[offset] { return false }
        return true
    }

    @inline(__always) func newlineBefore(_ index: Int) -> Bool {
        index >= 0 && index < count && tokens[index].flags.contains(.newlineBefore)
    }

    @inline(__always) func triviaBefore(_ index: Int) -> Bool {
        index >= 0 && index < count && tokens[index].flags.contains(.triviaBefore)
    }

    /// Whether token `index` is a name: an identifier, or a keyword used as one where the
    /// grammar allows (`self`, `Self`, `init`, `Any`).
    @inline(__always) func isName(_ index: Int) -> Bool { kind(index) == .identifier }

    func text(_ index: Int) -> String {
        let token = tokens[index]
        return string(token.start, token.end)
    }

    /// The source text `start..<end` as a string.
    @inline(__always)
    func string(_ start: Int, _ end: Int) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let strings { return strings.string(text) }
        return String(decoding: text, as: UTF8.self)
    }

    /// A name's text without backticks (`` `default` `` → `default`).
    func nameText(_ index: Int) -> String {
        let name = nameBounds(index)
        return string(name.start, name.end)
    }

    /// Where token `index`'s name starts and ends in the source, without backticks.
    @inline(__always)
    func nameBounds(_ index: Int) -> (start: Int, end: Int) {
        let token = tokens[index]
        if token.length >= 2, bytes[token.start] == 0x60, bytes[token.end - 1] == 0x60 {
            return (token.start + 1, token.end - 1)
        }
        return (token.start, token.end)
    }

    /// Source text of tokens `from..<to` with every run of trivia collapsed to one space
    /// (and none where the tokens touch).
    func text(from: Int, to: Int) -> String {
        guard from < to, from < count else { return "" }
        let end = min(to, count)
        // Most type texts are one name (`String`, `NoteRepository`): no joining to do.
        if end == from + 1 { return text(from) }
        // Measured first, so the string is built in place: no intermediate byte array.
        var length = 0
        for index in from..<end {
            let token = tokens[index]
            if index > from, token.flags.contains(.triviaBefore) { length += 1 }
            length += Int(token.length)
        }
        if let strings, length <= StringCache.maximumLength {
            // Short joined texts (`[String]`, `Result<Note, Error>`) come back often too:
            // joined into four words, they are looked up like a single token's text.
            var key: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &key) { _ = join(from: from, to: end, into: $0) }
            return strings.string(key, length: length)
        }
        return String(unsafeUninitializedCapacity: length) { join(from: from, to: end, into: UnsafeMutableRawBufferPointer($0)) }
    }

    /// Writes the text of tokens `from..<end` into `out`, a space for each run of trivia
    /// between them, and returns how many bytes that is; `out` must have room for them.
    private func join(from: Int, to end: Int, into out: UnsafeMutableRawBufferPointer) -> Int {
        guard let target = out.baseAddress, let source = bytes.baseAddress else { return 0 }
        var written = 0
        for index in from..<end {
            let token = tokens[index]
            if index > from, token.flags.contains(.triviaBefore) {
                out[written] = 0x20
                written += 1
            }
            (target + written).copyMemory(from: source + token.start, byteCount: Int(token.length))
            written += Int(token.length)
        }
        return written
    }

    // MARK: - Brackets

    /// Whether token `index` opens a bracket group.
    @inline(__always) func isOpener(_ index: Int) -> Bool {
        guard index >= 0, index < count else { return false }
        return tokens[index].opensBracket
    }

    /// The index of the closer of the group opened at `index`, if it is closed.
    @inline(__always) func closer(of index: Int) -> Int? {
        let pair = Int(pairs[index])
        return pair >= 0 ? pair : nil
    }

    /// The index just past the group opened at `index`: after its closer, or at the token
    /// that ended it unclosed.
    @inline(__always) func afterGroup(_ index: Int) -> Int {
        let pair = Int(pairs[index])
        return pair >= 0 ? pair + 1 : -1 - pair
    }

    /// The index where the group's content ends (its closer, or where it was cut off).
    @inline(__always) func contentEnd(_ index: Int) -> Int {
        let pair = Int(pairs[index])
        return pair >= 0 ? pair : -1 - pair
    }

    /// If token `index` is `<` opening a generic clause, the index just past its `>`.
    /// Operator tokens may hold several angle brackets (`>>`, `>?`), so characters are
    /// counted. Heuristic: gives up (nil) at tokens that cannot appear in a generic clause
    /// (`;`, `{`, `}`, `=` outside a `where`), so `a < b` comparisons are not mistaken,
    /// and at a clause nested deeper than `maximumAngleDepth`: no real generic clause is, and
    /// without that limit a run of unclosed `<` (`a < b && c < d …` with no brace, or a
    /// broken file) would make every `<` scan to the end, in time quadratic in the run.
    func afterAngles(_ index: Int) -> Int? {
        guard index < count, tokens[index].kind == .operator, bytes[tokens[index].start] == 0x3C else { return nil }
        return afterAngles(from: index, depth: 0)
    }

    /// The deepest nesting of generic clauses `afterAngles` follows (`A<B<C>>` is 2 deep).
    static let maximumAngleDepth = 64

    /// Like `afterAngles(_:)`, starting at `position` inside a clause already `depth` deep
    /// (after the `<` glued to an operator name: `func ||<T>(…)`).
    func afterAngles(from start: Int, depth initialDepth: Int) -> Int? {
        var depth = initialDepth
        var position = start
        while position < count {
            let token = tokens[position]
            switch token.kind {
            case .operator:
                for offset in token.start..<token.end {
                    let byte = bytes[offset]
                    if byte == 0x3C {
                        depth += 1
                        if depth > Self.maximumAngleDepth { return nil }
                    } else if byte == 0x3E {
                        if offset > token.start, bytes[offset - 1] == 0x2D { continue }  // `->`
                        depth -= 1
                        if depth == 0 {
                            // A `>` in the middle of an operator (`>>=`) does not end a clause cleanly.
                            return offset == token.end - 1 || isAngleTail(token, from: offset + 1) ? position + 1 : nil
                        }
                    } else if byte == 0x3D, token.length == 1 || !(token.length == 2 && bytes[token.start + 1] == 0x3D) {
                        return nil
                    } else if byte == 0x7C || byte == 0x2B || byte == 0x2A || byte == 0x25 || byte == 0x5E {
                        return nil
                    }
                }
            case .punctuation:
                let byte = token.symbol
                if byte == 0x28 || byte == 0x5B {
                    position = afterGroup(position)
                    continue
                }
                if byte == 0x3B || byte == 0x7B || byte == 0x7D || byte == 0x29 || byte == 0x5D { return nil }
            case .identifier, .keyword, .integer, .pound:
                break
            default:
                return nil
            }
            position += 1
        }
        return nil
    }

    private func isAngleTail(_ token: Token, from offset: Int) -> Bool {
        // `>?`, `>!`, `>...` after a generic clause are postfix operators on the type.
        for position in offset..<token.end {
            let byte = bytes[position]
            if byte != 0x3F && byte != 0x21 && byte != 0x2E && byte != 0x3E { return false }
        }
        return true
    }
}

/// Memory read as an array is: every index is checked (a bad one stops the program, as an
/// array's would), and the memory belongs to someone else, who keeps it alive.
struct CheckedBuffer<Element> {
    let buffer: UnsafeBufferPointer<Element>

    init(_ buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    var count: Int { buffer.count }
    var indices: Range<Int> { 0..<buffer.count }
    var last: Element? { buffer.last }

    @inline(__always) subscript(index: Int) -> Element {
        precondition(index >= 0 && index < buffer.count, "index out of range")
        return buffer[index]
    }
}
