import Foundation

protocol HikeRepositoryProtocol: Sendable {
    func getHikes() async throws -> [Hike]
    func getHike(id: Hike.ID) async throws -> Hike
    func saveHike(_ hike: Hike) async throws
    func deleteHike(id: Hike.ID) async throws
    func setFavorite(_ isFavorite: Bool, hikeID: Hike.ID) async throws
    func getFavoriteIDs() async throws -> Set<Hike.ID>
}

extension HikeRepositoryProtocol {
    /// Hikes walked between two dates, newest first.
    func getHikes(from start: Date, to end: Date = .now) async throws -> [Hike] {
        try await getHikes()
            .filter { $0.date >= start && $0.date <= end }
            .sorted { $0.date > $1.date }
    }
}
