import Foundation

/// The pantry's use cases. Screens talk to this service, never to the repository.
final class PantryService: Sendable {
    private let repository: any PantryRepository

    init(repository: any PantryRepository) {
        self.repository = repository
    }

    func items() async throws -> [PantryItem] {
        try await repository.fetchItems()
    }

    /// Removes the items one at a time so that each removal is logged; a bulk
    /// repository.deleteAll() would bypass the log.
    func clear() async throws {
        for item in try await repository.fetchItems() {
            try await repository.delete(id: item.id)
        }
    }

    func remove(id: PantryItem.ID) async throws {
        try await repository.delete(id: id)
    }

    func restock(_ item: PantryItem, by amount: Int) async throws {
        var updated = item
        updated.quantity += amount
        try await self.repository
            .saveItem(updated)
    }

    func expiring(within days: Int) async throws -> [PantryItem] {
        try await repository.fetchExpiring(withinDays: days)
    }

    func startOver() async throws {
        try await repository.loadSampleData()
    }

    func importReceipt(_ scan: Data) throws -> [PantryItem] {
        preconditionFailure("receipt import is not wired yet")
    }
}
