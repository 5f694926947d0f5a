import SwiftLexer
@testable import SwiftOutline
import XCTest

/// A workspace's `StringCache` hands out the same strings `String(decoding:as:)` makes,
/// whatever it held before.
final class StringCacheTests: XCTestCase {
    func string(_ cache: StringCache, _ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { cache.string($0) }
    }

    func testStringsEqualDecodedOnesAtEveryLength() {
        let cache = StringCache()
        for round in 0..<2 {  // made, then found
            for length in 0...(StringCache.maximumLength + 8) {
                let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8(($0 * 7 + length) % 26) }
                XCTAssertEqual(string(cache, bytes), String(decoding: bytes, as: UTF8.self), "length \(length), round \(round)")
            }
        }
    }

    func testTextsThatDifferInLengthOrOneByteAreKeptApart() {
        let cache = StringCache()
        // A text and its prefixes (the bytes past a text are zero in its key, and so is a
        // NUL byte inside one: the length tells them apart).
        let texts: [[UInt8]] = [Array("Note".utf8), Array("Note\0".utf8), Array("Not".utf8), Array("NoteRepository".utf8),
                                Array("NoteRepositorx".utf8), [0], [0, 0], Array("NoteRepositoryProtocol".utf8),
                                Array("NoteRepositoryProtocol\0".utf8), Array("NoteRepositoryProtocoL".utf8),
                                Array("NoteRepositoryProtoco".utf8)]
        for _ in 0..<3 {
            for text in texts { XCTAssertEqual(Array(string(cache, text).utf8), text) }
        }
        // More texts than slots: each still reads back as itself, found or made again.
        let many = (0..<5_000).map { Array("name\($0)".utf8) + Array("-of-a-long-text".utf8) }
        for _ in 0..<2 {
            for text in many { XCTAssertEqual(Array(string(cache, text).utf8), text) }
        }
    }

    /// Texts of 16 to 32 bytes are kept: found again, they share their storage. (Shorter
    /// ones are small strings, held in the string value: they have no storage to share.)
    func testLongerTextsAreFoundAgainWithTheirStorage() {
        let cache = StringCache()
        func storage(_ string: String) -> UnsafePointer<UInt8>? {
            var copy = string
            return copy.withUTF8 { $0.baseAddress }
        }
        for length in (StringCache.smallLength + 1)...StringCache.maximumLength {
            let bytes = Array(String(repeating: "RemoteNoteSource", count: 2).utf8.prefix(length))
            let first = string(cache, bytes), again = string(cache, bytes)
            XCTAssertEqual(again, first)
            XCTAssertEqual(storage(again), storage(first), "length \(length)")
        }
        let made = String(decoding: Array("RemoteNoteSourceImpl".utf8), as: UTF8.self)
        XCTAssertNotEqual(storage(string(cache, Array("RemoteNoteSourceImpl".utf8))), storage(made))
    }

    /// Random texts of up to 32 bytes over a few letters, NUL and bytes that are not UTF-8
    /// on their own, asked for many times (so most are found, some after their slot went to
    /// another text): by their bytes and by their key, each is what decoding makes.
    func testRandomShortTextsComeBackAsDecoded() {
        let cache = StringCache()
        let alphabet: [UInt8] = [0x00, 0x41, 0x61, 0x62, 0x2E, 0xC3, 0xA9, 0xFF, 0x80, 0xE2]
        var generator = Xorshift(state: 0x5EED_0F_7E57)
        let texts = (0..<3_000).map { _ in
            (0..<Int.random(in: 1...StringCache.maximumLength, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        for _ in 0..<4 {
            for text in texts.shuffled(using: &generator) {
                let decoded = String(decoding: text, as: UTF8.self)
                XCTAssertEqual(string(cache, text), decoded, "\(text)")
                var key: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &key) { key in text.withUnsafeBytes { key.copyMemory(from: $0) } }
                XCTAssertEqual(cache.string(key, length: text.count), decoded, "\(text)")
            }
        }
    }

    /// The two words of a short text, read with overlapping loads, are its bytes as they lie
    /// in memory with zeros after, at every length and offset.
    func testSmallKeysAreTheBytesInPlace() {
        let bytes = (0..<40).map { UInt8(0x30 + $0) }
        bytes.withUnsafeBytes { buffer in
            for start in 0..<8 {
                for length in 1...StringCache.smallLength {
                    var expected: (UInt64, UInt64) = (0, 0)
                    withUnsafeMutableBytes(of: &expected) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[start..<(start + length)])) }
                    let key = StringCache.smallKey(buffer.baseAddress! + start, length: length)
                    XCTAssertTrue(key == expected, "start \(start), length \(length)")
                }
            }
        }
    }

    func testInvalidUTF8IsRepairedAsDecodingDoes() {
        let cache = StringCache()
        let texts: [[UInt8]] = [[0x66, 0xFF, 0x6F], [0xE2, 0x82], [0xC3, 0xA9, 0x74, 0xC3], Array("café".utf8)]
        for _ in 0..<2 {
            for text in texts { XCTAssertEqual(string(cache, text), String(decoding: text, as: UTF8.self)) }
        }
    }

    /// Joined texts (`[String: Int]`, generic arguments) go through the cache too, and a
    /// later file gets the same texts whether it reuses the cache or not.
    func testOutlinesInAWorkspaceShareEqualTexts() {
        let source = """
            struct NotesView {
                let notes: [String: Int]
                let cache: [String: Int]
                func load(id: Note.ID, into store: Result<Note, Error>) -> [String: Int] { [:] }
            }
            """
        let workspace = OutlineWorkspace()
        for _ in 0..<2 {
            let outline = OutlineBuilder.build(SourceFile(path: "NotesView.swift", text: source), workspace: workspace).outline
            let fresh = OutlineBuilder.build(SourceFile(path: "NotesView.swift", text: source))
            XCTAssertEqual(outline.declarations.map(\.typeText), fresh.declarations.map(\.typeText))
            XCTAssertEqual(outline.declarations.map(\.returnType), fresh.declarations.map(\.returnType))
            XCTAssertEqual(outline.declarations.flatMap(\.parameters), fresh.declarations.flatMap(\.parameters))
            XCTAssertEqual(outline.declarations.map(\.typeText).compactMap { $0 }, ["[String: Int]", "[String: Int]"])
            XCTAssertEqual(outline.declarations.flatMap(\.parameters).map(\.type), ["Note.ID", "Result<Note, Error>"])
        }
    }
}

/// A deterministic generator (xorshift64), so that a failure reproduces.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
