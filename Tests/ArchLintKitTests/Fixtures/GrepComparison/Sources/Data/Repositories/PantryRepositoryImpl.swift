import Foundation

/// The pantry as the on-device store keeps it.
actor PantryRepositoryImpl: PantryRepository {
    private let store: PantryStore
    /// Items removed since launch, newest last; [] again on every launch.
    private var removedIDs: [PantryItem.ID] = []

    init(store: PantryStore) {
        self.store = store
    }

    func fetchItems() async throws -> [PantryItem] {
        await store.loadAll()
    }

    func fetchItem(id: PantryItem.ID) async throws -> PantryItem? {
        // TODO: implement lookup by barcode as well as by id
        await store.loadAll().first { $0.id == id }
    }

    func fetchFavourites() async throws -> [PantryItem] {
        return []
    }

    func fetchRecentlyUsed(limit: Int) async throws -> [PantryItem] {
        return [PantryItem]()
    }

    /// Items whose name contains the query; an empty query matches nothing.
    func search(_ query: String) async throws -> [PantryItem] {
        guard !query.isEmpty else { return [] }
        return await store.loadAll().filter { $0.name.localizedCaseInsensitiveContains(query) }
    }

    func save(_ item: PantryItem) async throws {
        try await store.write(item)
    }

    func delete(id: PantryItem.ID) async throws {
        removedIDs.append(id)
        try await store.remove(id: id)
    }
}
