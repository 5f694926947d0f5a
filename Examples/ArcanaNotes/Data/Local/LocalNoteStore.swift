import Foundation
import SwiftData

enum SyncState: String, Codable {
    case synced
    case pending
}

/// The stored form of a note, with its sync bookkeeping.
@Model
final class NoteRecord {
    @Attribute(.unique) var id: UUID
    var title: String
    var body: String
    var folderID: UUID?
    var isPinned: Bool
    var createdAt: Date
    var updatedAt: Date
    var syncState: String
    var pendingDeletion: Bool

    init(note: Note, syncState: SyncState = .pending) {
        id = note.id
        title = note.title
        body = note.body
        folderID = note.folderID
        isPinned = note.isPinned
        createdAt = note.createdAt
        updatedAt = note.updatedAt
        self.syncState = syncState.rawValue
        pendingDeletion = false
    }

    func apply(_ note: Note, syncState: SyncState = .pending) {
        title = note.title
        body = note.body
        folderID = note.folderID
        isPinned = note.isPinned
        updatedAt = note.updatedAt
        self.syncState = syncState.rawValue
    }

    func toDomain() -> Note {
        Note(id: id, title: title, body: body, folderID: folderID,
             isPinned: isPinned, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// The device-side source of truth for notes.
@MainActor
final class LocalNoteStore {
    private let context: ModelContext

    init(context: ModelContext) {
        self.context = context
    }

    func records(in folderID: UUID?) throws -> [NoteRecord] {
        let descriptor = FetchDescriptor<NoteRecord>(
            predicate: #Predicate { !$0.pendingDeletion },
            sortBy: [SortDescriptor(\.updatedAt, order: .reverse)]
        )
        let records = try context.fetch(descriptor)
        guard let folderID else { return records }
        return records.filter { $0.folderID == folderID }
    }

    func record(id: UUID) throws -> NoteRecord? {
        var descriptor = FetchDescriptor<NoteRecord>(predicate: #Predicate { $0.id == id })
        descriptor.fetchLimit = 1
        return try context.fetch(descriptor).first
    }

    func pendingRecords() throws -> [NoteRecord] {
        let pending = SyncState.pending.rawValue
        return try context.fetch(FetchDescriptor<NoteRecord>(predicate: #Predicate { $0.syncState == pending }))
    }

    func insert(_ record: NoteRecord) {
        context.insert(record)
    }

    func delete(_ record: NoteRecord) {
        context.delete(record)
    }

    func save() throws {
        try context.save()
    }
}
