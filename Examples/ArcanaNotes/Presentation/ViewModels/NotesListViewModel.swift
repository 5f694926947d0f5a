import Foundation
import Observation

/// How the notes list is ordered; picked from the toolbar menu.
enum NoteSortOrder: String, CaseIterable, Identifiable, Sendable {
    case recentlyEdited = "Recently Edited"
    case title = "Title"
    case pinnedFirst = "Pinned First"

    var id: String { rawValue }
}

@MainActor
@Observable
final class NotesListViewModel {
    enum Input {
        case onAppear
        case refresh
        case selectSort(NoteSortOrder)
        case open(Note.ID)
        case createNote
        case delete(Note.ID)
    }

    struct Output {
        var notes: [Note] = []
        var pinned: [Note] = []
        var sortOrder: NoteSortOrder = .recentlyEdited
        var isLoading = false
        var lastSync: Date?
        var errorMessage: String?
    }

    enum Effect: Equatable {
        case openEditor(Note?)
    }

    private(set) var output = Output()
    var effect: Effect?

    private let folderID: Folder.ID?
    private let fetchNotes: any FetchNotesUseCaseProtocol
    private let saveNote: any SaveNoteUseCaseProtocol
    private let syncNotes: any SyncNotesUseCaseProtocol

    init(
        folderID: Folder.ID?,
        fetchNotes: any FetchNotesUseCaseProtocol,
        saveNote: any SaveNoteUseCaseProtocol,
        syncNotes: any SyncNotesUseCaseProtocol
    ) {
        self.folderID = folderID
        self.fetchNotes = fetchNotes
        self.saveNote = saveNote
        self.syncNotes = syncNotes
    }

    func onInput(_ input: Input) {
        switch input {
        case .onAppear:
            Task { await load() }
        case .refresh:
            Task { await sync() }
        case .selectSort(let order):
            output.sortOrder = order
            output.notes = output.notes.ordered(by: order)
        case .open(let id):
            effect = .openEditor(output.notes.first { $0.id == id })
        case .createNote:
            effect = .openEditor(nil)
        case .delete(let id):
            Task { await delete(id) }
        }
    }

    private func load() async {
        output.isLoading = true
        defer { output.isLoading = false }
        do {
            async let notes = fetchNotes.execute(folderID: folderID)
            async let pinned = fetchNotes.pinned(in: folderID)
            output.notes = try await notes.ordered(by: output.sortOrder)
            output.pinned = try await pinned
            output.errorMessage = nil
        } catch {
            output.errorMessage = error.localizedDescription
        }
    }

    private func sync() async {
        do {
            let summary = try await syncNotes.execute()
            output.lastSync = summary.finishedAt
            await load()
        } catch {
            output.errorMessage = error.localizedDescription
        }
    }

    private func delete(_ id: Note.ID) async {
        do {
            try await saveNote.delete(noteID: id)
            output.notes.removeAll { $0.id == id }
            output.pinned.removeAll { $0.id == id }
        } catch {
            output.errorMessage = error.localizedDescription
        }
    }
}
