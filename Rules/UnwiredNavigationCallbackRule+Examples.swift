import ArchLintKit

// MARK: - Examples

extension UnwiredNavigationCallbackRule {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            import SwiftUI

            struct AccountSettingsView: View {
                var onNavigateToProfile: () -> Void = {}
                var onNavigateToSecurity: () -> Void = {}

                var body: some View {
                    List {
                        Button("Profile") { onNavigateToProfile() }
                        Button("Security") { onNavigateToSecurity() }
                    }
                }
            }

            struct SettingsRouterView: View {
                @State private var path: [SettingsRoute] = []

                var body: some View {
                    NavigationStack(path: $path) {
                        ↓AccountSettingsView(onNavigateToProfile: { path.append(.profile) })
                    }
                }
            }
            """, path: "App/Presentation/Views/AccountSettingsView.swift",
            note: "The router wires the profile callback and forgets the security one: the Security button does nothing."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/OrderListView.swift", """
                import SwiftUI

                struct OrderListView: View {
                    let orders: [Order]
                    var onNavigateToOrderDetail: (Order.ID) -> Void = { _ in }
                    var onNavigateToFilters: () -> Void = {}

                    var body: some View {
                        List(orders) { order in
                            Button(order.title) { onNavigateToOrderDetail(order.id) }
                        }
                        .toolbar {
                            Button("Filter", systemImage: "line.3.horizontal.decrease") { onNavigateToFilters() }
                        }
                    }
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
                            OrderListView(orders: container.cachedOrders) // expect: unwired-navigation-callback unwired-navigation-callback
                        case .orderDetail(let id):
                            OrderDetailView(orderID: id)
                        }
                    }
                }
                """),
        ], note: "The view and the router live in different files; the router passes neither callback, so both are reported at the call."),

        RuleExample("""
            struct OrderDetailView: View {
                let orderID: Order.ID
                var onNavigateToTracking: (Order.ID) -> Void = { _ in }

                var body: some View {
                    Button("Track shipment") { onNavigateToTracking(orderID) }
                }
            }

            enum OrderScreens {
                static func detail(for id: Order.ID) -> some View {
                    ↓OrderDetailView.init(orderID: id)
                }
            }
            """, path: "App/Presentation/Views/OrderDetailView.swift", note: "`ViewName.init(…)` is a construction site too."),

        RuleExample("""
            struct NoteRow: View {
                let note: Note
                var onDelete: ((Note.ID) -> Void)?

                var body: some View {
                    Text(note.title)
                        .swipeActions { Button("Delete", role: .destructive) { onDelete?(note.id) } }
                }
            }

            struct NotesSection: View {
                let notes: [Note]

                var body: some View {
                    ForEach(notes) { note in
                        ↓NoteRow(note: note)
                    }
                }
            }
            """, path: "App/Presentation/Views/NoteRow.swift", note: "An optional `on…` closure without a default is `nil` unless the caller passes it."),

        RuleExample("""
            struct ReceiptView: View {
                let receipt: Receipt
                var onShare: ((URL) -> Void)? = nil

                var body: some View {
                    Button("Share") { onShare?(receipt.pdfURL) }
                }
            }

            struct CheckoutDoneView: View {
                let receipt: Receipt

                var body: some View {
                    ↓ReceiptView(receipt: receipt)
                }
            }
            """, path: "App/Presentation/Views/ReceiptView.swift", note: "An optional `on…` closure defaulted to `nil`."),

        RuleExample("""
            struct TagPicker: View {
                let tags: [Tag]
                var onSelect: (Tag) -> Void = { _ in }

                var body: some View {
                    ForEach(tags) { tag in Button(tag.name) { onSelect(tag) } }
                }
            }

            struct FilterSheet: View {
                let tags: [Tag]

                var body: some View {
                    ↓TagPicker(tags: tags)
                }
            }
            """, path: "App/Presentation/Views/TagPicker.swift", note: "An empty default with a parameter (`{ _ in }`) is just as empty."),

        RuleExample("""
            struct CheckoutView: View {
                let cart: Cart
                var onPaymentCompleted: (Receipt) -> Void = { _ in }
                var onCancel: () -> Void = {}

                var body: some View {
                    PaymentForm(cart: cart, onCompleted: onPaymentCompleted)
                        .toolbar { Button("Cancel") { onCancel() } }
                }
            }

            struct CartScreen: View {
                @State private var path: [CartRoute] = []
                let cart: Cart

                var body: some View {
                    ↓CheckoutView(
                        cart: cart,
                        onPaymentCompleted: { receipt in
                            path.append(.receipt(receipt))
                        }
                    )
                }
            }
            """, path: "App/Presentation/Views/CheckoutView.swift",
            note: "A call spread over several lines: the finding points at the view's name on the first line."),

        RuleExample("""
            struct DashboardCard<Content: View>: View {
                let title: String
                var onOpenDetails: () -> Void = {}
                @ViewBuilder let content: () -> Content

                var body: some View {
                    VStack(alignment: .leading) {
                        Button(title) { onOpenDetails() }
                        content()
                    }
                }
            }

            struct DashboardView: View {
                let stats: Stats

                var body: some View {
                    ↓DashboardCard(title: "This week") {
                        StatsChart(stats: stats)
                    }
                }
            }
            """, path: "App/Presentation/Views/DashboardCard.swift",
            note: "The trailing closure fills the required `content`, not the defaulted callback."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/OnboardingView.swift", """
                import SwiftUI

                struct OnboardingView: View {
                    var onFinish: () -> Void = {}

                    var body: some View {
                        Button("Get started") { onFinish() }
                    }
                }
                """),
            ExampleFile("App/TrailMateApp.swift", """
                import SwiftUI

                @main
                struct TrailMateApp: App {
                    var body: some Scene {
                        WindowGroup {
                            OnboardingView() // expect: unwired-navigation-callback
                        }
                    }
                }
                """),
        ], note: "The composition root's `App` body is a construction site like any other."),

        RuleExample("""
            struct TrailDetailView: View {
                let trail: Trail
                var onNavigateToMap: (Trail.ID) -> Void = { _ in }

                var body: some View {
                    Button("Show on map") { onNavigateToMap(trail.id) }
                }
            }

            struct TrailsRootView: View {
                @State private var path: [Trail] = []

                var body: some View {
                    NavigationStack(path: $path) {
                        TrailListView()
                            .navigationDestination(for: Trail.self) { trail in
                                ↓TrailDetailView(trail: trail)
                            }
                    }
                }
            }
            """, path: "App/Presentation/Views/TrailDetailView.swift", note: "A construction site inside a `.navigationDestination` closure."),

        RuleExample("""
            struct ProfileScreen: View {
                let user: User

                struct Header: View {
                    let user: User
                    var onEditAvatar: () -> Void = {}

                    var body: some View {
                        Button { onEditAvatar() } label: { AvatarView(url: user.avatarURL) }
                    }
                }

                var body: some View {
                    ↓Header(user: user)
                }
            }

            struct AccountSummary: View {
                let user: User

                var body: some View {
                    ProfileScreen.↓Header(user: user)
                }
            }
            """, path: "App/Presentation/Views/ProfileScreen.swift",
            note: "A nested view, constructed by its bare name inside its parent and by its qualified name elsewhere."),

        RuleExample("""
            struct PhotoViewer {
                let photo: Photo
                var onClose: () -> Void = {}
            }

            extension PhotoViewer: View {
                var body: some View {
                    ZoomableImage(url: photo.url)
                        .toolbar { Button("Close") { onClose() } }
                }
            }

            struct GalleryView: View {
                @State private var selected: Photo?

                var body: some View {
                    PhotoGrid(selection: $selected)
                        .fullScreenCover(item: $selected) { photo in
                            ↓PhotoViewer(photo: photo)
                        }
                }
            }
            """, path: "App/Presentation/Views/PhotoViewer.swift", note: "The `View` conformance is declared in an extension."),

        RuleExample("""
            struct PaywallView: View {
                var dismissAction: () -> Void = {}

                var body: some View {
                    Button("Not now") { dismissAction() }
                }
            }

            struct LockedFeatureView: View {
                @State private var showsPaywall = true

                var body: some View {
                    Color.clear.sheet(isPresented: $showsPaywall) {
                        ↓PaywallView()
                    }
                }
            }
            """, path: "App/Presentation/Views/PaywallView.swift", note: "Any stored closure with an empty default is a callback, whatever its name."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/HelpCenterView.swift", """
                struct HelpCenterView: View {
                    var onContactSupport: () -> Void = {}

                    var body: some View {
                        Button("Contact support") { onContactSupport() }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/SettingsView.swift", """
                struct SettingsView: View {
                    @State private var showsHelp = false
                    let router: SettingsRouter

                    var body: some View {
                        Button("Help") { showsHelp = true }
                            .sheet(isPresented: $showsHelp) {
                                HelpCenterView(onContactSupport: { router.openSupportChat() })
                            }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/OnboardingFinishView.swift", """
                struct OnboardingFinishView: View {
                    var body: some View {
                        // HelpCenterView(onContactSupport: …) is wired in SettingsView.
                        HelpCenterView() // expect: unwired-navigation-callback
                    }
                }
                """),
        ], note: "Each construction site stands alone: one wires the callback, the other does not (the comment does not count)."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/TrailRow.swift", """
                struct TrailRow: View {
                    @State private var isExpanded = false
                    var onOpenMap: () -> Void = {}

                    var body: some View {
                        DisclosureGroup("Details", isExpanded: $isExpanded) {
                            Button("Open map") { onOpenMap() }
                        }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/TrailList.swift", """
                struct TrailList: View {
                    let trails: [Trail]

                    var body: some View {
                        ForEach(trails) { _ in
                            TrailRow() // expect: unwired-navigation-callback
                        }
                    }
                }
                """),
        ], note: "A view with private `@State` is still a view whose construction site leaves the callback empty."),

        RuleExample("""
            struct ComposerView: View {
                let draft: Draft
                let onSend: (Draft) -> Void
                var onSaveDraft: () -> Void = {}
                var onCancel: () -> Void = {}

                var body: some View {
                    DraftEditor(draft: draft)
                        .toolbar {
                            Button("Send") { onSend(draft) }
                            Button("Save") { onSaveDraft() }
                            Button("Cancel") { onCancel() }
                        }
                }
            }

            struct InboxView: View {
                @State private var draft = Draft()
                let viewModel: InboxViewModel

                var body: some View {
                    ↓ComposerView(draft: draft) { viewModel.onInput(.send($0)) } onCancel: { viewModel.onInput(.closeComposer) }
                }
            }
            """, path: "App/Presentation/Views/ComposerView.swift",
            note: "The unlabeled trailing closure fills the required `onSend`, the labelled one `onCancel`; `onSaveDraft` stays empty."),

        RuleExample("""
            struct DebugMenuView: View {
                var onResetOnboarding: () -> Void = {}

                var body: some View {
                    Button("Reset onboarding") { onResetOnboarding() }
                }
            }

            struct RootTabView: View {
                var body: some View {
                    TabView {
                        HomeView()
                        #if DEBUG
                        ↓DebugMenuView()
                        #endif
                    }
                }
            }
            """, path: "App/Presentation/Views/DebugMenuView.swift", note: "`#if DEBUG` code is compiled in debug builds, so it counts."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Views/PhotoCell.swift", """
                struct PhotoCell: View {
                    let photo: Photo
                    #if os(iOS)
                    var onOpen: (UIImage) -> Void = { _ in }
                    #else
                    var onOpen: (NSImage) -> Void = { _ in }
                    #endif

                    var body: some View {
                        Button(photo.title) { onOpen(photo.image) }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/PhotoGrid.swift", """
                struct PhotoGrid: View {
                    let photos: [Photo]

                    var body: some View {
                        ForEach(photos) { photo in
                            PhotoCell(photo: photo) // expect: unwired-navigation-callback
                        }
                    }
                }
                """),
        ], note: "A callback declared in both branches of `#if` is one callback: one finding."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Views/ContactRow.swift", """
                struct ContactRow: View {
                    typealias Action = (Contact.ID) -> Void

                    let contact: Contact
                    var onCall: Action?

                    var body: some View {
                        Button(contact.name) { onCall?(contact.id) }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/ContactList.swift", """
                struct ContactList: View {
                    let contacts: [Contact]

                    var body: some View {
                        List(contacts) { contact in
                            ContactRow(contact: contact) // expect: unwired-navigation-callback
                        }
                    }
                }
                """),
        ], note: "A callback typed through a typealias nested in the view."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Components/SectionCard.swift", """
                struct SectionCard<Content: View>: View {
                    let title: String
                    var onSeeAll: () -> Void = {}
                    @ViewBuilder let content: Content

                    var body: some View {
                        VStack(alignment: .leading) {
                            HStack {
                                Text(title)
                                Button("See all") { onSeeAll() }
                            }
                            content
                        }
                    }
                }
                """),
            ExampleFile("App/Presentation/Home/HomeView.swift", """
                struct HomeView: View {
                    let trips: [Trip]

                    var body: some View {
                        SectionCard(title: "Upcoming trips") { // expect: unwired-navigation-callback
                            ForEach(trips) { trip in Text(trip.name) }
                        }
                    }
                }
                """),
        ], note: "The trailing closure fills the `@ViewBuilder` content, which the memberwise initializer takes as a closure, not `onSeeAll`."),
        RuleExample("""
            struct ProductGrid<Product: Identifiable>: View {
                let products: [Product]
                var onOpen: (Product) -> Void = { _ in }

                var body: some View {
                    ForEach(products) { product in
                        Button("Details") { onOpen(product) }
                    }
                }
            }

            struct WishlistScreen: View {
                let saved: [Product]

                var body: some View {
                    ↓ProductGrid<Product>.init(products: saved)
                }
            }
            """, path: "App/Presentation/Wishlist/WishlistScreen.swift",
            note: "`.init` after the generic arguments constructs the view all the same."),
        RuleExample("""
            enum Cart {
                struct TotalsRow: View {
                    let subtotal: Decimal
                    var onApplyCoupon: () -> Void = {}

                    var body: some View {
                        HStack {
                            Text(subtotal, format: .currency(code: "EUR"))
                            Button("Apply coupon") { onApplyCoupon() }
                        }
                    }
                }
            }

            struct CartScreen: View {
                let subtotal: Decimal

                var body: some View {
                    Form {
                        Cart
                            .↓TotalsRow(subtotal: subtotal)
                    }
                }
            }
            """, path: "App/Presentation/Cart/CartScreen.swift",
            note: "A qualified name broken before its dot is one name; the finding points at the view's own name."),
        RuleExample("""
            struct SettingsView: View {
                var body: some View {
                    List {
                        ↓Row(title: "Privacy")
                    }
                }
            }

            private struct Row: View {
                let title: String
                var onTap: () -> Void = {}
                @Environment(\\.dismiss) var dismiss

                var body: some View { Button(title, action: onTap) }
            }
            """, path: "App/Presentation/Settings/SettingsView.swift",
            note: "A `private` view is still constructed in its own file; a property wrapper beside the callback changes nothing."),
        RuleExample("""
            struct MessageRow: View {
                let message: Message
                var onReply: () -> Void = {}
                var onForward: () -> Void = {}

                var body: some View {
                    Text(message.text)
                        .contextMenu {
                            Button("Reply") { onReply() }
                            Button("Forward") { onForward() }
                        }
                }
            }

            struct ThreadView: View {
                let messages: [Message]
                let router: ThreadRouter

                var body: some View {
                    ForEach(messages) { message in
                        ↓MessageRow(message: message) { router.forward(message) }
                    }
                }
            }
            """, path: "App/Presentation/Views/MessageRow.swift",
            note: "Two defaulted callbacks and one trailing closure: Swift 5 mode gives it to `onForward`, Swift 6 mode to `onReply`; either way the other stays empty, so the call is reported once, naming both."),
        RuleExample("""
            struct ReceiptRow: View {
                let total: String
                #if os(iOS)
                var onShare: () -> Void = {}
                #endif

                var body: some View { Text(total) }
            }

            struct TagList: View {
                let tags: [String]
                var onRemove: (String) -> Void = { _ in }

                var body: some View {
                    List { ForEach(tags, id: \\.self) { Text($0) }.onDelete(perform: onRemove) }
                }

                private func onRemove(at offsets: IndexSet) { offsets.forEach { onRemove(tags[$0]) } }
            }

            struct ReceiptScreen: View {
                var body: some View {
                    #if os(iOS)
                    ↓ReceiptRow(total: "12.40")
                    #endif
                    ↓TagList(tags: ["food"])
                }
            }
            """, path: "App/Presentation/Views/ReceiptScreen.swift",
            note: "A call in the same `#if` branch as the callback can pass it; a method of the callback's name that returns no view sets nothing."),
        RuleExample("""
            struct InvoiceRow: View {
                let number: String
                #if os(iOS)
                var onScan: () -> Void = {}
                #endif

                var body: some View { Text(number) }
            }

            struct InvoiceList: View {
                var body: some View {
                    #if os(macOS)
                    InvoiceRow(number: "A-17")
                    #elseif os(iOS)
                    ↓InvoiceRow(number: "A-17")
                    #endif
                }
            }
            """, path: "App/Presentation/Views/InvoiceList.swift",
            note: "An `#elseif` with the callback's condition is a branch where the callback exists; an `os(macOS)` branch is one where an `os(iOS)` callback does not."),
        RuleExample("""
            struct OrderRow: View {
                let title: String
                var onShare: () -> Void = {} {
                    didSet { print("share action replaced") }
                }

                var body: some View {
                    Button(title, action: onShare)
                }
            }

            struct OrderList: View {
                var body: some View {
                    ↓OrderRow(title: "A-17")
                }
            }
            """, path: "App/Presentation/Views/OrderList.swift",
            note: "A callback with observers is still stored with an empty default."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Inbox/InboxView.swift", """
                struct InboxView: View {
                    var body: some View {
                        HeaderView(title: "Inbox") // expect: unwired-navigation-callback
                    }
                }

                private struct HeaderView: View {
                    let title: String
                    var onClose: () -> Void = {}

                    var body: some View { Button(title) { onClose() } }
                }
                """),
            ExampleFile("App/Presentation/Archive/ArchiveView.swift", """
                struct ArchiveView: View {
                    var body: some View {
                        HeaderView(title: "Archive")
                    }
                }

                private struct HeaderView: View {
                    let title: String

                    var body: some View { Text(title) }
                }
                """),
        ], note: "A `private` view of another file with the same name is not the one this file constructs."),
        RuleExample("""
            struct LogRow: View {
                let line: String
                #if DEBUG || TESTING
                var onInspect: () -> Void = {}
                #endif

                var body: some View { Text(line) }
            }

            struct LogList: View {
                var body: some View {
                    #if !DEBUG || TESTING
                    ↓LogRow(line: "started")
                    #endif
                }
            }
            """, path: "App/Presentation/Views/LogList.swift",
            note: "`!DEBUG || TESTING` negates `DEBUG` only: with `TESTING` both branches are compiled, and the call can pass the callback."),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            struct SecuritySettingsView: View {
                var onNavigateToPasscode: () -> Void = {}
                var onNavigateToDevices: () -> Void = {}

                var body: some View {
                    List {
                        Button("Passcode") { onNavigateToPasscode() }
                        Button("Devices") { onNavigateToDevices() }
                    }
                }
            }

            struct SettingsRouter {
                let navigator: Navigator

                @ViewBuilder
                func destination(for route: SettingsRoute) -> some View {
                    switch route {
                    case .security:
                        SecuritySettingsView(
                            onNavigateToPasscode: { navigator.push(.passcode) },
                            onNavigateToDevices: { navigator.push(.devices) }
                        )
                    }
                }
            }
            """, path: "App/Presentation/Navigation/SettingsRouter.swift", note: "Every callback is wired."),

        RuleExample("""
            struct ArticleView: View {
                let article: Article
                var onOpenAuthor: () -> Void = {}

                var body: some View {
                    Button(article.author.name) { onOpenAuthor() }
                }
            }

            struct OfflineReaderView: View {
                let article: Article

                var body: some View {
                    ArticleView(article: article, onOpenAuthor: {})
                }
            }
            """, path: "App/Presentation/Views/ArticleView.swift", note: "Passing `{}` explicitly is a decision, not an omission."),

        RuleExample("""
            struct InvoiceView: View {
                let invoice: Invoice
                var onPay: () -> Void = {}

                init(invoice: Invoice, router: BillingRouter) {
                    self.invoice = invoice
                    self.onPay = { router.openPayment(for: invoice.id) }
                }

                var body: some View {
                    Button("Pay") { onPay() }
                }
            }

            struct BillingView: View {
                let invoice: Invoice
                let router: BillingRouter

                var body: some View {
                    InvoiceView(invoice: invoice, router: router)
                }
            }
            """, path: "App/Presentation/Views/InvoiceView.swift", note: "A view with its own initializer decides what its callbacks get."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/CouponView.swift", """
                struct CouponView: View {
                    let coupon: Coupon
                    var onRedeem: () -> Void = {}

                    var body: some View {
                        Button("Redeem") { onRedeem() }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/CouponView+Init.swift", """
                extension CouponView {
                    init(coupon: Coupon, store: CouponStore) {
                        self.coupon = coupon
                        self.onRedeem = { store.redeem(coupon.id) }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/WalletView.swift", """
                struct WalletView: View {
                    let coupons: [Coupon]

                    var body: some View {
                        ForEach(coupons) { coupon in CouponView(coupon: coupon) }
                    }
                }
                """),
        ], note: "An initializer in an extension in another file may be the one that is called: the rule stays silent."),

        RuleExample("""
            struct LegacyBannerView: View {
                var onDismiss: () -> Void = {}

                var body: some View {
                    Button("Dismiss") { onDismiss() }
                }
            }
            """, path: "App/Presentation/Views/LegacyBannerView.swift", note: "A view that is never constructed has no call to blame."),

        RuleExample("""
            struct StreakBadge: View {
                let days: Int
                var onTap: () -> Void = {}

                var body: some View {
                    Button("\\(days) days") { onTap() }
                }
            }

            #Preview {
                StreakBadge(days: 12)
            }

            #Preview("Long streak") {
                VStack { StreakBadge(days: 365) }
            }
            """, path: "App/Presentation/Views/StreakBadge.swift", note: "`#Preview` bodies are never findings."),

        RuleExample("""
            struct WeatherTile: View {
                let forecast: Forecast
                var onOpenForecast: () -> Void = {}

                var body: some View {
                    Button(forecast.summary) { onOpenForecast() }
                }
            }

            struct WeatherTile_Previews: PreviewProvider {
                static var previews: some View {
                    WeatherTile(forecast: .sample)
                }
            }
            """, path: "App/Presentation/Views/WeatherTile.swift", note: "`PreviewProvider` types are previews too."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/LoginView.swift", """
                struct LoginView: View {
                    var onLoggedIn: () -> Void = {}

                    var body: some View {
                        Button("Log in") { onLoggedIn() }
                    }
                }
                """),
            ExampleFile("AppTests/Presentation/LoginViewTests.swift", """
                import XCTest
                @testable import App

                final class LoginViewTests: XCTestCase {
                    func testRendersWithoutNavigation() {
                        let view = LoginView()
                        XCTAssertNotNil(view.body)
                    }
                }
                """),
        ], note: "Test sources are never findings."),

        RuleExample("""
            struct TagChip: View {
                let tag: Tag
                var onSelect: () -> Void = {}

                var body: some View {
                    Button(tag.name) { onSelect() }
                }
            }

            struct TagCloud: View {
                let tags: [Tag]
                @Binding var selection: Tag?

                var body: some View {
                    ForEach(tags) { tag in
                        TagChip(tag: tag) { selection = tag }
                    }
                }
            }
            """, path: "App/Presentation/Views/TagChip.swift", note: "A trailing closure fills the last closure property."),

        RuleExample("""
            struct SearchConfiguration {
                var onQueryChange: (String) -> Void = { _ in }
                var debounce: Duration = .milliseconds(300)
            }

            struct SearchBarView: View {
                @State private var query = ""
                let configuration = SearchConfiguration()

                var body: some View {
                    TextField("Search", text: $query)
                }
            }
            """, path: "App/Presentation/Views/SearchBarView.swift", note: "Only views are checked: `SearchConfiguration` is a plain struct."),

        RuleExample("""
            struct LikeButton: View {
                let isLiked: Bool
                var onToggle: () -> Void = { Haptics.shared.play(.light) }
                var completion: (() -> Void)?

                var body: some View {
                    Button(isLiked ? "Unlike" : "Like") { onToggle(); completion?() }
                }
            }

            struct PostFooter: View {
                let post: Post

                var body: some View {
                    LikeButton(isLiked: post.isLiked)
                }
            }
            """, path: "App/Presentation/Views/LikeButton.swift",
            note: "A default that does something is not empty, and an optional closure whose name does not start with `on` is not a navigation callback."),

        RuleExample("""
            struct PlanCard: View {
                let plan: Plan
                let onChoose: (Plan.ID) -> Void
                let onCompare: (() -> Void)?

                var body: some View {
                    Button("Choose \\(plan.name)") { onChoose(plan.id) }
                }
            }

            struct PlansView: View {
                let plans: [Plan]
                let viewModel: PlansViewModel

                var body: some View {
                    ForEach(plans) { plan in
                        PlanCard(plan: plan, onChoose: { viewModel.onInput(.choose($0)) }, onCompare: nil)
                    }
                }
            }
            """, path: "App/Presentation/Views/PlanCard.swift",
            note: "`let` callbacks without a default are required by the compiler; an explicit `nil` is a decision."),

        RuleExample("""
            // SupportView() alone would leave onOpenChat empty; see SupportRouter.
            /// Build it as `SupportView(onOpenChat: { … })`.
            struct SupportView: View {
                var onOpenChat: () -> Void = {}

                var body: some View {
                    Button("Chat with us") { onOpenChat() }
                }
            }

            enum SupportCopy {
                static let hint = "Use SupportView() to show the help screen"
                /* SupportView() */
            }
            """, path: "App/Presentation/Views/SupportView.swift", note: "Construction sites in comments, doc comments and strings are not code."),

        RuleExample("""
            struct ExportView: View {
                let document: Document
                var onExported: (URL) -> Void = { _ in }

                var body: some View {
                    Button("Export") { onExported(document.exportURL) }
                }
            }

            struct DocumentToolbar: View {
                let document: Document

                var body: some View {
                    #if false
                    ExportView(document: document)
                    #endif
                    ExportView(document: document, onExported: { url in ShareSheet.present(url) })
                }
            }
            """, path: "App/Presentation/Views/ExportView.swift", note: "Code under `#if false` is never compiled."),

        RuleExample("""
            @MemberwiseInit(.internal)
            struct ReminderRow: View {
                let reminder: Reminder
                var onComplete: () -> Void = {}

                var body: some View {
                    Button(reminder.title) { onComplete() }
                }
            }

            struct RemindersList: View {
                let reminders: [Reminder]

                var body: some View {
                    ForEach(reminders) { ReminderRow(reminder: $0) }
                }
            }
            """, path: "App/Presentation/Views/ReminderRow.swift", note: "An attribute that may be a macro could add an initializer: stay silent."),

        RuleExample(files: [
            ExampleFile("App/Presentation/Views/GoalCard.swift", """
                struct GoalCard: View {
                    let goal: Goal
                    var onOpenGoal: (Goal.ID) -> Void = { _ in }

                    var body: some View {
                        Button(goal.title) { onOpenGoal(goal.id) }
                    }
                }
                """),
            ExampleFile("App/Preview Content/PreviewScreens.swift", """
                enum PreviewScreens {
                    static let goalCard = GoalCard(goal: .sample)
                }
                """),
        ], note: "Files in a `Preview Content` (or `Preview`, `Previews`) folder are preview code."),

        RuleExample("""
            struct ChipView: View {
                let title: String
                var onRemove: () -> Void = {}

                var body: some View {
                    Button(title, systemImage: "xmark") { onRemove() }
                }

                func onRemove(_ action: @escaping () -> Void) -> ChipView {
                    var copy = self
                    copy.onRemove = action
                    return copy
                }
            }

            struct FilterBar: View {
                @Binding var filters: [Filter]

                var body: some View {
                    ForEach(filters) { filter in
                        ChipView(title: filter.name)
                            .onRemove { filters.removeAll { $0.id == filter.id } }
                    }
                }
            }
            """, path: "App/Presentation/Views/ChipView.swift",
            note: "A modifier-style method sets the callback after construction."),

        RuleExample("""
            struct BannerView: View {
                let message: String
                var onTap: () -> Void = {}

                var body: some View {
                    Button(message) { onTap() }
                }
            }

            enum Banners {
                static func offline(retry: @escaping () -> Void) -> BannerView {
                    var banner = BannerView(message: "You are offline")
                    banner.onTap = retry
                    return banner
                }
            }
            """, path: "App/Presentation/Views/BannerView.swift", note: "The callback is assigned right after construction."),

        RuleExample("""
            struct StepperRow: View {
                let title: String
                let onStep: () -> Void = {}

                var body: some View {
                    Button(title) { onStep() }
                }
            }

            struct RecipeView: View {
                var body: some View {
                    StepperRow(title: "Servings")
                }
            }
            """, path: "App/Presentation/Views/StepperRow.swift",
            note: "A `let` with a default is not an initializer parameter: no construction site could pass it."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Views/HintBanner.swift", """
                struct HintBanner: View {
                    var text = "Swipe left to archive"
                    private var onDismiss: () -> Void = {}

                    var body: some View {
                        Button(text) { onDismiss() }
                    }
                }
                """),
            ExampleFile("App/Presentation/Views/InboxView.swift", """
                struct InboxView: View {
                    var body: some View {
                        VStack {
                            HintBanner()
                        }
                    }
                }
                """),
        ], note: "A `private` callback cannot be passed from outside its file: no call site is to blame."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Checkout/CheckoutView.swift", """
                struct CheckoutView: View {
                    @Environment(\\.onFinishCheckout) var onFinishCheckout: (() -> Void)?
                    @State var onRetry: (() -> Void)? = nil

                    var body: some View {
                        Button("Done") { onFinishCheckout?() }
                    }
                }

                struct CartView: View {
                    var body: some View {
                        CheckoutView()
                    }
                }
                """),
        ], note: "A property wrapper's value comes from the wrapper (here the environment), not from a construction site."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Settings/SettingsView.swift", """
                struct SettingsView: View {
                    var body: some View {
                        List {
                            Row(title: "Notifications") { print("notifications") }
                        }
                    }
                }

                private struct Row: View {
                    let title: String
                    var onTap: () -> Void = {}

                    var body: some View { Button(title, action: onTap) }
                }
                """),
            ExampleFile("App/Presentation/Profile/ProfileView.swift", """
                import DesignSystem

                struct ProfileView: View {
                    var body: some View {
                        Row(title: "Signed in")
                    }
                }
                """),
        ], note: "A `private` view is not the `Row` another file constructs (that one comes from another module)."),
        RuleExample("""
            struct TagView: View {
                let label: String
                var onDismiss: () -> Void = {}

                var body: some View {
                    HStack {
                        Text(label)
                        Button("Dismiss", systemImage: "xmark.circle") { onDismiss() }
                    }
                }

                func onDismiss(perform action: @escaping () -> Void) -> TagView {
                    TagView(label: label, onDismiss: action)
                }
            }

            struct TagCloud: View {
                @Binding var tags: [String]

                var body: some View {
                    ForEach(tags, id: \\.self) { tag in
                        TagView(label: tag)
                            .onDismiss { tags.removeAll { $0 == tag } }
                    }
                }
            }
            """, path: "App/Presentation/Views/TagCloud.swift",
            note: "A method named after the callback returns a copy that has it: the call site wires it after construction."),
        RuleExample("""
            struct DocumentRow: View {
                let name: String
                #if os(iOS)
                var onPrint: () -> Void = {}
                #endif

                var body: some View { Text(name) }
            }

            struct DocumentList: View {
                let printer: DocumentPrinter

                var body: some View {
                    #if os(iOS)
                    DocumentRow(name: "Invoice.pdf", onPrint: { printer.print() })
                    #else
                    DocumentRow(name: "Invoice.pdf")
                    #endif
                }
            }
            """, path: "App/Presentation/Views/DocumentList.swift",
            note: "A callback of one `#if` branch does not exist in the other, where the call cannot pass it."),
        RuleExample("""
            struct Badge: View {
                let text: String
                var onTap: () -> Void = {}

                var body: some View { Button(text) { onTap() } }
            }

            struct AccountFooter: View {
                var body: some View { versionBadge() }

                func versionBadge() -> some View {
                    struct Badge: View {
                        let text: String
                        var body: some View { Text(text).font(.footnote) }
                    }
                    return Badge(text: "Version 2.4")
                }
            }
            """, path: "App/Presentation/Views/AccountFooter.swift",
            note: "A type declared inside the function shadows the project's view of the same name."),
        RuleExample("""
            struct ShippingRow: View {
                let carrier: String
                #if os(iOS)
                var onTrack: () -> Void = {}
                #endif

                var body: some View { Text(carrier) }
            }

            struct ShippingList: View {
                let tracker: ParcelTracker

                var body: some View {
                    #if os(iOS)
                    ShippingRow(carrier: "DHL", onTrack: { tracker.open() })
                    #elseif os(macOS)
                    ShippingRow(carrier: "DHL")
                    #else
                    ShippingRow(carrier: "DHL")
                    #endif
                }
            }
            """, path: "App/Presentation/Views/ShippingList.swift",
            note: "An `#elseif` or `#else` after the callback's `#if` condition is a branch where the callback does not exist."),
        RuleExample("""
            struct PhotoCell: View {
                let name: String
                #if os(iOS)
                var onShare: () -> Void = {}
                #endif

                var body: some View { Text(name) }
            }

            struct MacGallery: View {
                var body: some View {
                    #if !os(iOS)
                    PhotoCell(name: "Dunes")
                    #endif
                }
            }
            """, path: "App/Presentation/Views/MacGallery.swift",
            note: "Under `#if !os(iOS)` an `os(iOS)` callback does not exist, so it cannot be passed."),
        RuleExample("""
            struct ProfileView: View {
                var onLogout: () -> Void = {}

                var body: some View { Button("Log out") { onLogout() } }
            }

            final class ProfileCoordinator {
                private lazy var host = UIHostingController(rootView: ProfileView())

                func start() {
                    host.rootView.onLogout = { [weak self] in self?.logout() }
                }

                func logout() {}
            }
            """, path: "App/Presentation/Profile/ProfileCoordinator.swift",
            note: "A view made in a property's initial value is wired by the type's methods."),
        RuleExample(files: [
            ExampleFile("App/Presentation/Picker/PickerModel.swift", """
                private struct Item {
                    let title: String
                    var onSelect: () -> Void = {}
                }

                final class PickerModel {
                    func placeholder() -> Any { Item(title: "None") }
                }
                """),
            ExampleFile("App/Presentation/Picker/PickerScreen.swift", """
                private struct Item: View {
                    let title: String
                    var onSelect: () -> Void = {}

                    var body: some View { Button(title) { onSelect() } }
                }

                struct PickerScreen: View {
                    var body: some View { Item(title: "All", onSelect: { print("all") }) }
                }
                """),
        ], note: "A private struct is no view because another file's private type of its name is one."),
    ]
}
