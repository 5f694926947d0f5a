import Foundation

/// Trails come straight from the public trail catalogue.
final class TrailRepositoryImpl: TrailRepositoryProtocol {
    private let remote: TrailRemoteDataSource

    init(remote: TrailRemoteDataSource = TrailRemoteDataSource()) {
        self.remote = remote
    }

    func searchTrails(matching query: String) async throws -> [Trail] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await remote.fetchTrails(query: trimmed).map { $0.toDomain() }
    }

    func getTrail(id: Trail.ID) async throws -> Trail {
        try await remote.fetchTrail(id: id).toDomain()
    }
}
