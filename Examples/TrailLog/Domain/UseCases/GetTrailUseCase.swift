import Foundation

protocol GetTrailUseCaseProtocol: Sendable {
    func execute(id: Trail.ID) async throws -> Trail
}

final class GetTrailUseCase: GetTrailUseCaseProtocol, Sendable {
    private let repository: TrailRepositoryProtocol

    init(repository: TrailRepositoryProtocol = TrailRepositoryImpl()) {
        self.repository = repository
    }

    func execute(id: Trail.ID) async throws -> Trail {
        try await repository.getTrail(id: id)
    }
}
