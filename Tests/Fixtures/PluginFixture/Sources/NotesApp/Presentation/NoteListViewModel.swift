import NotesDomain

public final class NoteListViewModel {
    public private(set) var titles: [String] = []

    public init() {}

    public func show(_ notes: [Note]) {
        titles = notes.map(\.title)
    }

    // Deliberate error: Presentation builds a Data-layer DTO (layer-dependency).
    public func exportFirst() -> String {
        let dto = NoteDTO(id: 0, title: titles.first ?? "")
        return dto.title
    }
}
