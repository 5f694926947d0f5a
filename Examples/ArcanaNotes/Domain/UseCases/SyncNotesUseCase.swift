import Foundation

protocol SyncNotesUseCaseProtocol: Sendable {
    func execute() async throws -> SyncSummary
}

struct SyncSummary: Equatable, Sendable {
    let changedNotes: Int
    let pinnedNotes: Int
    let finishedAt: Date
}

/// Brings the device and the server in line. Remembers when it last succeeded.
@MainActor
final class SyncNotesUseCase: SyncNotesUseCaseProtocol {
    private let repository: any NoteRepository
    private let logger: AppLogger
    private var lastSync: Date?

    init(repository: any NoteRepository, logger: AppLogger) {
        self.repository = repository
        self.logger = logger
    }

    func execute() async throws -> SyncSummary {
        let uploaded = try await repository.syncPendingChanges()
        let changed = try await repository.synchronize(since: lastSync)
        let pinned = try await repository.pinnedNotes(limit: 5)
        lastSync = .now
        logger.info("Sync finished: \(uploaded) uploaded, \(changed) changed")
        return SyncSummary(changedNotes: changed, pinnedNotes: pinned.count, finishedAt: .now)
    }
}
