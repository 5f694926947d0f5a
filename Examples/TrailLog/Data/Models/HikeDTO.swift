import Foundation

/// A hike as written to the log file.
struct HikeDTO: Codable, Sendable {
    let id: UUID
    let title: String
    let trailId: UUID?
    let date: Date
    let distanceKm: Double
    let elevationGainM: Int
    let durationSeconds: Double
    let notes: String
}

extension HikeDTO {
    init(hike: Hike) {
        self.init(id: hike.id, title: hike.title, trailId: hike.trailID, date: hike.date,
                  distanceKm: hike.distanceKm, elevationGainM: hike.elevationGainM,
                  durationSeconds: hike.duration, notes: hike.notes)
    }

    func toDomain() -> Hike {
        Hike(id: id, title: title, trailID: trailId, date: date, distanceKm: distanceKm,
             elevationGainM: elevationGainM, duration: durationSeconds, notes: notes,
             isFavorite: false, coverPhoto: nil)
    }
}
