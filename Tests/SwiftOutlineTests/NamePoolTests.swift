@testable import SwiftOutline
import XCTest

/// The name pool finds a name whether it is handed over as the pool's own zero-padded
/// words (a name written in pieces) or read in place from the file's bytes.
final class NamePoolTests: XCTestCase {
    /// `text` as the pool's words: four bytes to a word, the unused bytes zero.
    func withWords<Result>(_ text: String, _ body: (UnsafePointer<UInt32>, Int) -> Result) -> Result {
        let bytes = Array(text.utf8)
        var words = [UInt32](repeating: 0, count: (bytes.count + 3) / 4 + 1)
        for (index, byte) in bytes.enumerated() { words[index / 4] |= UInt32(byte) << UInt32(8 * (index % 4)) }
        return words.withUnsafeBufferPointer { body($0.baseAddress!, bytes.count) }
    }

    /// `text` in place in a file: followed by `after` (other code), with room to read
    /// eight bytes at a time past it.
    func withBytes<Result>(_ text: String, after: String = "(), x.y", _ body: (UnsafePointer<UInt8>, Int) -> Result) -> Result {
        let bytes = Array(text.utf8) + Array(after.utf8) + Array(repeating: UInt8(ascii: "z"), count: 8)
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!, text.utf8.count) }
    }

    func names() -> [String] {
        var names: [String] = []
        for length in 1...40 { names.append(String(repeating: "q", count: length)) }
        for length in 1...20 { names.append("fetch" + String(repeating: "Note", count: length / 4) + String(length)) }
        names.append("ñame")  // non-ASCII bytes
        return names
    }

    func testWordsFirstThenBytesFindTheSameNames() {
        let pool = NamePool()
        let numbers = names().map { name in withWords(name) { pool.intern($0, length: $1) } }
        XCTAssertEqual(Set(numbers).count, numbers.count)
        for (name, number) in zip(names(), numbers) {
            XCTAssertEqual(withBytes(name) { pool.intern(bytes: $0, length: $1) }, number, name)
            XCTAssertEqual(withBytes(name, after: "") { pool.intern(bytes: $0, length: $1) }, number, name)
        }
    }

    func testBytesFirstThenWordsFindTheSameNames() {
        let pool = NamePool()
        let numbers = names().map { name in withBytes(name) { pool.intern(bytes: $0, length: $1) } }
        XCTAssertEqual(Set(numbers).count, numbers.count)
        for (name, number) in zip(names(), numbers) {
            XCTAssertEqual(withWords(name) { pool.intern($0, length: $1) }, number, name)
            XCTAssertEqual(withBytes(name, after: "qqqqqqqq") { pool.intern(bytes: $0, length: $1) }, number, name)
        }
        // Added in place, read back as written.
        for (name, number) in zip(names(), numbers) {
            let length = Int(pool.base[Int(number)])
            let stored = (0..<length).map { UInt8(truncatingIfNeeded: pool.base[Int(number) + 1 + $0 / 4] >> UInt32(8 * ($0 % 4))) }
            XCTAssertEqual(String(decoding: stored, as: UTF8.self), name)
        }
        XCTAssertEqual(withBytes("") { pool.intern(bytes: $0, length: $1) }, 0)
    }

    func testManyNamesInPlaceGrowThePool() {
        let pool = NamePool(expectedNames: 4)
        let names = (0..<2_000).map { "name\($0)" + String(repeating: "x", count: $0 % 13) }
        let numbers = names.map { name in withBytes(name) { pool.intern(bytes: $0, length: $1) } }
        XCTAssertEqual(Set(numbers).count, names.count)
        XCTAssertEqual(names.map { name in withWords(name) { pool.intern($0, length: $1) } }, numbers)
    }
}
