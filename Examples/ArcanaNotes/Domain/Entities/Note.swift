import Foundation

/// A note as the rest of the app sees it, independent of how it is stored.
struct Note: Identifiable, Hashable, Sendable {
    let id: UUID
    var title: String
    var body: String
    var folderID: Folder.ID?
    var isPinned: Bool
    let createdAt: Date
    var updatedAt: Date

    init(
        id: UUID = UUID(),
        title: String,
        body: String = "",
        folderID: Folder.ID? = nil,
        isPinned: Bool = false,
        createdAt: Date = .now,
        updatedAt: Date = .now
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.folderID = folderID
        self.isPinned = isPinned
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    var isEmpty: Bool {
        title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            && body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

extension Array where Element == Note {
    /// Orders notes the way the list shows them.
    func ordered(by order: NoteSortOrder) -> [Note] {
        switch order {
        case .recentlyEdited:
            sorted { $0.updatedAt > $1.updatedAt }
        case .title:
            sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        case .pinnedFirst:
            sorted { lhs, rhs in
                lhs.isPinned != rhs.isPinned ? lhs.isPinned : lhs.updatedAt > rhs.updatedAt
            }
        }
    }
}
