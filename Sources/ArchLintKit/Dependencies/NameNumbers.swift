import Foundation
import SwiftOutline

/// A fixed set of distinct names, numbered in the order given, looked up by a string's UTF-8
/// bytes or by the bytes as a file's facts pack them (`CodeFacts.packedBytes(of:)`).
///
/// Rules look up declarations by name many thousand times, and the layer dependencies look
/// up every name a file references. Through a `Dictionary` each name is hashed with SipHash
/// (and a packed name first made into a `String`); here it costs a multiplicative hash of
/// its bytes, eight at a time, and usually one probe and one comparison.
struct NameNumbers: Sendable {
    /// Open addressing with linear probing: per slot, the number of the name filed there
    /// plus one, or 0 when the slot is free. At most half of the slots are used.
    private var slots: [Int32]
    private var mask: Int
    /// The names' UTF-8 bytes, one after the other: name `n` ends at `ends[n]`.
    private var utf8: [UInt8] = []
    private var ends: [Int32] = []

    /// Room for about `capacity` names before the slots grow.
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        ends.reserveCapacity(capacity)
        utf8.reserveCapacity(capacity * 16)
    }

    /// The distinct `names`, numbered in their order.
    init(_ names: [String]) {
        self.init(capacity: names.count)
        for name in names { insert(name) }
    }

    /// The number of `name`, added as the next number if it is not there yet, and whether
    /// it was added.
    @discardableResult
    mutating func insert(_ name: String) -> (number: Int, inserted: Bool) {
        if let found = name.utf8.withContiguousStorageIfAvailable({ insert($0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { insert($0) }
    }

    /// `insert(_:)` of a name's UTF-8 bytes.
    @discardableResult
    mutating func insert(_ name: UnsafeBufferPointer<UInt8>) -> (number: Int, inserted: Bool) {
        // One hash: the probe that does not find the name ends at the slot it goes in.
        let (found, slot) = probe(name)
        if let found { return (found, false) }
        let number = ends.count
        utf8.append(contentsOf: name)
        ends.append(Int32(utf8.count))
        slots[slot] = Int32(number + 1)
        if ends.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Puts name `number` in the first free slot from its hash on.
    private mutating func file(_ number: Int, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number + 1)
    }

    /// Doubles the slots and files every name again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for number in ends.indices {
            let hash = utf8.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[bounds(number)])) }
            file(number, hash: hash)
        }
    }

    /// How many names there are.
    var count: Int { ends.count }

    /// The name numbered `number`.
    func name(_ number: Int) -> String {
        String(decoding: utf8[bounds(number)], as: UTF8.self)
    }

    private func bounds(_ number: Int) -> Range<Int> {
        (number == 0 ? 0 : Int(ends[number - 1]))..<Int(ends[number])
    }

    /// The number of the name whose UTF-8 bytes are `name`, or nil.
    func number(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        probe(name).number
    }

    /// Where the probe for `name` ends: at its number, or (nil) at the free slot it would go in.
    private func probe(_ name: UnsafeBufferPointer<UInt8>) -> (number: Int?, slot: Int) {
        find(hash: Self.hash(name), count: name.count) { stored in
            name.isEmpty || memcmp(stored.baseAddress!, name.baseAddress!, name.count) == 0
        }
    }

    /// The number of the name `name`, or nil.
    func number(of name: String) -> Int? {
        // A native string's bytes are read in place; others are copied first.
        if let found = name.utf8.withContiguousStorageIfAvailable({ number(of: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { number(of: $0) }
    }

    /// The number of the name packed as `name`, or nil.
    func number(of name: CodeFacts.PackedName) -> Int? {
        find(hash: Self.hash(name), count: name.count) { stored -> Bool in
            // Equal lengths: the stored bytes are compared four at a time with the words.
            var index = 0
            while index < name.wordCount {
                var word: UInt32 = 0
                for offset in 0..<min(4, stored.count - 4 * index) { word |= UInt32(stored[4 * index + offset]) << UInt32(8 * offset) }
                guard word == name.words![index] else { return false }
                index += 1
            }
            return true
        }.number
    }

    /// The probe for a name of `count` bytes and this hash: the number of the name that
    /// `matches` accepts (given its bytes), or nil and the free slot where the probe ended.
    @inline(__always)
    private func find(hash: Int, count: Int, _ matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> (number: Int?, slot: Int) {
        var slot = hash & mask
        return slots.withUnsafeBufferPointer { slots in
            utf8.withUnsafeBufferPointer { utf8 in
                while slots[slot] != 0 {
                    let number = Int(slots[slot]) - 1
                    let bounds = bounds(number)
                    if bounds.count == count, matches(UnsafeBufferPointer(rebasing: utf8[bounds])) { return (number, slot) }
                    slot = (slot + 1) & mask
                }
                return (nil, slot)
            }
        }
    }

    /// A hash of a name's bytes as eight-byte blocks (the first byte lowest, the last block
    /// padded with zeros), with its length mixed in.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = seed ^ UInt64(bytes.count)
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                mix(&hash, UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
                offset += 8
            }
            if offset < bytes.count {
                var block: UInt64 = 0
                for index in offset..<bytes.count { block |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
                mix(&hash, block)
            }
        }
        return finish(hash)
    }

    /// `hash(_:)` of a packed name: its words give the same blocks, two words each.
    static func hash(_ name: CodeFacts.PackedName) -> Int {
        var hash = seed ^ UInt64(name.count)
        if let words = name.words {
            let count = name.wordCount
            var index = 0
            while index < count {
                mix(&hash, UInt64(words[index]) | (index + 1 < count ? UInt64(words[index + 1]) << 32 : 0))
                index += 2
            }
        }
        return finish(hash)
    }

    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    private static func mix(_ hash: inout UInt64, _ block: UInt64) {
        hash = (hash ^ block) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 32
    }

    @inline(__always)
    private static func finish(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
