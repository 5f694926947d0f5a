@testable import SwiftOutline
import SwiftLexer
import XCTest

/// A file's declarations share one store of records; each still behaves as a value: a
/// change moves that declaration to a store of its own, and nothing else sees it.
final class DeclarationStoreTests: XCTestCase {
    private let source = """
        import Foundation

        public protocol NoteRepository: Sendable {
            func notes(in folder: Folder.ID) async throws -> [Note]
        }

        final class NoteListViewModel<Store: NoteStore>: ObservableObject where Store.Item == Note {
            @Published private(set) var notes: [Note] = []
            private let (repository, folder): (any NoteRepository, Folder.ID)

            func reload() async throws {
                notes = try await repository.notes(in: folder)
            }
        }
        """

    private func build() -> FileOutline {
        OutlineBuilder.build(SourceFile(path: "NoteList.swift", text: source))
    }

    func testDeclarationsOfAFileShareOneTable() {
        let outline = build()
        XCTAssertEqual(outline.declarations.map(\.name), ["NoteRepository", "notes", "NoteListViewModel", "notes", "repository", "reload"])
        let store = outline.declarations[0].store
        XCTAssertEqual(store.count, outline.declarations.count)
        for (index, declaration) in outline.declarations.enumerated() {
            XCTAssertTrue(declaration.store === store, "declaration \(index)")
            XCTAssertEqual(declaration.index, index)
        }
    }

    func testAChangedDeclarationKeepsItsOtherFieldsAndLeavesTheRestAlone() {
        let outline = build()
        var changed = outline
        changed.declarations[2].name = "NotesViewModel"
        changed.declarations[2].inherits.append("Sendable")
        changed.declarations[2].isStored = true

        let before = outline.declarations[2], after = changed.declarations[2]
        XCTAssertFalse(after.store === before.store, "the changed declaration has a store of its own")
        XCTAssertEqual(after.store.count, 1)
        XCTAssertEqual(after.name, "NotesViewModel")
        XCTAssertEqual(after.inherits, ["ObservableObject", "Sendable"])
        XCTAssertTrue(after.isStored)
        // Everything else came along.
        XCTAssertEqual(after.kind, .class)
        XCTAssertEqual(after.members, before.members)
        XCTAssertEqual(after.range, before.range)
        XCTAssertEqual(after.nameOffset, before.nameOffset)
        XCTAssertEqual(after.modifiers, ["final"])
        XCTAssertEqual(after.genericParameters, ["Store"])
        XCTAssertEqual(after.whereClause, "Store.Item == Note")
        XCTAssertEqual(after.facts.referenceSummaries, before.facts.referenceSummaries)
        // The original outline and the other declarations of the copy are as built.
        XCTAssertEqual(before.name, "NoteListViewModel")
        XCTAssertEqual(before.inherits, ["ObservableObject"])
        XCTAssertFalse(before.isStored)
        XCTAssertEqual(changed.declarations.map(\.name), ["NoteRepository", "notes", "NotesViewModel", "notes", "repository", "reload"])
        XCTAssertTrue(changed.declarations[3].store === outline.declarations[3].store, "unchanged declarations still share the store")

        // Once a declaration has a store that nothing else holds, it changes it in place.
        var own = outline.declarations[2]
        own.name = "Detached"
        let ownStore = ObjectIdentifier(own.store)
        own.members = []
        own.range = 0..<10
        XCTAssertEqual(ObjectIdentifier(own.store), ownStore)
        XCTAssertEqual(own.members, [])
        XCTAssertEqual(own.range, 0..<10)
        XCTAssertEqual(outline.declarations[2].members, [3, 4, 5])
    }

    func testRareFieldsAreCopiedBeforeTheyChange() {
        let outline = build()
        var viewModel = outline.declarations[2]
        viewModel.whereClause = "Store.Item: Identifiable"
        viewModel.genericParameters.append("Cache")
        XCTAssertEqual(viewModel.whereClause, "Store.Item: Identifiable")
        XCTAssertEqual(viewModel.genericParameters, ["Store", "Cache"])
        XCTAssertEqual(outline.declarations[2].whereClause, "Store.Item == Note")
        XCTAssertEqual(outline.declarations[2].genericParameters, ["Store"])

        var pattern = outline.declarations[4]
        XCTAssertEqual(pattern.names, ["repository", "folder"])
        pattern.names.append("extra")
        var effects = pattern.effects
        effects.thrownType = "NoteError"
        pattern.effects = effects
        XCTAssertEqual(pattern.names, ["repository", "folder", "extra"])
        XCTAssertEqual(outline.declarations[4].names, ["repository", "folder"])
        XCTAssertEqual(pattern.effects.thrownType, "NoteError")
        XCTAssertNil(outline.declarations[4].effects.thrownType)

        let reload = outline.declarations[5]
        XCTAssertTrue(reload.effects.isAsync)
        XCTAssertTrue(reload.effects.isThrowing)
        XCTAssertTrue(reload.hasBody)
        XCTAssertEqual(reload.parent, 2)
    }

    func testRecordsGrowAndMoveToStoresOfTheirNumber() {
        let records = DeclarationRecords()
        // A file of a few hundred declarations is copied out; one of thousands hands its
        // block over. Each kind twice, so that each starts from what the one before left.
        for count in [DeclarationRecords.initialCapacity * 3 + 5, DeclarationRecords.handedOverRecords * 3, 40, DeclarationRecords.handedOverRecords + 1] {
            for number in 0..<count {
                records.append(kind: .func, name: "load\(number)WithALongerNameThanFifteenBytes", nameOffset: number * 10 + 5, keywordOffset: number * 10,
                               range: number * 10..<number * 10 + 8)
                records[number].parent = number == 0 ? nil : 0
            }
            XCTAssertGreaterThanOrEqual(records.capacity, count)
            let store = records.take()
            XCTAssertEqual(records.count, 0)
            XCTAssertEqual(store.count, count)
            if count > DeclarationRecords.handedOverRecords {
                XCTAssertEqual(records.capacity, DeclarationRecords.initialCapacity, "a huge file's block went to its store")
            } else {
                XCTAssertGreaterThanOrEqual(records.capacity, count, "the block is kept for the next file")
            }
            let declarations = store.declarations()
            XCTAssertEqual(declarations.count, count)
            for (number, declaration) in declarations.enumerated() {
                XCTAssertEqual(declaration.name, "load\(number)WithALongerNameThanFifteenBytes")
                XCTAssertEqual(declaration.range, number * 10..<number * 10 + 8)
                XCTAssertEqual(declaration.nameOffset, number * 10 + 5)
                XCTAssertEqual(declaration.parent, number == 0 ? nil : 0)
            }
        }
    }
}
