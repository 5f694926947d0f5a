import ArchLintKit

// Examples of `ioe-viewmodel-shape`: ViewModels of a notes app (list, editor, folders,
// settings) with and without the Input/Output/Effect parts.
extension IOEViewModelShapeRule {
    static let viewModelPath = "App/Presentation/ViewModels/NotesListViewModel.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            import Observation

            @MainActor
            @Observable
            final class ↓NotesListViewModel {
                enum Input {
                    case refresh
                    case delete(Note.ID)
                }

                struct Output {
                    var notes: [Note] = []
                    var isLoading = false
                }

                private(set) var output = Output()

                func onInput(_ input: Input) {
                    switch input {
                    case .refresh: output.isLoading = true
                    case .delete(let id): output.notes.removeAll { $0.id == id }
                    }
                }
            }
            """, path: viewModelPath, note: "No `Effect`: one finding."),
        RuleExample("""
            import Combine

            final class ↓↓↓↓FolderListViewModel: ObservableObject {
                @Published var folders: [Folder] = []
                @Published var isLoading = false

                func load() async {
                    isLoading = true
                }
            }
            """, path: viewModelPath, note: "An `ObservableObject` with none of the parts: four findings at its name."),
        RuleExample(files: [
            ExampleFile("App/Presentation/ViewModels/TagListViewModel.swift", """
                final class TagListViewModel { // expect: ioe-viewmodel-shape
                    enum Input { case select(Tag.ID) }
                    struct Output { var tags: [Tag] = [] }
                    @Published private(set) var output = Output()
                }
                """),
            ExampleFile("App/Presentation/ViewModels/TagListViewModel+Observable.swift", """
                import Combine

                extension TagListViewModel: ObservableObject {
                    func onInput(_ input: Input) {}
                }
                """),
        ], note: "The `ObservableObject` conformance and `onInput(_:)` sit in an extension in another file; `Effect` is missing."),
        RuleExample("""
            @Observable
            final class ↓NoteEditorViewModel {
                enum Input { case updateTitle(String), save }
                struct Output { var title = "" }
                enum Effect { case dismiss }

                func send(_ input: Input) {}
            }
            """, path: viewModelPath, note: "Events go through `send(_:)` instead of `onInput(_:)`."),
        RuleExample("""
            @Observable
            final class ↓NoteEditorViewModel {
                enum Input { case save }
                struct Output { var title = "" }
                enum Effect { case dismiss }

                func onInput(input: Input) {}
            }
            """, path: viewModelPath, note: "`onInput(input:)` has a label: it is not `onInput(_:)`."),
        RuleExample("""
            @Observable
            final class ↓NoteEditorViewModel {
                enum Input { case save }
                struct Output { var title = "" }
                enum Effect { case dismiss }

                func onInput(_ input: Input, animated: Bool) {}
            }
            """, path: viewModelPath, note: "`onInput(_:animated:)` takes two arguments."),
        RuleExample("""
            struct NoteEditorState {
                var title = ""
                var body = ""
            }

            @Observable
            final class ↓NoteEditorViewModel {
                enum Input { case save }
                enum Effect { case dismiss }

                private(set) var output = NoteEditorState()

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "The state lives in a top-level type, not a nested `Output`."),
        RuleExample(files: [
            ExampleFile("App/Presentation/ViewModels/SettingsViewModel.swift", """
                @Observable
                final class SettingsViewModel { // expect: ioe-viewmodel-shape
                    private(set) var output = Output()
                }
                """),
            ExampleFile("App/Presentation/ViewModels/SettingsViewModel+Input.swift", """
                extension SettingsViewModel {
                    enum Input { case toggleSync(Bool) }

                    func onInput(_ input: Input) {}
                }
                """),
            ExampleFile("App/Presentation/ViewModels/SettingsViewModel+Output.swift", """
                extension SettingsViewModel {
                    struct Output { var syncEnabled = true }
                }
                """),
        ], note: "Parts spread over extensions in several files; only `Effect` is missing."),
        RuleExample("""
            @Observable
            final class ↓FolderPickerViewModel {
                enum Input { case pick(Folder.ID) }
                struct Output { var folders: [Folder] = [] }
                #if false
                enum Effect { case close }
                #endif

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "An `Effect` under `#if false` is never compiled."),
        RuleExample("""
            @Observable
            final class ↓TrashViewModel {
                enum Input { case empty }

                struct Output {
                    var notes: [Note] = []

                    enum Effect { case confirmEmpty }
                }

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "`Effect` nested inside `Output` is not the ViewModel's own."),
        RuleExample("""
            @Observable
            final class
                ↓NoteSearchViewModel:
                Identifiable
            {
                let id = UUID()
                enum Input { case query(String) }
                struct Output { var results: [Note] = [] }

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "A declaration spread over several lines; reported at the name."),
        RuleExample("""
            enum Settings {
                @Observable
                final class ↓ViewModel {
                    enum Input { case toggle }
                    struct Output { var enabled = false }

                    func onInput(_ input: Input) {}
                }
            }
            """, path: viewModelPath, note: "A ViewModel nested in a feature namespace."),
        RuleExample("""
            enum NotesListInput {
                case refresh
            }

            @Observable
            final class ↓NotesListViewModel {
                struct Output { var notes: [Note] = [] }
                enum Effect { case openNote(Note.ID) }

                func onInput(_ input: NotesListInput) {}
            }
            """, path: viewModelPath, note: "The events are a top-level enum instead of a nested `Input`."),
        RuleExample("""
            import Combine

            final class ↓↓AttachmentViewModel: Combine.ObservableObject {
                enum Input { case add(URL) }
                struct Output { var files: [URL] = [] }
                // enum Effect { case showError(String) }
                // func onInput(_ input: Input)
            }
            """, path: viewModelPath, note: "A qualified `Combine.ObservableObject`; parts that exist only in comments do not count."),
        RuleExample("""
            @Observable
            final class ↓NoteEditorViewModel {
                enum Input { case save }
                struct Output { var title = "" }
                var Effect: String { "dismiss" }

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "A property named `Effect` is not a nested type."),
        RuleExample("""
            @Observable
            final class ↓ReminderViewModel {
                enum Input { case schedule(Date) }
                struct Output { var date = Date() }
                enum Effect { case scheduled }
            }
            """, path: viewModelPath, note: "Only the input handler is missing."),
        RuleExample(files: [
            ExampleFile("App/Presentation/ViewModels/BaseViewModel.swift", """
                import Combine

                class BaseViewModel: ObservableObject {
                    @Published var isLoading = false
                }
                """),
            ExampleFile("App/Presentation/ViewModels/InboxViewModel.swift", """
                import Combine

                final class InboxViewModel: BaseViewModel { // expect: ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape
                    @Published var threads: [String] = []
                    func refresh() {}
                }
                """),
        ], note: "Observable through a project base class: the subclass is the screen, and it has none of the parts."),
        RuleExample("""
            import Observation

            #if canImport(Observation)
            @Observable
            #endif
            final class ↓↓↓↓ProfileViewModel {
                var name = ""
            }
            """, path: viewModelPath, note: "`@Observable` inside `#if` still makes the ViewModel observable."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Notes/NotesView.swift", """
                import SwiftUI

                struct NotesView: View {
                    @State private var viewModel = ViewModel()
                    var body: some View { Text("Notes") }
                }

                extension NotesView {
                    @_Concurrency.MainActor
                    @Observable
                    final class ViewModel { // expect: ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape
                        var titles: [String] = []
                    }
                }
                """),
            ExampleFile("App/Presentation/Cart/CartView.swift", """
                import SwiftUI

                struct CartView: View {
                    @ObservedObject var viewModel: ViewModel
                    var body: some View { Text("Cart") }
                }

                extension CartView {
                    class ViewModel: ObservableObject {
                        enum Input { case checkout }
                        struct Output {}
                        enum Effect { case close }
                        func onInput(_ input: Input) {}
                    }
                }

                #if DEBUG
                private final class PreviewCartViewModel: CartView.ViewModel {}

                final class CheckoutViewModel: ObservableObject { // expect: ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape ioe-viewmodel-shape
                    var total = 0
                }

                private final class MockCheckoutViewModel: CheckoutViewModel {}
                #endif
                """),
        ], note: "A preview stub or mock that subclasses a ViewModel does not make it a base class, nor does another view's `ViewModel`; `@_Concurrency.MainActor` adds no members."),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            import Observation

            @MainActor
            @Observable
            final class NotesListViewModel {
                enum Input {
                    case onAppear
                    case delete(Note.ID)
                }

                struct Output {
                    var notes: [Note] = []
                    var isLoading = false
                    var errorMessage: String?
                }

                enum Effect: Equatable {
                    case openNote(Note.ID)
                }

                private(set) var output = Output()
                var effect: Effect?

                private let noteService: any NoteServiceProtocol

                init(noteService: any NoteServiceProtocol) {
                    self.noteService = noteService
                }

                func onInput(_ input: Input) {
                    switch input {
                    case .onAppear: Task { await load() }
                    case .delete(let id): output.notes.removeAll { $0.id == id }
                    }
                }

                private func load() async {}
            }
            """, path: viewModelPath, note: "The full Input/Output/Effect shape."),
        RuleExample(files: [
            ExampleFile("App/Presentation/ViewModels/FolderListViewModel.swift", """
                import Combine

                final class FolderListViewModel: ObservableObject {
                    @Published private(set) var output = Output()
                }
                """),
            ExampleFile("App/Presentation/ViewModels/FolderListViewModel+Input.swift", """
                extension FolderListViewModel {
                    enum Input { case create(String) }
                    func onInput(_ input: Input) {}
                }
                """),
            ExampleFile("App/Presentation/ViewModels/FolderListViewModel+Output.swift", """
                extension FolderListViewModel {
                    struct Output { var folders: [Folder] = [] }
                    enum Effect { case showRenameSheet(Folder.ID) }
                }
                """),
        ], note: "Parts in extensions in other files count."),
        RuleExample("""
            struct NoteEditorState {
                var title = ""
            }

            @Observable
            final class NoteEditorViewModel {
                enum Input { case save }
                typealias Output = NoteEditorState
                struct Effect { var dismiss: Bool }

                private(set) var output = Output()

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "A `typealias Output` and an `Effect` struct are nested types too."),
        RuleExample("""
            final class LegacyNotesViewModel {
                var notes: [Note] = []

                func reload() {}
            }
            """, path: viewModelPath, note: "Neither `@Observable` nor `ObservableObject`: out of scope."),
        RuleExample("""
            @Observable
            final class NotesStore {
                var notes: [Note] = []
            }

            @Observable
            final class NotesViewModelFactory {
                let name = "NotesViewModel"
            }
            """, path: viewModelPath, note: "Names that do not end with `ViewModel`, and the name in a string."),
        RuleExample("""
            struct NotesList_Previews: PreviewProvider {
                @Observable
                final class PreviewViewModel {
                    var notes: [Note] = Note.samples
                }

                static var previews: some View {
                    NotesListView(notes: PreviewViewModel().notes)
                }
            }

            #Preview {
                NotesListView(notes: Note.samples)
            }
            """, path: "App/Presentation/Views/NotesListView.swift", note: "Previews are never findings."),
        RuleExample("""
            import Combine
            import XCTest

            final class SpyNotesViewModel: ObservableObject {
                @Published var receivedEvents: [String] = []
            }
            """, path: "AppTests/Presentation/SpyNotesViewModel.swift", note: "Test sources are never findings."),
        RuleExample("""
            import Combine

            protocol NotesViewModel: ObservableObject {
                var notes: [Note] { get }
            }
            """, path: viewModelPath, note: "A protocol named `…ViewModel` is not a ViewModel type."),
        RuleExample("""
            @ScreenModel
            @Observable
            final class TagListViewModel {
                var tags: [Tag] = []
            }
            """, path: viewModelPath, note: "An attribute that may be a macro generating the parts: archlint cannot see them."),
        RuleExample("""
            import ArcanaKit

            @Observable
            final class SyncStatusViewModel: ArcanaKit.InputOutputViewModel {
                var lastSync: Date?
            }
            """, path: viewModelPath, note: "A superclass declared outside the project may provide the parts."),
        RuleExample("""
            protocol InputHandling {
                associatedtype Input
                func onInput(_ input: Input)
            }

            enum ReminderInput {
                case schedule(Date)
            }

            @Observable
            final class ReminderViewModel: InputHandling {
                struct Output { var date = Date() }
                enum Effect { case scheduled }

                func onInput(_ input: ReminderInput) {}
            }
            """, path: viewModelPath, note: "`Input` is an associated type of a project protocol, inferred from `onInput(_:)`."),
        RuleExample("""
            import Combine

            class BaseViewModel: ObservableObject {
                @Published var isLoading = false
            }

            final class NotesListViewModel: BaseViewModel {
                enum Input { case refresh }
                struct Output { var notes: [Note] = [] }
                enum Effect { case openNote(Note.ID) }

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "A base class that the project's ViewModels inherit from is not a screen."),
        RuleExample("""
            import Combine

            class ScreenViewModel<Input, Output, Effect>: ObservableObject {
                @Published var output: Output
                init(output: Output) { self.output = output }
                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "Generic parameters named `Input`, `Output` and `Effect`."),
        RuleExample("""
            @Observable
            final class ExportViewModel {
                enum Input { case export }
                struct Output { var progress = 0.0 }
                #if DEBUG
                enum Effect { case share(URL), debugDump(String) }
                #else
                enum Effect { case share(URL) }
                #endif

                func onInput(_ input: Input) {}
            }
            """, path: viewModelPath, note: "Parts under `#if DEBUG` count; only `#if false` is never compiled."),
        RuleExample("""
            #if false
            @Observable
            final class DraftViewModel {
                var text = ""
            }
            #endif
            """, path: viewModelPath, note: "A ViewModel under `#if false` is never compiled."),
        RuleExample(files: [
            ExampleFile("App/Presentation/ViewModels/AccountViewModel.swift", """
                @MainActor
                @Observable
                @available(iOS 17, *)
                final class AccountViewModel {
                    enum Input { case signOut }
                    struct Output { var email = "" }
                }
                """),
            ExampleFile("App/Presentation/ViewModels/AccountViewModel+Effect.swift", """
                extension NotesApp.AccountViewModel {
                    enum Effect { case signedOut }
                    func onInput(_ input: Input) {}
                }
                """),
        ], note: "An extension written with the module name; `@available` and `@MainActor` add nothing."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Profile/ProfileViewModel.swift", """
                import Observation

                typealias ProfileModel = ProfileViewModel

                @Observable
                final class ProfileViewModel {
                    enum Input { case save }
                    struct Output { var name = "" }
                    private(set) var output = Output()
                }
                """),
            ExampleFile("App/Presentation/Profile/ProfileViewModel+Input.swift", """
                extension ProfileModel {
                    enum Effect { case dismiss }

                    func onInput(_ input: Input) {}
                }
                """),
        ], note: "An extension written through a typealias of the ViewModel."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Documents/DocumentBaseViewModel.swift", """
                import Combine

                class DocumentBaseViewModel: ObservableObject {
                    @Published var isLoading = false
                }
                """),
            ExampleFile("App/Presentation/Documents/PreviewViewModel.swift", """
                final class PreviewViewModel: DocumentBaseViewModel {
                    enum Input { case page(Int) }
                    struct Output { var page = 0 }
                    enum Effect { case share }
                    func onInput(_ input: Input) {}
                }
                """),
        ], note: "A production screen named `PreviewViewModel` (a document preview) makes its superclass a base class."),
        RuleExample("""
            @Observable
            final class CheckoutViewModel {
                enum Input { case pay }
                struct Output { var total = 0 }
                enum Effect { case receipt }
                func handle(_ input: Input) {}
            }
            """, path: "App/Presentation/Checkout/CheckoutViewModel.swift", options: ["inputHandler": .string("handle(_:)")],
            note: "`inputHandler` written as a full method name (`handle(_:)`) names the method by its base name."),
    ]
}
