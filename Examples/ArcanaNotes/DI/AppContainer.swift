import Foundation
import SwiftData

/// Composition root: the one place that knows every concrete type and wires them together.
@MainActor
final class AppContainer {
    let modelContainer: ModelContainer

    private let logger = AppLogger(category: "ArcanaNotes")
    private let apiClient = NotesAPIClient(baseURL: URL(string: "https://api.arcananotes.example/v1")!)
    private lazy var noteStore = LocalNoteStore(context: modelContainer.mainContext)
    private lazy var noteRepository: any NoteRepository = NoteRepositoryImpl(
        store: noteStore, apiClient: apiClient, logger: logger
    )
    private lazy var folderRepository: any FolderRepository = FolderRepositoryImpl(
        context: modelContainer.mainContext, notes: noteStore
    )

    init(inMemory: Bool = false) {
        modelContainer = Self.makeModelContainer(inMemory: inMemory)
    }

    func makeNotesListView(folderID: Folder.ID? = nil) -> NotesListView {
        let viewModel = NotesListViewModel(
            folderID: folderID,
            fetchNotes: FetchNotesUseCase(repository: noteRepository),
            saveNote: makeSaveNoteUseCase(),
            syncNotes: SyncNotesUseCase(repository: noteRepository, logger: logger)
        )
        return NotesListView(viewModel: viewModel) { [unowned self] note in
            self.makeNoteEditorView(for: note, folderID: folderID)
        }
    }

    func makeNoteEditorView(for note: Note?, folderID: Folder.ID?) -> NoteEditorView {
        let viewModel = NoteEditorViewModel(
            note: note,
            folderID: folderID,
            saveNote: makeSaveNoteUseCase(),
            apiClient: apiClient
        )
        return NoteEditorView(viewModel: viewModel)
    }

    private func makeSaveNoteUseCase() -> any SaveNoteUseCaseProtocol {
        SaveNoteUseCase(repository: noteRepository, folderRepository: folderRepository, logger: logger)
    }

    private static func makeModelContainer(inMemory: Bool) -> ModelContainer {
        let schema = Schema([NoteRecord.self, FolderRecord.self])
        let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory)
        if let container = try? ModelContainer(for: schema, configurations: configuration) {
            return container
        }
        // A store that cannot be opened must not keep the app from launching: fall back to memory.
        let fallback = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
        return try! ModelContainer(for: schema, configurations: fallback)
    }
}
