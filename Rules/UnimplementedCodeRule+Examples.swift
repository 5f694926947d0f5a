import ArchLintKit

// The examples of `unimplemented-code`: each kind of stub, then the look-alikes a line-based
// grep reports and this rule does not (words in comments and strings, tests, previews,
// deliberate crashes, an error type's own code).
extension UnimplementedCodeRule {
    // MARK: - Paths

    static let repositoryPath = "Sources/App/Data/Repositories/OrderRepositoryImpl.swift"
    static let viewPath = "Sources/App/Presentation/Views/SettingsView.swift"
    static let routerPath = "Sources/App/Presentation/Navigation/AppRouter.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            final class OrderRepositoryImpl: OrderRepository {
                private let client: APIClient

                init(client: APIClient) {
                    self.client = client
                }

                func fetchOrders() async throws -> [Order] {
                    ↓fatalError("Not yet implemented")
                }
            }
            """, path: repositoryPath, note: "A repository method left as a crashing stub."),
        RuleExample("""
            #if DEBUG
            final class MockProfileRepository: ProfileRepository {
                func fetchProfile(id: UUID) async throws -> Profile {
                    ↓fatalError()
                }
            }
            #endif
            """, path: "Sources/App/Data/Repositories/Mock/MockProfileRepository.swift",
            note: "A mock under `#if DEBUG` counts: debug builds run it, and previews and demos call it."),
        RuleExample("""
            @MainActor @Observable
            final class CartViewModel {
                enum Input { case refresh, checkout }

                func onInput(_ input: Input) {
                    switch input {
                    case .refresh:
                        Task { await reload() }
                    case .checkout:
                        ↓preconditionFailure("checkout is not wired yet")
                    }
                }

                private func reload() async {}
            }
            """, path: "Sources/App/Presentation/ViewModels/CartViewModel.swift", note: "`preconditionFailure` is the same stub."),
        RuleExample("""
            struct RemoteCouponDataSource: CouponDataSource {
                func redeem(_ code: String) async throws -> Coupon {
                    Swift.↓fatalError("Redeeming is handled in v2")
                }
            }
            """, path: "Sources/App/Data/Remote/RemoteCouponDataSource.swift", note: "Qualified with the module name."),
        RuleExample("""
            class ChartRenderer {
                func render(_ points: [ChartPoint]) -> ChartImage {
                    ↓fatalError("Subclasses must implement render(_:)")
                }
            }
            """, path: "Sources/App/Presentation/Charts/ChartRenderer.swift",
            note: "An abstract method: reported unless its message matches `allowedMessages`, which a team can extend for this pattern."),
        RuleExample("""
            enum ReceiptFormat {
                case pdf, csv

                var fileExtension: String {
                    switch self {
                    case .pdf: return "pdf"
                    case .csv: ↓fatalError("unreachable")
                    }
                }
            }
            """, options: ["allowedMessages": .strings(["cannot happen"])],
            note: "With `allowedMessages` configured, the default \"unreachable\" is no longer allowed."),
        RuleExample("""
            final class NoteSyncService {
                func syncNotes() async throws {
                    ↓// TODO: Implement sync with the server
                }
            }
            """, note: "A `TODO` comment about missing implementation. Not re-run inside a block comment or string: that wrapper would still hold the comment's text.",
            rerunsInContexts: false),
        RuleExample("""
            final class ExportUseCase {
                func execute(_ notes: [Note]) throws -> Data {
                    ↓/* FIXME(ana): implementation pending, returns nothing useful */
                    Data()
                }
            }
            """, note: "`FIXME` in a block comment; \"implementation\" contains \"implement\"."),
        RuleExample("""
            final class BackupRepositoryImpl: BackupRepository {
                ↓/*
                 TODO:
                   implement incremental backups once the server
                   supports them
                 */
                func backUp(_ notes: [Note]) async throws {
                    try await client.upload(notes)
                }
            }
            """, note: "A `TODO:` alone on its line, with its text on the next line."),
        RuleExample("""
            protocol FeedRepository: Sendable {
                /// Loads one page of the feed.
                ↓/// - ToDo: Implement paging once the API supports cursors.
                func fetchFeed(page: Int) async throws -> [FeedItem]
            }
            """, path: "Sources/App/Domain/Repositories/FeedRepository.swift",
            note: "A doc comment with Swift Markup's `- ToDo:` callout (each `///` line is a comment of its own), located at the comment's first character. Not re-run in a block comment or string, which would still hold the text.",
            rerunsInContexts: false),
        RuleExample("""
            struct NotImplementedError: Error {}

            final class PaymentRepositoryImpl: PaymentRepository {
                func refund(_ paymentID: UUID) async throws {
                    throw ↓NotImplementedError()
                }
            }
            """, path: "Sources/App/Data/Repositories/PaymentRepositoryImpl.swift",
            note: "The error type's declaration is not reported; throwing it is."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Errors/FeatureError.swift", """
                enum FeatureError: Error {
                    case offline
                    case notImplemented
                }

                extension FeatureError: LocalizedError {
                    var errorDescription: String? {
                        switch self {
                        case .offline: return "You are offline."
                        case .notImplemented: return "This feature is not available."
                        }
                    }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/ReviewRepositoryImpl.swift", """
                final class ReviewRepositoryImpl: ReviewRepository {
                    func fetchReviews(for productID: UUID, completion: @escaping (Result<[Review], Error>) -> Void) {
                        completion(.failure(FeatureError.notImplemented))  // expect: unimplemented-code
                    }

                    func deleteReview(id: UUID) async throws {
                        throw FeatureError.notImplemented  // expect: unimplemented-code
                    }
                }
                """),
        ], note: "A `notImplemented` case raised in another file; the enum's own extension describing it is not reported."),
        RuleExample("""
            func loadDashboard() -> Result<Dashboard, AppError> {
                .failure(.↓notImplemented)
            }
            """, note: "An implicit member whose name contains `NotImplemented`."),
        RuleExample("""
            struct AppRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .home:
                        HomeView()
                    case .training:
                        ↓PlaceholderView(title: "Training Courses")
                    }
                }
            }
            """, path: routerPath, note: "A placeholder screen left as a navigation destination."),
        RuleExample("""
            struct SettingsView: View {
                var body: some View {
                    Form {
                        Section("Backup") {
                            Text(↓"Coming soon")
                        }
                    }
                }
            }
            """, path: viewPath, note: "Not re-run inside a string: the wrapping literal would contain the text too.", rerunsInContexts: false),
        RuleExample("""
            struct ReleaseNotes {
                static let upcoming = ↓\"""
                    Widgets
                    Offline mode — COMING SOON
                    \"""
            }
            """, path: "Sources/App/Presentation/About/ReleaseNotes.swift",
            note: "A multi-line string, any case; located at the opening `\"\"\"`. Not re-run inside a string.", rerunsInContexts: false),
        RuleExample("""
            struct FeatureBanner: View {
                let feature: Feature

                var body: some View {
                    Label(↓"\\(feature.name) is coming soon", systemImage: "hourglass")
                    Text(↓#"Export as "PDF" is coming soon"#)
                }
            }
            """, path: "Sources/App/Presentation/Views/FeatureBanner.swift",
            note: "Interpolated and raw strings, located at the opening quote (`#\"` for a raw string). Not re-run inside a string.",
            rerunsInContexts: false),
        RuleExample("""
            final class ReceiptScannerService {
                ↓// TODO:
                // implement retries when the camera is busy
                func scan() async throws -> Receipt { try await camera.capture().receipt }

                ↓/// - ToDo:
                ///   Implement cropping for tilted receipts.
                func crop(_ image: Image) -> Image { image }

                // TODO:

                // Implementation note: scans are kept for a day.
                func purge() {}
            }
            """, note: "A `TODO:` alone in a line comment continues in the line comment right below it (not after a blank line). Not re-run inside a block comment, which would hold the same text.",
            rerunsInContexts: false),
        RuleExample("""
            final class OrderRepositoryImpl: OrderRepository {
                func fetchOrders() async throws -> [Order] {
                    ↓fatalError ("Orders are not loaded yet")
                }
            }
            """, note: "A space before the parenthesis still makes a call."),
        RuleExample("""
            enum SyncError: Int, Error {
                case offline = 1
                case notImplemented = 2
            }

            final class SyncRepositoryImpl: SyncRepository {
                func sync() async throws {
                    throw SyncError.↓notImplemented
                }
            }
            """, note: "An error enum with integer raw values is still an error, not a status code."),
        RuleExample("""
            struct ShareService {
                @available(macOS, unavailable)
                func shareToStories() {
                    ↓fatalError("Sharing to Stories is not built yet")
                }

                @available(*, deprecated, message: "Will be unavailable in 3.0")
                func exportLegacy() {
                    ↓fatalError("The legacy export is not built yet")
                }

                @available(*, unavailable, message: "Use shareToStories()")
                func shareToFeed() {
                    fatalError("Use shareToStories()")
                }
            }
            """, note: "Unavailable on one platform only, or deprecated, the code is live elsewhere; `@available(*, unavailable)` is not."),
        RuleExample("""
            enum ExportError: Error {
                case notImplemented
                case offline
            }

            struct ExportRepositoryImpl {
                func export(format: Int) throws {
                    throw format == 1 ? ExportError.↓notImplemented : ExportError.offline
                }

                func failure(isOnline: Bool) -> ExportError {
                    isOnline != false ? .↓notImplemented : .offline
                }
            }
            """, note: "A comparison in a ternary's condition does not handle the case the ternary produces."),
        RuleExample("""
            struct ExportFailures {
                let byFormat: [String: Error] = ["pdf": ↓NotImplementedError(), "csv": URLError(.cancelled)]

                func failure(for format: String) -> Error {
                    format == "csv" ? URLError(.badURL) : ↓NotImplementedError()
                }
            }
            """, path: "Sources/App/Data/Export/ExportFailures.swift",
            note: "A value after `:` (a dictionary literal, a ternary's second branch) raises the error."),
        RuleExample("""
            final class ReceiptScanner {
                func scan(_ image: CGImage) async throws -> Receipt {
                    let text = try await recognizer.text(in: image)  ↓// TODO implement currency detection
                    ↓// Still TODO: the tax lines are not implemented yet
                    return Receipt(text: text)
                }
            }
            """, note: "A marker that starts a trailing comment, or that a colon follows, with \"implement\" after it.", rerunsInContexts: false),
        RuleExample("""
            struct LibraryRepositoryImpl: LibraryRepository {
                ↓// [TODO] implement paging
                func books() async throws -> [Book] { try await api.books() }
                ↓// NOTE: TODO implement the offline cache
                func authors() async throws -> [Author] { try await api.authors() }
                ↓// 1. FIXME implement retry
                func reviews() async throws -> [Review] { try await api.reviews() }
                ↓// The TODO: implement cover images
                func covers() async throws -> [Cover] { try await api.covers() }
            }
            """, note: "A marker in brackets, after a note or in a numbered list, or with a colon after a determiner, is a marker all the same.", rerunsInContexts: false),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            @testable import NotesApp
            import XCTest

            final class FailingNoteRepository: NoteRepository {
                func fetchNotes() async throws -> [Note] { fatalError("not needed in this test") }
            }
            """, path: "Tests/NotesAppTests/FailingNoteRepository.swift", note: "Test sources (`Tests/`) are never findings."),
        RuleExample("""
            // TODO: implement the remaining cases
            final class LoginViewModelTests: XCTestCase {
                func testLogin() { throw NotImplementedError() }
            }
            """, path: "NotesAppTests/LoginViewModelTests.swift", note: "A `…Tests/` folder is a test source too."),
        RuleExample("""
            enum SortKey {
                case title, date

                var comparator: KeyPathComparator<Note> {
                    switch self {
                    case .title: return KeyPathComparator(\\.title)
                    case .date: return KeyPathComparator(\\.updatedAt)
                    }
                }

                static func parse(_ raw: Int) -> SortKey {
                    guard let key = [SortKey.title, .date][safe: raw] else { preconditionFailure("Unreachable: the picker offers two keys") }
                    return key
                }
            }

            func assertNever(_ value: Never) -> Never { fatalError("unreachable") }
            """, note: "Messages containing \"unreachable\" (any case) are deliberate."),
        RuleExample("""
            /// Repositories never call fatalError(); they throw `RepositoryError` instead.
            /// Use PlaceholderView only while a screen is being built.
            final class NoteRepositoryImpl: NoteRepository {
                // A grep for "throw NotImplementedError" or "Coming Soon" finds this line.
                let reminder = "TODO: implement remote sync"
                let help = "fatalError and PlaceholderView are checked by archlint"

                func fetchNotes() async throws -> [Note] {
                    try await store.fetchAll()  // not fatalError("Not yet implemented")
                }
            }
            """, path: "Sources/App/Data/Repositories/NoteRepositoryImpl.swift",
            note: "Mentions in comments, doc comments and strings (a `TODO` inside a string is not a comment)."),
        RuleExample("""
            struct HomeView: View {
                var body: some View { Text("Home") }
            }

            #Preview {
                VStack {
                    PlaceholderView(title: "Training")
                    Text("Coming soon")
                }
            }

            #if DEBUG
            #Preview("Empty") {
                // TODO: implement a richer preview
                HomeView()
            }
            #endif
            """, path: "Sources/App/Presentation/Views/HomeView.swift", note: "`#Preview` bodies are never findings."),
        RuleExample("""
            struct ProfileView_Previews: PreviewProvider {
                static var previews: some View {
                    ProfileView(viewModel: ProfileViewModel(repository: CrashingRepository()))
                }

                struct CrashingRepository: ProfileRepository {
                    func fetchProfile() async throws -> Profile { fatalError() }
                }
            }
            """, path: "Sources/App/Presentation/Views/ProfileView.swift", note: "A `PreviewProvider` type and what it nests."),
        RuleExample("""
            struct NotImplementedError: LocalizedError {
                let feature: String
                static let notImplementedDefault = NotImplementedError(feature: "this feature")

                var errorDescription: String? { "\\(feature) is not available yet." }
            }

            extension NotImplementedError: CustomStringConvertible {
                var description: String { "NotImplementedError(\\(feature))" }
            }
            """, path: "Sources/App/Core/NotImplementedError.swift",
            note: "The error type's own declaration and extension, and the code inside them."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Errors/SyncError.swift", """
                enum SyncError: Error {
                    case conflict, notImplemented
                }
                """),
            ExampleFile("Sources/App/Presentation/ViewModels/SyncViewModel.swift", """
                @MainActor @Observable
                final class SyncViewModel {
                    var message: String?

                    func handle(_ error: Error) {
                        if case SyncError.notImplemented = error {
                            message = "Sync is not available on this plan."
                        } else if error is NotImplementedError {
                            message = "Not available."
                        } else if let syncError = error as? SyncError, case .notImplemented = syncError {
                            message = "Not available."
                        } else if (error as? SyncError) == .notImplemented || SyncError.notImplemented != error as? SyncError {
                            message = nil
                        }
                    }

                    func run(_ sync: () async throws -> Void) async {
                        do {
                            try await sync()
                        } catch SyncError.notImplemented {
                            message = nil
                        } catch is NotImplementedError {
                            message = nil
                        } catch {
                            handle(error)
                        }
                    }
                }
                """),
        ], note: "Patterns, casts and comparisons that handle a not-implemented error (`case`, `catch`, `is`, `as?`, `==`) do not raise it."),
        RuleExample("""
            final class FeatureGateLogger {
                private(set) var lastMissing: NotImplementedError?

                func record(_ error: NotImplementedError) {
                    lastMissing = error
                }

                func latest() -> NotImplementedError? { lastMissing }
            }
            """, path: "Sources/App/Core/FeatureGateLogger.swift",
            note: "A property, parameter or return type of the error's type handles it; it raises nothing."),
        RuleExample("""
            struct SkeletonRow: View {
                var body: some View {
                    Text("Loading title")
                        .redacted(reason: .placeholder)
                        .modifier(PlaceholderViewModifier(isActive: true))
                }
            }

            struct ShimmerPlaceholderView: View {
                var body: some View { Rectangle().fill(.gray.opacity(0.2)) }
            }
            """, path: "Sources/App/Presentation/Components/SkeletonRow.swift",
            note: "Only the exact name `PlaceholderView` is the seed's placeholder screen."),
        RuleExample("""
            struct PlaceholderView: View {
                let title: String

                var body: some View {
                    ContentUnavailableView(title, systemImage: "hammer")
                }
            }

            extension PlaceholderView {
                static var generic: PlaceholderView { PlaceholderView(title: "Unavailable") }
            }
            """, path: "Sources/App/Presentation/Components/PlaceholderView.swift",
            note: "The declaration of `PlaceholderView` and its extensions; only uses elsewhere are reported."),
        RuleExample("""
            // TODO: tweak the spacing on iPad
            // FIXME: the animation stutters on first launch
            // Implementation note: items are sorted by due date.
            // The todo list implementation keeps completed items at the end.
            // TODOItem implementation details live in TodoItem+Sorting.swift.
            struct TodoListView: View {
                let items: [TodoItem]
                var body: some View { List(items) { TodoRow(item: $0) } }
            }
            """, path: "Sources/App/Presentation/Views/TodoListView.swift",
            note: "`TODO`/`FIXME` without \"implement\", \"implement\" without a marker, and the word \"todo\" in a to-do app."),
        RuleExample("""
            /**
             Keeps the reading list in the order the user chose.

             TODO: persist the order across launches.
             The implementation stores positions as fractional indices.
             - ToDo: drop the legacy sort key
             - Note: the implementation never renumbers existing items.
             */
            final class ReadingListOrder {
                private(set) var positions: [Book.ID: Double] = [:]

                /*
                 FIXME:

                 the old implementation sorted by title.
                 */
                func move(_ book: Book.ID, to position: Double) { positions[book] = position }
            }
            """, path: "Sources/App/Domain/Models/ReadingListOrder.swift",
            note: "\"implement\" counts on a `TODO` line, or on the line right after a `TODO:` alone; not on the lines that explain a marker's own text, nor after a blank line."),
        RuleExample("""
            final class BadgeView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                @available(*, unavailable, message: "Use init(frame:)")
                convenience init() {
                    fatalError()
                }
            }

            @available(*, unavailable, message: "Use NotesStore")
            final class LegacyNotesCache {
                func notes() -> [Note] { fatalError("gone") }
            }
            """, path: "Sources/App/Presentation/UIKit/BadgeView.swift",
            note: "`init(coder:)` and `@available(*, unavailable)` declarations, members of an unavailable type included, crash on purpose; they are not stubs."),
        RuleExample("""
            #if false
            final class LegacyExporter {
                // TODO: implement CSV export
                func export() -> Data { fatalError("Not yet implemented") }
                let banner = "Coming soon"
            }
            #endif
            """, note: "`#if false` code is never compiled."),
        RuleExample("""
            struct CrashReporter {
                func fatalError(_ message: String) { log.fault("\\(message)") }
            }

            final class AppCoordinator {
                let crashReporter = CrashReporter()

                func start() {
                    crashReporter.fatalError("Start-up took longer than expected")
                }
            }
            """, path: "Sources/App/Presentation/Navigation/AppCoordinator.swift",
            note: "A method named `fatalError` on another receiver, and its declaration, are not the standard library's."),
        RuleExample("""
            enum ReleaseState {
                case released, comingSoon
            }

            struct ReleaseBadge: View {
                let state: ReleaseState

                var body: some View {
                    switch state {
                    case .released: Text("Out now")
                    case .comingSoon: Text(LocalizedStringKey("release.coming_soon"))
                    }
                }
            }
            """, path: "Sources/App/Presentation/Views/ReleaseBadge.swift",
            note: "An identifier `comingSoon` and a localisation key are not the text \"coming soon\"."),
        RuleExample("""
            struct FeatureFlags {
                var isNotImplemented: Set<String> = []
            }

            func visibleFeatures(_ all: [Feature], flags: FeatureFlags) -> [Feature] {
                let notImplementedNames = flags.isNotImplemented
                return all.filter { !notImplementedNames.contains($0.name) }
            }
            """, note: "Properties and variables are not types or cases: only those are references to a not-implemented error."),
        RuleExample("""
            enum LaunchStep {
                case splash, onboarding

                var next: LaunchStep? {
                    switch self {
                    case .splash: return .onboarding
                    case .onboarding: return nil
                    }
                }

                var fallback: LaunchStep {
                    guard let next else { fatalError("Must be overridden by the caller") }
                    return next
                }
            }
            """, options: ["allowedMessages": .strings(["unreachable", "must be overridden"])],
            note: "A message containing a configured allowed text (case-insensitive)."),
        RuleExample("""
            import XCTest

            final class NoteRepositorySpy: NoteRepository {
                var fetchResult: [Note] = []
                func fetchNotes() async throws -> [Note] { fetchResult }
                func delete(_ note: Note) async throws { fatalError("Spy was not configured for delete") }
            }
            """, path: "App/TestSupport/NoteRepositorySpy.swift", note: "A file that imports XCTest is test code wherever it sits, as for every seed-check rule."),
        RuleExample("""
            enum SyncStatusText {
                static func text(version: Int, retries: Int, error: SyncError) -> String {
                    switch (version, retries, error) {
                    case (1, 0, .notImplemented): return "Sync needs a newer server"
                    case (_, -1, .notImplemented), (2, _, SyncError.notImplemented): return "Sync is not available"
                    default: return "Sync failed"
                    }
                }
            }
            """, note: "A not-implemented case matched in a tuple pattern, beside literals, is handled, not raised."),
        RuleExample(files: [
            ExampleFile("App/Data/Network/HTTPStatus.swift", """
                enum HTTPStatus: Int {
                    case ok = 200
                    case notFound = 404
                    case notImplemented = 501
                }
                """),
            ExampleFile("App/Data/Network/ResponseMapper.swift", """
                enum APIError: Error {
                    case server(HTTPStatus)
                }

                struct ResponseMapper {
                    func map(_ code: Int) throws {
                        guard let status = HTTPStatus(rawValue: code), status != .ok else { return }
                        throw APIError.server(status == .notFound ? .notFound : .notImplemented)
                    }
                }
                """),
        ], note: "A status code named `notImplemented` (an integer enum that is no error) is a server's answer passed on, not a stub."),
        RuleExample("""
            struct Feature {
                var isNotImplemented = false
                var details: Details?

                struct Details {
                    var notImplementedReason = ""
                }
            }

            func roadmap(_ features: [Feature]) -> [Feature] {
                features.filter(\\.isNotImplemented)
            }

            func reasons(_ features: [Feature]) -> [String] {
                let path = \\Feature.details?.notImplementedReason
                return features.compactMap { $0[keyPath: path] }
            }
            """, note: "Key path components are properties, not not-implemented cases."),
        RuleExample("""
            enum SyncError: Error, Equatable {
                case offline
                case notImplemented
            }

            enum LoadState: Equatable {
                case idle
                case failed(SyncError)
            }

            struct UpgradeBanner {
                func isShown(for state: LoadState, lastError: SyncError?) -> Bool {
                    state == .failed(.notImplemented) || lastError == .some(.notImplemented)
                }

                func isHidden(for state: LoadState) -> Bool {
                    state != LoadState.failed(.notImplemented)
                }
            }
            """, note: "Comparing with a value that wraps the case handles it, like comparing with the case itself."),
        RuleExample("""
            enum Étape {
                case panier, paiement

                var suivante: Étape {
                    switch self {
                    case .panier: return .paiement
                    case .paiement: fatalError("État impossible : le paiement est la dernière étape")
                    }
                }
            }
            """, options: ["allowedMessages": .strings(["état impossible"])],
            note: "`allowedMessages` ignores case beyond ASCII too (`État` matches `état`)."),
        RuleExample("""
            // Implements the TODO screen of the planner: tasks grouped by day.
            // The TODO screen is implemented in this file; a FIXME comment must say what to implement.
            // See TODO.md for the implementation plan of reminders.
            // Removed the last TODO; the implementation is complete.
            struct PlannerTodoView: View {
                let tasks: [PlannerTask]
                var body: some View { List(tasks) { Text($0.title) } }
            }
            """, path: "Sources/App/Presentation/Views/PlannerTodoView.swift",
            note: "\"TODO\" used as a word (the name of a screen, a file, a remark about a former marker) is no marker, whatever the line says about implementing."),
    ]
}
