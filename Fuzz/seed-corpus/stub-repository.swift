import Foundation

final class MockNoteRepository: NoteRepository {
    var stored: [Note] = []
    let changes = AsyncStream<[Note]> { _ in }

    func fetchAll() async throws -> [Note] {
        return []
    }

    func fetch(id: Note.ID) async throws -> Note? { nil }

    func save(_ note: Note) async throws {
        stored.append(note)
    }

    func delete(id: Note.ID) async throws {}

    var tags: [String: Int] { [:] }
    func recent() -> Set<Note.ID> { Set() }
    func search(_ text: String) async -> [Note] {
        try? await Task.sleep(for: .milliseconds(10))
        return [Note]()
    }
    func cached() -> [Note] { return stored }
}

struct PreviewNoteRepository: NoteRepository {
    let changes = AsyncStream<[Note]> { _ in }
    func fetchAll() async throws -> [Note] { [] }
    func fetch(id: Note.ID) async throws -> Note? { nil }
    func save(_ note: Note) async throws {}
    func delete(id: Note.ID) async throws {}
}
