import Foundation

extension HikeRepositoryImpl {
    func setFavorite(_ isFavorite: Bool, hikeID: Hike.ID) async throws {
        try await local.setFavorite(isFavorite, id: hikeID)
    }

    func getFavoriteIDs() async throws -> Set<Hike.ID> {
        try await local.favoriteIDs()
    }
}
