import Foundation
import SwiftData
import SwiftUI

/// The stored form of a folder. Folders stay on the device; they are not synced.
@Model
final class FolderRecord {
    @Attribute(.unique) var id: UUID
    var name: String
    var colorName: String

    init(id: UUID = UUID(), name: String, colorName: String = "blue") {
        self.id = id
        self.name = name
        self.colorName = colorName
    }
}

@MainActor
final class FolderRepositoryImpl: FolderRepository {
    private let context: ModelContext
    private let notes: LocalNoteStore

    init(context: ModelContext, notes: LocalNoteStore) {
        self.context = context
        self.notes = notes
    }

    func fetchFolders() async throws -> [Folder] {
        let records = try context.fetch(FetchDescriptor<FolderRecord>(sortBy: [SortDescriptor(\.name)]))
        return try records.map { record in
            Folder(id: record.id, name: record.name, tint: Self.tint(named: record.colorName),
                   noteCount: try notes.records(in: record.id).count)
        }
    }

    func createFolder(named name: String) async throws -> Folder {
        let record = FolderRecord(name: name)
        context.insert(record)
        try context.save()
        return Folder(id: record.id, name: record.name, tint: Self.tint(named: record.colorName), noteCount: 0)
    }

    func deleteFolder(id: Folder.ID) async throws {
        let descriptor = FetchDescriptor<FolderRecord>(predicate: #Predicate { $0.id == id })
        for record in try context.fetch(descriptor) {
            context.delete(record)
        }
        try context.save()
    }

    private static func tint(named name: String) -> Color {
        switch name {
        case "orange": .orange
        case "green": .green
        case "purple": .purple
        default: .blue
        }
    }
}
