import Foundation

/// A note as the notes backend sends and receives it.
struct NoteDTO: Codable, Sendable {
    let id: UUID
    let title: String
    let body: String
    let folderId: UUID?
    let pinned: Bool
    let createdAt: Date
    let updatedAt: Date
    let deleted: Bool
}

struct ShareLinkDTO: Decodable, Sendable {
    let url: URL
    let expiresAt: Date?
}

extension NoteDTO {
    init(record: NoteRecord) {
        self.init(id: record.id, title: record.title, body: record.body, folderId: record.folderID,
                  pinned: record.isPinned, createdAt: record.createdAt, updatedAt: record.updatedAt,
                  deleted: record.pendingDeletion)
    }

    func toDomain() -> Note {
        Note(id: id, title: title, body: body, folderID: folderId,
             isPinned: pinned, createdAt: createdAt, updatedAt: updatedAt)
    }
}
