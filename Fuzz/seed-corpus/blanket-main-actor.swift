import Foundation

@MainActor
public final class SyncNotesUseCase {
    private let repository: NoteRepository
    public init(repository: NoteRepository) { self.repository = repository }

    @MainActor
    public func callAsFunction() async throws -> Int {
        try await repository.fetchAll().count
    }
}

@MainActor extension SyncNotesUseCase {
    func reset() {}
}

public struct ExportNotesUseCase {
    let run: @MainActor @Sendable () async -> Void
    func start() {
        Task { @MainActor in
            await run()
        }
    }
}

@MainActor protocol Presenting: AnyObject {
    func present(_ text: String)
}

@globalActor actor BackgroundActor {
    static let shared = BackgroundActor()
}
