import Foundation

protocol TrailRepositoryProtocol: Sendable {
    func searchTrails(matching query: String) async throws -> [Trail]
    func getTrail(id: Trail.ID) async throws -> Trail
    func getNearbyTrails(latitude: Double, longitude: Double, radiusKm: Double) async throws -> [Trail]
}
