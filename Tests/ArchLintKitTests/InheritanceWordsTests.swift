@testable import ArchLintKit
import XCTest

/// The words of inheritance lists, `where` clauses and aliased types, which
/// `namesMayConform(to:)` follows.
final class InheritanceWordsTests: XCTestCase {
    func words(_ text: String) -> [String] {
        var found: [String] = []
        ProjectIndex.forEachWord(in: text) { found.append($0) }
        return found
    }

    func testWordsAreIdentifiersInOrder() {
        XCTAssertEqual(words("View"), ["View"])
        XCTAssertEqual(words("Domain.NoteRepository<Int>"), ["Domain", "NoteRepository", "Int"])
        XCTAssertEqual(words("Self: Equatable, T == [Note.ID]"), ["Self", "Equatable", "T", "Note", "ID"])
        XCTAssertEqual(words("any (NoteStore & Sendable)?"), ["any", "NoteStore", "Sendable"])
        XCTAssertEqual(words("  _Box2 "), ["_Box2"])
        XCTAssertEqual(words("Café.Crème"), ["Café", "Crème"])
        XCTAssertEqual(words("<>.,"), [])
        XCTAssertEqual(words(""), [])
    }
}

/// `namesMayConform(to:)` against the plain reading of its definition (words and names as
/// strings in a dictionary), on seeded random projects of inheritance lists, `where`
/// clauses, type aliases and extensions.
final class NamesMayConformTests: XCTestCase {
    /// What `namesMayConform(to:)` is defined to answer.
    func reference(_ index: ProjectIndex, _ supertypes: [String]) -> Set<String> {
        var namedBy: [String: [String]] = [:]
        for file in index.files {
            for number in file.kinds.indices where file.kinds[number].hasMembers || file.kinds[number] == .typealias {
                let declaration = file.outline.declarations[number]
                var texts = declaration.inherits
                if let clause = declaration.whereClause { texts.append(clause) }
                if declaration.kind == .typealias, let aliased = declaration.typeText { texts.append(aliased) }
                let name = ProjectIndex.lastComponent(declaration.name)
                for text in texts {
                    ProjectIndex.forEachWord(in: text) { word in
                        if word != name { namedBy[word, default: []].append(name) }
                    }
                }
            }
        }
        var reached = Set(supertypes.map(ProjectIndex.lastComponent))
        var pending = Array(reached)
        while let name = pending.popLast() {
            for naming in namedBy[name] ?? [] where reached.insert(naming).inserted { pending.append(naming) }
        }
        return reached
    }

    func testAgreesWithTheDefinitionOnRandomProjects() {
        var generator = SplitMix(seed: 0x5EED_1A7E)
        let names = ["Note", "NoteRepository", "Store", "Café", "Box", "Outer.Inner", "Domain.Store", "Row", "View", "Equatable", "P", "Q", "_Base2"]
        let configuration = Profiles.configuration(Profiles.defaultName)!
        var nonTrivial = 0
        for _ in 0..<150 {
            var sources: [(path: String, bytes: [UInt8])] = []
            for fileNumber in 0..<3 {
                var text = ""
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let name = names.randomElement(using: &generator)!
                    let plainName = name.split(separator: ".").last.map(String.init)!
                    let inherited = (0..<Int.random(in: 0...3, using: &generator)).map { _ -> String in
                        let word = names.randomElement(using: &generator)!
                        return Bool.random(using: &generator) ? word : "\(word)<\(names.randomElement(using: &generator)!)>"
                    }
                    let clause = inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")
                    let whereClause = Bool.random(using: &generator) ? " where Self: \(names.randomElement(using: &generator)!)" : ""
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: text += "protocol \(plainName)\(clause)\(whereClause) {}\n"
                    case 1: text += "struct \(plainName)\(clause) {}\n"
                    case 2: text += "extension \(name)\(clause)\(whereClause) {}\n"
                    case 3: text += "typealias \(plainName) = \(inherited.isEmpty ? "Int" : inherited.joined(separator: " & "))\n"
                    default: text += "final class \(plainName)<T>\(clause) {}\n"
                    }
                }
                sources.append(("Sources/App/File\(fileNumber).swift", Array(text.utf8)))
            }
            let index = ProjectIndex.build(sources: sources, configuration: configuration)
            for _ in 0..<4 {
                let asked = (0..<Int.random(in: 1...2, using: &generator)).map { _ in names.randomElement(using: &generator)! }
                let expected = reference(index, asked)
                XCTAssertEqual(index.namesMayConform(to: asked), expected, "\(asked) in \(sources.map { String(decoding: $0.bytes, as: UTF8.self) })")
                if expected.count > asked.count { nonTrivial += 1 }
            }
        }
        XCTAssertGreaterThan(nonTrivial, 200, "most questions reach names beyond those asked")
    }
}
