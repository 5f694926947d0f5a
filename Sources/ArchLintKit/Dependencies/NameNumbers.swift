import SwiftOutline

/// A fixed set of distinct names, numbered in the order given, looked up by their bytes as a
/// file's facts pack them (`CodeFacts.packedBytes(of:)`).
///
/// The layer dependencies look up every name a file references, once per file. Through a
/// `Dictionary` each name would first be made into a `String` and then hashed with SipHash;
/// here it costs a multiplicative hash of its words, eight bytes at a time, and usually one
/// probe and one comparison of words.
struct NameNumbers: Sendable {
    /// Open addressing with linear probing: per slot, the number of the name filed there
    /// plus one, or 0 when the slot is free. At most half of the slots are used.
    private var slots: [Int32]
    private let mask: Int
    /// The names packed as `CodeFacts.PackedName` packs them, one after the other: name `n`
    /// is `lengths[n]` bytes in the words from `starts[n]` on.
    private var words: [UInt32] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []

    init(_ names: [String]) {
        var size = 16
        while size < names.count * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        starts.reserveCapacity(names.count)
        lengths.reserveCapacity(names.count)
        for name in names {
            starts.append(words.count)
            lengths.append(name.utf8.count)
            var name = name
            name.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    var word: UInt32 = 0
                    for offset in 0..<min(4, bytes.count - index) { word |= UInt32(bytes[index + offset]) << UInt32(8 * offset) }
                    words.append(word)
                    index += 4
                }
            }
        }
        for number in names.indices {
            var slot = words.withUnsafeBufferPointer { words in
                Self.hash(CodeFacts.PackedName(words: words.baseAddress.map { $0 + starts[number] }, count: lengths[number]))
            } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// The number of the name spelled `name`, or nil when it is not one of the names.
    func number(of name: CodeFacts.PackedName) -> Int? {
        var slot = Self.hash(name) & mask
        let wordCount = name.wordCount
        return slots.withUnsafeBufferPointer { slots in
            words.withUnsafeBufferPointer { words in
                while slots[slot] != 0 {
                    let number = Int(slots[slot]) - 1
                    if lengths[number] == name.count {
                        // Equal lengths, equal word counts: the words are compared (none for
                        // the empty name, whose words may be nil).
                        let start = starts[number]
                        var index = 0
                        while index < wordCount, words[start + index] == name.words![index] { index += 1 }
                        if index == wordCount { return number }
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// A hash of the name's words, two (eight bytes) at a time, with its length mixed in.
    static func hash(_ name: CodeFacts.PackedName) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(name.count)
        if let words = name.words {
            let count = name.wordCount
            var index = 0
            while index < count {
                let block = UInt64(words[index]) | (index + 1 < count ? UInt64(words[index + 1]) << 32 : 0)
                hash = (hash ^ block) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 2
            }
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
