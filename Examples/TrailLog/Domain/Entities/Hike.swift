import Foundation
import UIKit

/// A hike the user walked, as kept in the log.
struct Hike: Identifiable, Hashable, Sendable {
    let id: UUID
    var title: String
    var trailID: Trail.ID?
    var date: Date
    var distanceKm: Double
    var elevationGainM: Int
    var duration: TimeInterval
    var notes: String
    var isFavorite: Bool
    var coverPhoto: UIImage?

    /// Average pace in minutes per kilometre.
    var paceMinutesPerKm: Double? {
        guard distanceKm > 0 else { return nil }
        return duration / 60 / distanceKm
    }

    @MainActor
    var thumbnail: UIImage? {
        coverPhoto?.preparingThumbnail(of: CGSize(width: 160, height: 160))
    }
}
