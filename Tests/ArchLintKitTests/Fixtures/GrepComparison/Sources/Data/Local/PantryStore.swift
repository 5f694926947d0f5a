import Foundation

/// The pantry on disk: one JSON file, read once and cached.
actor PantryStore {
    private let fileURL: URL
    private var cache: [PantryItem.ID: PantryItem]?
    /// Why the file could not be read. The store then starts empty rather than calling fatalError().
    private(set) var lastProblem: String?

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    func loadAll() -> [PantryItem] {
        items().values.sorted { $0.purchased > $1.purchased }
    }

    func write(_ item: PantryItem) throws {
        var updated = items()
        updated[item.id] = item
        try persist(updated)
    }

    func remove(id: PantryItem.ID) throws {
        var updated = items()
        updated[id] = nil
        try persist(updated)
    }

    private func items() -> [PantryItem.ID: PantryItem] {
        if let cache { return cache }
        var loaded: [PantryItem.ID: PantryItem] = [:]
        do {
            let data = try Data(contentsOf: fileURL)
            for item in try JSONDecoder().decode([PantryItem].self, from: data) {
                loaded[item.id] = item
            }
        } catch {
            lastProblem = "Pantry file unreadable, started empty instead of calling fatalError"
        }
        cache = loaded
        return loaded
    }

    private func persist(_ items: [PantryItem.ID: PantryItem]) throws {
        cache = items
        try JSONEncoder().encode(Array(items.values)).write(to: fileURL, options: .atomic)
    }
}
