import Foundation

/// Seven sample items for UI tests and demos.
actor MockPantryRepository: PantryRepository {
    private var items: [PantryItem] = PantryItem.samples

    func fetchItems() async throws -> [PantryItem] {
        items
    }

    func fetchItem(id: PantryItem.ID) async throws -> PantryItem? {
        items.first { $0.id == id }
    }

    func fetchFavourites() async throws -> [PantryItem] {
        // FIXME: implement the favourites filter
        []
    }

    func fetchRecentlyUsed(limit: Int) async throws -> [PantryItem] {
        Array(items.sorted { $0.purchased > $1.purchased }.prefix(limit))
    }

    func save(_ item: PantryItem) async throws {
        throw PantryError.notImplemented
    }

    func delete(id: PantryItem.ID) async throws {
        items.removeAll { $0.id == id }
    }

    /// Puts the sample items back; UI tests call it between runs.
    func loadSampleData() {
        items = PantryItem.samples
    }
}

extension PantryItem {
    static let samples: [PantryItem] = [
        sample("Oat milk", quantity: 2, .fresh, daysAgo: 1, favourite: true),
        sample("Basmati rice", quantity: 1, .dry, daysAgo: 30),
        sample("Frozen peas", quantity: 3, .frozen, daysAgo: 12),
        sample("Cherry tomatoes", quantity: 1, .fresh, daysAgo: 2),
        sample("Rolled oats", quantity: 2, .dry, daysAgo: 45, favourite: true),
        sample("Spinach", quantity: 1, .fresh, daysAgo: 3),
        sample("Vanilla ice cream", quantity: 1, .frozen, daysAgo: 20),
    ]

    private static func sample(_ name: String, quantity: Int, _ category: Category, daysAgo: Int, favourite: Bool = false) -> PantryItem {
        PantryItem(id: UUID(), name: name, quantity: quantity, category: category,
                   purchased: Date.now.addingTimeInterval(-Double(daysAgo) * 86_400), isFavourite: favourite)
    }
}
