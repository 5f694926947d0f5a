import NotesDomain

public final class NoteRepositoryImpl: NoteRepository {
    private let stored: [NoteDTO]

    public init() {
        stored = [NoteDTO(id: 1, title: "Groceries"), NoteDTO(id: 2, title: "Ideas")]
    }

    public func notes() async throws -> [Note] {
        stored.map { $0.toDomain() }
    }
}
