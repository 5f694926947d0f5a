import ArchLintKit

// MARK: - Examples

extension NavigationRouteDestinationRule {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            import SwiftUI

            enum Route: Hashable {
                case pantry
                case shoppingList
                case ↓mealPlan(week: Int)
            }

            struct NavigationRouter {
                let container: AppContainer

                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .pantry:
                        PantryView(viewModel: container.makePantryViewModel())
                    case .shoppingList:
                        ShoppingListView(viewModel: container.makeShoppingListViewModel())
                    default:
                        EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/NavigationRouter.swift",
            note: "`default:` hides the missing destination from the compiler; it covers nothing."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Navigation/Route.swift", """
                enum Route: Hashable {
                    case orderList
                    case orderDetail(id: Order.ID)
                    case orderTracking(id: Order.ID) // expect: navigation-route-destination
                }
                """),
            ExampleFile("App/Presentation/Navigation/NavigationRouter.swift", """
                import SwiftUI

                struct NavigationRouter {
                    let container: AppContainer

                    @ViewBuilder
                    func destination(for route: Route) -> some View {
                        switch route {
                        case .orderList:
                            container.makeOrderListView()
                        case .orderDetail(let id):
                            container.makeOrderDetailView(orderID: id)
                        default:
                            EmptyView()
                        }
                    }
                }
                """),
        ], note: "The enum and its destination switch live in different files."),

        RuleExample("""
            enum AppRoute: Hashable {
                case feed
                case post(Post.ID)
                case ↓author(User.ID)
            }

            struct FeedRootView: View {
                @State private var path: [AppRoute] = []

                var body: some View {
                    NavigationStack(path: $path) {
                        FeedView(path: $path)
                            .navigationDestination(for: AppRoute.self) { route in
                                switch route {
                                case .feed: FeedView(path: $path)
                                case .post(let id): PostView(postID: id)
                                default: EmptyView()
                                }
                            }
                    }
                }
            }
            """, path: "App/Presentation/Views/FeedRootView.swift", note: "The closure of `.navigationDestination(for:)` is a destination switch."),

        RuleExample("""
            enum Route: Hashable {
                case shelf(Shelf.ID)
                case book(Book.ID)
                case ↓loans
            }

            struct LibraryRootView: View {
                var body: some View {
                    NavigationStack {
                        ShelvesView()
                            .navigationDestination(for: Route.self, destination: { route in
                                switch route {
                                case .shelf(let id): ShelfView(shelfID: id)
                                case .book(let id): BookView(bookID: id)
                                default: EmptyView()
                                }
                            })
                    }
                }
            }
            """, path: "App/Presentation/Views/LibraryRootView.swift",
            note: "The closure given as `destination:` is the same destination closure; `for:` is an argument label there, not a loop."),

        RuleExample("""
            @Observable
            final class GardenRouter {
                var stack: [Destination] = []

                enum Destination: Hashable {
                    case beds
                    case bed(Bed.ID)
                    case plant(Plant.ID)
                    case ↓harvestLog(Bed.ID)
                }

                func open(_ destination: Destination) {
                    stack.append(destination)
                }
            }

            struct GardenRootView: View {
                @State private var router = GardenRouter()

                var body: some View {
                    NavigationStack(path: $router.stack) {
                        BedsView()
                            .navigationDestination(for: GardenRouter.Destination.self) { destination in
                                screen(for: destination)
                            }
                    }
                }

                @ViewBuilder
                private func screen(for destination: GardenRouter.Destination) -> some View {
                    switch destination {
                    case .beds: BedsView()
                    case .bed(let id): BedDetailView(bedID: id)
                    case .plant(let id): PlantView(plantID: id)
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/AppRouter.swift", note: "A nested route enum, `GardenRouter.Destination`."),

        RuleExample("""
            import ARCNavigation
            import SwiftUI

            enum ProfileRoute: Route {
                case overview
                case editProfile
                case ↓blockedUsers

                @ViewBuilder
                func view() -> some View {
                    switch self {
                    case .overview: ProfileOverviewView()
                    case .editProfile: EditProfileView()
                    @unknown default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Features/Profile/ProfileRoute.swift", profile: "arc-labs",
            note: "An enum conforming to `Route` is a route enum whatever its name; `switch self` in its own view builder is its destination switch."),

        RuleExample("""
            enum Route: Hashable {
                case inbox
                case thread(Thread.ID)
                case ↓compose
            }

            extension Route {
                var analyticsName: String {
                    switch self {
                    case .inbox: "inbox"
                    case .thread: "thread"
                    case .compose: "compose"
                    }
                }

                var title: String {
                    switch self {
                    case .inbox: "Inbox"
                    case .thread: "Conversation"
                    case .compose: "New Message"
                    }
                }
            }

            struct MailRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .inbox: InboxView()
                    case .thread(let id): ThreadView(threadID: id)
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/Route.swift",
            note: "Analytics and title switches name every case but build no screen: they are not destinations."),

        RuleExample("""
            enum Route: Hashable {
                case cart
                case orderDetail(id: Order.ID)
                case ↓orderEdit(id: Order.ID, draft: Bool)
            }

            struct ShopRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .cart:
                        CartView()
                    case let .orderDetail(id):
                        OrderDetailView(orderID: id)
                    default:
                        EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/ShopRouter.swift", note: "Routes with associated values."),

        RuleExample("""
            enum Route: Hashable {
                case home, ↓search, profile
            }

            struct TabRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .home, .profile:
                        HomeView()
                    default:
                        EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/TabRouter.swift", note: "Several cases declared on one line, several covered by one label."),

        RuleExample("""
            enum Route: Hashable {
                case cart
                case ↓checkout(
                    cartID: Cart.ID,
                    coupon: String?
                )
            }

            struct CheckoutRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .cart: CartView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/CheckoutRouter.swift", note: "A case declaration spread over several lines is reported at its name."),

        RuleExample("""
            enum Screen: Hashable {
                case trails
                case ↓trailDetail(Trail.ID)
            }

            struct TrailRouter {
                @ViewBuilder
                func view(for screen: Screen) -> some View {
                    switch screen {
                    case .trails: TrailListView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/TrailRouter.swift", options: ["routeEnums": .strings(["Screen"])],
            note: "With `routeEnums: [\"Screen\"]`."),

        RuleExample("""
            import Scenes

            enum Route: Hashable {
                case inbox
                case ↓compose(draftID: Draft.ID?)
            }

            struct MailCoordinator {
                func scene(for route: Route) -> some Scene {
                    switch route {
                    case .inbox: InboxScene()
                    default: BlankScene()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/MailCoordinator.swift", options: ["viewTypes": .strings(["some Scene"])],
            note: "With `viewTypes: [\"some Scene\"]`: a UI framework of the team's own, where nothing says `View`."),

        RuleExample("""
            enum Route: Hashable {
                case wallet
                case ↓cardDetail(Card.ID)
            }

            struct WalletCoordinator {
                func view(for route: Route) -> AnyView {
                    switch route {
                    case .wallet:
                        return AnyView(WalletView())
                    default:
                        return AnyView(EmptyView())
                    }
                }
            }
            """, path: "App/Presentation/Navigation/WalletCoordinator.swift", note: "A function returning `AnyView` builds views too."),

        RuleExample("""
            enum Route: Hashable {
                case library
                case ↓book(Book.ID)
            }

            struct RouteScreen: View {
                let route: Route

                var body: some View {
                    switch route {
                    case .library: LibraryView()
                    default: ContentUnavailableView("Not found", systemImage: "book")
                    }
                }
            }
            """, path: "App/Presentation/Navigation/RouteScreen.swift", note: "A switch over a stored property of the route type in a view's `body`."),

        RuleExample("""
            enum AppRoute: Hashable {
                case dashboard
                case ↓reports
            }

            extension AppRoute {
                @ViewBuilder
                var destination: some View {
                    switch self {
                    case .dashboard: DashboardView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/AppRoute+Destination.swift", note: "`switch self` in an extension of the enum."),

        RuleExample("""
            enum Route: Hashable {
                case settings
                case ↓profile
            }

            struct SettingsRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .settings:
                        SettingsView()
                    // case .profile:
                    //     ProfileView()
                    default:
                        Text("case .profile is not ready")
                    }
                }
            }
            """, path: "App/Presentation/Navigation/SettingsRouter.swift",
            note: "A case that is commented out, or mentioned in a string, is not handled."),

        RuleExample("""
            enum Route: Hashable {
                case home
                case ↓diagnostics
            }

            struct Router {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .home:
                        HomeView()
                    #if false
                    case .diagnostics:
                        DiagnosticsView()
                    #endif
                    default:
                        EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/Router.swift", note: "A `case` under `#if false` is never compiled."),

        RuleExample("""
            enum Route: Hashable {
                case map
                case ↓poi(PointOfInterest.ID)
            }

            struct ExploreView: View {
                @State private var path: [Route] = []

                var body: some View {
                    NavigationStack(path: $path) {
                        MapScreen()
                            .navigationDestination(for: Route.self) {
                                switch $0 {
                                case .map: MapScreen()
                                default: EmptyView()
                                }
                            }
                    }
                }
            }
            """, path: "App/Presentation/Views/ExploreView.swift", note: "`$0` of the `.navigationDestination` closure."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Navigation/Route.swift", """
                enum Route: Hashable {
                    case notes
                    case note(Note.ID)
                    case folder(Folder.ID)
                    case trash // expect: navigation-route-destination
                }
                """),
            ExampleFile("App/Presentation/Navigation/NotesRouter.swift", """
                struct NotesRouter {
                    @ViewBuilder
                    func destination(for route: Route) -> some View {
                        switch route {
                        case .notes: NotesListView()
                        case .note(let id): NoteEditorView(noteID: id)
                        default: EmptyView()
                        }
                    }
                }
                """),
            ExampleFile("App/Presentation/Navigation/FolderRouter.swift", """
                struct FolderRouter {
                    @ViewBuilder
                    func destination(for route: Route) -> some View {
                        switch route {
                        case .folder(let id): FolderView(folderID: id)
                        default: EmptyView()
                        }
                    }
                }
                """),
        ], note: "Several destination switches cover the union of their cases; `trash` is in none."),

        RuleExample("""
            enum Route: Hashable {
                case plans
                case ↓planDetail(Plan.ID)
            }

            struct PlansRouter {
                func destination(for route: Route) -> any View {
                    switch route {
                    case .plans: return PlansView()
                    default: return EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/PlansRouter.swift", note: "`any View` counts as a view return type."),

        RuleExample("""
            enum Route: Hashable {
                case tickets
                case ↓ticket(Ticket.ID)
            }

            struct SupportCoordinator {
                let makeDestination: (Route) -> AnyView = { route in
                    switch route {
                    case .tickets: AnyView(TicketListView())
                    default: AnyView(EmptyView())
                    }
                }
            }
            """, path: "App/Presentation/Navigation/SupportCoordinator.swift",
            note: "A closure whose declared type returns a view (`(Route) -> AnyView`) builds destinations too."),

        RuleExample(files: [
            ExampleFile("Packages/Navigation/Sources/Navigation/RouterDestination.swift", """
                public enum Destination: Hashable {
                    case profile(User.ID)
                    case followers(User.ID)
                    case mutedUsers // expect: navigation-route-destination
                }
                """),
            ExampleFile("App/Presentation/Navigation/View+Destinations.swift", """
                import SwiftUI

                extension View {
                    func withDestinations() -> some View {
                        navigationDestination(for: Destination.self) { destination in
                            switch destination {
                            case .profile(let id): ProfileView(userID: id)
                            case .followers(let id): FollowersView(userID: id)
                            default: EmptyView()
                            }
                        }
                    }
                }
                """),
        ], note: "`navigationDestination(for:)` called on the implicit `self` of a `View` extension, in another package."),

        RuleExample("""
            enum Route: Hashable {
                case overview
                case ↓transactions
            }

            struct AccountScreen: View {
                let route: Route

                var body: some View {
                    let title = switch route {
                    case .overview: "Overview"
                    case .transactions: "Transactions"
                    }
                    NavigationStack {
                        switch route {
                        case .overview: OverviewView()
                        default: EmptyView()
                        }
                    }
                    .navigationTitle(title)
                }
            }
            """, path: "App/Presentation/Views/AccountScreen.swift",
            note: "The title switch names every case but shows no screen; the switch in the stack's content is the destination."),
        RuleExample("""
            enum Route: Hashable {
                case home
                #if os(iOS)
                case ↓camera(Int)
                #else
                case camera(String)
                #endif
            }

            @ViewBuilder
            func destination(for route: Route) -> some View {
                switch route {
                case .home: HomeView()
                default: EmptyView()
                }
            }
            """, path: "App/Presentation/Navigation/Destination.swift",
            note: "A case declared in two `#if` branches is one case, reported once, at its first declaration."),
        RuleExample("""
            enum Route: Hashable {
                case album(Album.ID)
                case ↓slideshow(Album.ID)
            }

            struct AlbumScreen: View {
                let route: Route
                let player: SlideshowPlayer

                var body: some View {
                    VStack {
                        switch route {
                        case .album(let id): AlbumView(albumID: id)
                        default: EmptyView()
                        }
                        Button("Play") {
                            switch route {
                            case .slideshow(let id): player.start(albumID: id)
                            default: break
                            }
                        }
                        .onTapGesture {
                            switch route {
                            case .slideshow: player.stop()
                            default: break
                            }
                        }
                    }
                }
            }
            """, path: "App/Presentation/Views/AlbumScreen.swift",
            note: "A switch in a button's action or a tap handler shows no screen, so it covers no route."),
        RuleExample("""
            enum Route: Hashable {
                case inbox, archive, ↓trash
            }

            struct MailRouter {
                func destination(for route: Route) -> AnyView {
                    let screen: AnyView
                    switch route {
                    case .inbox: screen = AnyView(InboxView())
                    case .archive: screen = AnyView(ArchiveView())
                    default: screen = AnyView(EmptyView())
                    }
                    return screen
                }
            }
            """, path: "App/Presentation/Navigation/MailRouter.swift",
            note: "Cases that assign a view to a variable the function returns still build the screens."),
        RuleExample("""
            enum AppRoute: Hashable {
                case onboarding
                case home
                case ↓paywall
            }

            final class AppRouter: ObservableObject {
                @Published var current: AppRoute = .onboarding
            }

            struct RootView: View {
                @EnvironmentObject var router: AppRouter

                var body: some View {
                    switch router.current {
                    case .onboarding: OnboardingView()
                    case .home: HomeView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/RootView.swift",
            note: "A switch over a route property of another object (`router.current`) builds the destinations."),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            enum Route: Hashable {
                case pantry
                case shoppingList
                case mealPlan(week: Int)
            }

            struct NavigationRouter {
                let container: AppContainer

                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .pantry: PantryView(viewModel: container.makePantryViewModel())
                    case .shoppingList: ShoppingListView(viewModel: container.makeShoppingListViewModel())
                    case .mealPlan(let week): MealPlanView(week: week)
                    }
                }
            }
            """, path: "App/Presentation/Navigation/NavigationRouter.swift", note: "Every route has its own case."),

        RuleExample("""
            enum Route: Hashable {
                case hikeDetail(Hike.ID)
                case favorites
            }

            @Observable
            final class HikeRouter {
                var path: [Route] = []

                func showDetail(of id: Hike.ID) { path.append(.hikeDetail(id)) }
                func showFavorites() { path.append(.favorites) }
            }
            """, path: "App/Presentation/Navigation/HikeRouter.swift",
            note: "No destination switch at all (the views may be built somewhere this rule cannot follow): silent."),

        RuleExample("""
            enum Route: Hashable {
                case inbox
                case thread(Thread.ID)
                case compose
            }

            struct AnalyticsTracker {
                func screenName(for route: Route) -> String {
                    switch route {
                    case .inbox: return "inbox"
                    default: return "other"
                    }
                }
            }
            """, path: "App/Presentation/Navigation/AnalyticsTracker.swift", note: "An analytics switch is not a destination switch."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Navigation/Route.swift", """
                enum Route: Hashable {
                    case notes
                    case note(Note.ID)
                    case folder(Folder.ID)
                }
                """),
            ExampleFile("App/Presentation/Navigation/NotesRouter.swift", """
                struct NotesRouter {
                    @ViewBuilder
                    func destination(for route: Route) -> some View {
                        switch route {
                        case .notes: NotesListView()
                        case .note(let id): NoteEditorView(noteID: id)
                        default: EmptyView()
                        }
                    }
                }
                """),
            ExampleFile("App/Presentation/Navigation/FolderRouter.swift", """
                struct FolderRouter {
                    @ViewBuilder
                    func destination(for route: Route) -> some View {
                        switch route {
                        case .folder(let id): FolderView(folderID: id)
                        default: EmptyView()
                        }
                    }
                }
                """),
        ], note: "Two destination switches that together handle every case."),

        RuleExample("""
            enum Route: Hashable {
                case orderDetail(id: Order.ID)
                case orderEdit(id: Order.ID, draft: Bool)
                case search(query: String)
                case settings
                case legal(Document?)
            }

            struct ShopRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .orderDetail(let id):
                        OrderDetailView(orderID: id)
                    case let .orderEdit(id, _):
                        OrderEditView(orderID: id)
                    case .search(query: let query) where query.isEmpty:
                        SearchView()
                    case .search(let query):
                        SearchResultsView(query: query)
                    case Route.settings:
                        SettingsView()
                    case .legal(.some(let document)):
                        LegalView(document: document)
                    case .legal(nil):
                        LegalIndexView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/ShopRouter.swift",
            note: "`case .a(let x)`, `case let .a(x, _)`, `case .a where …`, `Route.a` and nested patterns all cover `a`."),

        RuleExample("""
            enum Route: Hashable {
                case welcome
                case signIn
            }

            struct OnboardingView: View {
                let pending: Route?

                var body: some View {
                    switch pending {
                    case .welcome?: WelcomeView()
                    case .some(.signIn): SignInView()
                    case nil: ProgressView()
                    }
                }
            }
            """, path: "App/Presentation/Views/OnboardingView.swift", note: "An optional route: `case .a?` and `.some(.a)` cover `a`."),

        RuleExample("""
            enum SortOrder: String, CaseIterable {
                case newest, oldest, title
            }

            struct SortMenu: View {
                let order: SortOrder

                var body: some View {
                    switch order {
                    case .newest: Image(systemName: "arrow.down")
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Views/SortMenu.swift", note: "An enum that is not a route."),

        RuleExample("""
            @Observable
            final class TravelRouter {
                var stack: [Destination] = []
                var modal: Modal?

                enum Destination: Hashable {
                    case trips
                    case trip(Trip.ID)
                }

                enum Modal: String, Identifiable {
                    case newTrip
                    case packingList
                    case currencyConverter

                    var id: String { rawValue }
                }
            }

            struct TravelRootView: View {
                @State private var router = TravelRouter()

                var body: some View {
                    NavigationStack(path: $router.stack) {
                        TripsView()
                            .navigationDestination(for: TravelRouter.Destination.self) { destination in
                                switch destination {
                                case .trips: TripsView()
                                case .trip(let id): TripView(tripID: id)
                                }
                            }
                    }
                    .sheet(item: $router.modal) { modal in
                        modalView(for: modal)
                    }
                }

                @ViewBuilder
                private func modalView(for modal: TravelRouter.Modal) -> some View {
                    switch modal {
                    case .newTrip: NewTripView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/RootView.swift",
            note: "The `case` lines of `Modal` are not routes; `Destination` is fully handled by the `.navigationDestination` closure."),

        RuleExample("""
            enum Route: Hashable {
                case today
                // case legacyStats   (removed in 2.0)
                /// case archive — planned
                case history
                #if false
                case experimentalCharts
                #endif
                #if DEBUG
                case debugMenu
                #endif
            }

            struct StatsRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .today: TodayView()
                    case .history: HistoryView()
                    #if DEBUG
                    case .debugMenu: DebugMenuView()
                    #endif
                    }
                }
            }
            """, path: "App/Presentation/Navigation/StatsRouter.swift",
            note: "Cases in comments and under `#if false` do not exist; a `#if DEBUG` case is covered by a `#if DEBUG` branch."),

        RuleExample("""
            enum Route: Hashable {
                case timer
                case presets
            }

            struct RouteDestination: View {
                let route: Route

                var body: some View {
                    switch route {
                    case .timer: TimerView()
                    case .presets: PresetsView()
                    }
                }
            }

            #Preview {
                let route = Route.timer
                switch route {
                case .timer: TimerView()
                default: EmptyView()
                }
            }

            struct RouteDestination_Previews: PreviewProvider {
                @ViewBuilder
                static func preview(for route: Route) -> some View {
                    switch route {
                    case .timer: TimerView()
                    default: EmptyView()
                    }
                }

                static var previews: some View { preview(for: .timer) }
            }
            """, path: "App/Presentation/Navigation/RouteDestination.swift", note: "Switches in previews are neither findings nor destinations."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Navigation/Route.swift", """
                enum Route: Hashable {
                    case home
                    case settings
                }
                """),
            ExampleFile("AppTests/Navigation/RouteSnapshotTests.swift", """
                import SwiftUI
                import XCTest
                @testable import App

                final class RouteSnapshotTests: XCTestCase {
                    @ViewBuilder
                    func screen(for route: Route) -> some View {
                        switch route {
                        case .home: HomeView()
                        default: EmptyView()
                        }
                    }
                }
                """),
        ], note: "Test sources are neither findings nor destinations."),

        RuleExample("""
            final class SettingsRouter {
                enum Destination: Hashable { case account, privacy }
            }

            final class ProfileRouter {
                enum Destination: Hashable { case avatar, bio }
            }

            extension SettingsRouter {
                @ViewBuilder
                func view(for destination: Destination) -> some View {
                    switch destination {
                    case .account: AccountView()
                    case .privacy: PrivacyView()
                    }
                }
            }

            extension ProfileRouter {
                @ViewBuilder
                func view(for destination: Destination) -> some View {
                    switch destination {
                    case .avatar: AvatarEditor()
                    case .bio: BioEditor()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/Routers.swift",
            note: "Two nested `Destination` enums: a bare `Destination` means the one of the enclosing router."),

        RuleExample("""
            enum Route: Hashable {
                case lessons
                case lesson(Lesson.ID)
                case quiz(Lesson.ID)
            }

            struct CourseRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .lessons:
                        LessonListView()
                    case .lesson(let id), .quiz(let id):
                        Group {
                            switch route {
                            case .quiz: QuizView(lessonID: id)
                            default: LessonView(lessonID: id)
                            }
                        }
                    }
                }
            }
            """, path: "App/Presentation/Navigation/CourseRouter.swift",
            note: "A second switch in the `Group` content of a case body is a destination switch too; one label may cover several cases."),

        RuleExample("""
            enum Route: Hashable {
                case recipes
                case recipe(Recipe.ID)
            }

            struct RecipeScreen: View {
                let route: Route

                var body: some View {
                    let title = switch route {
                    case .recipes: "Recipes"
                    default: "Recipe"
                    }
                    VStack {
                        Text(title)
                        Button("Share") {
                            switch route {
                            case .recipe(let id): ShareSheet.share(recipe: id)
                            default: break
                            }
                        }
                    }
                }
            }
            """, path: "App/Presentation/Views/RecipeScreen.swift",
            note: "A title switch assigned to a constant and a switch in a button action are not destination switches."),

        RuleExample("""
            enum Route: Hashable {
                case podcasts
                case episode(Episode.ID)
            }

            struct HistoryView: View {
                let route: Route
                let recent: [RecentItem]

                var body: some View {
                    ForEach(recent) { route in
                        switch route {
                        case .podcasts: PodcastRow()
                        default: EmptyView()
                        }
                    }
                }
            }
            """, path: "App/Presentation/Views/HistoryView.swift",
            note: "The closure parameter `route` shadows the property: its type is unknown, so the switch is not about `Route`."),

        RuleExample("""
            enum Route: Hashable {
                case inbox
                case thread(Thread.ID)
                case compose
            }

            struct MailRootView: View {
                @State private var path: [Route] = []
                @State private var presented: Route?

                var body: some View {
                    NavigationStack(path: $path) {
                        InboxView()
                            .navigationDestination(for: Route.self) { route in
                                switch route {
                                case .inbox: InboxView()
                                case .thread(let id): ThreadView(threadID: id)
                                default: EmptyView()
                                }
                            }
                    }
                    .sheet(item: $presented) { route in
                        switch route {
                        case .compose: ComposeView()
                        default: EmptyView()
                        }
                    }
                }
            }
            """, path: "App/Presentation/Views/MailRootView.swift",
            note: "A sheet of routes: the closure parameter's type is not written, but every case it names is a `Route` case, so it counts."),

        RuleExample("""
            enum Route: Hashable {
                case search
                case results(query: String)
            }

            struct SearchFlow {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    // switch route { case .search: … } was the old router
                    let description = "switch route { case .search: SearchView() }"
                    switch route {
                    case .search: SearchView(placeholder: description)
                    case .results(let query): ResultsView(query: query)
                    }
                }
            }
            """, path: "App/Presentation/Navigation/SearchFlow.swift", note: "Switches in comments and strings are not code."),
        RuleExample("""
            enum Route: Hashable {
                case home, settings, profile(User.ID)
            }

            @ViewBuilder
            func destination(for route: Route) -> some View {
                switch route {
                case .home: HomeView()
                case (.settings): SettingsView()
                case (.profile(let id)): ProfileView(id: id)
                }
            }
            """, path: "App/Presentation/Navigation/Destination.swift", note: "Parentheses around a whole pattern change nothing."),
        RuleExample("""
            enum Route: Hashable {
                case inbox
                case archive
                case trash
            }

            struct MailRouter {
                func destination(for route: Route) -> some View {
                    let title: String
                    switch route {
                    case .inbox: title = "Inbox"
                    case .archive: self.lastTitle = "Archive"; title = "Archive"
                    default: title = "Folder"
                    }
                    return FolderView(route: route)
                        .navigationTitle(title)
                }

                var lastTitle = ""
            }
            """, path: "App/Presentation/Navigation/MailRouter.swift",
            note: "A switch whose cases only assign a title picks a value, not a screen: not a destination switch."),
        RuleExample("""
            enum Route: Hashable {
                case feed
                case post(Post.ID)
            }

            struct FeedScreen: View {
                let route: Route
                let share: (Post.ID) -> Void

                var body: some View {
                    Button {
                        switch route {
                        case .post(let id): share(id)
                        default: break
                        }
                    } label: {
                        switch route {
                        case .feed: FeedView()
                        case .post(let id): PostView(postID: id)
                        }
                    }
                }
            }
            """, path: "App/Presentation/Views/FeedScreen.swift",
            note: "A button's label builds views: its switch covers the routes; the switch in the action does not count either way."),
        RuleExample("""
            enum AppRoute: Hashable {
                case onboarding
                case home
                case paywall
            }

            final class AppRouter: ObservableObject {
                @Published var current: AppRoute = .onboarding
                var title: String { "Home" }
            }

            struct RootView: View {
                @EnvironmentObject var router: AppRouter
                let session: Session

                var body: some View {
                    switch session.current {
                    case .signedOut: Text("Signed out")
                    default: EmptyView()
                    }
                    switch router.title {
                    case "Home": HomeView()
                    default: EmptyView()
                    }
                }
            }
            """, path: "App/Presentation/Navigation/RootView.swift",
            note: "A property of another type that is not the route (or a type the project does not declare) makes no destination switch."),
    ]
}
