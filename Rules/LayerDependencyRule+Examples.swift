import ArchLintKit

// Examples of `layer-dependency`. Paths decide layers: `…/Presentation/…`, `…/Domain/…`,
// `…/Data/…`, `…/Core/…` (arcana only), the composition root (`…/DI/…`, `*App.swift`,
// `AppDependencies.swift`), and files such as `App/Support/…` that belong to no layer.
extension LayerDependencyRule {
    // MARK: - Shared files

    static let noteEntity = ExampleFile("App/Domain/Note.swift", """
        import Foundation

        struct Note: Identifiable, Sendable {
            let id: UUID
            var title: String
            var body: String
        }
        """)

    static let noteRepositoryProtocol = ExampleFile("App/Domain/NoteRepository.swift", """
        protocol NoteRepository: Sendable {
            func notes() async throws -> [Note]
            func save(_ note: Note) async throws
        }
        """)

    static let dataLogger = ExampleFile("ArcanaData/Logging/Logger.swift", """
        public struct Logger {
            public init(file: String) {}
        }
        """)

    static let cachedWrapper = ExampleFile("App/Data/Cache/Cached.swift", """
        @propertyWrapper
        struct Cached<Value> {
            var wrappedValue: Value
        }
        """)

    static let noteDTO = ExampleFile("App/Data/DTOs/NoteDTO.swift", """
        struct NoteDTO: Decodable {
            let id: String
            let title: String
            let body: String
        }
        """)

    static let remoteRepository = ExampleFile("App/Data/Repositories/RemoteNoteRepository.swift", """
        import Foundation

        final class RemoteNoteRepository: NoteRepository {
            private let session: URLSession

            init(session: URLSession = .shared) {
                self.session = session
            }

            func notes() async throws -> [Note] { [] }
            func save(_ note: Note) async throws {}
            func purge() {}
        }
        """)

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        // Imports: a forbidden framework in Domain, located at the `import` keyword.
        RuleExample("""
            import Foundation
            ↓import SwiftUI

            struct NoteFormatter {
                func title(for note: Note) -> String { note.title.capitalized }
            }
            """, path: "App/Domain/NoteFormatter.swift"),
        // Every `#if` branch but `#if false` is analysed: the active one is unknown.
        RuleExample("""
            #if canImport(UIKit)
            ↓import UIKit
            #endif

            struct Attachment {
                let fileName: String
            }
            """, path: "App/Domain/Attachment.swift"),
        // `import struct M.X` imports from module M.
        RuleExample("""
            ↓import struct SwiftUI.Color

            struct Tag {
                let name: String
                let color: Color
            }
            """, path: "App/Domain/Tag.swift"),
        // `@testable` changes nothing: Presentation may not use Data's module.
        RuleExample("""
            import SwiftUI
            @testable ↓import ArcanaData

            struct NotesView: View {
                var body: some View { Text("Notes") }
            }
            """, path: "App/Presentation/NotesView.swift"),
        // Domain importing the Presentation module is a reverse dependency.
        RuleExample("""
            import Foundation
            ↓import ArcanaPresentation

            struct ArchiveNoteUseCase {
                func execute(_ note: Note) {}
            }
            """, path: "App/Domain/ArchiveNoteUseCase.swift"),
        // arcana: Core depends on nothing.
        RuleExample("""
            import OSLog
            ↓import ArcanaDomain

            struct AppLogger {
                func info(_ text: String) {}
            }
            """, path: "App/Core/AppLogger.swift"),
        // arc-labs: Domain must not import SwiftData or Combine either; one finding each.
        RuleExample("""
            import Foundation
            ↓import SwiftData
            ↓import Combine

            struct Habit {
                let name: String
            }
            """, path: "App/Domain/Habit.swift", profile: "arc-labs"),
        // A ViewModel holding a concrete repository (a stored property's annotation); later
        // uses of the same symbol in the file are not reported again.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, remoteRepository,
            ExampleFile("App/Presentation/NotesViewModel.swift", """
                import Observation

                @Observable
                final class NotesViewModel {
                    private let repository: RemoteNoteRepository // expect: layer-dependency
                    private(set) var notes: [Note] = []

                    init(repository: RemoteNoteRepository) {
                        self.repository = repository
                    }
                }
                """),
        ]),
        // An environment object from Data, named in an attribute's arguments (`X.self`).
        RuleExample(files: [
            ExampleFile("App/Data/Stores/NotesStore.swift", """
                import Observation

                @Observable
                final class NotesStore {
                    var notes: [NoteDTO] = []
                }
                """),
            ExampleFile("App/Presentation/Notes/NotesListView.swift", """
                import SwiftUI

                struct NotesListView: View {
                    @Environment(NotesStore.self) private var store // expect: layer-dependency

                    var body: some View {
                        List(store.notes, id: \\.id) { Text($0.title) }
                    }
                }
                """),
        ]),
        // A typed `throws` on a property's getter names a Data error.
        RuleExample(files: [
            ExampleFile("App/Data/Network/SyncError.swift", """
                enum SyncError: Error {
                    case offline
                    case conflict(remoteVersion: Int)
                }
                """),
            ExampleFile("App/Domain/Sync/SyncStatusProvider.swift", """
                protocol SyncStatusProvider {
                    var pendingChanges: Int { get async throws(SyncError) } // expect: layer-dependency
                }
                """),
        ]),
        // A Domain use case returning a Data DTO (a return type).
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Domain/UseCases/FetchNotesUseCase.swift", """
                protocol FetchNotesUseCase {
                    func execute() async throws -> [NoteDTO] // expect: layer-dependency
                }
                """),
        ]),
        // A Domain entity conforming to a Presentation protocol (an inheritance clause).
        RuleExample(files: [
            ExampleFile("App/Presentation/Components/ListRowRepresentable.swift", """
                protocol ListRowRepresentable {
                    var rowTitle: String { get }
                }
                """),
            ExampleFile("App/Domain/Note.swift", """
                import Foundation

                struct Note: Identifiable, ListRowRepresentable { // expect: layer-dependency
                    let id: UUID
                    var title: String
                    var rowTitle: String { title }
                }
                """),
        ]),
        // A generic argument, and a constraint on a generic parameter (the parameter itself,
        // `Source`, is never a reference).
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Data/Sync/NoteSyncing.swift", """
                protocol NoteSyncing {
                    func sync() async throws
                }
                """),
            ExampleFile("App/Presentation/Sync/SyncStatusViewModel.swift", """
                final class SyncStatusViewModel {
                    private(set) var lastResult: Result<NoteDTO, Error>? // expect: layer-dependency

                    func bind<Source: NoteSyncing>(_ source: Source) async { // expect: layer-dependency
                        try? await source.sync()
                    }
                }
                """),
        ]),
        // An initializer call and a static member access, two symbols, two findings.
        RuleExample(files: [
            noteEntity, noteDTO,
            ExampleFile("App/Data/Cache/NoteCache.swift", """
                final class NoteCache {
                    static let shared = NoteCache()
                    func store(_ dto: NoteDTO) {}
                }
                """),
            ExampleFile("App/Presentation/Editor/NoteEditorModel.swift", """
                struct NoteEditorModel {
                    var title = ""

                    func saveDraft() {
                        let draft = NoteDTO(id: "draft", title: title, body: "") // expect: layer-dependency
                        NoteCache.shared.store(draft) // expect: layer-dependency
                    }
                }
                """),
        ]),
        // Downcasting the injected protocol to the Data implementation (`as?`).
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, remoteRepository,
            ExampleFile("App/Presentation/Settings/SettingsViewModel.swift", """
                final class SettingsViewModel {
                    private let repository: NoteRepository

                    init(repository: NoteRepository) {
                        self.repository = repository
                    }

                    func clearCache() {
                        if let remote = repository as? RemoteNoteRepository { // expect: layer-dependency
                            remote.purge()
                        }
                    }
                }
                """),
        ]),
        // Data testing for a Presentation type with `is`.
        RuleExample(files: [
            ExampleFile("App/Presentation/NotesViewModel.swift", """
                final class NotesViewModel {
                    var isVisible = false
                }
                """),
            ExampleFile("App/Data/Sync/SyncObserverList.swift", """
                final class SyncObserverList {
                    private var observers: [AnyObject] = []

                    func add(_ observer: AnyObject) {
                        if observer is NotesViewModel { return } // expect: layer-dependency
                        observers.append(observer)
                    }
                }
                """),
        ]),
        // Extending a Data type from Presentation.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/NoteDTO+Display.swift", """
                extension NoteDTO { // expect: layer-dependency
                    var displayTitle: String { title.isEmpty ? "Untitled" : title }
                }
                """),
        ]),
        // `X.self` in an expression and `X.Type` in an annotation.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Data/Records/NoteRecord.swift", """
                struct NoteRecord {
                    let id: String
                }
                """),
            ExampleFile("App/Presentation/Import/ImportViewModel.swift", """
                import Foundation

                final class ImportViewModel {
                    let recordType: NoteRecord.Type = NoteRecord.self // expect: layer-dependency

                    func read(_ data: Data) throws {
                        _ = try JSONDecoder().decode(NoteDTO.self, from: data) // expect: layer-dependency
                    }
                }
                """),
        ]),
        // A call of a global function declared in Data.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Data/Text/TitleNormalizer.swift", """
                func normalizedTitle(_ raw: String) -> String {
                    raw.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                """),
            ExampleFile("App/Presentation/List/NoteRowModel.swift", """
                struct NoteRowModel {
                    let title: String

                    init(note: Note) {
                        title = normalizedTitle(note.title) // expect: layer-dependency
                    }
                }
                """),
        ]),
        // arcana: Core may depend on no layer, not even Domain.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Core/Logging/Logger.swift", """
                struct Logger {
                    func log(_ note: Note) { // expect: layer-dependency
                        print(note.title)
                    }
                }
                """),
        ]),
        // Presentation reaching into the composition root (a service locator), here in a
        // parameter's default value.
        RuleExample(files: [
            noteRepositoryProtocol,
            ExampleFile("App/DI/AppContainer.swift", """
                final class AppContainer {
                    static let shared = AppContainer()
                    lazy var noteRepository: NoteRepository = RemoteNoteRepository()
                }
                """),
            ExampleFile("App/Presentation/NotesViewModel.swift", """
                final class NotesViewModel {
                    private let repository: NoteRepository

                    init(repository: NoteRepository = AppContainer.shared.noteRepository) { // expect: layer-dependency
                        self.repository = repository
                    }
                }
                """),
        ]),
        // Data reading configuration that lives in the app entry point.
        RuleExample(files: [
            ExampleFile("App/NotesApp.swift", """
                import SwiftUI

                enum AppEnvironment {
                    static let baseURL = URL(string: "https://notes.example.com")!
                }

                @main
                struct NotesApp: App {
                    var body: some Scene { WindowGroup { Text("Notes") } }
                }
                """),
            ExampleFile("App/Data/Remote/NotesAPI.swift", """
                import Foundation

                struct NotesAPI {
                    let baseURL = AppEnvironment.baseURL // expect: layer-dependency
                }
                """),
        ]),
        // A type nested in an extension that lives in Data: `Note.Row` is Data's even though
        // `Note` is Domain's.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Data/Local/Note+Row.swift", """
                extension Note {
                    struct Row: Decodable {
                        let id: String
                    }
                }
                """),
            ExampleFile("App/Presentation/NoteDetailView.swift", """
                import SwiftUI

                struct NoteDetailView: View {
                    let note: Note
                    let row: Note.Row // expect: layer-dependency

                    var body: some View { Text(note.title) }
                }
                """),
        ]),
        // A qualified nested name: the finding names `NoteAPI.Endpoint`.
        RuleExample(files: [
            ExampleFile("App/Data/Remote/NoteAPI.swift", """
                enum NoteAPI {
                    enum Endpoint {
                        case list
                        case detail(id: String)
                    }
                }
                """),
            ExampleFile("App/Presentation/NotesRouter.swift", """
                final class NotesRouter {
                    func refreshEndpoint() -> String {
                        let endpoint = NoteAPI.Endpoint.list // expect: layer-dependency
                        return String(describing: endpoint)
                    }
                }
                """),
        ]),
        // Both branches of `#if DEBUG` are analysed.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, remoteRepository,
            ExampleFile("App/Data/Repositories/InMemoryNoteRepository.swift", """
                final class InMemoryNoteRepository: NoteRepository {
                    func notes() async throws -> [Note] { [] }
                    func save(_ note: Note) async throws {}
                }
                """),
            ExampleFile("App/Presentation/NotesScreenFactory.swift", """
                struct NotesScreenFactory {
                    func makeRepository() -> NoteRepository {
                        #if DEBUG
                        return InMemoryNoteRepository() // expect: layer-dependency
                        #else
                        return RemoteNoteRepository() // expect: layer-dependency
                        #endif
                    }
                }
                """),
        ]),
        // A typealias declared in Data is Data's, whatever it aliases.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Data/DTOs/NotePayload.swift", """
                typealias NotePayload = NoteDTO
                """),
            ExampleFile("App/Domain/Sync/SyncBatch.swift", """
                struct SyncBatch {
                    var payloads: [NotePayload] = [] // expect: layer-dependency
                }
                """),
        ]),
        // A module-qualified name: the import and the type are two findings.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/NotePreview.swift", """
                import ArcanaData // expect: layer-dependency

                struct NotePreview {
                    let source: ArcanaData.NoteDTO // expect: layer-dependency
                }
                """),
        ]),
        // Code inside a string interpolation is code.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/DebugBanner.swift", """
                struct DebugBanner {
                    var text: String { "Decoding \\(NoteDTO.self)" } // expect: layer-dependency
                }
                """),
        ]),
        // arc-labs: Domain depends on nothing, so a SwiftData model in Data is off limits.
        RuleExample(files: [
            ExampleFile("App/Data/Models/HabitEntity.swift", """
                import SwiftData

                @Model
                final class HabitEntity {
                    var name: String
                    init(name: String) { self.name = name }
                }
                """),
            ExampleFile("App/Domain/Repositories/HabitRepository.swift", """
                protocol HabitRepository {
                    func save(_ habit: HabitEntity) async throws // expect: layer-dependency
                }
                """),
        ], profile: "arc-labs"),
        // arc-labs: a View creating a Data store directly.
        RuleExample(files: [
            ExampleFile("App/Data/HabitStore.swift", """
                final class HabitStore {
                    func load() -> [String] { [] }
                }
                """),
            ExampleFile("App/Presentation/HabitsView.swift", """
                import SwiftUI

                struct HabitsView: View {
                    @State private var store = HabitStore() // expect: layer-dependency

                    var body: some View { List(store.load(), id: \\.self) { Text($0) } }
                }
                """),
        ], profile: "arc-labs"),
        // Same-named declarations only in forbidden layers: the finding names the first in
        // path order.
        RuleExample(files: [
            ExampleFile("App/Presentation/Theme/Palette.swift", """
                enum Palette {
                    static let accent = "blue"
                }
                """),
            ExampleFile("App/Data/Theme/Palette.swift", """
                enum Palette {
                    static let accent = "green"
                }
                """),
            ExampleFile("App/Domain/Category.swift", """
                struct Category {
                    var color = Palette.accent // expect: layer-dependency
                }
                """),
        ]),
        // A parameter spelled like the type its signature names: the signature still
        // depends on the type.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/Notes/NoteRowFactory.swift", """
                struct NoteRowFactory {
                    func row(NoteDTO: NoteDTO) -> String { NoteDTO.title } // expect: layer-dependency
                }
                """),
        ]),
        // A dictionary whose key type is a Data type, created in an expression.
        RuleExample(files: [
            ExampleFile("App/Data/Import/ImportSource.swift", """
                enum ImportSource: Hashable {
                    case files, clipboard
                }
                """),
            ExampleFile("App/Presentation/Import/ImportSummaryModel.swift", """
                final class ImportSummaryModel {
                    private var counts = [ImportSource: Int]() // expect: layer-dependency
                }
                """),
        ]),
        // An enum case pattern names its type: `case SyncError.offline` in a `switch`,
        // `if case` or `guard case`.
        RuleExample(files: [
            ExampleFile("App/Data/Sync/SyncError.swift", """
                enum SyncError: Error {
                    case offline, conflict
                }
                """),
            ExampleFile("App/Presentation/Sync/SyncBannerModel.swift", """
                struct SyncBannerModel {
                    func message(for error: Error) -> String {
                        switch error {
                        case SyncError.offline: // expect: layer-dependency
                            return "You are offline"
                        default:
                            return "Sync failed"
                        }
                    }
                }
                """),
        ]),
        // In a modular project, a file that imports a layer's module sees its types.
        RuleExample(files: [
            dataLogger,
            ExampleFile("ArcanaPresentation/Orders/OrdersModel.swift", """
                import ArcanaDomain
                import ArcanaData // expect: layer-dependency

                final class OrdersModel {
                    private let log = Logger(file: "orders.log") // expect: layer-dependency
                }
                """),
        ]),
        // A custom attribute names a type: a property wrapper, with or without arguments, and
        // a global actor.
        RuleExample(files: [
            cachedWrapper,
            ExampleFile("App/Data/Cache/DatabaseActor.swift", """
                @globalActor
                actor DatabaseActor {
                    static let shared = DatabaseActor()
                }
                """),
            ExampleFile("App/Presentation/Settings/SettingsModel.swift", """
                final class SettingsModel {
                    @Cached(wrappedValue: 20) var pageSize: Int // expect: layer-dependency
                }
                """),
            ExampleFile("App/Presentation/Settings/ThemeModel.swift", """
                final class ThemeModel {
                    @Cached var accent = "blue" // expect: layer-dependency
                }
                """),
            ExampleFile("App/Domain/Notes/NoteIndex.swift", """
                @DatabaseActor // expect: layer-dependency
                final class NoteIndex {
                    var titles: [String] = []
                }
                """),
        ]),
        // A layer's module as qualifier (of a module the file imports) names that layer's
        // type, even where an allowed layer declares the same name, and even as what a
        // typealias of that name stands for.
        RuleExample(files: [
            ExampleFile("App/Domain/Orders/Order.swift", """
                struct Order {
                    let id: Int
                }
                """),
            ExampleFile("App/Data/Orders/Order.swift", """
                final class Order: Decodable {
                    var id = 0
                }

                final class APIClient {}
                """),
            ExampleFile("App/Presentation/Orders/OrderRow.swift", """
                import ArcanaDomain
                import ArcanaData // expect: layer-dependency

                struct OrderRow {
                    let order: Order
                    let raw: ArcanaData.Order // expect: layer-dependency
                }

                typealias APIClient = ArcanaData.APIClient // expect: layer-dependency
                """),
        ]),
        // A closure's result type before `in` is a use of the type.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Domain/Notes/NoteImport.swift", """
                func drafts(_ titles: [String]) -> Int {
                    titles.map { title -> NoteDTO in NoteDTO(id: title, title: title) }.count // expect: layer-dependency
                }
                """),
            ExampleFile("App/Domain/Notes/NoteSync.swift", """
                struct NoteSync {
                    func title(of note: NoteDTO) -> String { // expect: layer-dependency
                        // Keep the NoteDTO in sync with the server's copy.
                        note.title
                    }
                }
                """),
        ]),
        // A protocol that refines `AnyObject` or `Sendable` brings no member types, so a name
        // in its conformers is the Presentation protocol, not a member type of its supertype.
        RuleExample(files: [
            ExampleFile("App/Presentation/Navigation/Coordinator.swift", """
                protocol Coordinator: AnyObject {
                    func start()
                }
                """),
            ExampleFile("App/Domain/Onboarding/OnboardingFlow.swift", """
                final class OnboardingFlow: Coordinator { // expect: layer-dependency
                    func start() {}
                }
                """),
        ]),
        // A result builder or property wrapper on a parameter is a use of its type.
        RuleExample(files: [
            ExampleFile("App/Presentation/Reports/RowBuilder.swift", """
                @resultBuilder
                enum RowBuilder {
                    static func buildBlock(_ rows: String...) -> [String] { rows }
                }
                """),
            ExampleFile("App/Domain/Reports/Report.swift", """
                struct Report {
                    let rows: [String]

                    init(@RowBuilder rows: () -> [String]) { // expect: layer-dependency
                        self.rows = rows()
                    }
                }
                """),
        ]),
        // An app folder beside local packages: the app's Presentation and Data folders are
        // one module, so importing a package does not hide the Data type.
        RuleExample(files: [
            ExampleFile("Packages/ArcanaCore/Sources/ArcanaCore/AppLogger.swift", """
                public struct AppLogger {
                    public init() {}
                }
                """),
            ExampleFile("NotesApp/Data/DTO/NoteDTO.swift", """
                struct NoteDTO: Decodable {
                    let id: String
                }
                """),
            ExampleFile("NotesApp/Presentation/Notes/NotesViewModel.swift", """
                import ArcanaCore

                final class NotesViewModel {
                    let logger = AppLogger()
                    var cache: [NoteDTO] = [] // expect: layer-dependency
                }
                """),
        ]),
        // A type whose name starts with a capital beyond ASCII is a type in expressions too.
        RuleExample(files: [
            ExampleFile("App/Presentation/Common/Énergie.swift", """
                struct ÉnergieBadge {
                    let level: Int
                }
                """),
            ExampleFile("App/Domain/Reports/EnergyReport.swift", """
                struct EnergyReport {
                    func badge(for level: Int) -> Int {
                        let badge = ÉnergieBadge(level: level) // expect: layer-dependency
                        return badge.level
                    }
                }
                """),
        ]),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        // Foundation is fine everywhere.
        RuleExample("""
            import Foundation

            struct Reminder {
                let date: Date
            }
            """, path: "App/Domain/Reminder.swift"),
        // Presentation may import UI frameworks and the Domain and Core modules.
        RuleExample("""
            import SwiftUI
            import ArcanaDomain
            import ArcanaCore

            struct RemindersView: View {
                var body: some View { Text("Reminders") }
            }
            """, path: "App/Presentation/RemindersView.swift"),
        // Data may import persistence frameworks and the Domain module.
        RuleExample("""
            import SwiftData
            @testable import ArcanaDomain

            final class ReminderStore {}
            """, path: "App/Data/ReminderStore.swift"),
        // The composition root may import every layer's module.
        RuleExample("""
            import SwiftUI
            import ArcanaData
            import ArcanaDomain
            import ArcanaPresentation

            final class AppContainer {}
            """, path: "App/DI/AppContainer.swift"),
        // A file in no layer is never the source of a finding.
        RuleExample("""
            import SwiftUI
            import ArcanaData

            enum PreviewFixtures {}
            """, path: "App/Support/PreviewFixtures.swift"),
        // Imports inside `#if false`, `#if never`, `#if DEBUG && false` and `#if !true` are never compiled.
        RuleExample("""
            import Foundation
            #if false
            import UIKit
            #endif
            #if never
            import ArcanaPresentation
            #endif
            #if DEBUG && false
            import SwiftUI
            #endif
            #if !true
            import Combine
            #endif

            struct Folder {
                let name: String
            }
            """, path: "App/Domain/Folder.swift"),
        // Names in comments and strings are not references.
        RuleExample(files: [
            noteDTO, remoteRepository, noteRepositoryProtocol, noteEntity,
            ExampleFile("App/Presentation/NotesViewModel.swift", """
                /// Loads notes through `NoteRepository`, never through RemoteNoteRepository.
                final class NotesViewModel {
                    // TODO: stop decoding NoteDTO here once the API is stable
                    let hint = "NoteDTO(id:title:body:) is decoded by RemoteNoteRepository"
                    let raw = #"NoteDTO.self"#
                    private let repository: NoteRepository

                    init(repository: NoteRepository) {
                        self.repository = repository
                    }
                }
                """),
        ]),
        // Shadowing: Presentation declares its own `NoteRow`; Data's is another type.
        RuleExample(files: [
            ExampleFile("App/Data/Local/NoteRow.swift", """
                struct NoteRow {
                    let primaryKey: Int64
                }
                """),
            ExampleFile("App/Presentation/List/NoteRow.swift", """
                import SwiftUI

                struct NoteRow: View {
                    let title: String
                    var body: some View { Text(title) }
                }
                """),
            ExampleFile("App/Presentation/List/NotesList.swift", """
                import SwiftUI

                struct NotesList: View {
                    let titles: [String]
                    var body: some View {
                        ForEach(titles, id: \\.self) { NoteRow(title: $0) }
                    }
                }
                """),
        ]),
        // Shadowing: a name declared in an allowed layer (Domain) wins over Data's.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Data/Local/Note.swift", """
                import SwiftData

                @Model
                final class Note {
                    var title: String
                    init(title: String) { self.title = title }
                }
                """),
            ExampleFile("App/Presentation/NoteCell.swift", """
                struct NoteCell {
                    let note: Note
                }
                """),
        ]),
        // Ambiguous: declared in Data and in a file outside every layer.
        RuleExample(files: [
            ExampleFile("App/Data/Formatting/DateText.swift", """
                import Foundation

                enum DateText {
                    static func short(_ date: Date) -> String { "" }
                }
                """),
            ExampleFile("App/Support/DateText.swift", """
                import Foundation

                enum DateText {
                    static func short(_ date: Date) -> String { date.formatted() }
                }
                """),
            ExampleFile("App/Presentation/ReminderRow.swift", """
                import Foundation

                struct ReminderRow {
                    let due: Date
                    var dueText: String { DateText.short(due) }
                }
                """),
        ]),
        // The composition root depends on every layer: that is its job.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, remoteRepository, noteDTO,
            ExampleFile("App/Presentation/NotesViewModel.swift", """
                final class NotesViewModel {
                    private let repository: NoteRepository
                    init(repository: NoteRepository) { self.repository = repository }
                }
                """),
            ExampleFile("App/DI/AppContainer.swift", """
                final class AppContainer {
                    lazy var repository: NoteRepository = RemoteNoteRepository()
                    func makeNotesViewModel() -> NotesViewModel {
                        NotesViewModel(repository: repository)
                    }
                    func decode(_ data: Data) throws -> NoteDTO {
                        try JSONDecoder().decode(NoteDTO.self, from: data)
                    }
                }
                """),
            ExampleFile("App/NotesApp.swift", """
                import SwiftUI

                @main
                struct NotesApp: App {
                    let container = AppContainer()
                    let fallback: NoteRepository = RemoteNoteRepository()
                    var body: some Scene { WindowGroup { Text("Notes") } }
                }
                """),
        ]),
        // Files in no layer are neutral on both sides: they may use Data, and what they
        // declare may be used from any layer.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, remoteRepository,
            ExampleFile("App/Support/PreviewData.swift", """
                enum PreviewData {
                    static let repository: NoteRepository = RemoteNoteRepository()
                }

                func previewTitle() -> String { "Groceries" }
                """),
            ExampleFile("App/Presentation/NotesPreview.swift", """
                struct NotesPreview {
                    let repository = PreviewData.repository
                    let title = previewTitle()
                }
                """),
        ]),
        // Generic parameters named like a Data type are not references to it.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/SectionModel.swift", """
                struct SectionModel<NoteDTO: Identifiable> {
                    var items: [NoteDTO]
                }

                func count<NoteDTO>(_ items: [NoteDTO]) -> Int {
                    items.count
                }

                extension SectionModel {
                    func first() -> NoteDTO? { items.first }
                }
                """),
        ]),
        // Associated types shadow same-named top-level types, in the protocol and its extensions.
        RuleExample(files: [
            ExampleFile("App/Data/Local/Record.swift", """
                struct Record {
                    let key: String
                }
                """),
            ExampleFile("App/Domain/Store.swift", """
                protocol Store {
                    associatedtype Record
                    func load() async throws -> [Record]
                }

                extension Store {
                    func first() async throws -> Record? {
                        try await load().first
                    }
                }
                """),
        ]),
        // Local declarations in a body shadow top-level names.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/Import/ClipboardImporter.swift", """
                import Foundation

                struct ClipboardImporter {
                    func titles(from data: Data) throws -> [String] {
                        struct NoteDTO: Decodable {
                            let title: String
                        }
                        return try JSONDecoder().decode([NoteDTO].self, from: data).map(\\.title)
                    }
                }
                """),
        ]),
        // Code in `#if false` / `#if never` is never compiled, in bodies and at top level.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/LegacyNotes.swift", """
                struct LegacyNotes {
                    func load() -> Int {
                        #if false
                        let old = NoteDTO(id: "1", title: "", body: "")
                        #endif
                        return 0
                    }
                }

                #if never
                extension NoteDTO {
                    var legacyTitle: String { title }
                }
                #endif
                """),
        ]),
        // arcana: Domain may depend on Core; Data on Domain and Core.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol,
            ExampleFile("App/Core/Logging/Logger.swift", """
                struct Logger {
                    static let shared = Logger()
                    func info(_ message: String) {}
                }
                """),
            ExampleFile("App/Domain/Services/NoteService.swift", """
                struct NoteService {
                    let repository: NoteRepository
                    let logger: Logger = .shared

                    func rename(_ note: Note, to title: String) async throws {
                        var renamed = note
                        renamed.title = title
                        logger.info("rename")
                        try await repository.save(renamed)
                    }
                }
                """),
            ExampleFile("App/Data/Repositories/LoggingNoteRepository.swift", """
                struct LoggingNoteRepository: NoteRepository {
                    func notes() async throws -> [Note] {
                        Logger.shared.info("notes")
                        return []
                    }
                    func save(_ note: Note) async throws {}
                }
                """),
        ]),
        // arc-labs has no Core layer: `App/Core/` files belong to no layer and are neutral.
        RuleExample(files: [
            ExampleFile("App/Core/AppLogger.swift", """
                struct AppLogger {
                    func info(_ message: String) {}
                }
                """),
            ExampleFile("App/Domain/UseCases/CompleteHabitUseCase.swift", """
                struct CompleteHabitUseCase {
                    let logger = AppLogger()
                    func execute() { logger.info("done") }
                }
                """),
        ], profile: "arc-labs"),
        // Data implements Domain protocols and maps its DTOs to Domain entities.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, noteDTO,
            ExampleFile("App/Data/Repositories/APINoteRepository.swift", """
                import Foundation

                struct APINoteRepository: NoteRepository {
                    func notes() async throws -> [Note] {
                        let dtos: [NoteDTO] = []
                        return dtos.map { Note(id: UUID(), title: $0.title, body: $0.body) }
                    }
                    func save(_ note: Note) async throws {}
                }
                """),
        ]),
        // A member type of the enclosing type shadows a top-level type of Data.
        RuleExample(files: [
            ExampleFile("App/Data/Remote/Page.swift", """
                struct Page: Decodable {
                    let cursor: String?
                }
                """),
            ExampleFile("App/Presentation/Feed/FeedViewModel.swift", """
                final class FeedViewModel {
                    struct Page {
                        let number: Int
                    }

                    private(set) var page = Page(number: 1)
                }

                extension FeedViewModel {
                    func nextPage() -> Page { Page(number: page.number + 1) }
                }
                """),
        ]),
        // A method named like a Data global function is what a bare call inside the type means.
        RuleExample(files: [
            ExampleFile("App/Data/Sync/Refresh.swift", """
                func refresh() async {}
                """),
            ExampleFile("App/Presentation/Feed/FeedModel.swift", """
                final class FeedModel {
                    func refresh() {}
                    func appear() { refresh() }
                }
                """),
        ]),
        // Attribute arguments that are names for the compiler or the Objective-C runtime, not
        // uses of a type: an `@objc` name kept from the class's old Data days, availability.
        RuleExample(files: [
            ExampleFile("App/Data/Stores/NotesStore.swift", """
                final class NotesStore {
                    var notes: [NoteDTO] = []
                }
                """),
            ExampleFile("App/Presentation/Notes/NotesController.swift", """
                import UIKit

                @objc(NotesStore)
                @available(iOS, introduced: 16.0, deprecated: 18.0, message: "Use NotesListView")
                final class NotesController: UIViewController {}
                """),
        ]),
        // A local value or parameter spelled like a Data type is what the name means in its
        // scope, in a string interpolation too.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Presentation/Notes/NoteBadge.swift", """
                struct NoteBadge {
                    let count: Int

                    var label: String {
                        let NoteDTO = count
                        return "\\(NoteDTO) notes"
                    }

                    func summary() -> String {
                        var NoteDTO = "notes"
                        NoteDTO += "!"
                        return NoteDTO
                    }

                    func scaled(_ NoteDTO: Int) -> Int {
                        NoteDTO * count
                    }
                }
                """),
        ]),
        // Parameters and local closures named like a Data global function.
        RuleExample(files: [
            ExampleFile("App/Data/Text/TitleNormalizer.swift", """
                func normalizedTitle(_ raw: String) -> String { raw }
                """),
            ExampleFile("App/Presentation/List/RowTitles.swift", """
                struct RowTitles {
                    func titles(_ raw: [String]) -> [String] {
                        let normalizedTitle = { (text: String) in text.lowercased() }
                        return raw.map { normalizedTitle($0) }
                    }

                    func apply(_ raw: String, normalizedTitle: (String) -> String) -> String {
                        normalizedTitle(raw)
                    }
                }
                """),
        ]),
        // Inside a UIKit subclass or an extension of a UIKit type, a bare call may be a method
        // the project cannot see (`present`).
        RuleExample(files: [
            ExampleFile("App/Data/Alerts/Present.swift", """
                func present(_ message: String, animated: Bool) {}
                """),
            ExampleFile("App/Presentation/NotesViewController.swift", """
                import UIKit

                final class NotesViewController: UIViewController {
                    func showError() {
                        let alert = UIAlertController(title: "Error", message: nil, preferredStyle: .alert)
                        present(alert, animated: true)
                    }
                }
                """),
            ExampleFile("App/Presentation/UIViewController+Banner.swift", """
                import UIKit

                extension UIViewController {
                    func showBanner(_ banner: UIViewController) {
                        present(banner, animated: false)
                    }
                }
                """),
        ]),
        // Heuristic: `Context` inside a `UIViewRepresentable` is the protocol's own member type.
        RuleExample(files: [
            ExampleFile("App/Data/Persistence/Context.swift", """
                final class Context {
                    func save() throws {}
                }
                """),
            ExampleFile("App/Presentation/Map/NoteMapView.swift", """
                import MapKit
                import SwiftUI

                struct NoteMapView: UIViewRepresentable {
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ view: MKMapView, context: Context) {}
                }
                """),
        ]),
        // `Note.Status` is Domain's nested type, not Data's top-level `Status`.
        RuleExample(files: [
            ExampleFile("App/Domain/TodoItem.swift", """
                struct TodoItem {
                    enum Status {
                        case open, done
                    }
                    var status: Status
                }
                """),
            ExampleFile("App/Data/Remote/Status.swift", """
                enum Status: String, Decodable {
                    case ok, failed
                }
                """),
            ExampleFile("App/Presentation/TodoRow.swift", """
                struct TodoRow {
                    let status: TodoItem.Status
                    var isDone: Bool { status == TodoItem.Status.done }
                }
                """),
        ]),
        // Presentation extending a Domain type is allowed.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Presentation/Note+Display.swift", """
                extension Note {
                    var subtitle: String { String(body.prefix(40)) }
                }
                """),
        ]),
        // Within one layer anything goes.
        RuleExample(files: [
            noteEntity, noteRepositoryProtocol, noteDTO, remoteRepository,
            ExampleFile("App/Data/Mappers/NoteMapper.swift", """
                import Foundation

                enum NoteMapper {
                    static func entity(from dto: NoteDTO) -> Note {
                        Note(id: UUID(uuidString: dto.id) ?? UUID(), title: dto.title, body: dto.body)
                    }
                    static func repository() -> RemoteNoteRepository { RemoteNoteRepository() }
                }
                """),
        ]),
        // External types are not the project's: `Swift.Result`, `Foundation.Date`.
        RuleExample(files: [
            noteEntity,
            ExampleFile("App/Domain/SaveOutcome.swift", """
                import Foundation

                struct SaveOutcome {
                    let result: Swift.Result<Note, Error>
                    let at: Foundation.Date
                }
                """),
        ]),
        // Generic parameters of local functions and types, named like a Data type.
        RuleExample(files: [
            ExampleFile("App/Data/Cache/Item.swift", """
                struct Item: Codable {
                    let key: String
                }
                """),
            ExampleFile("App/Presentation/Library/ShelfModel.swift", """
                struct ShelfModel {
                    func titles(_ names: [String]) -> [String] {
                        func sorted<Item: Comparable>(_ items: [Item]) -> [Item] {
                            items.sorted()
                        }
                        struct Page<Key: Hashable, Item> {
                            var items: [Key: Item] = [:]
                        }
                        return sorted(names)
                    }
                }
                """),
        ]),
        // Enum case declarations are not references, even when a case is spelled like a
        // Data type.
        RuleExample(files: [
            ExampleFile("App/Data/Sync/Conflict.swift", """
                struct Conflict {
                    let localVersion: Int
                }
                """),
            ExampleFile("App/Presentation/Sync/SyncBadge.swift", """
                enum SyncBadge {
                    case Idle, Conflict(count: Int)
                    indirect case Nested(SyncBadge)
                }
                """),
        ]),
        // Inside `extension Outer.Inner`, a name may mean another member type of `Outer` or
        // one of its generic parameters, as it does inside `Outer`.
        RuleExample(files: [
            ExampleFile("App/Data/Remote/Item.swift", """
                struct Item: Decodable {
                    let id: Int
                }
                """),
            ExampleFile("App/Presentation/Orders/OrdersViewModel.swift", """
                final class OrdersViewModel {
                    struct Item {
                        let title: String
                    }

                    struct State {
                        var items: [Item] = []
                    }
                }

                struct PagedList<Item: Identifiable> {
                    struct Page {
                        var rows: [Item]
                    }
                }
                """),
            ExampleFile("App/Presentation/Orders/OrdersViewModel+State.swift", """
                extension OrdersViewModel.State {
                    var first: Item? { items.first }
                }

                extension PagedList.Page {
                    var last: Item? { rows.last }
                }
                """),
        ]),
        // A project function named like a standard-library one overloads it: `max` here may
        // be `Swift.max`, so it is not taken for Domain's.
        RuleExample(files: [
            ExampleFile("App/Domain/Money/Money.swift", """
                struct Money: Comparable {
                    var cents: Int

                    static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
                }

                func max(_ lhs: Money, _ rhs: Money) -> Money { lhs < rhs ? rhs : lhs }
                """),
            ExampleFile("App/Core/Comparable+Clamped.swift", """
                extension Comparable {
                    func clamped(to range: ClosedRange<Self>) -> Self {
                        min(max(self, range.lowerBound), range.upperBound)
                    }
                }
                """),
        ]),
        // In a modular project, a file that imports other layers' modules but not Data's
        // cannot see Data's types: `Logger` here is OSLog's, not Data's.
        RuleExample(files: [
            dataLogger,
            ExampleFile("ArcanaPresentation/Orders/OrdersModel.swift", """
                import ArcanaDomain
                import OSLog

                final class OrdersModel {
                    private let log = Logger(subsystem: "app", category: "orders")
                }
                """),
        ]),
        // Attributes that name no project type of another layer: the platform's, a wrapper
        // the file declares itself, and one under `#if false`.
        RuleExample(files: [
            cachedWrapper,
            ExampleFile("App/Presentation/Settings/SettingsModel.swift", """
                import SwiftUI

                @MainActor
                final class SettingsModel: ObservableObject {
                    @Published var pageSize = 20
                    @Clamped var volume = 5
                    #if false
                    @Cached(wrappedValue: 1) var legacy: Int
                    #endif
                }

                @propertyWrapper
                struct Clamped {
                    var wrappedValue: Int
                }
                """),
        ]),
        // A parenthesised never-true condition parks code as `#if false` does.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Domain/Archive.swift", """
                #if (false)
                import UIKit
                #endif

                struct Archive {
                    #if ( false ) // until the export screen lands
                    var legacy: NoteDTO?
                    #endif
                    let names: [String]
                }
                """),
        ]),
        // A capitalised closure parameter or loop variable is a local name, not the Data type.
        RuleExample(files: [
            noteDTO,
            ExampleFile("App/Domain/Notes/TitleLengths.swift", """
                func lengths(_ titles: [String]) -> [Int] {
                    titles.map { NoteDTO in NoteDTO.count }
                }

                func total(_ titles: [String]) -> Int {
                    var sum = 0
                    for NoteDTO in titles { sum += NoteDTO.count }
                    return sum
                }
                """),
        ]),
        // A package manifest is built against PackageDescription alone: its `Package(…)` is
        // never the Domain's `Package`, whichever layer's folder holds the manifest.
        RuleExample(files: [
            ExampleFile("ShipApp/Domain/Shipping/Package.swift", """
                struct Package: Identifiable, Sendable {
                    let id: String
                    let weightKg: Double
                }
                """),
            ExampleFile("Packages/ArcanaCore/Package.swift", """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "ArcanaCore",
                    products: [.library(name: "ArcanaCore", targets: ["ArcanaCore"])],
                    targets: [.target(name: "ArcanaCore")]
                )
                """),
        ]),
        // A package's file cannot see the app's folders: with a layer's module imported,
        // `Logger` is OSLog's, not the one in the app's Data folder.
        RuleExample(files: [
            ExampleFile("NotesApp/Data/Logging/Logger.swift", """
                struct Logger {
                    init(file: String) {}
                }
                """),
            ExampleFile("Packages/Features/Sources/ArcanaPresentation/Orders/OrdersModel.swift", """
                import ArcanaDomain
                import OSLog

                final class OrdersModel {
                    private let log = Logger(subsystem: "app", category: "orders")
                }
                """),
        ]),
        RuleExample(files: [
            ExampleFile("App/Data/Environment/Staging.swift", """
                enum Staging {
                    static let baseURL = "https://staging.example.com"
                }

                func os(_ name: String) -> Bool { name == "linux" }
                """),
            ExampleFile("App/Domain/UseCases/SyncNotesUseCase.swift", """
                struct SyncNotesUseCase {
                    func endpoint() -> String {
                        #if Staging
                        return "staging"
                        #elseif os(macOS) || DEBUG
                        return "debug"
                        #else
                        return "production"
                        #endif
                    }
                }
                """),
        ], note: "The condition of an `#if` inside a body names build flags and platform tests, not the types and functions of the same names."),
    ]
}
