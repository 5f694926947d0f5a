import Foundation
import SwiftData

protocol ActivityRepositoryProtocol: Sendable {
    func activities(since date: Date) async throws -> [Activity]
    func activity(id: Activity.ID) async throws -> Activity?
    func save(_ activity: Activity) async throws
    func sync() async throws
}

extension ActivityRepositoryProtocol {
    func activities() async throws -> [Activity] {
        try await activities(since: .distantPast)
    }
}

/// Offline first: answers from the local store, refreshes from the API in the background.
final class ActivityRepository: ActivityRepositoryProtocol, @unchecked Sendable {
    private let context: ModelContext
    private let api: ActivityAPI
    private let mapper = ActivityMapper()

    init(context: ModelContext, api: ActivityAPI) {
        self.context = context
        self.api = api
    }

    func activities(since date: Date) async throws -> [Activity] {
        let descriptor = FetchDescriptor<ActivityEntity>(
            predicate: #Predicate { $0.startedAt >= date },
            sortBy: [SortDescriptor(\.startedAt, order: .reverse)]
        )
        let cached = try context.fetch(descriptor).map(mapper.toDomain)
        Task.detached { [weak self] in try? await self?.sync() }
        return cached
    }

    func activity(id: Activity.ID) async throws -> Activity? {
        try await activities(since: .distantPast).first { $0.id == id }
    }

    func save(_ activity: Activity) async throws {
        context.insert(mapper.toEntity(activity))
        try context.save()
        try await api.upload(ActivityDTO(activity))
    }

    func sync() async throws {
        let remote: [ActivityDTO] = try await api.fetchAll()
        for dto in remote {
            context.insert(mapper.toEntity(dto.toDomain()))
        }
        try context.save()
    }
}

#if DEBUG
final class MockActivityRepository: ActivityRepositoryProtocol {
    var stored: [Activity] = Activity.samples

    func activities(since date: Date) async throws -> [Activity] { stored.filter { $0.startedAt >= date } }
    func activity(id: Activity.ID) async throws -> Activity? { stored.first { $0.id == id } }
    func save(_ activity: Activity) async throws { stored.append(activity) }
    func sync() async throws {}
}
#endif
