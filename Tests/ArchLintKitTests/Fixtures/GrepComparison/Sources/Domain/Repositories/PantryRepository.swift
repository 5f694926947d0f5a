import Foundation

/// Access to the items on the user's shelves.
protocol PantryRepository: Sendable {
    func fetchItems() async throws -> [PantryItem]
    func fetchItem(id: PantryItem.ID) async throws -> PantryItem?
    func fetchFavourites() async throws -> [PantryItem]
    func fetchRecentlyUsed(limit: Int) async throws -> [PantryItem]
    func save(_ item: PantryItem) async throws
    func delete(id: PantryItem.ID) async throws
}
