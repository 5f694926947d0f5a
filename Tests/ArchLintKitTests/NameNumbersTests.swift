@testable import ArchLintKit
import SwiftLexer
import SwiftOutline
import XCTest

/// Names looked up by their packed bytes find the same names a dictionary of strings does.
final class NameNumbersTests: XCTestCase {
    /// `text` packed as a file's facts pack names: four bytes to a word, the unused bytes zero.
    func withPacked<Result>(_ text: String, _ body: (CodeFacts.PackedName) -> Result) -> Result {
        let bytes = Array(text.utf8)
        var words = [UInt32](repeating: 0, count: (bytes.count + 3) / 4)
        for (index, byte) in bytes.enumerated() { words[index / 4] |= UInt32(byte) << UInt32(8 * (index % 4)) }
        return words.withUnsafeBufferPointer { body(CodeFacts.PackedName(words: $0.baseAddress, count: bytes.count)) }
    }

    func names() -> [String] {
        var names = ["Note", "NoteA", "Not", "NoteB", "Notes", "ñame", "Café", "API.Endpoint", "_Storage", "x"]
        // Every length from 1 to 40, so that the last word and block is filled every way.
        for length in 1...40 { names.append(String(repeating: "q", count: length)) }
        // Names alike but for one byte, at every position.
        for position in 0..<16 {
            var bytes = Array("NoteRepositoryXY".utf8)
            bytes[position] = UInt8(ascii: "Z")
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        return names
    }

    func testEveryNameIsFoundByItsBytes() {
        let names = names()
        let table = NameNumbers(names)
        XCTAssertEqual(table.count, names.count)
        for (number, name) in names.enumerated() {
            XCTAssertEqual(withPacked(name) { table.number(of: $0) }, number, name)
            XCTAssertEqual(table.number(of: name), number, name)
            XCTAssertEqual(table.name(number), name)
        }
    }

    func testOtherNamesAreNotFound() {
        let table = NameNumbers(names())
        for miss in ["", "N", "No", "Note ", "note", "NoteC", "NoteRepositoryXY", "ñam", "Caf", String(repeating: "q", count: 41), "qq\u{0}"] {
            XCTAssertNil(withPacked(miss) { table.number(of: $0) }, miss)
            XCTAssertNil(table.number(of: miss), miss)
        }
        XCTAssertNil(NameNumbers([]).number(of: CodeFacts.PackedName(words: nil, count: 0)))
        XCTAssertEqual(NameNumbers(["", "a"]).number(of: CodeFacts.PackedName(words: nil, count: 0)), 0)
    }

    func testManyNamesSharingTheTable() {
        // Thousands of names, so that probes run past occupied slots.
        let names = (0..<5_000).map { "Type\($0)" }
        let table = NameNumbers(names)
        for (number, name) in names.enumerated() {
            XCTAssertEqual(withPacked(name) { table.number(of: $0) }, number)
            XCTAssertEqual(table.number(of: name), number)
        }
        for miss in (5_000..<6_000).map({ "Type\($0)" }) {
            XCTAssertNil(withPacked(miss) { table.number(of: $0) })
            XCTAssertNil(table.number(of: miss))
        }
    }

    func testNamesAddedOneByOneKeepTheirNumbersAsTheTableGrows() {
        var table = NameNumbers()
        var names: [String] = []
        for step in 0..<3_000 {
            // Every third name is one added before: it keeps its number.
            let name = step % 3 == 2 ? names[step / 3] : "Name\(step).\(String(repeating: "x", count: step % 23))"
            let (number, inserted) = table.insert(name)
            if let known = names.firstIndex(of: name) {
                XCTAssertFalse(inserted, name)
                XCTAssertEqual(number, known, name)
            } else {
                XCTAssertTrue(inserted, name)
                XCTAssertEqual(number, names.count, name)
                names.append(name)
            }
        }
        XCTAssertEqual(table.count, names.count)
        for (number, name) in names.enumerated() {
            XCTAssertEqual(table.number(of: name), number)
            XCTAssertEqual(withPacked(name) { table.number(of: $0) }, number)
            XCTAssertEqual(table.name(number), name)
        }
        XCTAssertNil(table.number(of: "Name3000."))
    }

    func testFactsNamesAreLookedUpByTheirPackedBytes() {
        let source = """
            struct Note: Identifiable { let id: NoteID; let tags: [Tag.Name] }
            func render(_ note: Note) -> NoteView { NoteView(note: note, style: Style.plain, café: Café()) }
            """
        let outline = OutlineBuilder.build(SourceFile(path: "Note.swift", bytes: Array(source.utf8)))
        let facts = outline.declarations.map(\.facts) + [outline.topLevelFacts]
        let known = ["Note", "NoteView", "Tag.Name", "Café", "Style"]
        let table = NameNumbers(known)
        var seen = Set<String>()
        for fact in facts {
            fact.forEachReferenceName { name, _, _ in
                let text = fact.text(of: name)
                seen.insert(text)
                let bytes = fact.packedBytes(of: name)
                XCTAssertEqual(bytes.count, text.utf8.count, text)
                XCTAssertEqual((0..<bytes.count).map { bytes[$0] }, Array(text.utf8), text)
                XCTAssertEqual(bytes.contains(0x2E), text.contains("."), text)
                XCTAssertEqual(table.number(of: bytes), known.firstIndex(of: text), text)
            }
        }
        XCTAssertTrue(seen.isSuperset(of: ["Note", "NoteView", "Tag.Name", "NoteID", "Café"]), "\(seen)")
    }

    func testPackedNamesSayWhetherTheyHoldAByte() {
        // A dot at every position of names of every length up to 12, and none.
        for length in 1...12 {
            for position in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x2E
                withPacked(String(decoding: bytes, as: UTF8.self)) { XCTAssertTrue($0.contains(0x2E), "\(length) \(position)") }
            }
            withPacked(String(repeating: "a", count: length)) { XCTAssertFalse($0.contains(0x2E), "\(length)") }
        }
        // Bytes next to the dot's value, and non-ASCII bytes, are not it.
        withPacked("-/é…") { XCTAssertFalse($0.contains(0x2E)) }
    }
}
