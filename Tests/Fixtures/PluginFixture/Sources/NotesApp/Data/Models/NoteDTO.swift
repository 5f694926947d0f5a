import NotesDomain

struct NoteDTO: Codable {
    let id: Int
    let title: String

    func toDomain() -> Note {
        Note(id: id, title: title)
    }
}
