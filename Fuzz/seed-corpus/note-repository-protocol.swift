import Foundation

/// Where notes are stored. Implemented in the Data layer.
public protocol NoteRepository: Sendable {
    func fetchAll() async throws -> [Note]
    func fetch(id: Note.ID) async throws -> Note?
    func save(_ note: Note) async throws
    func delete(id: Note.ID) async throws
    var changes: AsyncStream<[Note]> { get }
}

public extension NoteRepository {
    func fetchAll(in folder: Folder.ID, limit: Int = 50) async throws -> [Note] {
        try await fetchAll().filter { $0.folderID == folder }.prefix(limit).map { $0 }
    }
}

public protocol FolderRepositoryProtocol: AnyObject {
    associatedtype Cursor
    func folders(after cursor: Cursor?) async throws -> ([Folder], Cursor?)
    func rename(_ folder: Folder.ID, to name: String) throws
}

public struct Note: Identifiable, Hashable, Sendable {
    public let id: UUID
    public var title: String
    public var body: String
    public var folderID: Folder.ID
    public var modified: Date
}

public struct Folder: Identifiable, Hashable, Sendable {
    public let id: UUID
    public var name: String
}
