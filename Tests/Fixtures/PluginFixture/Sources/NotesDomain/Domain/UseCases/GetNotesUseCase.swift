// Deliberate warning: `@MainActor` on a whole Domain use case (blanket-main-actor).
@MainActor
public final class GetNotesUseCase {
    private let repository: any NoteRepository

    public init(repository: any NoteRepository) {
        self.repository = repository
    }

    public func execute() async throws -> [Note] {
        try await repository.notes()
    }
}
