/// Strings made from source bytes, kept for the files after the one they were made for:
/// most names and type texts of a project (`String`, `id`, `public`, `MainActor`,
/// `NoteRepository`) come back file after file, and a string made before costs a table
/// lookup instead of checking the bytes as UTF-8 and, past 15 bytes, allocating its
/// storage. Equal texts also share that storage in the outlines.
///
/// Direct-mapped: each slot holds the last string whose bytes hashed to it, found again
/// only if its bytes are exactly the same. Texts of `smallLength + 1` to `maximumLength`
/// bytes are kept; shorter ones are small strings that cost no allocation, longer ones
/// (closure types, long attribute arguments) are made every time.
///
/// A slot's key, length and string lie together in one 64-byte cache line: a lookup
/// touches one line of a table too large for the first-level cache, not one line in each
/// of three tables.
///
/// One per `OutlineWorkspace`, so one per thread: the cache is not for sharing, but the
/// strings it hands out are ordinary values that any thread may keep.
final class StringCache {
    static let maximumLength = 32
    /// Texts of up to this many bytes are made every time: they become small strings,
    /// held in the string value itself, which cost no allocation to make.
    static let smallLength = 15
    /// 1,024 slots of 64 bytes: enough for the texts of 16 to 32 bytes a project repeats,
    /// and below the allocator's threshold for mapping memory of its own, which a table of
    /// 128 KB crosses (a workspace made for one file would then map and unmap it).
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

    init() {
        precondition(MemoryLayout<Slot>.stride == 64, "a slot is one cache line")
        slots = UnsafeMutableRawPointer.allocate(byteCount: StringCache.slotCount * 64, alignment: 64)
            .bindMemory(to: Slot.self, capacity: StringCache.slotCount)
        slots.initialize(repeating: Slot(), count: StringCache.slotCount)
    }

    deinit {
        slots.deinitialize(count: StringCache.slotCount)
        UnsafeMutableRawPointer(slots).deallocate()
    }

    /// The string of `bytes`, as `String(decoding: bytes, as: UTF8.self)` makes it.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = bytes.count
        guard length > StringCache.smallLength, length <= StringCache.maximumLength, let source = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var key: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &key) { $0.baseAddress.unsafelyUnwrapped.copyMemory(from: source, byteCount: length) }
        return string(key, length: length)
    }

    /// The string of the `length` bytes in `key` (the bytes past them zero).
    func string(_ key: (UInt64, UInt64, UInt64, UInt64), length: Int) -> String {
        if length <= StringCache.smallLength { return StringCache.made(key, length: length) }
        // Each word multiplied by its own odd constant, so that equal words in different
        // places hash differently; the high bits of one more product pick the slot.
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        hash ^= key.0 &* 0xFF51_AFD7_ED55_8CCD
        hash ^= key.1 &* 0xC4CE_B9FE_1A85_EC53
        hash ^= key.2 &* 0x8765_4321_0FED_CBA9
        hash ^= key.3 &* 0xD6E8_FEB8_6659_FD93
        hash = (hash ^ (hash &>> 32)) &* 0x9E37_79B9_7F4A_7C15
        let slot = slots + Int(truncatingIfNeeded: hash &>> UInt64(64 - StringCache.slotBits))
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
