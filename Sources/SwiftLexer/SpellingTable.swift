/// A fixed set of short ASCII spellings, each with a one-byte value, looked up by bytes
/// in place: the lexer asks it for every name (is it a keyword?) and the outline builder
/// for names it steers by (`func`, `get`, `nonisolated`, …), millions of times per run.
///
/// Open addressing keyed by (length, first byte, last byte), so most names cost one probe;
/// the entries and the spellings' bytes live in memory allocated once and never freed
/// (tables are static), so a lookup touches no reference counts and allocates nothing.
///
/// Spellings of up to eight bytes are also in a second table keyed by the bytes
/// themselves, packed into one word (`lookup(packed:)`): a caller that has the name's
/// bytes in a word already (the lexer reads names eight bytes at a time) then compares
/// one word per probe instead of the bytes one by one.
public struct SpellingTable: @unchecked Sendable {
    /// Per slot: the spelling's start in `pool` (bits 0–15), its length (bits 16–23, 0 for
    /// an empty slot) and its value (bits 24–31).
    private let slots: UnsafeMutablePointer<UInt32>
    private let mask: Int
    private let pool: UnsafeMutablePointer<UInt8>
    /// The longest spelling: longer names need no probe.
    private let longest: Int
    /// Per slot of the packed table: a spelling of at most eight bytes packed as in
    /// `lookup(packed:)`, 0 for an empty slot; and its value.
    private let packedKeys: UnsafeMutablePointer<UInt64>
    private let packedValues: UnsafeMutablePointer<UInt8>
    /// 64 minus the packed table's bits: the shift that turns a hash into a slot.
    private let packedShift: UInt64

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
        packedKeys = .allocate(capacity: slotCount)
        packedKeys.initialize(repeating: 0, count: slotCount)
        packedValues = .allocate(capacity: slotCount)
        packedValues.initialize(repeating: 0, count: slotCount)
        packedShift = UInt64(64 - mask.nonzeroBitCount)
        for (text, value) in spellings where text.utf8.count <= 8 {
            let key = text.utf8.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            var slot = SpellingTable.packedSlot(key, shift: packedShift)
            while packedKeys[slot] != 0 { slot = (slot + 1) & mask }
            packedKeys[slot] = key
            packedValues[slot] = value
        }
    }

    @inline(__always)
    private static func packedSlot(_ key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The value of the spelling packed in `key`, if it is one: its bytes in order from the
    /// lowest byte up, the bytes past them zero (so a name of one to eight nonzero bytes
    /// packs to a distinct key, and no name of more than eight bytes can be asked for).
    @inline(__always)
    public func lookup(packed key: UInt64) -> UInt8? {
        var slot = SpellingTable.packedSlot(key, shift: packedShift)
        while true {
            let entry = packedKeys[slot]
            if entry == key { return packedValues[slot] }
            if entry == 0 { return nil }
            slot = (slot &+ 1) & mask
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
