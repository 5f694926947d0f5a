import Foundation

enum HikeFavoritesAction: Sendable {
    case add(hikeID: Hike.ID)
    case remove(hikeID: Hike.ID)
}

protocol HikeFavoritesUseCaseProtocol: Sendable {
    func execute(_ action: HikeFavoritesAction) async throws
}

final class HikeFavoritesUseCase: HikeFavoritesUseCaseProtocol, Sendable {
    private let repository: HikeRepositoryProtocol

    init(repository: HikeRepositoryProtocol) {
        self.repository = repository
    }

    func execute(_ action: HikeFavoritesAction) async throws {
        switch action {
        case .add(let hikeID):
            try await addFavorite(hikeID)
        case .remove(let hikeID):
            try await removeFavorite(hikeID)
        }
    }
}

// MARK: - Private Functions

private extension HikeFavoritesUseCase {
    func addFavorite(_ hikeID: Hike.ID) async throws {
        _ = try await repository.getHike(id: hikeID)
        try await repository.setFavorite(true, hikeID: hikeID)
    }

    func removeFavorite(_ hikeID: Hike.ID) async throws {
        try await repository.setFavorite(false, for: hikeID)
    }
}
