import Foundation

enum HikeRepositoryError: Error, Equatable {
    case notFound(UUID)
}

/// The hike log lives on the device only; favourites are in HikeRepositoryImpl+Favorites.swift.
final class HikeRepositoryImpl: HikeRepositoryProtocol {
    let local: HikeLocalDataSource

    init(local: HikeLocalDataSource) {
        self.local = local
    }

    func getHikes() async throws -> [Hike] {
        try await local.loadHikes().map { $0.toDomain() }
    }

    func getHike(id: Hike.ID) async throws -> Hike {
        guard let dto = try await local.loadHikes().first(where: { $0.id == id }) else {
            throw HikeRepositoryError.notFound(id)
        }
        return dto.toDomain()
    }

    func saveHike(_ hike: Hike) async throws {
        try await local.upsert(HikeDTO(hike: hike))
    }

    func deleteHike(id: Hike.ID) async throws {
        try await local.deleteHike(id: id)
    }
}
