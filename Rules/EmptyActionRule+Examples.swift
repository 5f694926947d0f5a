import ArchLintKit

// The examples of `empty-action`: each place an action closure can be left empty, then what
// is not an empty action (labels, references, cancel and alert buttons, statements) and where
// the rule does not look (comments, strings, previews, tests).
extension EmptyActionRule {
    // MARK: - Paths

    static let viewPath = "Sources/App/Presentation/Views/NoteDetailView.swift"
    static let listPath = "Sources/App/Presentation/Views/InboxView.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            struct NoteDetailView: View {
                @State var viewModel: NoteDetailViewModel

                var body: some View {
                    VStack {
                        Text(viewModel.output.title)
                        ↓Button("Export PDF") { }
                    }
                }
            }
            """, path: viewPath, note: "The trailing closure of `Button(\"…\") { }` is its action."),
        RuleExample("""
            struct ShareBar: View {
                var body: some View {
                    ↓Button {
                    } label: {
                        Label("Share", systemImage: "square.and.arrow.up")
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/ShareBar.swift",
            note: "In `Button { } label: { }` the first trailing closure is the action."),
        RuleExample("""
            struct RetryBanner: View {
                var body: some View {
                    Button(↓action: {}) {
                        Text("Retry")
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/RetryBanner.swift",
            note: "An empty `action:` argument, located at the label; the trailing closure is the label."),
        RuleExample("""
            struct AccountView: View {
                var body: some View {
                    List {
                        ↓Button("Delete Account", role: .destructive) { }
                    }
                }
            }
            """, path: "Sources/App/Presentation/Views/AccountView.swift", note: "Only `role: .cancel` is exempt, not `.destructive`."),
        RuleExample("""
            struct LoginView: View {
                var body: some View {
                    ↓Button("Sign in with Apple") {
                        // wire up once the auth service exists
                    }
                }
            }
            """, path: "Sources/App/Presentation/Views/LoginView.swift", note: "A closure holding only a comment is empty."),
        RuleExample("""
            struct AvatarView: View {
                let url: URL

                var body: some View {
                    AsyncImage(url: url)
                        .clipShape(Circle())
                        .↓onTapGesture { }
                }
            }
            """, path: "Sources/App/Presentation/Components/AvatarView.swift", note: "An empty tap gesture, located at the modifier's name."),
        RuleExample("""
            struct PhotoCell: View {
                let photo: Photo

                var body: some View {
                    Image(photo.assetName)
                        .↓onTapGesture(count: 2) {
                        }
                }
            }
            """, path: "Sources/App/Presentation/Gallery/PhotoCell.swift", note: "With arguments before the trailing closure."),
        RuleExample("""
            struct TagChip: View {
                let tag: Tag

                var body: some View {
                    Text(tag.name).padding(6).↓onTapGesture(perform: {})
                }
            }
            """, path: "Sources/App/Presentation/Components/TagChip.swift", note: "The `perform:` argument."),
        RuleExample("""
            struct MapPin: View {
                var body: some View {
                    Image(systemName: "mappin")
                        .↓onTapGesture(coordinateSpace: .local) { location in }
                }
            }
            """, path: "Sources/App/Presentation/Map/MapPin.swift", note: "A closure with parameters and no statements is empty."),
        RuleExample("""
            struct InboxView: View {
                let messages: [Message]

                var body: some View {
                    List(messages) { message in
                        MessageRow(message: message)
                            .↓swipeActions { }
                            .↓swipeActions(edge: .leading, allowsFullSwipe: false) {
                            }
                    }
                }
            }
            """, path: listPath, note: "`.swipeActions` with no content, trailing, with or without arguments."),
        RuleExample("""
            struct EditorToolbar: View {
                var body: some View {
                    ↓Button(
                        "Save",
                        systemImage: "tray.and.arrow.down"
                    ) {
                    }
                }
            }
            """, path: "Sources/App/Presentation/Editor/EditorToolbar.swift", note: "A call split across lines."),
        RuleExample("""
            struct OnboardingView: View {
                var body: some View {
                    PrimaryButton(title: "Continue", ↓action: { })
                }
            }
            """, path: "Sources/App/Presentation/Onboarding/OnboardingView.swift", note: "An `action:` argument of the app's own button component."),
        RuleExample("""
            struct CartRow: View {
                var body: some View {
                    ↓Button(role: .destructive) {
                    } label: {
                        Label("Remove", systemImage: "trash")
                    }
                }
            }
            """, path: "Sources/App/Presentation/Cart/CartRow.swift", note: "`Button(role:) { } label: { }`."),
        RuleExample("""
            struct SettingsView: View {
                var body: some View {
                    Form {
                        #if DEBUG
                        ↓Button("Reset demo data") { }
                        #endif
                    }
                }
            }
            """, path: "Sources/App/Presentation/Settings/SettingsView.swift", note: "Code under `#if DEBUG` counts."),
        RuleExample("""
            struct ArchiveRow: View {
                let item: Item

                var body: some View {
                    ItemRow(item: item)
                        .swipeActions {
                            ↓Button("Archive") { }
                        }
                        .contextMenu {
                            SwiftUI.↓Button("Copy Link") {}
                        }
                }
            }
            """, path: "Sources/App/Presentation/Views/ArchiveRow.swift",
            note: "An empty button inside swipe actions and a context menu (the button is reported, not its container); also module-qualified."),
        RuleExample("""
            struct ComposeButton: View {
                var body: some View {
                    Button(↓action: { [weak coordinator] in }, label: {
                        Image(systemName: "square.and.pencil")
                    })
                }
            }
            """, path: "Sources/App/Presentation/Components/ComposeButton.swift", note: "A capture list alone is no statement."),
        RuleExample(files: [
            ExampleFile("Sources/App/Presentation/DesignSystem/DS.swift", """
                enum DS {
                    struct Button<Accessory: View>: View {
                        let title: String
                        @ViewBuilder let accessory: Accessory
                        var body: some View { HStack { Text(title); accessory } }
                    }
                }
                """),
            ExampleFile("Sources/App/Presentation/Settings/SettingsView.swift", """
                struct SettingsView: View {
                    var body: some View {
                        Form {
                            Button("Reset") { } // expect: empty-action
                        }
                    }
                }

                extension DS {
                    struct Toolbar: View {
                        var body: some View {
                            SwiftUI.Button("Close") { } // expect: empty-action
                        }
                    }
                }
                """),
        ], note: "Outside `DS`, and written `SwiftUI.Button`, the name is SwiftUI's button."),
        RuleExample(files: [
            ExampleFile("Sources/App/Presentation/Components/FilterChips.swift", """
                struct FilterChips: View {
                    let filters: [String]

                    var body: some View {
                        HStack {
                            ForEach(filters, id: \\.self) { filter in
                                Button(title: filter) { }
                            }
                        }
                    }
                }

                private struct Button<Label: View>: View {
                    let title: String
                    @ViewBuilder let label: () -> Label

                    var body: some View { Text(title).overlay(label()) }
                }
                """),
            ExampleFile("Sources/App/Presentation/Checkout/CheckoutView.swift", """
                struct CheckoutView: View {
                    var body: some View {
                        Button("Pay now") { } // expect: empty-action
                    }
                }
                """),
        ], note: "A `private` `Button` is its own file's; elsewhere the name is SwiftUI's button."),
        RuleExample("""
            struct NoteRowView: View {
                @State private var confirmDelete = false

                var body: some View {
                    Text(note.title)
                        .confirmationDialog("Delete note?", isPresented: $confirmDelete) {
                            ↓Button("Delete", role: .destructive) { }
                            Button("Keep", role: .cancel) { }
                        }
                }
            }
            """, note: "A dialog's buttons dismiss it, but an empty destructive one confirms a deletion that never happens."),
        RuleExample("""
            struct FolderRowView: View {
                @State private var confirmDelete = false

                var body: some View {
                    Text(folder.name)
                        .actionSheet(isPresented: $confirmDelete) {
                            ActionSheet(title: Text("Delete folder?"), buttons: [
                                .destructive(Text("Delete"), ↓action: {}),
                                .cancel(),
                            ])
                        }
                }
            }
            """, note: "A legacy action sheet's `.destructive` button with an empty action deletes nothing either."),
        RuleExample("""
            struct UploadBar: View {
                var body: some View {
                    AsyncButton<Text>(↓action: {}) {
                        Text("Upload")
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/UploadBar.swift",
            note: "A call written with generic arguments (`AsyncButton<Text>(action:)`) is a call like any other."),
        RuleExample("""
            struct SyncBanner: View {
                let viewModel: SyncBannerViewModel

                var body: some View {
                    if let alert = viewModel.alert {
                        HStack {
                            Text(alert.message)
                            ↓Button("Retry") { }
                        }
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/SyncBanner.swift",
            note: "A block after a property named `alert` is no alert: `.alert` and `Alert` take arguments."),
        RuleExample("""
            struct DraftToolbar: View {
                var body: some View {
                    HStack {
                        ↓Button.init("Save") { }
                        ↓Button<Text>("Discard") { }
                        Button<Text>.init(↓action: {}) { Text("Share") }
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/DraftToolbar.swift",
            note: "`Button.init(…)`, `Button<Text>(…)` and `Button<Text>.init(…)` are `Button` calls."),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            struct NoteDetailView: View {
                @State var viewModel: NoteDetailViewModel

                var body: some View {
                    Button("Save", action: viewModel.save)
                    Button(action: viewModel.refresh) {
                        Label("Refresh", systemImage: "arrow.clockwise")
                    }
                    Button(action: viewModel.pin) { }
                }
            }
            """, path: viewPath,
            note: "Actions passed as references; with `action:` in the parentheses the trailing closure is the label."),
        RuleExample("""
            struct EditSheet: View {
                @Environment(\\.dismiss) private var dismiss

                var body: some View {
                    HStack {
                        Button("Cancel", role: .cancel) { }
                        Button(role: .cancel) { } label: { Text("Close") }
                        Button("Not now", role: ButtonRole.cancel, action: {})
                        Button(role: .cancel, action: {}) { Text("Later") }
                        Button("Done") { dismiss() }
                    }
                }
            }
            """, path: "Sources/App/Presentation/Views/EditSheet.swift", note: "`role: .cancel` buttons are exempt."),
        RuleExample("""
            struct NoteEditorView: View {
                @State private var showSaved = false
                @State private var showDiscard = false
                @State private var showLegacy = false

                var body: some View {
                    TextEditor(text: .constant(""))
                        .alert("Saved", isPresented: $showSaved) {
                            Button("OK") { }
                        } message: {
                            Text("Your note is saved.")
                        }
                        .confirmationDialog("Discard changes?", isPresented: $showDiscard, actions: {
                            Button("Keep Editing") {}
                        })
                        .alert(isPresented: $showLegacy) {
                            Alert(title: Text("Offline"), dismissButton: .default(Text("OK"), action: {}))
                        }
                }
            }
            """, path: "Sources/App/Presentation/Views/NoteEditorView.swift",
            note: "Alert and confirmation-dialog buttons always dismiss: an empty action is the ordinary \"OK\"."),
        RuleExample("""
            struct InboxView: View {
                @State var viewModel: InboxViewModel
                @State private var isExpanded = false

                var body: some View {
                    List(viewModel.output.messages) { message in
                        MessageRow(message: message)
                            .onTapGesture { viewModel.onInput(.open(message.id)) }
                            .swipeActions {
                                Button("Delete", role: .destructive) { viewModel.onInput(.delete(message.id)) }
                            }
                    }
                    .onTapGesture(count: 2) { isExpanded.toggle() }
                    Button("Reply") { [weak viewModel] in viewModel?.onInput(.reply) }
                }
            }
            """, path: listPath, note: "Closures with a statement."),
        RuleExample("""
            // Button("Export") { } did nothing, so it was removed.
            /// Do not write `.onTapGesture { }` or `Button(action: {}) { … }` here.
            struct ExportHelp {
                let snippet = "Button(action: {}) { Text(\\"Export\\") }"
                let gesture = \"""
                    .onTapGesture { }
                    .swipeActions { }
                    \"""
            }
            """, path: "Sources/App/Presentation/Help/ExportHelp.swift", note: "Comments, doc comments and strings."),
        RuleExample("""
            import SwiftUI
            import XCTest

            final class ButtonSnapshotTests: XCTestCase {
                func testDisabledButton() {
                    let view = Button("Tap") { }.disabled(true)
                    assertSnapshot(of: view)
                }
            }
            """, path: "Tests/AppTests/ButtonSnapshotTests.swift", note: "Test sources are never findings."),
        RuleExample("""
            struct FavoriteButton: View {
                let action: () -> Void
                var body: some View { Button("Favorite", action: action) }
            }

            #Preview {
                FavoriteButton(action: {})
                    .onTapGesture { }
            }

            struct FavoriteButton_Previews: PreviewProvider {
                static var previews: some View {
                    Button("Preview") { }
                }
            }
            """, path: "Sources/App/Presentation/Components/FavoriteButton.swift", note: "`#Preview` bodies and `PreviewProvider` types."),
        RuleExample("""
            struct PhotoCell: View {
                @State var viewModel: GalleryViewModel
                let photo: Photo

                var body: some View {
                    Image(photo.assetName)
                        .onTapGesture(count: 2, perform: viewModel.toggleFavorite)
                        .onTapGesture(perform: viewModel.select)
                        .swipeActions(content: { deleteButton })
                }

                private var deleteButton: some View {
                    Button("Delete", role: .destructive) { viewModel.onInput(.delete(photo.id)) }
                }
            }
            """, path: "Sources/App/Presentation/Gallery/PhotoCell.swift", note: "Gesture and swipe content given as references or with content."),
        RuleExample("""
            struct PrimaryButton: View {
                let title: String
                var action: () -> Void = {}

                init(title: String, action: @escaping () -> Void = {}) {
                    self.title = title
                    self.action = action
                }

                var body: some View {
                    Button(title, action: action).buttonStyle(.borderedProminent)
                }
            }
            """, path: "Sources/App/Presentation/Components/PrimaryButton.swift",
            note: "Default values of a property or parameter are not actions passed to a control (see `unwired-navigation-callback`)."),
        RuleExample("""
            extension View {
                func onTapGesture(haptic: Bool, perform action: @escaping () -> Void) -> some View {
                    onTapGesture { if haptic { Haptics.tap() }; action() }
                }
            }
            """, path: "Sources/App/Presentation/Components/View+Haptics.swift", note: "A declaration named like the modifier, with a non-empty body."),
        RuleExample("""
            #if false
            struct LegacyToolbar: View {
                var body: some View { Button("Print") { } }
            }
            #endif
            """, path: "Sources/App/Presentation/Legacy/LegacyToolbar.swift", note: "`#if false` code is never compiled."),
        RuleExample("""
            struct SortMenu: View {
                var body: some View {
                    Menu("Sort") {
                        Button("By Date") { sort(.date) }
                    } primaryAction: {
                    }
                    .onAppear { }
                    .task { }
                }

                func sort(_ key: SortKey) {}
            }
            """, path: "Sources/App/Presentation/Components/SortMenu.swift",
            note: "Only `Button` actions, `action:` arguments, `.onTapGesture` and `.swipeActions` are checked."),
        RuleExample("""
            struct FavoriteToggle: View {
                let hikeID: UUID

                var body: some View {
                    Button(intent: ToggleFavoriteIntent(hikeID: hikeID)) {
                        Label("Favorite", systemImage: "star")
                    }
                }
            }
            """, path: "Sources/App/Presentation/Components/FavoriteToggle.swift", note: "An App Intent button: the trailing closure is the label."),
        RuleExample("""
            struct ToolbarActions {
                let action: () -> Void = {}
                let handlers = (action: { }, title: "Save")

                func makeMenu() -> UIMenu {
                    UIMenu(children: [UIAction(title: "Copy") { _ in copy() }])
                }

                func copy() {}
            }
            """, path: "Sources/App/Presentation/UIKit/ToolbarActions.swift",
            note: "A property named `action` and a tuple element are not call arguments."),
        RuleExample("""
            struct WelcomeView: View {
                let onContinue: () -> Void

                var body: some View {
                    VStack {
                        Text("Welcome")
                        PrimaryButton(title: "Continue", action: onContinue)
                        PrimaryButton(title: "Skip") { onContinue() }
                    }
                }
            }
            """, path: "Sources/App/Presentation/Onboarding/WelcomeView.swift", note: "A callback passed through, or called."),
        RuleExample("""
            import SwiftUI
            import XCTest

            final class ToolbarLayoutTests: XCTestCase {
                func testToolbarKeepsItsButtons() {
                    let toolbar = HStack { Button("Share") { } }
                    XCTAssertNotNil(toolbar)
                }
            }
            """, path: "App/Presentation/ToolbarLayoutTests.swift", note: "A file named `…Tests.swift` is test code wherever it sits."),
        RuleExample(files: [
            ExampleFile("Sources/App/Presentation/DesignSystem/DS.swift", """
                enum DS {
                    /// A static pill: a title and an accessory. Not tappable.
                    struct Button<Accessory: View>: View {
                        let title: String
                        @ViewBuilder let accessory: Accessory
                        var body: some View { HStack { Text(title); accessory } }
                    }
                }
                """),
            ExampleFile("Sources/App/Presentation/DesignSystem/TagStrip.swift", """
                extension DS {
                    struct TagStrip: View {
                        let tags: [String]

                        var body: some View {
                            HStack {
                                ForEach(tags, id: \\.self) { tag in
                                    Button(tag) { }
                                }
                            }
                        }
                    }
                }
                """),
        ], note: "Inside `extension DS`, `Button` is the design system's `DS.Button`, whose closure is no action."),
        RuleExample("""
            struct SampleCheckoutScreen: View {
                var body: some View {
                    VStack {
                        Text("Total: 42 €")
                        Button("Pay now") { }
                    }
                }
            }
            """, path: "App/Presentation/Preview Content/SampleCheckoutScreen.swift",
            note: "Code in Xcode's `Preview Content` folder (or a `Preview`/`Previews` folder) is compiled for previews only."),
        RuleExample("""
            struct UploadBar: View {
                let viewModel: UploadViewModel

                var body: some View {
                    AsyncButton<Text>(action: { await viewModel.upload() }) {
                        Text("Upload")
                    }
                    .disabled(viewModel.progress < 1 || viewModel.queued > (limit: 3, action: {}).limit)
                }
            }
            """, path: "Sources/App/Presentation/Components/UploadBar.swift",
            note: "A generic call's non-empty `action:` is an action; a tuple after `>` is no call."),
        RuleExample("""
            struct DraftToolbar: View {
                var body: some View {
                    Button.init("Cancel", role: .cancel, action: {})
                    Button<Text>.init(role: .cancel, action: {}) { Text("Close") }
                }
            }
            """, path: "Sources/App/Presentation/Components/DraftToolbar.swift",
            note: "`Button.init(…, role: .cancel, action: {})`, with generic arguments or without, is a cancel button."),
    ]
}
