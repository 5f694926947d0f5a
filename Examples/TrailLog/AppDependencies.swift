import SwiftUI

/// Composition root: builds the object graph once and makes every screen.
@MainActor
final class AppDependencies {
    private let hikeRepository: HikeRepositoryProtocol
    private let trailRepository: TrailRepositoryProtocol

    init() {
        hikeRepository = HikeRepositoryImpl(local: HikeLocalDataSource())
        trailRepository = TrailRepositoryImpl(remote: TrailRemoteDataSource())
    }

    func makeHikeListView(favoritesOnly: Bool = false) -> HikeListView {
        let viewModel = HikeListViewModel(
            getHikesUseCase: GetHikesUseCase(repository: hikeRepository),
            favoritesUseCase: HikeFavoritesUseCase(repository: hikeRepository),
            favoritesOnly: favoritesOnly
        )
        return HikeListView(viewModel: viewModel)
    }

    func makeHikeDetailView(hikeID: Hike.ID) -> HikeDetailView {
        let viewModel = HikeDetailViewModel(
            hikeID: hikeID,
            getHikesUseCase: GetHikesUseCase(repository: hikeRepository),
            getTrailUseCase: GetTrailUseCase(repository: trailRepository),
            favoritesUseCase: HikeFavoritesUseCase(repository: hikeRepository)
        )
        return HikeDetailView(viewModel: viewModel)
    }

    @ViewBuilder
    func destination(for route: AppRoute) -> some View {
        switch route {
        case .hikeDetail(let hikeID):
            makeHikeDetailView(hikeID: hikeID)
        case .favorites:
            makeHikeListView(favoritesOnly: true)
        }
    }
}
