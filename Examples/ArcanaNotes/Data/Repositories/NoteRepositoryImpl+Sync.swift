import Foundation

extension NoteRepositoryImpl {
    /// Uploads local edits first, then applies remote changes. A note that is still
    /// pending locally keeps the local version.
    func synchronize(since date: Date?) async throws -> Int {
        let uploaded = try await syncPendingChanges()
        let remote = try await apiClient.fetchChanges(since: date)
        for dto in remote {
            if let record = try store.record(id: dto.id) {
                guard record.syncState == SyncState.synced.rawValue else { continue }
                if dto.deleted {
                    store.delete(record)
                } else {
                    record.apply(dto.toDomain(), syncState: .synced)
                }
            } else if !dto.deleted {
                store.insert(NoteRecord(note: dto.toDomain(), syncState: .synced))
            }
        }
        try store.save()
        logger.info("Applied \(remote.count) remote changes")
        return uploaded + remote.count
    }

    /// Sends every record edited while offline to the server.
    func syncPendingChanges() async throws -> Int {
        let pending = try store.pendingRecords()
        for record in pending {
            let noteID = record.id
            do {
                if record.pendingDeletion {
                    try await apiClient.deleteNote(id: noteID)
                    store.delete(record)
                } else {
                    try await apiClient.upsert(NoteDTO(record: record))
                    record.syncState = SyncState.synced.rawValue
                }
            } catch {
                logger.error("Upload of note \(noteID) failed", error: error)
            }
        }
        try store.save()
        return pending.count
    }
}
