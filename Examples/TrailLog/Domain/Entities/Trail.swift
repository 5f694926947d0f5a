import Foundation

/// A trail from the public trail catalogue.
struct Trail: Identifiable, Hashable, Sendable {
    enum Difficulty: String, CaseIterable, Sendable {
        case easy
        case moderate
        case hard
    }

    let id: UUID
    let name: String
    let region: String
    let lengthKm: Double
    let difficulty: Difficulty
}
