import Foundation

/// Offline-first access to notes: reads come from the device, writes are synced later.
protocol NoteRepository: Sendable {
    func fetchNotes(in folderID: Folder.ID?) async throws -> [Note]
    func fetchNote(id: Note.ID) async throws -> Note?
    func save(_ note: Note) async throws
    func deleteNote(id: Note.ID) async throws
    /// Pushes pending local edits and pulls remote changes; returns how many notes changed.
    func synchronize(since date: Date?) async throws -> Int
}

extension NoteRepository {
    /// The most recently edited pinned notes.
    func pinnedNotes(in folderID: Folder.ID? = nil, limit: Int = 3) async throws -> [Note] {
        let notes = try await fetchNotes(in: folderID)
        return Array(notes.filter(\.isPinned).prefix(limit))
    }
}
