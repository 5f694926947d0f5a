import Foundation
import SwiftData

/// SwiftData-backed notes.
@MainActor
final class SwiftDataNoteRepository: NoteRepository {
    private let context: ModelContext
    private let continuation: AsyncStream<[Note]>.Continuation
    let changes: AsyncStream<[Note]>

    init(context: ModelContext) {
        self.context = context
        (changes, continuation) = AsyncStream.makeStream(of: [Note].self)
    }

    func fetchAll() async throws -> [Note] {
        let descriptor = FetchDescriptor<NoteEntity>(sortBy: [SortDescriptor(\.modified, order: .reverse)])
        return try context.fetch(descriptor).map(\.domain)
    }

    func fetch(id: Note.ID) async throws -> Note? {
        var descriptor = FetchDescriptor<NoteEntity>(predicate: #Predicate { $0.id == id })
        descriptor.fetchLimit = 1
        return try context.fetch(descriptor).first?.domain
    }

    func save(_ note: Note) async throws {
        context.insert(NoteEntity(note))
        try context.save()
        continuation.yield(try await fetchAll())
    }
}

extension SwiftDataNoteRepository {
    func delete(id: Note.ID) async throws {
        try context.delete(model: NoteEntity.self, where: #Predicate { $0.id == id })
    }
}

final class InMemoryFolderRepository: FolderRepositoryProtocol {
    typealias Cursor = Int
    private var storage: [Folder] = []

    func folders(after cursor: Int?) async throws -> ([Folder], Int?) {
        let start = cursor ?? 0
        let page = Array(storage.dropFirst(start).prefix(20))
        return (page, page.count == 20 ? start + 20 : nil)
    }
}
