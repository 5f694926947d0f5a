import ArchLintKit

// Examples of `viewmodel-repository-injection`: ViewModels of a notes app (notes, folders,
// tags, attachments) and what they are given to work with.
extension ViewModelRepositoryInjectionRule {
    static let viewModelPath = "App/Presentation/ViewModels/NotesListViewModel.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            import Observation

            protocol NoteRepository: Sendable {
                func fetchNotes() async throws -> [Note]
            }

            @MainActor
            @Observable
            final class NotesListViewModel {
                private let ↓repository: any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "The repository protocol is stored: one finding at the property, none at the `init` parameter that fills it."),
        RuleExample("""
            protocol FolderRepository {
                func fetchFolders() async throws -> [Folder]
            }

            final class FolderRepositoryImpl: FolderRepository {
                func fetchFolders() async throws -> [Folder] { try await FolderStore.shared.all() }
            }

            @Observable
            final class FolderListViewModel {
                private let ↓folders: FolderRepositoryImpl

                init(folders: FolderRepositoryImpl) {
                    self.folders = folders
                }
            }
            """, path: viewModelPath, note: "A concrete implementation of a repository protocol counts too (seed 003: \"ViewModels depending on concrete Repository implementations\")."),
        RuleExample("""
            @propertyWrapper
            struct Injected<Value> {
                var wrappedValue: Value { Container.shared.resolve() }
            }

            protocol TagRepository {
                func allTags() async throws -> [Tag]
            }

            @Observable
            final class TagPickerViewModel {
                @ObservationIgnored @Injected var ↓tagRepository: TagRepository
            }
            """, path: viewModelPath, note: "A property wrapper does not hide the declared type."),
        RuleExample("""
            protocol FolderRepository {
                func fetchFolders() async throws -> [Folder]
            }

            @Observable
            final class MoveNoteViewModel {
                private var ↓repository: (any FolderRepository)?

                func attach(_ repository: any FolderRepository) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "`any`, parentheses and `?` are stripped; the method parameter itself is out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class NoteSearchViewModel {
                private let
                    ↓repository:
                        any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "A declaration spread over several lines."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class NoteService {
                private let repository: any NoteRepository
                init(repository: any NoteRepository) { self.repository = repository }
                func notes() async throws -> [Note] { try await repository.fetchNotes() }
            }

            @Observable
            final class NotesListViewModel {
                private let service: NoteService

                init(↓repository: any NoteRepository) {
                    self.service = NoteService(repository: repository)
                }
            }
            """, path: viewModelPath, note: "An `init` parameter that builds the service instead of storing the repository; the message suggests injecting `NoteService`."),
        RuleExample("""
            protocol AttachmentRepository {
                func attachments(of note: Note.ID) async throws -> [Attachment]
            }

            @Observable
            final class AttachmentsViewModel {
                private let loader: AttachmentLoader

                init(
                    noteID: Note.ID,
                    _ ↓attachments: any AttachmentRepository
                ) {
                    self.loader = AttachmentLoader(noteID: noteID, source: attachments)
                }
            }
            """, path: viewModelPath, note: "A parameter without a label, in a multi-line parameter list: reported at its name."),
        RuleExample("""
            protocol NoteRepository {
                func save(_ note: Note) async throws
            }

            @Observable
            final class QuickNoteViewModel {
                private let save: (Note) async throws -> Void

                init(↓repository: some NoteRepository) {
                    self.save = { note in try await repository.save(note) }
                }
            }
            """, path: viewModelPath, note: "An opaque `some` parameter captured in a closure is not stored in a property of its name."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteStore.swift", """
                protocol NoteStore: Sendable {
                    func load() async throws -> [Note]
                }
                """),
            ExampleFile("App/Presentation/ViewModels/NoteEditorViewModel.swift", """
                import Observation

                @Observable
                final class NoteEditorViewModel {
                    private let store: any NoteStore // expect: viewmodel-repository-injection

                    init(store: any NoteStore) {
                        self.store = store
                    }
                }
                """),
        ], note: "A protocol declared under `Repositories/` is a repository protocol whatever its name."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            protocol CachedNotes: NoteRepository {
                func invalidate()
            }

            @Observable
            final class NotesListViewModel {
                private let ↓cache: any CachedNotes

                init(cache: any CachedNotes) {
                    self.cache = cache
                }
            }
            """, path: viewModelPath, note: "A protocol that refines a repository protocol."),
        RuleExample("""
            protocol NoteRepository: Sendable {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class PinnedNotesViewModel {
                let ↓repository: any NoteRepository & Sendable

                init(repository: any NoteRepository & Sendable) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "A composition that contains a repository protocol."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func fetchNotes() async throws -> [Note]
                }
                """),
            ExampleFile("App/Data/Local/LocalNotes.swift", """
                final class LocalNotes {
                    let container: NoteContainer
                    init(container: NoteContainer) { self.container = container }
                }
                """),
            ExampleFile("App/Data/Repositories/LocalNotes+Repository.swift", """
                extension LocalNotes: NoteRepository {
                    func fetchNotes() async throws -> [Note] { try container.allNotes() }
                }
                """),
            ExampleFile("App/Presentation/ViewModels/NotesListViewModel.swift", """
                @Observable
                final class NotesListViewModel {
                    private let notes: LocalNotes // expect: viewmodel-repository-injection
                    init(notes: LocalNotes) { self.notes = notes }
                }
                """),
        ], note: "A type that conforms to a repository protocol through an extension in another file."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class NoteRepositoryImpl: NoteRepository {
                func fetchNotes() async throws -> [Note] { try await NotesAPI.shared.notes() }
            }

            @Observable
            final class InboxViewModel {
                private let ↓repository = NoteRepositoryImpl()
            }
            """, path: viewModelPath, note: "No type annotation: the initial value is a plain initializer call of a repository implementation."),
        RuleExample("""
            import Combine

            protocol TagRepositoryProtocol {
                func allTags() async throws -> [Tag]
            }

            struct TagCloudViewModel {
                let ↓tags: TagRepositoryProtocol
            }
            """, path: viewModelPath, note: "A struct ViewModel; a protocol named with the `RepositoryProtocol` suffix."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            enum Trash {
                @Observable
                final class ListViewModel {
                    private let ↓repository: NoteRepository
                    init(repository: NoteRepository) { self.repository = repository }
                }
            }
            """, path: viewModelPath, note: "A ViewModel nested in a feature namespace."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            class BaseNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] { try await NotesAPI.shared.notes() }
            }

            final class CachedNoteRepository: BaseNoteRepository {}

            @Observable
            final class RecentNotesViewModel {
                var ↓repository: CachedNoteRepository!
            }
            """, path: viewModelPath, note: "A subclass of a repository implementation, implicitly unwrapped."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            typealias NoteStorage = any NoteRepository

            @Observable
            final class ArchiveViewModel {
                private let ↓storage: NoteStorage
                init(storage: NoteStorage) { self.storage = storage }
            }
            """, path: viewModelPath, note: "A type alias of a repository protocol."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/FolderRepository.swift", """
                protocol FolderRepository {
                    func fetchFolders() async throws -> [Folder]
                }
                """),
            ExampleFile("App/Presentation/ViewModels/FolderListViewModel.swift", """
                @Observable
                final class FolderListViewModel {
                    private let service: any FolderServiceProtocol
                    init(service: any FolderServiceProtocol) { self.service = service }
                }
                """),
            ExampleFile("App/Presentation/ViewModels/FolderListViewModel+Preview.swift", """
                extension FolderListViewModel {
                    convenience init(folders: any FolderRepository) { // expect: viewmodel-repository-injection
                        self.init(service: FolderService(repository: folders))
                    }
                }
                """),
        ], note: "A convenience `init` in an extension in another file."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class SharedNotesViewModel {
                @ObservationIgnored
                lazy var ↓repository: any NoteRepository = AppContainer.shared.noteRepository
            }
            """, path: viewModelPath, note: "A `lazy` property pulled from a container is still a stored repository."),

        RuleExample("""
            protocol AttachmentCacheRepository<Payload> {
                associatedtype Payload
                func payload(for attachment: Attachment.ID) async -> Payload?
            }

            @Observable
            final class AttachmentPreviewViewModel {
                private let ↓thumbnails: any AttachmentCacheRepository<Thumbnail>
                private let attachments: [Attachment]

                init(thumbnails: any AttachmentCacheRepository<Thumbnail>, attachments: [Attachment]) {
                    self.thumbnails = thumbnails
                    self.attachments = attachments
                }
            }
            """, path: viewModelPath, note: "A repository protocol with a primary associated type, constrained in the property's type."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class ArchiveViewModel {
                private let ↓repository: Optional<any NoteRepository>

                init(repository: Optional<any NoteRepository>) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "`Optional<…>` spelled out is stripped like `?`."),
        RuleExample("""
            protocol CartRepository {
                func items() async throws -> [CartItem]
            }

            final class CartService {
                init(repository: any CartRepository) {}
            }

            final class CartViewModel {
                private let service: CartService

                init(service: CartService) {
                    self.service = service
                }
            }

            typealias CartVM = CartViewModel

            extension CartVM {
                convenience init(↓repository: any CartRepository) {
                    self.init(service: CartService(repository: repository))
                }
            }
            """, path: viewModelPath, note: "An extension written through a typealias of the ViewModel is part of it."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func all() async throws -> [Note]
                }
                """),
            ExampleFile("App/Data/Repositories/NoteStore.swift", """
                #if DEBUG
                final class NoteStore: NoteRepository {
                    func all() async throws -> [Note] { Note.samples }
                }
                #else
                final class NoteStore: NoteRepository {
                    func all() async throws -> [Note] { try await database.notes() }
                }
                #endif
                """),
            ExampleFile("App/Presentation/Notes/NotesViewModel.swift", """
                final class NotesViewModel {
                    let store: NoteStore // expect: viewmodel-repository-injection

                    init(store: NoteStore) {
                        self.store = store
                    }
                }
                """),
        ], note: "An implementation declared in two `#if` branches is one type."),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            import Observation

            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            protocol NoteServiceProtocol {
                func notes(in folder: Folder.ID?) async throws -> [Note]
            }

            @MainActor
            @Observable
            final class NotesListViewModel {
                private let noteService: any NoteServiceProtocol

                init(noteService: any NoteServiceProtocol) {
                    self.noteService = noteService
                }
            }
            """, path: viewModelPath, note: "The recommended shape: the ViewModel gets a service protocol."),
        RuleExample("""
            struct Repository: Identifiable, Hashable {
                let id: Int
                let fullName: String
                let stars: Int
            }

            @Observable
            final class RepositoryDetailViewModel {
                private(set) var repository: Repository
                var starred: [Repository] = []

                init(repository: Repository) {
                    self.repository = repository
                }
            }
            """, path: viewModelPath, note: "A domain model named `Repository` (a code-hosting client) is not a repository protocol."),
        RuleExample("""
            enum RepositoryError: Error {
                case notFound
                case offline
            }

            @Observable
            final class SyncStatusViewModel {
                var lastError: RepositoryError?

                init(lastError: RepositoryError? = nil) {
                    self.lastError = lastError
                }
            }
            """, path: viewModelPath, note: "An error type named `RepositoryError` never counts."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            /// Reads notes through `NoteService`; never hold a `NoteRepository` here.
            @Observable
            final class NotesListViewModel {
                // let repository: any NoteRepository   (removed: goes through the service)
                private let service: any NoteServiceProtocol
                let hint = "let repository: any NoteRepository"

                init(service: any NoteServiceProtocol) {
                    self.service = service
                }
            }
            """, path: viewModelPath, note: "Mentions in comments, doc comments and strings."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class MergeNotesViewModel {
                private let sources: [any NoteRepository]
                private let backups: [String: any NoteRepository]

                init(sources: [any NoteRepository], backups: [String: any NoteRepository]) {
                    self.sources = sources
                    self.backups = backups
                }
            }
            """, path: viewModelPath, note: "Collections of repositories are out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class ImportViewModel {
                private let makeRepository: () -> any NoteRepository
                private let onLoaded: (any NoteRepository) async -> Void

                init(makeRepository: @escaping () -> any NoteRepository, onLoaded: @escaping (any NoteRepository) async -> Void) {
                    self.makeRepository = makeRepository
                    self.onLoaded = onLoaded
                }
            }
            """, path: viewModelPath, note: "Closures that return or take a repository are out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class GenericListViewModel<Store: NoteRepository> {
                private let store: Store

                init(store: Store) {
                    self.store = store
                }
            }
            """, path: viewModelPath, note: "A generic parameter constrained to a repository protocol is out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class ExportViewModel {
                private let exporter: NoteExporter

                init(exporter: NoteExporter) {
                    self.exporter = exporter
                }

                func export(from repository: any NoteRepository) async throws -> URL {
                    try await exporter.export(repository.fetchNotes())
                }
            }
            """, path: viewModelPath, note: "Method parameters are out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class NoteService {
                private let repository: any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }
            }
            """, path: "App/Domain/Services/NoteService.swift", note: "A service is meant to hold the repository."),
        RuleExample("""
            import GitHubKit

            @Observable
            final class StarredViewModel {
                private let client: GitHubRepository

                init(client: GitHubRepository) {
                    self.client = client
                }
            }
            """, path: viewModelPath, note: "A name with a repository suffix that the project does not declare: archlint cannot know what it is."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            struct NotesList_Previews: PreviewProvider {
                final class DemoViewModel {
                    let repository: any NoteRepository = InMemoryNotes()
                }

                static var previews: some View {
                    NotesListView(viewModel: .preview)
                }
            }

            #Preview {
                NotesListView(viewModel: NotesListViewModel(repository: InMemoryNotes()))
            }
            """, path: "App/Presentation/Views/NotesListView.swift", note: "Previews are never findings."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func fetchNotes() async throws -> [Note]
                }
                """),
            ExampleFile("AppTests/ViewModels/SpyNotesViewModel.swift", """
                @testable import NotesApp

                final class SpyNotesViewModel {
                    let repository: any NoteRepository
                    init(repository: any NoteRepository) { self.repository = repository }
                }
                """),
        ], note: "Test sources are never findings."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class NotesListViewModel {
                private let service: any NoteServiceProtocol
                #if false
                private let repository: any NoteRepository
                #endif

                init(service: any NoteServiceProtocol) {
                    self.service = service
                }
            }
            """, path: viewModelPath, note: "Code under `#if false` is never compiled."),
        RuleExample("""
            import NotesKit

            protocol NoteRepository: NotesKit.Store {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class OfflineNotesViewModel {
                private let repository: NotesKit.Store
                private let archive: NotesKit.Store

                init(repository: any NoteRepository, archive archiveRepository: any NoteRepository) {
                    self.repository = repository
                    self.archive = archiveRepository
                }
            }
            """, path: viewModelPath, note: "The `init` parameter is stored into the property named like it or like its argument label, whose type is declared outside the project: silent."),
        RuleExample("""
            import Dependencies

            @Observable
            final class FolderListViewModel {
                @ObservationIgnored
                @Dependency(\\.folderRepository) var folderRepository
                var repositoryName: String { "folders" }
            }
            """, path: viewModelPath, note: "No declared type: archlint cannot know what the dependency is."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            protocol NotesViewModel: AnyObject {
                var repository: any NoteRepository { get }
            }

            @Observable
            final class NotesScreenModel {
                let repository: any NoteRepository
                init(repository: any NoteRepository) { self.repository = repository }
            }
            """, path: viewModelPath, note: "A protocol named `…ViewModel` is not a ViewModel type, and `NotesScreenModel` is not named like one."),
        RuleExample("""
            struct Repository: Identifiable {
                let id: Int
                let name: String
            }

            protocol GitHubServiceProtocol {
                func repositories(of user: String) async throws -> [Repository]
            }

            @Observable
            final class RepositoryListViewModel {
                private let service: any GitHubServiceProtocol
                private(set) var repositories: [Repository] = []
                var selectedRepository: Repository?

                init(service: any GitHubServiceProtocol) {
                    self.service = service
                }
            }
            """, path: viewModelPath, note: "A ViewModel about code repositories, holding the domain model and a service."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            @Observable
            final class NotesListViewModel {
                private let service: any NoteServiceProtocol

                var repository: any NoteRepository {
                    AppContainer.shared.noteRepository
                }

                init(service: any NoteServiceProtocol) {
                    self.service = service
                }
            }
            """, path: viewModelPath, note: "A computed property is not stored (out of scope)."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class InMemoryStore<Value> {
                private var values: [Value] = []
                func all() -> [Value] { values }
            }

            extension InMemoryStore: NoteRepository where Value == Note {
                func fetchNotes() async throws -> [Note] { all() }
            }

            @Observable
            final class EditorViewModel {
                private let undoStack: InMemoryStore<String>
                private let service: any NoteServiceProtocol

                init(service: any NoteServiceProtocol) {
                    self.service = service
                    undoStack = InMemoryStore()
                }
            }
            """, path: viewModelPath, note: "A generic type that conforms only under a `where` clause: whether `InMemoryStore<String>` does is unknown."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/ShoppingListRepository.swift", """
                protocol ShoppingListRepository {
                    func observe(_ onChange: @escaping ([Item]) -> Void) -> any Cancellable
                }

                protocol Cancellable {
                    func cancel()
                }

                protocol ListSharingService {
                    func share(_ items: [Item]) async throws
                }
                """),
            ExampleFile("App/Presentation/ShoppingListViewModel.swift", """
                @Observable
                final class ShoppingListViewModel {
                    private var subscription: (any Cancellable)?
                    private let sharing: any ListSharingService

                    init(sharing: any ListSharingService) {
                        self.sharing = sharing
                    }
                }
                """),
        ], note: "In a `Repositories/` folder, a token that a repository returns and a protocol named like a service are not repositories."),
        RuleExample(files: [
            ExampleFile("ArcanaDomain/Repositories/NoteRepository.swift", """
                public protocol NoteRepository: Sendable {
                    func notes() async throws -> [Note]
                }
                """),
            ExampleFile("ArcanaData/Stores/NoteStore.swift", """
                import ArcanaDomain

                public final class NoteStore: NoteRepository {
                    public func notes() async throws -> [Note] { try await database.notes() }
                }
                """),
            ExampleFile("ArcanaPresentation/Notes/NoteStore.swift", """
                @Observable
                final class NoteStore {
                    var selectedID: Note.ID?
                }
                """),
            ExampleFile("ArcanaPresentation/Notes/NotesViewModel.swift", """
                import ArcanaDomain

                final class NotesViewModel {
                    private let store: NoteStore

                    init(store: NoteStore) {
                        self.store = store
                    }
                }
                """),
        ], note: "Two modules each declare a `NoteStore`; which one the view model holds is unknown, so it stays silent."),
        RuleExample(files: [
            ExampleFile("Sources/Features/Repositories/Domain/Entities/RepoStarring.swift", """
                protocol RepoStarring {
                    func star(_ repo: Repo.ID) async throws
                }
                """),
            ExampleFile("Sources/Features/Repositories/Presentation/RepoListViewModel.swift", """
                @Observable
                final class RepoListViewModel {
                    private let starring: RepoStarring

                    init(starring: RepoStarring) {
                        self.starring = starring
                    }
                }
                """),
        ], note: "A feature folder named `Repositories` above Domain's folder does not make its protocols repositories."),
    ]
}
