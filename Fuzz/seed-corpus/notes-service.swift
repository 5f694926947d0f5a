import Foundation

public enum NoteSortOrder: Sendable { case modifiedDescending, titleAscending }

public protocol NotesServiceProtocol: Sendable {
    func allNotes(sortedBy order: NoteSortOrder) async throws -> [Note]
    func delete(noteID: Note.ID) async throws
}

/// Business rules around notes; talks to the repository only.
public final class NotesService: NotesServiceProtocol {
    private let repository: any NoteRepository
    private let folders: (any FolderRepositoryProtocol)?
    private let clock: @Sendable () -> Date

    public init(repository: any NoteRepository, folders: (any FolderRepositoryProtocol)? = nil, clock: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.folders = folders
        self.clock = clock
    }

    public func allNotes(sortedBy order: NoteSortOrder) async throws -> [Note] {
        let notes = try await repository.fetchAll()
        switch order {
        case .modifiedDescending: return notes.sorted { $0.modified > $1.modified }
        case .titleAscending: return notes.sorted { $0.title < $1.title }
        }
    }

    public func delete(noteID: Note.ID) async throws {
        guard try await self.repository.fetch(id: noteID) != nil else { return }
        try await repository.delete(id: noteID)
    }

    public func touch(_ note: Note) async throws {
        var copy = note
        copy.modified = clock()
        try await repository.save(copy)
        try await repository.update(copy)          // not on the protocol
        try await repository.fetchAll(in: note.folderID)
        _ = try await repository.fech(id: note.id)  // typo
        let summary = "saved \(try await repository.fetchAll().count) notes"
        print(summary)
    }
}
