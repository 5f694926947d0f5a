import Foundation

/// The facts of one file: every record of every body, in one block of 32-bit words, with
/// their names interned in the file's `NamePool`. A declaration's `CodeFacts` is a range of
/// this block.
///
/// While the outline builder scans code it writes records at the end (a store and a
/// capacity check per word, no array bookkeeping); a body's records then simply stay
/// where they were written. When the file is done, `seal()` gives back the unused
/// capacity and the store is only read from then on, by any thread.
///
/// The record layout is `CodeFacts`'s (see there).
///
/// Word counts and positions stay below the store's capacity, so the per-name paths
/// (`append`, `appendBytes`, `endRecord`, `NamePool.intern`) use wrapping arithmetic
/// (`&+`): overflow checks there could never trip.
final class FactStore: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private(set) var count = 0
    private(set) var memberAccessCount = 0
    private(set) var callCount = 0
    private(set) var referenceCount = 0
    /// Where the names of the records are kept; shared by the stores of one file.
    let names: NamePool
    /// Records of a body written after another body's (the enclosing type's members
    /// between two stretches of its own code): the extra ranges, by the start of the
    /// body's first range. `gather(_:)` moves them together once the file is done.
    private var scattered: [UInt32: [Range<UInt32>]] = [:]

    init(capacity: Int = 1024, names: NamePool) {
        self.capacity = max(capacity, 16)
        base = FactStore.allocate(self.capacity)
        self.names = names
    }

    deinit { free(base) }

    private static func allocate(_ words: Int) -> UnsafeMutablePointer<UInt32> {
        guard let memory = malloc(words * MemoryLayout<UInt32>.stride) else { fatalError("out of memory") }
        return memory.bindMemory(to: UInt32.self, capacity: words)
    }

    /// How much was written: a position to copy from or to go back to.
    struct Mark {
        var count: Int
        var memberAccessCount: Int
        var callCount: Int
        var referenceCount: Int
    }

    var mark: Mark { Mark(count: count, memberAccessCount: memberAccessCount, callCount: callCount, referenceCount: referenceCount) }

    /// Forgets everything written after `mark`.
    func rewind(to mark: Mark) {
        count = mark.count
        memberAccessCount = mark.memberAccessCount
        callCount = mark.callCount
        referenceCount = mark.referenceCount
    }

    subscript(position: Int) -> UInt32 {
        get { base[position] }
        set { base[position] = newValue }
    }

    @inline(__always)
    func append(_ word: UInt32) {
        if count == capacity { grow(to: count &+ 1) }
        base[count] = word
        count &+= 1
    }

    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        guard let memory = realloc(base, larger * MemoryLayout<UInt32>.stride) else { fatalError("out of memory") }
        base = memory.bindMemory(to: UInt32.self, capacity: larger)
        capacity = larger
    }

    func appendWord(_ word: Int) {
        append(UInt32(truncatingIfNeeded: word))
    }

    /// Appends the words written to `other` after `mark`, with their record counts. Both
    /// stores must share their `names`.
    func append(_ other: FactStore, from mark: Mark) {
        let words = other.count - mark.count
        guard words > 0 else { return }
        if count + words > capacity { grow(to: count + words) }
        (base + count).update(from: other.base + mark.count, count: words)
        count += words
        memberAccessCount += other.memberAccessCount - mark.memberAccessCount
        callCount += other.callCount - mark.callCount
        referenceCount += other.referenceCount - mark.referenceCount
    }

    /// Gives back the capacity nothing was written to and the interning table; the store
    /// is read-only afterwards.
    func seal() {
        names.seal()
        scattered = [:]
        guard capacity > count, let memory = realloc(base, max(count, 1) * MemoryLayout<UInt32>.stride) else { return }
        base = memory.bindMemory(to: UInt32.self, capacity: max(count, 1))
        capacity = max(count, 1)
    }

    // MARK: - Bodies

    /// Makes the records written after `mark` part of `facts`: they follow its records
    /// directly (the usual case), or they are noted to be moved next to them by `gather`.
    func claim(from mark: Mark, for facts: inout CodeFacts) {
        guard count > mark.count else { return }
        let start = UInt32(truncatingIfNeeded: mark.count)
        let end = UInt32(truncatingIfNeeded: count)
        if facts.store == nil {
            facts.store = self
            facts.start = start
            facts.end = end
        } else if facts.end == start {
            facts.end = end
        } else {
            scattered[facts.start, default: []].append(start..<end)
        }
        facts.memberAccessCount += memberAccessCount - mark.memberAccessCount
        facts.callCount += callCount - mark.callCount
        facts.referenceCount += referenceCount - mark.referenceCount
    }

    /// Whether some body's records are not all in one range yet (see `gather`).
    var hasScattered: Bool { !scattered.isEmpty }

    /// Copies the records of `facts` into one range at the end, if they were written in
    /// more than one stretch. Each body is moved at most once, so this stays linear.
    func gather(_ facts: inout CodeFacts) {
        guard facts.store === self, let ranges = scattered.removeValue(forKey: facts.start) else { return }
        let start = count
        let total = Int(facts.end - facts.start) + ranges.reduce(0) { $0 + $1.count }
        if count + total > capacity { grow(to: count + total) }
        for range in [facts.start..<facts.end] + ranges {
            (base + count).update(from: base + Int(range.lowerBound), count: range.count)
            count += range.count
        }
        facts.start = UInt32(truncatingIfNeeded: start)
        facts.end = UInt32(truncatingIfNeeded: count)
    }

    // MARK: - Records

    /// Starts a record; returns its position for `endRecord`.
    func beginRecord(_ kind: UInt32, role: ReferenceRole? = nil, offset: Int) -> Int {
        let position = count
        var header = kind
        if let role { header |= role.code << 2 }
        append(header)
        appendWord(offset)
        return position
    }

    func setFlag(_ flag: UInt32, ofRecordAt position: Int) {
        base[position] |= flag
    }

    /// Ends the record that starts at `position`: its length goes into its header, or, for
    /// a record longer than the header holds (a call with a million arguments), into a
    /// word of its own after the header, which moves the rest of the record one word on.
    /// Returns how far the record's fields moved (0 or 1).
    @discardableResult
    func endRecord(at position: Int) -> Int {
        var moved = 0
        let length = count &- position
        if length <= CodeFacts.maximumHeaderLength {
            base[position] |= UInt32(truncatingIfNeeded: length) << CodeFacts.lengthShift
        } else {
            append(0)
            memmove(base + position + 2, base + position + 1, (length - 1) * MemoryLayout<UInt32>.stride)
            base[position + 1] = UInt32(truncatingIfNeeded: length + 1)
            moved = 1
        }
        switch base[position] & CodeFacts.RecordKind.mask {
        case CodeFacts.RecordKind.memberAccess: memberAccessCount &+= 1
        case CodeFacts.RecordKind.call: callCount &+= 1
        default: referenceCount &+= 1
        }
        return moved
    }

    // MARK: - Names

    /// A name being written in pieces: where it starts and how long it is so far. Its
    /// bytes are written after the record, four to a word, and replaced by the name's
    /// number in the pool when it ends.
    struct PendingString {
        let position: Int
        var length = 0
    }

    func beginString() -> PendingString {
        PendingString(position: count)
    }

    func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to string: inout PendingString) {
        guard !range.isEmpty, let source = bytes.baseAddress else { return }
        #if _endian(little)
        // Four bytes to a word, the first in the lowest bits: in memory, on a little-endian
        // machine, that is the name's bytes in order, so they are copied in one go. The
        // bytes fill every new word but the last, which is zeroed first (its unused bytes
        // stay zero; those of the word already begun are zero too).
        let needed = string.position &+ (string.length &+ range.count &+ 3) &>> 2
        if needed > capacity { grow(to: needed) }
        if needed > count { base[needed &- 1] = 0 }
        (UnsafeMutableRawPointer(base + string.position) + string.length).copyMemory(from: source + range.lowerBound, byteCount: range.count)
        count = needed
        string.length &+= range.count
        #else
        for index in range { appendByte(source[index], to: &string) }
        #endif
    }

    func appendByte(_ byte: UInt8, to string: inout PendingString) {
        let slot = string.length & 3
        if slot == 0 {
            append(UInt32(byte))
        } else {
            base[count &- 1] |= UInt32(byte) << UInt32(8 * slot)
        }
        string.length &+= 1
    }

    /// Replaces the bytes of `string` by its name's number (`isClosure` marks a call
    /// argument that is a closure literal).
    func endString(_ string: PendingString, isClosure: Bool = false) {
        let number = names.intern(base + string.position, length: string.length)
        count = string.position
        append(number | (isClosure ? CodeFacts.closureFlag : 0))
    }

    /// Appends the number of the name whose bytes are `bytes[start..<end]` (`isClosure`
    /// as in `endString`): what `beginString`, `appendBytes` and `endString` write for a
    /// name of one piece, without copying its bytes here first. Most names of a body are
    /// one token, and most are already in the pool.
    ///
    /// The pool reads the bytes eight at a time, so that is done in place only where
    /// eight-byte steps stay inside `bytes`; a name at the very end of the file is copied.
    @inline(__always)
    func appendName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, isClosure: Bool = false) {
        let flag = isClosure ? CodeFacts.closureFlag : 0
        #if _endian(little)
        if let source = bytes.baseAddress, start &+ ((end &- start &+ 7) & ~7) <= bytes.count {
            append(names.intern(bytes: source + start, length: end &- start) | flag)
            return
        }
        #endif
        var string = beginString()
        appendBytes(bytes, start..<end, to: &string)
        endString(string, isClosure: isClosure)
    }
}

/// The distinct names of one file's facts, each kept once: a name is its offset in the
/// pool, where its byte count is followed by its bytes, four to a word (the first in the
/// lowest bits, unused bytes zero). Offset 0 is the empty name.
///
/// While the file is outlined an open-addressing table finds a name already in the pool
/// (`intern`); `seal()` frees it.
///
/// Names are interned per file, not across the project: files are outlined in parallel,
/// and one table for all of them would need a lock for every name. Most of what a
/// project-wide table would save is already saved within a file (a body names the same
/// receivers, members and types over and over).
final class NamePool: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// Words in use: every name's number (its offset) is below it.
    private(set) var count = 1
    /// Offsets of the names, by hash; 0 marks a free slot (the empty name is never looked up).
    private var table: UnsafeMutablePointer<UInt32>?
    private var tableMask = 0
    private var names = 0

    /// A pool with room for about `expectedNames` names (of a few words each) before its
    /// memory or its table grows.
    init(expectedNames: Int = 64) {
        let names = max(expectedNames, 64)
        capacity = names * 4
        guard let memory = malloc(capacity * MemoryLayout<UInt32>.stride) else { fatalError("out of memory") }
        base = memory.bindMemory(to: UInt32.self, capacity: capacity)
        base[0] = 0
        // Four slots per expected name, a power of two; the table grows when half full.
        resizeTable(to: 1 << (Int.bitWidth - (names * 4 - 1).leadingZeroBitCount))
    }

    deinit {
        free(base)
        free(table)
    }

    /// The offset of the name whose `length` bytes are in `words` (four to a word, unused
    /// bytes zero), added to the pool if it is new.
    ///
    /// Called for every name of every body (most of them already in the pool), so the
    /// lookup is inlined into its caller and reads eight bytes at a time; adding a name
    /// is a call of its own.
    @inline(__always)
    func intern(_ words: UnsafePointer<UInt32>, length: Int) -> UInt32 {
        guard length > 0 else { return 0 }
        guard let table else { preconditionFailure("a sealed name pool is read-only") }
        let wordCount = (length &+ 3) &>> 2
        let slot = NamePool.hash(words, wordCount: wordCount, length: length) & tableMask
        let found = probe(from: slot, length: length, in: table) { NamePool.equal(base + $0 + 1, words, wordCount: wordCount) }
        if let entry = found.entry { return entry }
        return add(words, length: length, wordCount: wordCount, slot: found.free, in: table)
    }

    /// The offset of the name whose `length` bytes start at `bytes`, added to the pool if it
    /// is new: `intern(_:length:)` for a name read in place from the file, which finds the
    /// same names (its hash and comparison see the same eight-byte values: the bytes past
    /// the name's end are masked off, as they are zero in the pool).
    ///
    /// Reads `bytes` eight at a time: the `length` rounded up to a multiple of eight must
    /// be readable. Little-endian machines only (as the pool's layout in memory).
    @inline(__always)
    func intern(bytes: UnsafePointer<UInt8>, length: Int) -> UInt32 {
        guard length > 0 else { return 0 }
        guard let table else { preconditionFailure("a sealed name pool is read-only") }
        let slot = NamePool.hash(bytes, length: length) & tableMask
        let found = probe(from: slot, length: length, in: table) { NamePool.equal(base + $0 + 1, bytes, length: length) }
        if let entry = found.entry { return entry }
        return add(bytes: bytes, length: length, slot: found.free, in: table)
    }

    /// Looks for a name of `length` bytes from `slot` on: the entry whose bytes `matches`
    /// accepts, or else the free slot where the lookup ended.
    @inline(__always)
    private func probe(from slot: Int, length: Int, in table: UnsafeMutablePointer<UInt32>,
                       matches: (Int) -> Bool) -> (entry: UInt32?, free: Int) {
        var slot = slot
        while true {
            let entry = Int(table[slot])
            if entry == 0 { return (nil, slot) }
            if base[entry] == UInt32(truncatingIfNeeded: length), matches(entry) { return (UInt32(truncatingIfNeeded: entry), slot) }
            slot = (slot &+ 1) & tableMask
        }
    }

    /// The eight bytes at `offset` of a name of `length` bytes, those past its end zero.
    @inline(__always)
    private static func chunk(_ bytes: UnsafePointer<UInt8>, at offset: Int, length: Int) -> UInt64 {
        let word = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
        let rest = length &- offset
        return rest >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: rest &* 8)) &- 1)
    }

    /// Whether the pool's words at `words` hold the `length` bytes at `bytes`.
    @inline(__always)
    private static func equal(_ words: UnsafePointer<UInt32>, _ bytes: UnsafePointer<UInt8>, length: Int) -> Bool {
        var offset = 0
        while offset < length {
            let mine = NamePool.chunk(bytes, at: offset, length: length)
            // The entry's last word may be a single one: never read past it.
            let theirs = length &- offset > 4 ? UnsafeRawPointer(words + (offset &>> 2)).loadUnaligned(as: UInt64.self) : UInt64(words[offset &>> 2])
            if mine != theirs { return false }
            offset &+= 8
        }
        return true
    }

    /// Adds a name `intern(bytes:length:)` did not find: its bytes are copied into the
    /// pool, the rest of its last word zero.
    @inline(never)
    private func add(bytes: UnsafePointer<UInt8>, length: Int, slot: Int, in table: UnsafeMutablePointer<UInt32>) -> UInt32 {
        let wordCount = (length + 3) / 4
        let entry = reserve(words: 1 + wordCount)
        base[entry] = UInt32(truncatingIfNeeded: length)
        base[entry + wordCount] = 0
        UnsafeMutableRawPointer(base + entry + 1).copyMemory(from: bytes, byteCount: length)
        return enter(entry, at: slot, in: table)
    }

    /// Adds a name `intern` did not find; `slot` is the free slot of `table` its lookup ended at.
    @inline(never)
    private func add(_ words: UnsafePointer<UInt32>, length: Int, wordCount: Int, slot: Int, in table: UnsafeMutablePointer<UInt32>) -> UInt32 {
        let entry = reserve(words: 1 + wordCount)
        base[entry] = UInt32(truncatingIfNeeded: length)
        (base + entry + 1).update(from: words, count: wordCount)
        return enter(entry, at: slot, in: table)
    }

    /// Room for `words` more words at the end of the pool; returns where they start.
    private func reserve(words: Int) -> Int {
        let entry = count
        if count + words > capacity {
            var larger = capacity * 2
            while larger < count + words { larger *= 2 }
            guard let memory = realloc(base, larger * MemoryLayout<UInt32>.stride) else { fatalError("out of memory") }
            base = memory.bindMemory(to: UInt32.self, capacity: larger)
            capacity = larger
        }
        count += words
        return entry
    }

    /// Puts the name just written at `entry` into `table`'s free `slot`.
    private func enter(_ entry: Int, at slot: Int, in table: UnsafeMutablePointer<UInt32>) -> UInt32 {
        table[slot] = UInt32(truncatingIfNeeded: entry)
        names += 1
        if names * 2 > tableMask { resizeTable(to: (tableMask + 1) * 2) }
        return UInt32(truncatingIfNeeded: entry)
    }

    /// Whether the `wordCount` words at `a` and at `b` are equal, compared eight bytes at a time.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, wordCount: Int) -> Bool {
        var index = 0
        while index &+ 2 <= wordCount {
            if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) { return false }
            index &+= 2
        }
        return index == wordCount || a[index] == b[index]
    }

    /// The hash of a name read in place: `hash(_:wordCount:length:)` of the same name in
    /// the pool's words, step for step (each step's eight bytes, those past the name zero).
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, length: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset < length {
            let product = (hash ^ NamePool.chunk(bytes, at: offset, length: length)).multipliedFullWidth(by: 0xFF51_AFD7_ED55_8CCD)
            hash = product.high ^ product.low
            offset &+= 8
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// Eight bytes at a time, each step folding the full 128-bit product, so that every
    /// byte reaches the low bits the table is indexed by.
    @inline(__always)
    private static func hash(_ words: UnsafePointer<UInt32>, wordCount: Int, length: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        var index = 0
        while index &+ 2 <= wordCount {
            let product = (hash ^ UnsafeRawPointer(words + index).loadUnaligned(as: UInt64.self)).multipliedFullWidth(by: 0xFF51_AFD7_ED55_8CCD)
            hash = product.high ^ product.low
            index &+= 2
        }
        if index < wordCount {
            let product = (hash ^ UInt64(words[index])).multipliedFullWidth(by: 0xFF51_AFD7_ED55_8CCD)
            hash = product.high ^ product.low
        }
        return Int(truncatingIfNeeded: hash)
    }

    private func resizeTable(to size: Int) {
        free(table)
        guard let memory = calloc(size, MemoryLayout<UInt32>.stride) else { fatalError("out of memory") }
        let table = memory.bindMemory(to: UInt32.self, capacity: size)
        tableMask = size - 1
        var entry = 1
        while entry < count {
            let length = Int(base[entry])
            let wordCount = (length + 3) / 4
            var slot = NamePool.hash(base + entry + 1, wordCount: wordCount, length: length) & tableMask
            while table[slot] != 0 { slot = (slot + 1) & tableMask }
            table[slot] = UInt32(truncatingIfNeeded: entry)
            entry += 1 + wordCount
        }
        self.table = table
    }

    /// Frees the table and the unused capacity; the pool is read-only afterwards.
    func seal() {
        free(table)
        table = nil
        guard capacity > count, let memory = realloc(base, count * MemoryLayout<UInt32>.stride) else { return }
        base = memory.bindMemory(to: UInt32.self, capacity: count)
        capacity = count
    }
}
