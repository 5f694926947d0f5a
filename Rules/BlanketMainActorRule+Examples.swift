import ArchLintKit

// The examples of `blanket-main-actor`: arcana (the default profile: Domain only, types
// only) and arc-labs (every layer, and no `@MainActor` at all in Domain and Data).
extension BlanketMainActorRule {
    // MARK: - Paths

    static let arcLabsPresentation = "Sources/App/Presentation/Orders/OrderListViewModel.swift"
    static let arcLabsDomain = "Sources/App/Domain/UseCases/GetOrdersUseCase.swift"
    static let arcLabsData = "Sources/App/Data/Repositories/RemoteOrderRepository.swift"

    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            import Foundation

            ↓@MainActor
            final class FetchOrdersUseCase {
                private let repository: OrderRepository

                init(repository: OrderRepository) {
                    self.repository = repository
                }

                func execute() async throws -> [Order] {
                    try await repository.orders()
                }
            }
            """, note: "A use case in Domain isolated to the main actor as a whole."),
        RuleExample("""
            ↓@MainActor
            struct Cart {
                var items: [CartItem] = []

                var total: Decimal {
                    items.reduce(0) { $0 + $1.price * Decimal($1.quantity) }
                }
            }
            """, path: "Sources/App/Domain/Entities/Cart.swift", note: "An entity (struct) in Domain."),
        RuleExample("""
            ↓@MainActor
            protocol OrderRepository: Sendable {
                func orders() async throws -> [Order]
                func place(_ order: Order) async throws
            }
            """, path: "Sources/App/Domain/Repositories/OrderRepository.swift", note: "A repository protocol in Domain: every conformer would be forced onto the main actor."),
        RuleExample("""
            /// Formats prices for receipts and order summaries.
            ↓@MainActor enum PriceFormatter {
                static func format(_ amount: Decimal, currencyCode: String) -> String {
                    amount.formatted(.currency(code: currencyCode))
                }
            }
            """, note: "A caseless enum used as a namespace."),
        RuleExample("""
            struct Order: Identifiable, Sendable {
                let id: UUID
                let lines: [OrderLine]
            }

            ↓@MainActor
            extension Order {
                var isEmpty: Bool { lines.isEmpty }
            }
            """, path: "Sources/App/Domain/Entities/Order.swift", note: "An extension of a Domain entity."),
        RuleExample("""
            ↓@_Concurrency.MainActor
            final class ValidateCouponUseCase {
                func execute(_ code: String) -> Bool {
                    code.count == 8 && code.allSatisfy(\\.isLetter)
                }
            }
            """, note: "The attribute spelled with its module."),
        RuleExample("""
            #if DEBUG
            ↓@MainActor
            final class PreviewOrderRepository: OrderRepository {
                func orders() async throws -> [Order] { [] }
                func place(_ order: Order) async throws {}
            }
            #endif
            """, path: "Sources/App/Domain/Mocks/PreviewOrderRepository.swift", note: "A debug-only mock is compiled in debug builds, so it counts."),
        RuleExample("""
            struct Checkout {
                ↓@MainActor
                final class Session {
                    var step = 0
                }

                let session: Session
            }
            """, note: "A nested type is a type too."),
        RuleExample("""
            ↓@MainActor(unsafe)
            protocol CartObserver: AnyObject {
                func cartDidChange(_ cart: Cart)
            }
            """, note: "The legacy `@MainActor(unsafe)` form."),
        RuleExample("""
            /// What the profile screen shows about a user; a plain model, not a SwiftUI view.
            ↓@MainActor
            final class ProfileSummaryView {
                let displayName: String

                init(displayName: String) {
                    self.displayName = displayName
                }
            }
            """, note: "A name ending in `View` is not a UI type: only conformance or inheritance is."),
        RuleExample("""
            import Observation

            ↓@MainActor @Observable
            final class OrderHistoryViewModel {
                private(set) var orders: [Order] = []
                private let getOrders: GetOrdersUseCaseProtocol

                init(getOrders: GetOrdersUseCaseProtocol) {
                    self.getOrders = getOrders
                }

                func loadHistory() async {
                    orders = (try? await getOrders.execute()) ?? []
                }
            }
            """, path: arcLabsPresentation, profile: "arc-labs", note: "arc-labs: a blanket `@MainActor` on a ViewModel."),
        RuleExample("""
            import Combine

            final class CheckoutViewModel: ObservableObject {
                @Published var total: Decimal = 0
            }

            ↓@MainActor
            extension CheckoutViewModel {
                func applyDiscount(percent: Decimal) {
                    total -= total * percent / 100
                }
            }
            """, path: "Sources/App/Presentation/Checkout/CheckoutViewModel.swift", profile: "arc-labs",
            note: "arc-labs: `ObservableObject` is not a UI type, so a `@MainActor` extension of a ViewModel is blanket isolation."),
        RuleExample("""
            ↓@MainActor
            final class RemoteOrderRepository: OrderRepository {
                private let client: HTTPClient

                init(client: HTTPClient) {
                    self.client = client
                }

                func orders() async throws -> [Order] {
                    try await client.get("/orders")
                }
            }
            """, path: arcLabsData, profile: "arc-labs", note: "arc-labs: a repository implementation in Data."),
        RuleExample("""
            final class GetOrdersUseCase: GetOrdersUseCaseProtocol {
                private let repository: OrderRepository

                init(repository: OrderRepository) {
                    self.repository = repository
                }

                ↓@MainActor
                func execute() async throws -> [Order] {
                    try await repository.orders()
                }
            }
            """, path: arcLabsDomain, profile: "arc-labs", note: "arc-labs: `@MainActor` on one method of a use case."),
        RuleExample("""
            final class OrderCache {
                ↓@MainActor private var entries: [UUID: Order] = [:]

                ↓@MainActor init() {}

                ↓@MainActor subscript(id: UUID) -> Order? {
                    entries[id]
                }
            }
            """, path: "Sources/App/Data/Cache/OrderCache.swift", profile: "arc-labs", note: "arc-labs: properties, initializers and subscripts in Data."),
        RuleExample("""
            protocol OrderRepository: Sendable {
                ↓@MainActor func orders() async throws -> [Order]
                func place(_ order: Order) async throws
            }
            """, path: "Sources/App/Domain/Repositories/OrderRepository.swift", profile: "arc-labs", note: "arc-labs: a protocol requirement in Domain."),
        RuleExample("""
            actor ImageStore {
                private var images: [URL: Data] = [:]

                ↓@MainActor
                func placeholder() -> Data {
                    Data()
                }
            }
            """, path: "Sources/App/Data/Images/ImageStore.swift", profile: "arc-labs", note: "arc-labs: a main-actor method on an actor in Data."),
        RuleExample("""
            ↓@MainActor
            final class KeychainTokenStore: TokenStore {
                ↓@MainActor
                func token() -> String? {
                    nil
                }
            }
            """, path: "Sources/App/Data/Auth/KeychainTokenStore.swift", profile: "arc-labs", note: "arc-labs: the type and its member are two findings."),
        RuleExample("""
            ↓@MainActor
            func greeting(for user: User) -> String {
                "Hello, " + user.displayName
            }
            """, path: "Sources/App/Domain/Entities/User+Greeting.swift", profile: "arc-labs", note: "arc-labs: a global function in Domain."),
        RuleExample("""
            import CoreLocation

            ↓@MainActor
            final class LocationDataSource: NSObject, CLLocationManagerDelegate {
                private let manager = CLLocationManager()

                func start() {
                    manager.delegate = self
                    manager.startUpdatingLocation()
                }
            }
            """, path: "Sources/App/Data/Location/LocationDataSource.swift", profile: "arc-labs", note: "arc-labs: `NSObject` and delegate protocols are not UI types."),
        RuleExample("""
            ↓@MainActor
            final class SwiftDataOrderRepository: OrderRepository {
                func orders() async throws -> [Order] { [] }
            }
            """, path: "Sources/App/Data/Repositories/SwiftDataOrderRepository.swift", options: ["layers": .strings(["Domain", "Data"])],
            note: "arcana with `layers` widened to Data."),
        RuleExample("""
            final class PlaceOrderUseCase {
                ↓@MainActor
                func execute(_ order: Order) async throws {}
            }
            """, options: ["noMainActorAtAll": .strings(["Domain"])], note: "arcana with `noMainActorAtAll` set for Domain."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/OrderRepository.swift", """
                protocol OrderRepository: Sendable {
                    func orders() async throws -> [Order]
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/RemoteOrderRepository.swift", """
                @MainActor // expect: blanket-main-actor
                final class RemoteOrderRepository: OrderRepository {
                    func orders() async throws -> [Order] { [] }
                }
                """),
            ExampleFile("Sources/App/Presentation/Orders/OrderListView.swift", """
                import SwiftUI

                @MainActor
                struct OrderListView: View {
                    var body: some View { Text("Orders") }
                }
                """),
        ], profile: "arc-labs", note: "arc-labs: across files, only the repository implementation is reported."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Arcana",
                targets: [
                    .target(
                        name: "ArcanaDomain",
                        swiftSettings: [.↓defaultIsolation(MainActor.self)]
                    ),
                ]
            )
            """, path: "Package.swift", note: "A Domain module (known by its module name) isolated to the main actor by default."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "ShopData", path: "Sources/Shop/Data", swiftSettings: [
                        .enableUpcomingFeature("InferIsolatedConformances"),
                        .↓defaultIsolation(MainActor.self),
                    ]),
                ]
            )
            """, path: "Package.swift", profile: "arc-labs", note: "arc-labs: a Data module, known by the layer globs on its `path:`."),
        RuleExample(files: [
            ExampleFile("Package.swift", """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "OrdersKit",
                    products: [.library(name: "OrdersKit", targets: ["OrdersKit"])],
                    targets: [
                        .target(
                            name: "OrdersKit",
                            swiftSettings: [
                                .defaultIsolation(MainActor.self), // expect: blanket-main-actor
                            ]
                        ),
                        .testTarget(name: "OrdersKitTests", dependencies: ["OrdersKit"]),
                    ]
                )
                """),
            ExampleFile("Sources/OrdersKit/Domain/Order.swift", """
                struct Order: Sendable {
                    let id: UUID
                }
                """),
            ExampleFile("Sources/OrdersKit/Domain/FetchOrdersUseCase.swift", """
                final class FetchOrdersUseCase {
                    func execute() async throws -> [Order] { [] }
                }
                """),
        ], note: "A target in the default `Sources/<name>` folder whose files are Domain."),
        RuleExample(files: [
            ExampleFile("Package.swift", """
                // swift-tools-version: 6.2
                import PackageDescription

                let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)] // expect: blanket-main-actor

                let package = Package(
                    name: "Shop",
                    targets: [
                        .target(name: "ShopPresentation", dependencies: ["ShopDomain"], path: "Sources/Presentation", swiftSettings: mainActorByDefault),
                        .target(name: "ShopData", dependencies: ["ShopDomain"], path: "Sources/Data", swiftSettings: mainActorByDefault),
                        .target(name: "ShopDomain", path: "Sources/Domain"),
                    ]
                )
                """),
            ExampleFile("Sources/Presentation/OrderListView.swift", """
                import SwiftUI

                struct OrderListView: View {
                    var body: some View { Text("Orders") }
                }
                """),
            ExampleFile("Sources/Data/RemoteOrderRepository.swift", """
                final class RemoteOrderRepository: OrderRepository {
                    func orders() async throws -> [Order] { [] }
                }
                """),
            ExampleFile("Sources/Domain/Order.swift", """
                struct Order: Sendable {
                    let id: UUID
                }
                """),
        ], profile: "arc-labs", note: "arc-labs: shared settings reach a Data target; the Presentation target may keep them."),
        RuleExample("""
            #if canImport(UIKit)
            ↓@MainActor
            #endif
            final class ResizeThumbnailUseCase {
                func execute(_ data: Data) async -> Data { data }
            }
            """, path: "Sources/Domain/UseCases/ResizeThumbnailUseCase.swift", note: "An attribute inside `#if` still applies where the condition holds."),
        RuleExample("""
            import SwiftUI
            import UIKit

            ↓@MainActor
            final class LoginViewController: UIViewController {}

            @MainActor
            struct LoginScreen: View {
                var body: some View { Text("Sign in") }
            }
            """, path: arcLabsPresentation, profile: "arc-labs", options: ["uiTypes": .strings(["View"])],
            note: "A `uiTypes` list without UIKit's types narrows the exemption to SwiftUI views."),
        // A Domain protocol named like a framework's UI type is the project's own: conforming
        // to it makes no view.
        RuleExample(files: [
            ExampleFile("App/Domain/Dashboard/Widget.swift", """
                /// A tile on the user's dashboard.
                protocol Widget: Identifiable, Sendable {
                    var id: UUID { get }
                    var title: String { get }
                }
                """),
            ExampleFile("App/Domain/Dashboard/WeatherWidget.swift", """
                @MainActor // expect: blanket-main-actor
                final class WeatherWidget: Widget {
                    let id = UUID()
                    let title = "Weather"
                }
                """),
        ]),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            final class SyncOrdersUseCase {
                private let repository: OrderRepository

                init(repository: OrderRepository) {
                    self.repository = repository
                }

                @MainActor
                func execute(progress: ProgressReporter) async throws {
                    progress.start()
                    try await repository.sync()
                    progress.finish()
                }
            }
            """, note: "arcana: `@MainActor` on a method only is not reported."),
        RuleExample("""
            import Observation

            @MainActor @Observable
            final class OrderListViewModel {
                private(set) var orders: [Order] = []
            }
            """, path: "Sources/App/Presentation/Orders/OrderListViewModel.swift", note: "arcana: ViewModels are main-actor-isolated on purpose."),
        RuleExample("""
            import SwiftData

            @MainActor
            final class SwiftDataOrderRepository: OrderRepository {
                private let context: ModelContext

                init(context: ModelContext) {
                    self.context = context
                }
            }
            """, path: "Sources/App/Data/Repositories/SwiftDataOrderRepository.swift", note: "arcana: SwiftData repositories are main-actor-isolated on purpose."),
        RuleExample("""
            import Observation

            @Observable
            final class OrderHistoryViewModel {
                private(set) var orders: [Order] = []
                private let getOrders: GetOrdersUseCaseProtocol

                init(getOrders: GetOrdersUseCaseProtocol) {
                    self.getOrders = getOrders
                }

                @MainActor
                func loadHistory() async {
                    orders = (try? await getOrders.execute()) ?? []
                }
            }
            """, path: arcLabsPresentation, profile: "arc-labs", note: "arc-labs: only the method that updates UI state is isolated."),
        RuleExample("""
            import SwiftUI

            @MainActor
            struct OrderListView: View {
                let orders: [Order]

                var body: some View {
                    List(orders) { Text($0.title) }
                }
            }
            """, path: "Sources/App/Presentation/Orders/OrderListView.swift", profile: "arc-labs", note: "arc-labs: a SwiftUI view."),
        RuleExample(files: [
            ExampleFile("Sources/App/Presentation/Receipt/ReceiptScreen.swift", """
                @MainActor
                struct ReceiptScreen {
                    let receipt: Receipt
                }
                """),
            ExampleFile("Sources/App/Presentation/Receipt/ReceiptScreen+View.swift", """
                import SwiftUI

                extension ReceiptScreen: View {
                    var body: some View { Text(receipt.total.formatted()) }
                }
                """),
        ], profile: "arc-labs", note: "arc-labs: the `View` conformance is declared in an extension in another file."),
        RuleExample(files: [
            ExampleFile("Sources/App/Presentation/Orders/OrderRowView.swift", """
                import SwiftUI

                struct OrderRowView: View {
                    let order: Order
                    var body: some View { Text(order.title) }
                }
                """),
            ExampleFile("Sources/App/Presentation/Orders/OrderRowView+Actions.swift", """
                @MainActor
                extension OrderRowView {
                    func share() {}
                }
                """),
        ], profile: "arc-labs", note: "arc-labs: a `@MainActor extension` of a view."),
        RuleExample("""
            import UIKit

            @MainActor
            class BaseViewController: UIViewController {}

            @MainActor
            final class LoginViewController: BaseViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                }
            }
            """, path: "Sources/App/Presentation/Login/LoginViewController.swift", profile: "arc-labs", note: "arc-labs: view controllers, also through a superclass of the project."),
        RuleExample("""
            import UIKit

            @MainActor
            final class OrderCell: UICollectionViewCell {}

            @MainActor
            final class OrdersTableController: UITableViewController {}

            @MainActor
            extension UINavigationController {
                func popToRoot() { popToRootViewController(animated: true) }
            }
            """, path: "Sources/App/Presentation/Orders/OrderCells.swift", profile: "arc-labs", note: "arc-labs: UIKit classes declared outside the project count as UI types."),
        RuleExample("""
            final class ObserveCartUseCase {
                private var observers: [@MainActor (Cart) -> Void] = []
                let onFinish: @MainActor @Sendable () -> Void

                init(onFinish: @escaping @MainActor @Sendable () -> Void) {
                    self.onFinish = onFinish
                }

                func observe(_ observer: @escaping @MainActor (Cart) -> Void) {
                    observers.append(observer)
                }

                func finish() {
                    Task { @MainActor in
                        onFinish()
                    }
                }
            }
            """, path: arcLabsDomain, profile: "arc-labs", note: "arc-labs: closure and function types and `Task { @MainActor in … }` are not declarations."),
        RuleExample("""
            @MainActor
            final class AppDependencies {
                @MainActor
                func makeOrderListView() -> OrderListView {
                    OrderListView(viewModel: OrderListViewModel(getOrders: GetOrdersUseCase(repository: RemoteOrderRepository())))
                }
            }
            """, path: "Sources/App/AppDependencies.swift", profile: "arc-labs", note: "arc-labs: the composition root is exempt."),
        RuleExample("""
            @MainActor
            final class AppContainer {
                lazy var orderRepository: OrderRepository = SwiftDataOrderRepository()
            }
            """, path: "Sources/App/DI/AppContainer.swift", note: "arcana: the composition root (`DI/`) is exempt."),
        RuleExample("""
            @MainActor
            final class ToastCenter {
                @MainActor
                func show(_ message: String) {}
            }
            """, path: "Sources/App/Support/ToastCenter.swift", profile: "arc-labs", note: "arc-labs: a file in no layer."),
        RuleExample("""
            #if false
            @MainActor
            final class LegacyOrderRepository: OrderRepository {}
            #endif
            """, note: "Code under `#if false` is never compiled."),
        RuleExample("""
            @globalActor
            actor DatabaseActor {
                static let shared = DatabaseActor()
            }

            @DatabaseActor
            final class OrderLedger {
                nonisolated func summary() -> String { "" }
            }

            actor OrderQueue {
                private var pending: [Order] = []
            }
            """, path: "Sources/App/Domain/Services/OrderLedger.swift", profile: "arc-labs", note: "arc-labs: other global actors, `nonisolated` and actors are the alternatives."),
        RuleExample("""
            import SwiftUI

            @MainActor
            struct Storefront: App {
                var body: some Scene {
                    WindowGroup { OrderListView() }
                }
            }

            @MainActor
            struct OrderListView_Previews: PreviewProvider {
                static var previews: some View { OrderListView() }
            }
            """, path: "Sources/App/Presentation/Storefront.swift", profile: "arc-labs", note: "arc-labs: `App` and `PreviewProvider` conformers."),
        RuleExample("""
            import SwiftUI

            @MainActor
            protocol OrderScreen: View {
                var order: Order { get }
            }

            @MainActor
            struct OrderDetailScreen: OrderScreen {
                let order: Order
                var body: some View { Text(order.title) }
            }

            @MainActor
            extension SwiftUI.View {
                func cardStyle() -> some View { padding().background(.thinMaterial) }
            }
            """, path: "Sources/App/Presentation/Orders/OrderScreen.swift", profile: "arc-labs", note: "arc-labs: a protocol refining `View`, its conformers, and an extension of `SwiftUI.View`."),
        RuleExample("""
            final class GetOrdersUseCase {
                func execute() async throws -> [Order] {
                    @MainActor func report(_ count: Int) {}
                    // @MainActor is not wanted here
                    let note = "@MainActor final class Example {}"
                    _ = note
                    return []
                }
            }
            """, path: arcLabsDomain, profile: "arc-labs", note: "arc-labs: local functions, comments and strings."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "ShopPresentation", path: "Sources/Shop/Presentation", swiftSettings: [.defaultIsolation(MainActor.self)]),
                ]
            )
            """, path: "Package.swift", profile: "arc-labs", note: "A UI module may be main-actor-isolated by default."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Arcana",
                targets: [
                    .target(name: "ArcanaDomain", swiftSettings: [.defaultIsolation(nil)]),
                    .testTarget(name: "ArcanaDomainTests", dependencies: ["ArcanaDomain"], swiftSettings: [.defaultIsolation(MainActor.self)]),
                ]
            )
            """, path: "Package.swift", note: "Nonisolated default isolation, and test targets."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let domainModule = "ArcanaDomain"

            let package = Package(
                name: "Arcana",
                targets: [
                    .target(name: domainModule, swiftSettings: [.defaultIsolation(MainActor.self)]),
                ]
            )
            """, path: "Package.swift", note: "A computed target name: the rule cannot know its sources."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Arcana",
                targets: [
                    .target(name: "ArcanaData", swiftSettings: [.defaultIsolation(MainActor.self)]),
                ]
            )
            """, path: "Package.swift", note: "arcana: only Domain is checked, so a Data module is not reported."),
        RuleExample(files: [
            ExampleFile("Package.swift", """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Shop",
                    targets: [
                        .executableTarget(name: "Shop", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    ]
                )
                """),
            ExampleFile("Sources/Shop/Presentation/OrderListView.swift", """
                import SwiftUI

                struct OrderListView: View {
                    var body: some View { Text("Orders") }
                }
                """),
            ExampleFile("Sources/Shop/Domain/Order.swift", """
                struct Order: Sendable {
                    let id: UUID
                }
                """),
        ], profile: "arc-labs", note: "arc-labs: an app target holding UI and Domain code together: the default isolation is a choice for its UI."),
        RuleExample(files: [
            ExampleFile("Package.swift", """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Pantry",
                    targets: [
                        .executableTarget(name: "Pantry", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    ]
                )
                """),
            ExampleFile("Sources/Pantry/Main.swift", """
                import SwiftUI

                @main
                struct PantryMain: App {
                    var body: some Scene { WindowGroup { Text("Pantry") } }
                }
                """),
            ExampleFile("Sources/Pantry/Domain/Item.swift", """
                struct Item: Sendable {
                    let name: String
                }
                """),
        ], note: "An app target whose other files are in no layer (its `App`) is not a Domain target."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            // Do not add .defaultIsolation(MainActor.self) to ArcanaDomain.
            let package = Package(
                name: "Arcana",
                targets: [
                    .target(name: "ArcanaDomain", swiftSettings: [.define("DOMAIN")]),
                ]
            )
            let reminder = ".defaultIsolation(MainActor.self)"
            """, path: "Package.swift", note: "The setting in a comment or a string."),
        RuleExample("""
            #if false
            @MainActor
            #else
            @preconcurrency
            #endif
            final class ExportNotesUseCase {
                func execute() async throws {}
            }
            """, path: "Sources/Domain/UseCases/ExportNotesUseCase.swift", note: "An attribute under `#if false` is never compiled."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            #if false
            // Tried main-actor isolation by default: it made every use case main-actor-isolated.
            let dataSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
            #else
            let dataSettings: [SwiftSetting] = [.defaultIsolation(nil)]
            #endif

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "ShopData", path: "Sources/Shop/Data", swiftSettings: dataSettings),
                ]
            )
            """, path: "Package.swift", profile: "arc-labs", note: "A setting under `#if false` is never compiled."),
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let settingsByModule: [String: [SwiftSetting]] = [
                "ShopUI": [.defaultIsolation(MainActor.self)],
                "ShopData": [.defaultIsolation(nil)],
            ]

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "ShopData", path: "Sources/Shop/Data", swiftSettings: settingsByModule["ShopData"]),
                    .target(name: "ShopUI", path: "Sources/Shop/Presentation", swiftSettings: settingsByModule["ShopUI"]),
                ]
            )
            """, path: "Package.swift", profile: "arc-labs", note: "Settings picked from a dictionary by target are not followed."),
        RuleExample(files: [
            ExampleFile("DesignSystem/Sources/DesignSystem/BaseScreen.swift", """
                import UIKit

                open class BaseScreen: UIViewController {}
                """),
            ExampleFile("Sources/Presentation/Orders/OrdersScreen.swift", """
                import DesignSystem

                @MainActor
                final class OrdersScreen: DesignSystem.BaseScreen {}
                """),
        ], profile: "arc-labs", note: "A project UI class named with its module."),
        RuleExample("""
            import AppKit
            import SwiftUI

            @MainActor
            final class PreferencesHostingController: NSHostingController<PreferencesView> {}

            @MainActor
            final class ProductTileItem: NSCollectionViewItem {}
            """, path: "Sources/Presentation/Preferences/PreferencesWindow.swift", profile: "arc-labs",
            note: "AppKit's view controllers whose names do not end in `ViewController`."),
        RuleExample("""
            import SwiftUI

            struct NotesView: View {
                var body: some View { Text("Notes") }
            }

            typealias NotesScreen = NotesView

            @MainActor
            extension NotesScreen {
                func refresh() {}
            }

            @MainActor
            struct CartScreen {
                let count: Int
            }

            typealias Cart = CartScreen

            extension Cart: View {
                var body: some View { Text("\\(count) items") }
            }
            """, path: "Sources/Presentation/Notes/NotesView.swift", profile: "arc-labs",
            note: "A view named through a typealias, or made a view through one, is still a view."),
        RuleExample("""
            import SwiftUI

            #if os(iOS)
            typealias PlatformRepresentable = UIViewRepresentable
            #else
            typealias PlatformRepresentable = NSViewRepresentable
            #endif

            @MainActor
            struct ReceiptWebView: PlatformRepresentable {
                let url: URL
            }
            """, path: arcLabsPresentation, profile: "arc-labs",
            note: "A typealias declared in both branches of an `#if`, one UI type per platform, is a UI type."),
    ]
}
