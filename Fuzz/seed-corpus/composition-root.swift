import SwiftUI
import SwiftData

@main
struct ArcanaNotesApp: App {
    private let dependencies = AppDependencies.live()

    var body: some Scene {
        WindowGroup {
            RootView(factory: ScreenFactory(dependencies: dependencies))
        }
        .modelContainer(dependencies.container)
    }
}

/// Builds every object graph once, at launch.
@MainActor
final class AppDependencies {
    let container: ModelContainer
    let noteRepository: any NoteRepository
    let notesService: NotesServiceProtocol

    init(container: ModelContainer, noteRepository: any NoteRepository) {
        self.container = container
        self.noteRepository = noteRepository
        self.notesService = NotesService(repository: noteRepository)
    }

    static func live() -> AppDependencies {
        let container = try! ModelContainer(for: NoteEntity.self)
        return AppDependencies(container: container, noteRepository: SwiftDataNoteRepository(context: container.mainContext))
    }

    static func preview() -> AppDependencies {
        let container = try! ModelContainer(for: NoteEntity.self, configurations: .init(isStoredInMemoryOnly: true))
        return AppDependencies(container: container, noteRepository: PreviewNoteRepository())
    }
}

@MainActor
struct ScreenFactory {
    let dependencies: AppDependencies

    func makeHome(router: AppRouter) -> some View {
        HomeView(onOpenFolder: { router.push(.noteList(folder: $0)) })
    }

    func makeNoteList(folder: Folder.ID) -> some View {
        let viewModel = NoteListViewModel(notesService: dependencies.notesService)
        return NoteListScreen(viewModel: viewModel)
    }

    func makeNoteDetail(id: Note.ID) -> some View {
        NoteDetailView(id: id, repository: dependencies.noteRepository)
    }
}
