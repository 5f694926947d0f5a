import Foundation
import Observation

@MainActor
@Observable
final class HikeListViewModel {
    private(set) var hikes: [Hike] = []
    private(set) var isLoading = false
    private(set) var errorMessage: String?
    let favoritesOnly: Bool

    private let getHikesUseCase: GetHikesUseCaseProtocol
    private let favoritesUseCase: HikeFavoritesUseCaseProtocol

    init(getHikesUseCase: GetHikesUseCaseProtocol,
         favoritesUseCase: HikeFavoritesUseCaseProtocol,
         favoritesOnly: Bool = false) {
        self.getHikesUseCase = getHikesUseCase
        self.favoritesUseCase = favoritesUseCase
        self.favoritesOnly = favoritesOnly
    }

    var totalDistanceKm: Double {
        hikes.reduce(0) { $0 + $1.distanceKm }
    }

    func loadHikes() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let all = try await getHikesUseCase.execute()
            hikes = favoritesOnly ? all.filter(\.isFavorite) : all
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func toggleFavorite(_ hike: Hike) async {
        let action: HikeFavoritesAction = hike.isFavorite ? .remove(hikeID: hike.id) : .add(hikeID: hike.id)
        do {
            try await favoritesUseCase.execute(action)
            await loadHikes()
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
