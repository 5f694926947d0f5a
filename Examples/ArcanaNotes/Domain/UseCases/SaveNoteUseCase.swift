import Foundation

protocol SaveNoteUseCaseProtocol: Sendable {
    func execute(_ note: Note) async throws -> Note
    func delete(noteID: Note.ID) async throws
}

enum NoteValidationError: Error, Equatable {
    case empty
    case unknownFolder
    case notFound
}

final class SaveNoteUseCase: SaveNoteUseCaseProtocol {
    private let repository: any NoteRepository
    private let folderRepository: any FolderRepository
    private let logger: AppLogger

    init(repository: any NoteRepository, folderRepository: any FolderRepository, logger: AppLogger) {
        self.repository = repository
        self.folderRepository = folderRepository
        self.logger = logger
    }

    func execute(_ note: Note) async throws -> Note {
        guard !note.isEmpty else { throw NoteValidationError.empty }
        if let folderID = note.folderID {
            let folders = try await folderRepository.fetchFolders()
            guard folders.contains(where: { $0.id == folderID }) else {
                throw NoteValidationError.unknownFolder
            }
        }
        var saved = note
        saved.updatedAt = .now
        try await repository.save(saved)
        logger.info("Saved note \(saved.id)")
        return saved
    }

    func delete(noteID: Note.ID) async throws {
        guard let note = try await repository.fetchNote(byID: noteID) else {
            throw NoteValidationError.notFound
        }
        try await repository.deleteNote(id: note.id)
        logger.info("Deleted note \(note.id)")
    }
}
