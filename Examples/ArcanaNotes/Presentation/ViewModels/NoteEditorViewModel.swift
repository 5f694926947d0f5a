import Foundation
import Observation

@MainActor
@Observable
final class NoteEditorViewModel {
    enum Input {
        case updateTitle(String)
        case updateBody(String)
        case togglePin
        case save
        case createShareLink
    }

    struct Output {
        var title: String
        var body: String
        var isPinned: Bool
        var isNew: Bool
        var isSaving = false
        var shareURL: URL?
        var errorMessage: String?

        var canSave: Bool {
            !isSaving && !(title.isEmpty && body.isEmpty)
        }
    }

    enum Effect: Equatable {
        case dismiss
    }

    private(set) var output: Output
    var effect: Effect?

    private let draft: Note
    private let saveNote: any SaveNoteUseCaseProtocol
    private let apiClient: NotesAPIClient

    init(note: Note?, folderID: Folder.ID?, saveNote: any SaveNoteUseCaseProtocol, apiClient: NotesAPIClient) {
        let draft = note ?? Note(title: "", folderID: folderID)
        self.draft = draft
        self.saveNote = saveNote
        self.apiClient = apiClient
        output = Output(title: draft.title, body: draft.body, isPinned: draft.isPinned, isNew: note == nil)
    }

    func onInput(_ input: Input) {
        switch input {
        case .updateTitle(let title):
            output.title = title
        case .updateBody(let body):
            output.body = body
        case .togglePin:
            output.isPinned.toggle()
        case .save:
            Task { await save() }
        case .createShareLink:
            Task { await createShareLink() }
        }
    }

    private func save() async {
        output.isSaving = true
        defer { output.isSaving = false }
        var note = draft
        note.title = output.title
        note.body = output.body
        note.isPinned = output.isPinned
        do {
            _ = try await saveNote.execute(note)
            effect = .dismiss
        } catch {
            output.errorMessage = error.localizedDescription
        }
    }

    private func createShareLink() async {
        do {
            output.shareURL = try await apiClient.shareLink(for: draft.id)
        } catch {
            output.errorMessage = error.localizedDescription
        }
    }
}
