import Combine
import Observation

@Observable
final class SearchViewModel {
    struct Output { var results: [String] = [] }
    func onInput(_ query: String) {}
}

final class LegacyViewModel: ObservableObject {
    @Published var items: [Int] = []
}

extension LegacyViewModel {
    enum Input { case refresh }
    typealias Output = [Int]
}

final class PlainViewModel {
    let repository: NoteRepository
    init(repository: NoteRepository, folders: FolderRepositoryProtocol) {
        self.repository = repository
    }
}

@MainActor
@Observable
final class CompleteViewModel {
    enum Input { case tap }
    struct Output {}
    enum Effect {}
    private let service: NotesServiceProtocol
    private let cache: SwiftDataNoteRepository
    init(service: NotesServiceProtocol, cache: SwiftDataNoteRepository) {
        self.service = service
        self.cache = cache
    }
    func onInput(_ input: Input) {}
}
