import Foundation
import Observation

/// Input/Output/Effect view model for the note list.
@MainActor
@Observable
final class NoteListViewModel {
    enum Input {
        case appeared
        case selected(Note.ID)
        case deleted(Note.ID)
        case searchChanged(String)
    }

    struct Output: Equatable {
        var rows: [NoteRow] = []
        var isLoading = false
        var errorMessage: String?
    }

    enum Effect: Equatable {
        case openNote(Note.ID)
        case showError(String)
    }

    private(set) var output = Output()
    var onEffect: ((Effect) -> Void)?

    private let notesService: NotesServiceProtocol
    private var loadTask: Task<Void, Never>?

    init(notesService: NotesServiceProtocol) {
        self.notesService = notesService
    }

    func onInput(_ input: Input) {
        switch input {
        case .appeared:
            load()
        case .selected(let id):
            onEffect?(.openNote(id))
        case .deleted(let id):
            Task { await delete(id) }
        case .searchChanged(let text):
            output.rows = output.rows.filter { text.isEmpty || $0.title.contains(text) }
        }
    }

    private func load() {
        loadTask?.cancel()
        output.isLoading = true
        loadTask = Task { [weak self] in
            guard let self else { return }
            do {
                let notes = try await notesService.allNotes(sortedBy: .modifiedDescending)
                output.rows = notes.map(NoteRow.init)
            } catch {
                onEffect?(.showError("Could not load notes: \(error.localizedDescription)"))
            }
            output.isLoading = false
        }
    }

    private func delete(_ id: Note.ID) async {
        do {
            try await notesService.delete(noteID: id)
            output.rows.removeAll { $0.id == id }
        } catch {
            output.errorMessage = "\(error)"
        }
    }
}
