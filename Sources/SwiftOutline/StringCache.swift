/// Strings made from source bytes, kept for the files after the one they were made for:
/// most names and type texts of a project (`String`, `id`, `public`, `MainActor`,
/// `NoteRepository`) come back file after file, and a string made before costs a table
/// lookup instead of checking the bytes as UTF-8 and, past 15 bytes, allocating its
/// storage. Equal texts also share that storage in the outlines.
///
/// Direct-mapped: each slot holds the last string whose bytes hashed to it, found again
/// only if its bytes are exactly the same. Texts of up to `maximumLength` bytes are kept,
/// in two tables: texts of 1 to `smallLength` bytes (small strings, held in the string
/// value itself: the check of their bytes as UTF-8 is what a lookup saves), and texts of
/// 16 to 32 bytes (whose storage is shared too). Texts past 32 bytes (closure types, long
/// attribute arguments) are made every time.
///
/// A slot's key, length and string lie together in one 64-byte cache line: a lookup
/// touches one line of a table too large for the first-level cache, not one line in each
/// of three tables.
///
/// One per `OutlineWorkspace`, so one per thread: the cache is not for sharing, but the
/// strings it hands out are ordinary values that any thread may keep.
final class StringCache {
    static let maximumLength = 32
    /// Texts of up to this many bytes become small strings, held in the string value
    /// itself, which cost no allocation to make; they are kept in a table of their own.
    static let smallLength = 15
    /// 1,024 slots of 64 bytes in each table: enough for the texts a project repeats, and
    /// each table below the allocator's threshold for mapping memory of its own, which a
    /// table of 128 KB crosses (a workspace made for one file would then map and unmap it).
    private static let slotBits = 10
    private static let slotCount = 1 << slotBits

    /// One slot: its text's bytes in four words (the bytes past the text zero), its
    /// length (-1 for a slot never filled) and its string.
    private struct Slot {
        var key: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length = -1
        var string = ""
        /// Up to the 64 bytes of a cache line.
        private var padding = 0
    }

    private let slots: UnsafeMutablePointer<Slot>
    /// The table of texts of 1 to `smallLength` bytes (their last two key words zero).
    private let smallSlots: UnsafeMutablePointer<Slot>

    init() {
        precondition(MemoryLayout<Slot>.stride == 64, "a slot is one cache line")
        slots = StringCache.makeTable()
        smallSlots = StringCache.makeTable()
    }

    deinit {
        for table in [slots, smallSlots] {
            table.deinitialize(count: StringCache.slotCount)
            UnsafeMutableRawPointer(table).deallocate()
        }
    }

    private static func makeTable() -> UnsafeMutablePointer<Slot> {
        let table = UnsafeMutableRawPointer.allocate(byteCount: slotCount * 64, alignment: 64).bindMemory(to: Slot.self, capacity: slotCount)
        table.initialize(repeating: Slot(), count: slotCount)
        return table
    }

    /// The string of `bytes`, as `String(decoding: bytes, as: UTF8.self)` makes it. Most
    /// texts are short: their look-up is the one call made here.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count &- 1 < StringCache.smallLength, let source = bytes.baseAddress {
            return smallString(at: UnsafeRawPointer(source), length: bytes.count)
        }
        return longerString(bytes)
    }

    /// `string(_:)` of an empty text or one of more than 15 bytes.
    @inline(never)
    private func longerString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = bytes.count
        guard length > 0, length <= StringCache.maximumLength, let source = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var key: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &key) { $0.baseAddress.unsafelyUnwrapped.copyMemory(from: source, byteCount: length) }
        return string(key, length: length)
    }

    /// The string of the `length` (1 to 15) bytes at `source`.
    @inline(never)
    private func smallString(at source: UnsafeRawPointer, length: Int) -> String {
        let key = StringCache.smallKey(source, length: length)
        return string((key.0, key.1, 0, 0), length: length, in: smallSlots)
    }

    /// The `length` (1 to 15) bytes at `source` as two words, the way they lie in memory
    /// (the first byte lowest on a little-endian machine), the bytes past them zero. Read
    /// with loads that overlap rather than byte by byte, and none beyond the text.
    @inline(__always)
    static func smallKey(_ source: UnsafeRawPointer, length: Int) -> (UInt64, UInt64) {
        // Each load reads its bytes with the first lowest, whatever the machine's byte order.
        @inline(__always) func eight(_ offset: Int) -> UInt64 { UInt64(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        @inline(__always) func four(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        @inline(__always) func two(_ offset: Int) -> UInt64 { UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) }
        let low: UInt64, high: UInt64
        if length >= 8 {
            // Bytes 8 ..< length are the top bytes of the last eight.
            low = eight(0)
            high = length == 8 ? 0 : eight(length - 8) &>> UInt64(truncatingIfNeeded: (16 - length) &* 8)
        } else if length >= 4 {
            // Two four-byte loads; the bytes they share are the same bytes in both.
            low = four(0) | four(length - 4) &<< UInt64(truncatingIfNeeded: (length - 4) &* 8)
            high = 0
        } else if length >= 2 {
            low = two(0) | two(length - 2) &<< UInt64(truncatingIfNeeded: (length - 2) &* 8)
            high = 0
        } else {
            low = UInt64(source.load(as: UInt8.self))
            high = 0
        }
        // The words as they would lie in memory, whatever the machine's byte order.
        return (UInt64(littleEndian: low), UInt64(littleEndian: high))
    }

    /// The string of the `length` bytes in `key` (the bytes past them zero).
    func string(_ key: (UInt64, UInt64, UInt64, UInt64), length: Int) -> String {
        if length == 0 { return "" }
        return string(key, length: length, in: length <= StringCache.smallLength ? smallSlots : slots)
    }

    /// The string of the `length` bytes in `key`, from `table` (found, or made and kept).
    @inline(__always)
    private func string(_ key: (UInt64, UInt64, UInt64, UInt64), length: Int, in table: UnsafeMutablePointer<Slot>) -> String {
        // Each word multiplied by its own odd constant, so that equal words in different
        // places hash differently; the high bits of one more product pick the slot.
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        hash ^= key.0 &* 0xFF51_AFD7_ED55_8CCD
        hash ^= key.1 &* 0xC4CE_B9FE_1A85_EC53
        hash ^= key.2 &* 0x8765_4321_0FED_CBA9
        hash ^= key.3 &* 0xD6E8_FEB8_6659_FD93
        hash = (hash ^ (hash &>> 32)) &* 0x9E37_79B9_7F4A_7C15
        let slot = table + Int(truncatingIfNeeded: hash &>> UInt64(64 - StringCache.slotBits))
        if slot.pointee.length == length, slot.pointee.key.0 == key.0, slot.pointee.key.1 == key.1,
           slot.pointee.key.2 == key.2, slot.pointee.key.3 == key.3 {
            return slot.pointee.string
        }
        let made = StringCache.made(key, length: length)
        slot.pointee.length = length
        slot.pointee.key = key
        slot.pointee.string = made
        return made
    }

    /// The string of the `length` bytes in `key`, made anew.
    private static func made(_ key: (UInt64, UInt64, UInt64, UInt64), length: Int) -> String {
        var bytes = key
        return withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(length), as: UTF8.self) }
    }
}
