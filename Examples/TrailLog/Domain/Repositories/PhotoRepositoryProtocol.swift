import Foundation

/// Cover photos are stored apart from the log so that the log stays small.
protocol PhotoRepositoryProtocol: Sendable {
    func loadCoverPhoto(for hikeID: Hike.ID) async throws -> Data?
    func saveCoverPhoto(_ jpegData: Data, for hikeID: Hike.ID) async throws
    func deleteCoverPhoto(for hikeID: Hike.ID) async throws
}
