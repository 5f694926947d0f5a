import Foundation

/// Offline-first notes: the local store answers every read and takes every write at once;
/// `synchronize(since:)` (in NoteRepositoryImpl+Sync.swift) catches up with the server.
@MainActor
final class NoteRepositoryImpl: NoteRepository {
    let store: LocalNoteStore
    let apiClient: NotesAPIClient
    let logger: AppLogger

    init(store: LocalNoteStore, apiClient: NotesAPIClient, logger: AppLogger) {
        self.store = store
        self.apiClient = apiClient
        self.logger = logger
    }

    func fetchNotes(in folderID: Folder.ID?) async throws -> [Note] {
        try store.records(in: folderID).map { $0.toDomain() }
    }

    func fetchNote(id: Note.ID) async throws -> Note? {
        try store.record(id: id)?.toDomain()
    }

    func save(_ note: Note) async throws {
        if let record = try store.record(id: note.id) {
            record.apply(note)
        } else {
            store.insert(NoteRecord(note: note))
        }
        try store.save()
    }

    func deleteNote(id: Note.ID) async throws {
        guard let record = try store.record(id: id) else { return }
        record.pendingDeletion = true
        record.syncState = SyncState.pending.rawValue
        try store.save()
    }
}
