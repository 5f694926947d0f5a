/// Where the outline builder writes facts while it scans code: one growing buffer per
/// file, reused for every body, so writing a word costs a store and a capacity check, not
/// an array's uniqueness and growth bookkeeping. When a scan ends, its records are copied
/// into the declaration's `CodeFacts` at once (one allocation of the right size).
///
/// The record layout is `CodeFacts`'s (see there).
final class FactBuffer {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private(set) var count = 0
    private(set) var memberAccessCount = 0
    private(set) var callCount = 0
    private(set) var referenceCount = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// How much was written: a position to copy from or to go back to.
    struct Mark {
        var count: Int
        var memberAccessCount: Int
        var callCount: Int
        var referenceCount: Int

        /// Before anything was written.
        static let start = Mark(count: 0, memberAccessCount: 0, callCount: 0, referenceCount: 0)
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
        if count == capacity { grow() }
        base[count] = word
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    func appendWord(_ word: Int) {
        append(UInt32(truncatingIfNeeded: word))
    }

    /// Appends the words written to `other` after `mark`, with their record counts.
    func append(_ other: FactBuffer, from mark: Mark) {
        for position in mark.count..<other.count { append(other[position]) }
        memberAccessCount += other.memberAccessCount - mark.memberAccessCount
        callCount += other.callCount - mark.callCount
        referenceCount += other.referenceCount - mark.referenceCount
    }

    // MARK: - Records

    /// Starts a record; returns its position for `endRecord`.
    func beginRecord(_ kind: UInt32, role: ReferenceRole? = nil, offset: Int) -> Int {
        let position = count
        var header = kind
        if let role { header |= role.code << 2 }
        append(header)
        append(0)
        appendWord(offset)
        return position
    }

    func setFlag(_ flag: UInt32, ofRecordAt position: Int) {
        base[position] |= flag
    }

    func endRecord(at position: Int) {
        base[position + 1] = UInt32(truncatingIfNeeded: count - position)
        switch base[position] & CodeFacts.RecordKind.mask {
        case CodeFacts.RecordKind.memberAccess: memberAccessCount += 1
        case CodeFacts.RecordKind.call: callCount += 1
        default: referenceCount += 1
        }
    }

    // MARK: - Names

    /// A name being written in pieces: where its length word is and how long it is so far.
    struct PendingString {
        let position: Int
        var length = 0
    }

    func beginString() -> PendingString {
        append(0)
        return PendingString(position: count - 1)
    }

    func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to string: inout PendingString) {
        guard !range.isEmpty, let source = bytes.baseAddress else { return }
        #if _endian(little)
        // Four bytes to a word, the first in the lowest bits: in memory, on a little-endian
        // machine, that is the name's bytes in order, so they are copied in one go into
        // zeroed words (unused bytes of the last word stay zero).
        let first = string.position + 1
        let needed = first + (string.length + range.count + 3) / 4
        while needed > capacity { grow() }
        if needed > count { (base + count).initialize(repeating: 0, count: needed - count) }
        (UnsafeMutableRawPointer(base + first) + string.length).copyMemory(from: source + range.lowerBound, byteCount: range.count)
        count = needed
        string.length += range.count
        #else
        for index in range { appendByte(source[index], to: &string) }
        #endif
    }

    func appendByte(_ byte: UInt8, to string: inout PendingString) {
        let slot = string.length & 3
        if slot == 0 {
            append(UInt32(byte))
        } else {
            base[count - 1] |= UInt32(byte) << UInt32(8 * slot)
        }
        string.length += 1
    }

    func endString(_ string: PendingString, isClosure: Bool = false) {
        base[string.position] = UInt32(truncatingIfNeeded: string.length) | (isClosure ? CodeFacts.closureFlag : 0)
    }

    func appendString(_ text: String) {
        var string = beginString()
        var text = text
        text.withUTF8 { appendBytes($0, 0..<$0.count, to: &string) }
        endString(string)
    }
}

extension CodeFacts {
    /// Appends the records written to `buffer` after `mark`.
    mutating func absorb(_ buffer: FactBuffer, from mark: FactBuffer.Mark) {
        guard buffer.count > mark.count else { return }
        words.append(contentsOf: UnsafeBufferPointer(start: buffer.base + mark.count, count: buffer.count - mark.count))
        memberAccessCount += buffer.memberAccessCount - mark.memberAccessCount
        callCount += buffer.callCount - mark.callCount
        referenceCount += buffer.referenceCount - mark.referenceCount
    }
}
