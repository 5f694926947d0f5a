import ArchLintKit

// Examples of `repository-stub-return`: repository implementations and mocks of a notes app
// (notes, folders, tags, reminders) and what their bodies return.
extension RepositoryStubReturnRule {
    static let mockPath = "App/Data/Repositories/Mock/MockNoteRepository.swift"
    static let implementationPath = "App/Data/Repositories/NoteRepositoryImpl.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            protocol NoteRepository: Sendable {
                func fetchNotes(in folder: Folder.ID?) async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                func fetchNotes(in folder: Folder.ID?) async throws -> [Note] {
                    try? await Task.sleep(for: .milliseconds(300))
                    ↓return []
                }
            }
            """, path: mockPath, note: "Simulated latency, then nothing: `Task.sleep` is not data access."),
        RuleExample("""
            protocol FolderRepository {
                func fetchFolders() async throws -> [Folder]
            }

            final class FolderRepositoryImpl: FolderRepository {
                func fetchFolders() async throws -> [Folder] { ↓[] }
            }
            """, path: "App/Data/Repositories/FolderRepositoryImpl.swift", note: "An implicit-return body: reported at the literal."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNote(id: Note.ID) async throws -> Note?
            }

            final class MockNoteRepository: NoteRepository {
                func fetchNote(id: Note.ID) async throws -> Note? {
                    ↓return nil
                }
            }
            """, path: mockPath, note: "`nil` for a single item."),
        RuleExample("""
            protocol NoteRepository {
                var recentNotes: [Note] { get }
                var countsByFolder: [Folder.ID: Int] { get async throws }
            }

            final class MockNoteRepository: NoteRepository {
                var recentNotes: [Note] { ↓[] }

                var countsByFolder: [Folder.ID: Int] {
                    get async throws {
                        ↓[:]
                    }
                }
            }
            """, path: mockPath, note: "Computed properties, with an implicit getter and with `get async throws`."),
        RuleExample("""
            protocol TagRepository {
                func allTags() async throws -> [Tag]
                func tagIDs(for note: Note.ID) async throws -> Set<Tag.ID>
                func usage() async throws -> [Tag.ID: Int]
            }

            final class MockTagRepository: TagRepository {
                func allTags() async throws -> [Tag] { ↓Array() }
                func tagIDs(for note: Note.ID) async throws -> Set<Tag.ID> { ↓Set() }
                func usage() async throws -> [Tag.ID: Int] { ↓Dictionary() }
            }
            """, path: "App/Data/Repositories/Mock/MockTagRepository.swift", note: "`Array()`, `Set()` and `Dictionary()`."),
        RuleExample("""
            protocol TagRepository {
                func allTags() async throws -> [Tag]
                func usage() async throws -> [Tag.ID: Int]
                func pinnedIDs() async throws -> Set<Tag.ID>
            }

            final class MockTagRepository: TagRepository {
                func allTags() async throws -> [Tag] {
                    ↓return [Tag]()
                }

                func usage() async throws -> [Tag.ID: Int] {
                    ↓return [Tag.ID: Int]()
                }

                func pinnedIDs() async throws -> Set<Tag.ID> {
                    ↓return Set<Tag.ID>()
                }
            }
            """, path: "App/Data/Repositories/Mock/MockTagRepository.swift", note: "`[T]()`, `[K: V]()` and a generic `Set<T>()`."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/ReminderRepository.swift", """
                protocol ReminderRepository {
                    func upcoming() async throws -> [Reminder]
                }
                """),
            ExampleFile("App/Data/Repositories/Mock/MockReminders.swift", """
                final class MockReminders {}
                """),
            ExampleFile("App/Data/Repositories/Mock/MockReminders+Repository.swift", """
                extension MockReminders: ReminderRepository {
                    func upcoming() async throws -> [Reminder] {
                        return [] // expect: repository-stub-return
                    }
                }
                """),
        ], note: "The conformance is declared in an extension in another file."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteStore.swift", """
                protocol NoteStore: Sendable {
                    func load() async throws -> [Note]
                }
                """),
            ExampleFile("App/Data/Repositories/NoteStoreImpl.swift", """
                struct NoteStoreImpl: NoteStore {
                    func load() async throws -> [Note] {
                        []  // expect: repository-stub-return
                    }
                }
                """),
        ], note: "A protocol declared under `Repositories/` is a repository protocol whatever its name."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes(in folder: Folder.ID?) async throws -> [Note]
            }

            final class NoteRepositoryImpl: NoteRepository {
                func fetchNotes(
                    in folder: Folder.ID?
                ) async throws
                    -> [Note]
                {
                    ↓return [
                    ]
                }
            }
            """, path: implementationPath, note: "A signature and a literal spread over several lines."),
        RuleExample("""
            protocol NoteRepository {
                func search(_ query: String, limit: Int) async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                func search(_ query: String, limit: Int) async throws -> [Note] {
                    guard limit > 0 else {
                        ↓return []
                    }
                    let trimmed = query
                    _ = trimmed
                    ↓return []
                }
            }
            """, path: mockPath, note: "Every `return` of an empty literal is reported; reading parameters and locals is not data access."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            #if DEBUG
            final class MockNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] {
                    ↓return []
                }
            }
            #endif
            """, path: mockPath, note: "A mock under `#if DEBUG` is compiled in debug builds."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                private let latency: UInt64 = 300_000_000

                func fetchNotes() async throws -> [Note] {
                    try await Task.sleep(nanoseconds: latency)
                    ↓return []
                }
            }
            """, path: mockPath, note: "The arguments of `Task.sleep` are not looked at, even when they read a property."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            class BaseMockRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] { try await NotesAPI.shared.notes() }
            }

            final class EmptyNoteRepository: BaseMockRepository {
                override func fetchNotes() async throws -> [Note] {
                    ↓return []
                }
            }
            """, path: mockPath, note: "A subclass of a repository implementation conforms too."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes(sortedBy order: NoteSortOrder) async throws -> [Note]
            }

            actor OfflineNoteRepository: NoteRepository {
                func fetchNotes(sortedBy order: NoteSortOrder) async throws -> [Note] {
                    switch order {
                    case .title:
                        ↓return []
                    case .edited, .created:
                        ↓return []
                    }
                }
            }
            """, path: implementationPath, note: "An actor; a `switch` over a parameter with implicit members (`case .title`) is not data access."),
        RuleExample("""
            protocol FolderRepositoryProtocol {
                func folder(id: Folder.ID) async throws -> Folder?
            }

            struct MockFolderRepository: FolderRepositoryProtocol {
                /// Returns a folder named "Inbox" for any id.
                func folder(id: Folder.ID) async throws -> Folder? {
                    // return Folder(id: id, name: "Inbox")
                    ↓return nil
                }
            }
            """, path: "App/Data/Repositories/Mock/MockFolderRepository.swift", note: "The sample data exists only in comments."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNote(id: Note.ID?) async throws -> Note?
            }

            final class MockNoteRepository: NoteRepository {
                func fetchNote(id: Note.ID?) async throws -> Note? {
                    guard let id else { ↓return nil }
                    print(id)
                    ↓return nil
                }
            }
            """, path: mockPath, options: ["allowedCalls": .strings(["Task.sleep", "print"])],
            note: "With `print` added to `allowedCalls`, logging does not count as data access."),
        RuleExample("""
            protocol ReminderRepository {
                func reminders(for note: Note.ID) async throws -> [Reminder]
            }

            typealias ReminderStore = ReminderRepository

            final class MockReminderStore: ReminderStore {
                func reminders(for note: Note.ID) async throws -> [Reminder] { ↓[] }
            }
            """, path: mockPath, note: "A conformance written through a typealias of the repository protocol."),
        RuleExample("""
            protocol ReminderRepository {
                func reminders(for note: Note.ID) async throws -> [Reminder]
            }

            final class MockReminderRepository: ReminderRepository {
                func reminders(for note: Note.ID) async throws -> [Reminder] { [Reminder(title: "Water the plants")] }
            }

            extension ArcanaData.MockReminderRepository {
                func overdue() -> [Reminder] { ↓[] }
            }
            """, path: mockPath, note: "An extension that names the mock with its module is part of the mock."),
        RuleExample("""
            protocol ReminderRepository {
                func reminders() async throws -> [Reminder]
            }

            final class ReminderRepositoryImpl: ReminderRepository {
                func reminders() async throws -> [Reminder] {
                    do {
                        ↓return []
                    } catch let error as URLError {
                        ↓return []
                    } catch {
                        ↓return []
                    }
                }
            }
            """, path: "App/Data/Repositories/ReminderRepositoryImpl.swift", note: "`catch let error as URLError {` opens a block of the function, not a closure: its `return` is the function's."),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            import SwiftData

            protocol FolderRepository {
                func fetchFolders() async throws -> [Folder]
            }

            @MainActor
            final class FolderRepositoryImpl: FolderRepository {
                private let context: ModelContext

                init(context: ModelContext) {
                    self.context = context
                }

                func fetchFolders() async throws -> [Folder] {
                    let descriptor = FetchDescriptor<FolderRecord>(sortBy: [SortDescriptor(\\.name)])
                    return ((try? context.fetch(descriptor)) ?? []).map { $0.toDomain() }
                }

                func pinned() -> [Folder] { (try? context.fetch(FetchDescriptor<FolderRecord>())).map { $0.map { $0.toDomain() } } ?? [] }
            }
            """, path: "App/Data/Repositories/FolderRepositoryImpl.swift", note: "`(try? context.fetch(d)) ?? []` reads the store first."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class PreviewNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] {
                    return []
                }
            }
            """, path: mockPath, note: "A preview type (name starting with `Preview`) may return empty data for an empty-state preview."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func fetchNotes() async throws -> [Note]
                }
                """),
            ExampleFile("App/Preview Content/EmptyNotes.swift", """
                struct EmptyNotes: NoteRepository {
                    func fetchNotes() async throws -> [Note] { [] }
                }
                """),
            ExampleFile("App/Presentation/Previews/StubNotes.swift", """
                struct StubNotes: NoteRepository {
                    func fetchNotes() async throws -> [Note] { [] }
                }
                """),
        ], note: "Types under `Preview Content/` or `Previews/` are preview types."),
        RuleExample("""
            enum SampleData {
                static var notes: [Note] { [] }
                static func folders() -> [Folder] { return [] }
            }
            """, path: "App/Data/Repositories/Mock/SampleData.swift", note: "A sample-data type that is not a repository."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            /// Never answers `[]`: the grep `"\\[\\]|return nil"` would match this line.
            final class MockNoteRepository: NoteRepository {
                // return []
                let hint = "return nil"

                func fetchNotes() async throws -> [Note] {
                    try? await Task.sleep(for: .milliseconds(200))
                    return [
                        Note(id: UUID(), title: "Groceries", body: "Milk, eggs, coffee"),
                        Note(id: UUID(), title: "Trip ideas", body: "Lisbon in May"),
                    ]
                }
            }
            """, path: mockPath, note: "Empty literals in comments, doc comments and strings; the body returns sample notes."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class NoteRepositoryImpl: NoteRepository {
                private let api: NotesAPIClient
                private var isSignedIn = false

                init(api: NotesAPIClient) {
                    self.api = api
                }

                func fetchNotes() async throws -> [Note] {
                    guard isSignedIn else { return [] }
                    return try await api.notes().map { $0.toDomain() }
                }
            }
            """, path: implementationPath, note: "A guard on a stored property reads data first."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                var simulatesEmptyState = false

                func fetchNotes() async throws -> [Note] {
                    if simulatesEmptyState {
                        return []
                    }
                    return []
                }
            }
            """, path: mockPath, note: "Reading a stored property of `self` counts as data access."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] {
                    try await Task.sleep(for: .milliseconds(300))
                    return Note.samples
                }
            }
            """, path: mockPath, note: "Sample data after the simulated latency."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes(in folders: [Folder.ID]) async throws -> [Note]
            }

            final class NoteRepositoryImpl: NoteRepository {
                private let store: LocalNoteStore

                init(store: LocalNoteStore) {
                    self.store = store
                }

                func fetchNotes(in folders: [Folder.ID]) async throws -> [Note] {
                    var result: [Note] = []
                    for folder in folders {
                        result += try store.records(in: folder).map { $0.toDomain() }
                    }
                    return result
                }
            }
            """, path: implementationPath, note: "A local accumulator that starts empty."),
        RuleExample("""
            protocol NoteRepository {
                func visibleNotes() async throws -> [Note]
            }

            final class NoteRepositoryImpl: NoteRepository {
                private let api: NotesAPIClient

                init(api: NotesAPIClient) {
                    self.api = api
                }

                func visibleNotes() async throws -> [Note] {
                    try await api.notes().compactMap { dto in
                        guard dto.deletedAt == nil else { return nil }
                        return dto.toDomain()
                    }
                }
            }
            """, path: implementationPath, note: "`return nil` inside a closure belongs to the closure."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            extension NoteRepository {
                func pinnedNotes() async throws -> [Note] { [] }
            }
            """, path: "App/Domain/Repositories/NoteRepository.swift", note: "A protocol extension is not a conforming type."),
        RuleExample("""
            struct Repository: Identifiable {
                let id: Int
                var topics: [String] { [] }
            }

            enum RepositoryError: Error {
                case notFound

                var recoveryOptions: [String]? { nil }
            }
            """, path: "App/Domain/Entities/Repository.swift", note: "A domain model named `Repository` and a `RepositoryError` are not repository conformers."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func fetchNotes() async throws -> [Note]
                }
                """),
            ExampleFile("AppTests/Mocks/EmptyNoteRepository.swift", """
                @testable import NotesApp

                final class EmptyNoteRepository: NoteRepository {
                    func fetchNotes() async throws -> [Note] { [] }
                }
                """),
        ], note: "Test sources are never findings."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            struct NotesList_Previews: PreviewProvider {
                struct Empty: NoteRepository {
                    func fetchNotes() async throws -> [Note] { [] }
                }

                static var previews: some View {
                    NotesListView(repository: Empty())
                }
            }

            #if false
            final class DraftNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] { [] }
            }
            #endif
            """, path: "App/Presentation/Views/NotesListView.swift", note: "A type nested in a `PreviewProvider`, and code under `#if false`."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNote(id: Note.ID) async throws -> Note?
                subscript(id: Note.ID) -> Note? { get }
            }

            final class MockNoteRepository: NoteRepository {
                init?(configuration: String) {
                    return nil
                }

                subscript(id: Note.ID) -> Note? { nil }

                func fetchNote(id: Note.ID) async throws -> Note? {
                    Note(id: id, title: "Sample", body: "A sample note")
                }
            }
            """, path: mockPath, note: "A failable initializer and a subscript are out of scope."),
        RuleExample("""
            protocol NoteRepository {
                func delete(id: Note.ID) async throws
                func title(of id: Note.ID) async throws -> String
                func count() async throws -> Int
            }

            final class MockNoteRepository: NoteRepository {
                func delete(id: Note.ID) async throws {
                    return
                }

                func title(of id: Note.ID) async throws -> String { "" }

                func count() async throws -> Int { 0 }
            }
            """, path: mockPath, note: "A bare `return`, an empty string and zero are not the empty literals of the Zero-Null Policy."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                private let fixtures: [Note]

                init(fixtures: [Note]) {
                    self.fixtures = fixtures
                }

                func fetchNotes() async throws -> [Note] {
                    return [] + fixtures
                }

                func fetchNotes(limit: Int) async throws -> [Note] {
                    return fixtures.isEmpty
                        ? []
                        : Array(fixtures.prefix(limit))
                }
            }
            """, path: mockPath, note: "The literal is not returned bare."),
        RuleExample("""
            protocol NoteExporting {
                func exportedFiles() -> [URL]
            }

            struct PlainTextExporter: NoteExporting {
                func exportedFiles() -> [URL] { [] }
            }
            """, path: "App/Data/Export/PlainTextExporter.swift", note: "A conformer of a protocol that is not a repository protocol."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class FailingNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] {
                    throw AppError.networkUnavailable
                }
            }
            """, path: mockPath, note: "A mock that fails instead of answering empty."),
        RuleExample("""
            protocol Repository {
                func all() async throws -> [Note]
            }

            enum Settings {
                class Repository {
                    func values() -> [String] { UserDefaults.standard.stringArray(forKey: "settings") ?? [] }
                }

                final class EmptySettingsStore: Repository {
                    override func values() -> [String] { [] }
                }
            }
            """, path: implementationPath, note: "`Repository` inside `Settings` is the nested class, not the top-level repository protocol."),
        RuleExample("""
            protocol DraftRepository {
                func drafts() -> [Draft]
                func lastDraft() -> Draft?
            }

            final class InMemoryDraftRepository: DraftRepository {
                private var pendingDraft: Draft?
                private var savedDraft: Draft?

                func drafts() -> [Draft] {
                    if let pendingDraft { return [pendingDraft] }
                    return []
                }

                func lastDraft() -> Draft? {
                    guard let savedDraft = savedDraft else { return nil }
                    return savedDraft
                }
            }
            """, path: implementationPath, note: "`if let pendingDraft` and `guard let savedDraft = savedDraft` read the stored properties."),
        RuleExample("""
            protocol NoteRepository {
                func fetchNotes() async throws -> [Note]
            }

            final class MockNoteRepository: NoteRepository {
                var error: Error?

                func fetchNotes() async throws -> [Note] {
                    if let error { throw error }
                    return []
                }
            }
            """, path: mockPath, note: "A mock's stored `error`, thrown when a test sets it, is data; `error` is an implicit name only in a `catch` block."),
        RuleExample(files: [
            ExampleFile("Sources/Features/Repositories/Domain/UseCases/FetchReposUseCase.swift", """
                protocol FetchReposUseCase {
                    func execute(owner: String) async throws -> [Repo]
                }
                """),
            ExampleFile("Sources/Features/Repositories/Data/FetchReposUseCaseImpl.swift", """
                struct FetchReposUseCaseImpl: FetchReposUseCase {
                    func execute(owner: String) async throws -> [Repo] {
                        return []
                    }
                }
                """),
        ], note: "A feature folder named `Repositories` above Domain's folder does not make its use cases repositories."),
    ]
}
