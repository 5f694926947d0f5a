import Foundation

protocol GetHikesUseCaseProtocol: Sendable {
    func execute() async throws -> [Hike]
    func execute(id: Hike.ID) async throws -> Hike
    func hikesThisYear() async throws -> [Hike]
}

final class GetHikesUseCase: GetHikesUseCaseProtocol, Sendable {
    private let repository: HikeRepositoryProtocol
    private let calendar: Calendar

    init(repository: HikeRepositoryProtocol, calendar: Calendar = .current) {
        self.repository = repository
        self.calendar = calendar
    }

    func execute() async throws -> [Hike] {
        async let hikes = repository.getHikes()
        async let favoriteIDs = repository.getFavoriteIDs()
        let favorites = try await favoriteIDs
        return try await hikes
            .map { hike in
                var hike = hike
                hike.isFavorite = favorites.contains(hike.id)
                return hike
            }
            .sorted { $0.date > $1.date }
    }

    func execute(id: Hike.ID) async throws -> Hike {
        var hike = try await repository.getHike(byID: id)
        hike.isFavorite = try await repository.getFavoriteIDs().contains(id)
        return hike
    }

    func hikesThisYear() async throws -> [Hike] {
        let startOfYear = calendar.dateInterval(of: .year, for: .now)?.start ?? .distantPast
        return try await repository.getHikes(from: startOfYear)
    }
}
