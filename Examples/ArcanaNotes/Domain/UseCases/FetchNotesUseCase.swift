import Foundation

/// Loads the notes of the signed-in user, newest first.
protocol FetchNotesUseCaseProtocol: Sendable {
    func execute(folderID: Folder.ID?) async throws -> [Note]
    func pinned(in folderID: Folder.ID?) async throws -> [Note]
}

final class FetchNotesUseCase: FetchNotesUseCaseProtocol {
    private let repository: any NoteRepository

    init(repository: any NoteRepository) {
        self.repository = repository
    }

    func execute(folderID: Folder.ID?) async throws -> [Note] {
        let notes = try await repository.fetchNotes(in: folderID)
        return notes.sorted { $0.updatedAt > $1.updatedAt }
    }

    func pinned(in folderID: Folder.ID?) async throws -> [Note] {
        try await repository.pinnedNotes(in: folderID)
    }
}
