import Foundation
import Observation

enum AppRoute: Hashable {
    case hikeDetail(Hike.ID)
    case favorites
}

/// Owns the navigation path of the hike list; views ask it to navigate instead of pushing views themselves.
@Observable
final class HikeListRouter {
    var path: [AppRoute] = []

    func showDetail(of hikeID: Hike.ID) {
        path.append(.hikeDetail(hikeID))
    }

    func showFavorites() {
        path.append(.favorites)
    }

    func popToRoot() {
        path.removeAll()
    }
}
