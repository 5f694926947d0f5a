/// A fixed set of short ASCII spellings, each with a one-byte value, looked up by bytes
/// in place: the lexer asks it for every name (is it a keyword?) and the outline builder
/// for names it steers by (`func`, `get`, `nonisolated`, …), millions of times per run.
///
/// Open addressing keyed by (length, first byte, last byte), so most names cost one probe;
/// the entries and the spellings' bytes live in memory allocated once and never freed
/// (tables are static), so a lookup touches no reference counts and allocates nothing.
public struct SpellingTable: @unchecked Sendable {
    /// Per slot: the spelling's start in `pool` (bits 0–15), its length (bits 16–23, 0 for
    /// an empty slot) and its value (bits 24–31).
    private let slots: UnsafeMutablePointer<UInt32>
    private let mask: Int
    private let pool: UnsafeMutablePointer<UInt8>
    /// The longest spelling: longer names need no probe.
    private let longest: Int

    /// `spellings` must be distinct, non-empty and at most 255 bytes long; `slotCount` a
    /// power of two comfortably larger than their number.
    public init(_ spellings: [(text: String, value: UInt8)], slotCount: Int) {
        precondition(slotCount & (slotCount - 1) == 0 && slotCount > spellings.count)
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        mask = slotCount - 1
        let bytes = spellings.flatMap { Array($0.text.utf8) }
        pool = .allocate(capacity: max(bytes.count, 1))
        pool.initialize(from: bytes, count: bytes.count)
        longest = spellings.map(\.text.utf8.count).max() ?? 0
        var start = 0
        for (text, value) in spellings {
            let utf8 = Array(text.utf8)
            var slot = SpellingTable.hash(utf8.count, utf8[0], utf8[utf8.count - 1]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(start) | UInt32(utf8.count) << 16 | UInt32(value) << 24
            start += utf8.count
        }
    }

    @inline(__always)
    private static func hash(_ count: Int, _ first: UInt8, _ last: UInt8) -> Int {
        count &* 61 &+ Int(first) &* 7 &+ Int(last) &* 13
    }

    /// The value of the spelling of the `count` bytes at `start`, if it is one.
    @inline(__always)
    public func lookup(_ start: UnsafePointer<UInt8>, count: Int) -> UInt8? {
        guard count >= 1, count <= longest else { return nil }
        var slot = SpellingTable.hash(count, start[0], start[count &- 1]) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if Int((entry >> 16) & 0xFF) == count {
                let spelling = pool + Int(entry & 0xFFFF)
                var index = 0
                while index < count, spelling[index] == start[index] { index &+= 1 }
                if index == count { return UInt8(truncatingIfNeeded: entry >> 24) }
            }
            slot = (slot &+ 1) & mask
        }
    }
}
