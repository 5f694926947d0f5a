import Foundation

/// A quick look at a file's bytes before a rule spends time on its tokens: does the text
/// mention any of a few words at all? Rules use it to skip files that cannot produce a
/// finding (no `fatalError`, no `Button`, …), which is most files of most projects.
///
/// It answers about bytes, not tokens: a word inside a comment or a string counts as a
/// mention, so a `true` only means "look closer" and a `false` is always safe. A search of
/// whole words (`wholeWords`) counts a word only where no letter, digit, `_` or non-ASCII
/// byte is right before or after it: `View` in `some View`, not in `AccountViewModel`.
public struct ByteSearch: Sendable {
    /// The words, as bytes; lower-cased when the search ignores ASCII case.
    private let needles: [[UInt8]]
    /// For each needle, the position of its word in the list given to `init`.
    private let wordPositions: [Int]
    /// Byte → the byte compared (ASCII lower case when ignoring case, else itself).
    private let fold: [UInt8]
    private let ignoringCase: Bool
    private let wholeWords: Bool
    /// The pairs of bytes, as they are in a text, that some needle starts with (folded).
    private let starts: PairSet
    /// Whether some needle is one byte long (the pair table cannot answer for it).
    private let hasSingleByteNeedle: Bool
    /// The shortest needle's length: shorter texts (most names) are ruled out at once.
    private let shortest: Int

    /// - Parameters:
    ///   - ignoringCase: whether ASCII letters match in either case.
    ///   - wholeWords: whether a word counts only as a word of its own (see above).
    public init(_ words: [String], ignoringCase: Bool = false, wholeWords: Bool = false) {
        let fold = (0...255).map { (value: Int) -> UInt8 in
            let byte = UInt8(value)
            return ignoringCase && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }
        let kept = words.indices.filter { !words[$0].isEmpty }
        needles = kept.map { words[$0].utf8.map { fold[Int($0)] } }
        wordPositions = kept
        var starts = PairSet()
        for needle in needles where needle.count > 1 { starts.insert(needle[0], needle[1], fold: fold) }
        self.fold = fold
        self.ignoringCase = ignoringCase
        self.wholeWords = wholeWords
        self.starts = starts
        hasSingleByteNeedle = needles.contains { $0.count == 1 }
        shortest = needles.map(\.count).min() ?? Int.max
    }

    /// Whether any of the words occurs in `bytes`.
    public func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(occurs(inBuffer:))
    }

    /// Whether any of the words occurs in a stretch of bytes (a comment of a file, say).
    public func occurs(in bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer(occurs(inBuffer:))
    }

    /// Whether any of the words occurs in `text` (its UTF-8 bytes, without copying them).
    public func occurs(in text: String) -> Bool {
        // Most texts asked about are names, often shorter than any word.
        guard text.utf8.count >= shortest else { return false }
        var text = text
        return text.withUTF8(occurs(inBuffer:))
    }

    /// Which of the words occur in `bytes`: bit `i` is set when the word at position `i`
    /// of the list given to `init` occurs (at most 64 words). One pass over the text, like
    /// `occurs(in:)`, but to the end unless every word has been seen.
    public func occurringWords(in bytes: [UInt8]) -> UInt64 {
        precondition(needles.count <= 64, "at most 64 words")
        return bytes.withUnsafeBufferPointer { text in
            var found: UInt64 = 0
            var all: UInt64 = 0
            for position in wordPositions { all |= 1 << UInt64(position) }
            for (number, needle) in needles.enumerated() where needle.count == 1 && containsByte(needle[0], in: text) {
                found |= 1 << UInt64(wordPositions[number])
            }
            guard found != all else { return found }
            _ = firstCandidate(in: text) { start, fold in
                for (number, needle) in needles.enumerated() where matches(needle, in: text, at: start, fold: fold) {
                    found |= 1 << UInt64(wordPositions[number])
                }
                return found == all
            }
            return found
        }
    }

    private func occurs(inBuffer text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= shortest else { return false }
        if hasSingleByteNeedle, needles.contains(where: { $0.count == 1 && containsByte($0[0], in: text) }) { return true }
        return firstCandidate(in: text) { start, fold in needles.contains { matches($0, in: text, at: start, fold: fold) } }
    }

    /// The pair scan both searches share: calls `visit` with each position where some
    /// needle's first two (folded) bytes start, in order, until it returns true; returns
    /// whether it did.
    @inline(__always)
    private func firstCandidate(in text: UnsafeBufferPointer<UInt8>, where visit: (_ start: Int, _ fold: UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard text.count > 1 else { return false }
        return fold.withUnsafeBufferPointer { fold in
            starts.forEachCandidate(in: text) { visit($0, fold) }
        }
    }

    private func matches(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, at offset: Int, fold: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count - offset >= needle.count else { return false }
        for position in needle.indices where fold[Int(text[offset + position])] != needle[position] { return false }
        return !wholeWords || Self.standsAlone(in: text, from: offset, to: offset + needle.count)
    }

    /// Whether the one-byte word `byte` (folded) occurs in `text`, as a whole word if the
    /// search asks for those.
    private func containsByte(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.indices.contains { fold[Int(text[$0])] == byte && (!wholeWords || Self.standsAlone(in: text, from: $0, to: $0 + 1)) }
    }

    /// Whether the bytes `start ..< end` of `text` are not preceded or followed by a byte of
    /// a name (`ProjectIndex.isWordByte`).
    @inline(__always)
    static func standsAlone(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        (start == 0 || !ProjectIndex.isWordByte(text[start - 1])) && (end == text.count || !ProjectIndex.isWordByte(text[end]))
    }
}

extension ByteSearch {
    /// Calls `body` with each offset of `text` where `word` starts, in order, until it
    /// returns true; returns whether it did. The word is looked for by its byte at `anchor`
    /// (a rare one: the `w` of `switch`) with `memchr`, many bytes at a time, and each hit
    /// is confirmed in place. Case counts.
    @discardableResult
    public static func forEachOccurrence(of word: [UInt8], anchor: Int, in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) -> Bool {
        guard !word.isEmpty, word.indices.contains(anchor), text.count >= word.count, let base = text.baseAddress else { return false }
        let start = UnsafeRawPointer(base)
        var next = anchor
        let last = text.count - word.count + anchor
        while next <= last, let found = memchr(start + next, Int32(word[anchor]), last - next + 1) {
            let at = start.distance(to: UnsafeRawPointer(found)) - anchor
            if text[at..<(at + word.count)].elementsEqual(word), body(at) { return true }
            next = at + anchor + 1
        }
        return false
    }

    /// Several searches answered in one pass over a text: what `occurringWords(in:)` of
    /// each would answer, for the cost of one scan (the per-file stage asks every rule's
    /// clue words of every file). The words of all searches are put in one list (up to
    /// 64 of two bytes or more). Each word is looked for by its anchor, the pair of
    /// adjacent bytes in it that is rarest in source code (`anchor(of:)`: `pG` of
    /// `onTapGesture`, `xm` of `fixme`), not by its first two bytes, which are often common
    /// (`on`, `fi`); one table says, for each pair of bytes, which words have it as their
    /// anchor, and each of those is compared under its own search's case rule.
    public struct Union: Sendable {
        private let searches: [ByteSearch]
        /// Per pair of bytes as they are in a text, the words (bits into `words`) anchored
        /// by it.
        private let anchors: [UInt64]
        /// The pairs whose entry in `anchors` is not zero: the scan asks this set (one byte
        /// per pair, see `PairSet`) at every byte, and reads `anchors` (eight bytes per pair)
        /// only for the candidates it leaves (about 1% of the bytes of Swift code).
        private let candidatePairs: PairSet
        private let words: [Word]
        /// All words' bytes, one after the other (`Word.range`), folded as their search folds.
        private let bytes: [UInt8]
        /// More than 64 words of two bytes or more: each search scans on its own.
        private let separately: Bool

        private struct Word: Sendable {
            var search: Int
            var bit: UInt64
            var range: Range<Int>
            /// Where the word's anchor pair starts in it.
            var anchor: Int
            /// Whether the word's search ignores ASCII case (its bytes are lower case then).
            var ignoringCase: Bool
            /// Whether the word counts only as a word of its own.
            var wholeWord: Bool
        }

        /// Bytes of Swift source from the most to the least frequent, roughly: the space and
        /// the lower-case letters. Every other byte (upper-case letters, digits,
        /// punctuation) counts as rarer than all of them.
        private static let commonBytes: [UInt8] = Array(" etainorslcdupmgfhybvwkxqjz".utf8)

        /// Where the rarest pair of adjacent bytes of a (folded) word starts: the pair whose
        /// two bytes rank furthest down `commonBytes` together; the first of equals.
        static func anchor(of needle: [UInt8]) -> Int {
            func rarity(_ byte: UInt8) -> Int { commonBytes.firstIndex(of: byte) ?? commonBytes.count }
            var best = 0
            var bestRarity = -1
            for offset in 0..<(needle.count - 1) {
                let pair = rarity(needle[offset]) + rarity(needle[offset + 1])
                if pair > bestRarity { (best, bestRarity) = (offset, pair) }
            }
            return best
        }

        public init(_ searches: [ByteSearch]) {
            self.searches = searches
            var words: [Word] = []
            var bytes: [UInt8] = []
            for (number, search) in searches.enumerated() {
                for (index, needle) in search.needles.enumerated() where needle.count > 1 {
                    words.append(Word(search: number, bit: 1 << UInt64(search.wordPositions[index]), range: bytes.count..<(bytes.count + needle.count),
                                      anchor: Self.anchor(of: needle), ignoringCase: search.ignoringCase, wholeWord: search.wholeWords))
                    bytes += needle
                }
            }
            var anchors = [UInt64](repeating: 0, count: 65_536)
            separately = words.count > 64
            if !separately {
                // Indexed by the text's bytes as they are: a word is filed under every pair
                // its search folds to its anchor (both cases, when it ignores case).
                for (number, word) in words.enumerated() {
                    let fold = searches[word.search].fold
                    let at = word.range.lowerBound + word.anchor
                    let firsts = (0...255).filter { fold[$0] == bytes[at] }
                    let seconds = (0...255).filter { fold[$0] == bytes[at + 1] }
                    for first in firsts {
                        for second in seconds { anchors[first << 8 | second] |= 1 << UInt64(number) }
                    }
                }
            }
            var candidatePairs = PairSet()
            for pair in anchors.indices where anchors[pair] != 0 { candidatePairs.insert(pair: pair) }
            self.anchors = anchors
            self.candidatePairs = candidatePairs
            self.words = words
            self.bytes = bytes
        }

        /// `searches[i].occurringWords(in: text)` for each `i`.
        public func occurringWords(in text: [UInt8]) -> [UInt64] {
            if separately { return searches.map { $0.occurringWords(in: text) } }
            var found = [UInt64](repeating: 0, count: searches.count)
            for (number, search) in searches.enumerated() where search.hasSingleByteNeedle {
                text.withUnsafeBufferPointer { text in
                    for (index, needle) in search.needles.enumerated() where needle.count == 1 && search.containsByte(needle[0], in: text) {
                        found[number] |= 1 << UInt64(search.wordPositions[index])
                    }
                }
            }
            // No word of two bytes or more (no rule that runs reads text, as with
            // `--only-rule layer-dependency`): no pass over the text for them.
            guard text.count > 1, !words.isEmpty else { return found }
            // The words found so far, as bits into `words`: a candidate of words already found
            // costs nothing more, and the scan stops once every word is found.
            var foundWords: UInt64 = 0
            let allWords: UInt64 = words.count == 64 ? ~0 : (1 << UInt64(words.count)) - 1
            text.withUnsafeBufferPointer { text in
                anchors.withUnsafeBufferPointer { anchors in
                    words.withUnsafeBufferPointer { words in
                        bytes.withUnsafeBufferPointer { wordBytes in
                            // Candidates are rare: each is looked up and confirmed apart.
                            _ = candidatePairs.forEachCandidate(in: text) { position in
                                let pending = anchors[Int(text[position]) << 8 | Int(text[position + 1])] & ~foundWords
                                if pending != 0 { foundWords |= Self.confirm(pending, anchoredAt: position, in: text, words: words, bytes: wordBytes) }
                                return foundWords == allWords
                            }
                        }
                    }
                }
            }
            for (number, word) in words.enumerated() where foundWords & 1 << UInt64(number) != 0 {
                found[word.search] |= word.bit
            }
            return found
        }

        /// Which of the `candidates` words (bits into `words`) whose anchor is the pair at
        /// `position` do occur there. It reads the words and their bytes in place: no
        /// search's fold table is fetched; case is folded inline, the way `ByteSearch`
        /// folds it.
        @inline(never)
        private static func confirm(_ candidates: UInt64, anchoredAt position: Int, in text: UnsafeBufferPointer<UInt8>,
                                    words: UnsafeBufferPointer<Word>, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var confirmed: UInt64 = 0
            var remaining = candidates
            while remaining != 0 {
                let number = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let word = words[number]
                let length = word.range.count
                let start = position - word.anchor
                guard start >= 0, text.count - start >= length else { continue }
                let first = word.range.lowerBound
                var offset = 0
                while offset < length {
                    var byte = text[start + offset]
                    if word.ignoringCase, byte &- 0x41 < 26 { byte |= 0x20 }
                    guard byte == bytes[first + offset] else { break }
                    offset += 1
                }
                if offset == length, !word.wholeWord || ByteSearch.standsAlone(in: text, from: start, to: start + length) {
                    confirmed |= 1 << UInt64(number)
                }
            }
            return confirmed
        }
    }
}

/// A set of byte pairs, one byte each (64 KB), and the scan over a text that both searches
/// share.
///
/// The table is indexed by a pair as a 16-bit little-endian load reads it from the text:
/// the first byte low, the second high. The scan then costs a load, a lookup and an `or`
/// per position. Text is mostly ASCII, so the entries it reads (both bytes below 0x80)
/// take 16 KB of the table, which stay in the processor's first-level cache.
struct PairSet: Sendable {
    private var table = [UInt8](repeating: 0, count: 65_536)

    /// The table's index of the pair `(first, second)`.
    @inline(__always)
    private static func index(_ first: Int, _ second: Int) -> Int { second << 8 | first }

    /// Adds the pair whose first byte is `pair`'s high byte and second its low byte.
    mutating func insert(pair: Int) {
        table[Self.index(pair >> 8, pair & 0xFF)] = 1
    }

    /// Adds every pair of bytes that `fold` maps to `(first, second)`.
    mutating func insert(_ first: UInt8, _ second: UInt8, fold: [UInt8]) {
        for a in 0..<256 where fold[a] == first {
            for b in 0..<256 where fold[b] == second { insert(pair: a << 8 | b) }
        }
    }

    /// Calls `visit` with each offset of `text` where a pair of the set starts, in order,
    /// until it returns true; returns whether it did.
    @inline(__always)
    func forEachCandidate(in text: UnsafeBufferPointer<UInt8>, _ visit: (Int) -> Bool) -> Bool {
        guard text.count > 1, let base = text.baseAddress else { return false }
        return table.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return false }
            let bytes = UnsafeRawPointer(base)
            // The entry of the pair that starts at `offset`, read as one 16-bit load.
            @inline(__always) func entry(_ offset: Int) -> UInt8 {
                table[Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))]
            }
            // Pairs start at 0 ..< count - 1. The hot loop looks at eight of them with one
            // branch; a block with a candidate (a few in a hundred) is gone through again.
            let pairs = text.count - 1
            var offset = 0
            while offset + 8 <= pairs {
                let any = entry(offset) | entry(offset + 1) | entry(offset + 2) | entry(offset + 3)
                    | entry(offset + 4) | entry(offset + 5) | entry(offset + 6) | entry(offset + 7)
                if any != 0 {
                    for candidate in offset..<(offset + 8) where entry(candidate) != 0 {
                        if visit(candidate) { return true }
                    }
                }
                offset += 8
            }
            while offset < pairs {
                if entry(offset) != 0, visit(offset) { return true }
                offset += 1
            }
            return false
        }
    }
}
