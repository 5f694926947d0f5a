import ArchLintKit

// MARK: - Examples

extension ProtocolImplParityRule {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            protocol OrderRepository: Sendable {
                func fetchOrders() async throws -> [Order]
                func cancelOrder(id: Order.ID) async throws
            }

            final class ↓OrderRepositoryImpl: OrderRepository {
                func fetchOrders() async throws -> [Order] {
                    try await apiClient.send(OrdersEndpoint.list).map(\\.domainModel)
                }
            }
            """, note: "A repository implementation that lacks one of the protocol's methods."),

        RuleExample("""
            protocol ↓PaymentService: Sendable {
                func charge(_ amount: Decimal, for order: Order.ID) async throws -> Receipt
            }
            """, note: "A service protocol that no type implements."),

        RuleExample("""
            protocol SessionRepository: class {
                func currentSession() -> Session?
                func signOut()
            }

            final class ↓KeychainSessionRepository: SessionRepository {
                func currentSession() -> Session? { keychain.session(for: account) }
            }
            """, note: "`: class` is the old spelling of `AnyObject`, not an unknown protocol that might provide `signOut()`."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/UserRepository.swift", """
                protocol UserRepository: Sendable {
                    func users(page: Int) async throws -> [User]
                    func deleteUser(id: User.ID) async throws
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/UserRepositoryImpl.swift", """
                final class UserRepositoryImpl: UserRepository { // expect: protocol-impl-parity
                    private let store: UserStore

                    init(store: UserStore) {
                        self.store = store
                    }

                    func users(page: Int) async throws -> [User] {
                        try await store.users(offset: page * 20, limit: 20)
                    }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/Mock/MockUserRepository.swift", """
                #if DEBUG
                final class MockUserRepository: UserRepository { // expect: protocol-impl-parity
                    func users(page: Int) async throws -> [User] {
                        try await Task.sleep(for: .milliseconds(300))
                        return User.samples
                    }
                }
                #endif
                """),
        ], note: "The Data implementation and the `#if DEBUG` mock both miss `deleteUser(id:)`: each is reported."),

        RuleExample("""
            protocol ShipmentRepository {
                func shipment(id: Shipment.ID) async throws -> Shipment
                func shipment(trackingNumber: String) async throws -> Shipment
            }

            struct ↓ShipmentRepositoryImpl: ShipmentRepository {
                let client: APIClient

                func shipment(id: Shipment.ID) async throws -> Shipment {
                    try await client.send(ShipmentEndpoint.byID(id))
                }
            }
            """, note: "Overloads count separately: `shipment(trackingNumber:)` has other argument labels."),

        RuleExample("""
            protocol SessionRepository {
                static func makeDefault() -> Self
                func currentSession() async -> Session?
            }

            struct ↓KeychainSessionRepository: SessionRepository {
                func makeDefault() -> KeychainSessionRepository { KeychainSessionRepository() }
                func currentSession() async -> Session? { Keychain.session }
            }
            """, note: "A static requirement is not met by an instance method of the same name."),

        RuleExample("""
            protocol CartRepository {
                var itemCount: Int { get }
                func items() async throws -> [CartItem]
            }

            final class ↓CartRepositoryImpl: CartRepository {
                private var cache: [CartItem] = []

                func itemCount() -> Int { cache.count }
                func items() async throws -> [CartItem] { cache }
            }
            """, note: "A property requirement is not met by a method."),

        RuleExample("""
            protocol ProfileRepository {
                init(client: APIClient)
                func profile() async throws -> Profile
            }

            final class ↓ProfileRepositoryImpl: ProfileRepository {
                private let session: URLSession

                init(session: URLSession) {
                    self.session = session
                }

                func profile() async throws -> Profile {
                    try await session.decoded(ProfileDTO.self, from: .profile).domainModel
                }
            }
            """, note: "An initializer requirement is matched by its labels."),

        RuleExample("""
            protocol CatalogRepository {
                subscript(sku sku: String) -> Product? { get }
                func refresh() async throws
            }

            final class ↓CatalogRepositoryImpl: CatalogRepository {
                private var products: [String: Product] = [:]

                subscript(sku: String) -> Product? { products[sku] }
                func refresh() async throws {}
            }
            """, note: "Subscripts take no argument label unless one is written: `subscript(sku:)` is not `subscript(_:)`."),

        RuleExample(files: [
            ExampleFile("Sources/App/Core/Sync/Syncable.swift", """
                protocol Syncable {
                    var lastSyncedAt: Date? { get }
                    func sync() async throws
                }
                """),
            ExampleFile("Sources/App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository: Syncable {
                    func notes() async throws -> [Note]
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/NoteRepositoryImpl.swift", """
                final class NoteRepositoryImpl: NoteRepository { // expect: protocol-impl-parity
                    func notes() async throws -> [Note] { try await database.fetch(NoteEntity.all).map(\\.domainModel) }
                    func sync() async throws { try await syncManager.push(NoteEntity.self) }
                }
                """),
        ], note: "Requirements of a refined protocol are part of the contract (`lastSyncedAt` from `Syncable`)."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/InvoiceRepository.swift", """
                protocol InvoiceRepository {
                    func invoices() async throws -> [Invoice]
                    func pay(invoice: Invoice.ID) async throws
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/InvoiceRepositoryImpl.swift", """
                final class InvoiceRepositoryImpl {
                    func invoices() async throws -> [Invoice] { try await api.invoices() }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/InvoiceRepositoryImpl+Conformance.swift", """
                extension InvoiceRepositoryImpl: InvoiceRepository {} // expect: protocol-impl-parity
                """),
        ], note: "A conformance declared in an extension is reported at that extension."),

        RuleExample("""
            protocol GetUsersUseCaseProtocol: Sendable {
                func execute(page: Int) async throws -> [User]
            }

            struct ↓GetUsersUseCase: GetUsersUseCaseProtocol {
                let repository: UserRepository

                func execute() async throws -> [User] {
                    try await repository.getUsers()
                }
            }
            """, profile: "arc-labs", note: "Use cases are services: `execute()` does not implement `execute(page:)`."),

        RuleExample("""
            protocol ↓PriceCalculating {
                func total(for cart: Cart) -> Decimal
            }
            """, path: "Sources/App/Domain/Services/PriceCalculating.swift",
            note: "Protocols under `Domain/Services/` are in scope whatever their name."),

        RuleExample("""
            import SyncKit

            protocol ↓SettingsRepository: PersistentStore {
                func settings() async -> AppSettings
            }
            """, note: "A protocol that refines an external protocol still needs an implementation."),

        RuleExample("""
            protocol OrderHistoryRepository {
                func pastOrders() async throws -> [Order]
            }

            protocol OrderRepository: OrderHistoryRepository {
                func place(_ order: Order) async throws
            }

            final class ↓OrderRepositoryImpl: OrderRepository, OrderHistoryRepository {
                func place(_ order: Order) async throws {
                    try await api.place(OrderDTO(order))
                }
            }
            """, note: "`pastOrders()` is missing once, although two in-scope protocols require it."),

        RuleExample("""
            protocol CheckoutService {
                func checkout(_ cart: Cart) async throws -> Order
            }

            protocol ShippingService {
                func quote(for address: Address) async throws -> Decimal
            }

            typealias StoreServices = CheckoutService & ShippingService

            final class ↓StoreCheckout: StoreServices {
                func checkout(_ cart: Cart) async throws -> Order {
                    try await orderRepository.place(cart)
                }
            }
            """, note: "Conformance through a typealias of a protocol composition."),

        RuleExample("""
            protocol FavoritesRepository {
                func favorites() async throws -> [Product]
                func isFavorite(_ id: Product.ID) async throws -> Bool
            }

            extension FavoritesRepository {
                func isFavorite(_ id: Product.ID) async throws -> Bool {
                    try await favorites().contains { $0.id == id }
                }
            }

            struct ↓FavoritesRepositoryImpl: FavoritesRepository {}
            """, note: "The default implementation covers `isFavorite(_:)`, not `favorites()`."),

        RuleExample(files: [
            ExampleFile("Sources/App/Data/Repositories/RemoteRepository.swift", """
                class RemoteRepository {
                    let client: APIClient

                    init(client: APIClient) {
                        self.client = client
                    }

                    func invalidateCache() {
                        client.cache.removeAll()
                    }
                }
                """),
            ExampleFile("Sources/App/Domain/Repositories/ArticleRepository.swift", """
                protocol ArticleRepository {
                    func articles() async throws -> [Article]
                    func article(id: Article.ID) async throws -> Article
                    func invalidateCache()
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/ArticleRepositoryImpl.swift", """
                final class ArticleRepositoryImpl: RemoteRepository, ArticleRepository { // expect: protocol-impl-parity
                    func articles() async throws -> [Article] {
                        try await client.send(ArticleEndpoint.list).map(\\.domainModel)
                    }
                }
                """),
        ], note: "The project superclass provides `invalidateCache()`; `article(id:)` is still missing."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/ReviewRepository.swift", """
                protocol ReviewRepository {
                    var pageSize: Int { get }
                    func reviews(for product: Product.ID) async throws -> [Review]
                    func submit(_ review: Review) async throws
                    func delete(review: Review.ID) async throws
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/ReviewRepositoryImpl.swift", """
                struct ReviewRepositoryImpl: ReviewRepository { // expect: protocol-impl-parity protocol-impl-parity
                    let pageSize = 20

                    func reviews(for product: Product.ID) async throws -> [Review] { try await api.reviews(product) }
                }
                """),
        ], note: "One finding per missing requirement (`submit(_:)`, `delete(review:)`); `pageSize` is met by a stored `let`."),

        RuleExample(files: [
            ExampleFile("ArcanaDomain/Repositories/WeatherRepository.swift", """
                public protocol WeatherRepository: Sendable {
                    func forecast(for city: City) async throws -> Forecast
                    func currentConditions(for city: City) async throws -> Conditions
                }
                """),
            ExampleFile("ArcanaData/Repositories/WeatherRepositoryImpl.swift", """
                import ArcanaDomain

                final class WeatherRepositoryImpl {
                    func forecast(for city: City) async throws -> Forecast { try await api.forecast(city.id) }
                }

                extension WeatherRepositoryImpl: ArcanaDomain.WeatherRepository {} // expect: protocol-impl-parity
                """),
        ], note: "A module-qualified conformance in a separate module folder."),

        RuleExample("""
            protocol ThemeRepository {
                static var fallback: Self { get }
                static func named(_ name: String) -> Self
            }

            enum ↓BundledTheme: ThemeRepository {
                case fallback
                case light, dark
            }
            """, note: "An enum case meets a static property requirement; nothing meets `named(_:)`."),

        RuleExample("""
            protocol CartRepository {
                var items: [CartItem] { get }
                var count: Int { get }
                func save() async throws
            }

            struct ↓InMemoryCartRepository: CartRepository, RandomAccessCollection {
                var items: [CartItem] = []
                var startIndex: Int { items.startIndex }
                var endIndex: Int { items.endIndex }
                subscript(position: Int) -> CartItem { items[position] }
            }
            """, note: "`RandomAccessCollection` gives `count`, but nothing gives `save()`."),

        RuleExample("""
            protocol NoteRepository {
                func notes() async throws -> [Note]
                func delete(id: Note.ID) async throws
            }

            class ↓BaseNoteRepository: NoteRepository {
                func notes() async throws -> [Note] { [] }
            }

            final class CachedNoteRepository: BaseNoteRepository {
                override func notes() async throws -> [Note] { try await super.notes() }
            }

            final class RemoteNoteRepository: BaseNoteRepository {}
            """, note: "The requirement is missing where the conformance is declared; the subclasses are not reported again."),

        RuleExample("""
            protocol CartRepository {
                var items: [CartItem] { get }
                func save() async throws
            }

            final class ↓InMemoryCartRepository: RandomAccessCollection, CartRepository {
                var items: [CartItem] = []
                var startIndex: Int { items.startIndex }
                var endIndex: Int { items.endIndex }
                subscript(position: Int) -> CartItem { items[position] }
            }
            """, note: "A standard-library protocol written first is not taken for an external superclass."),

        RuleExample("""
            protocol FeedRepository: Collection where Element == FeedItem {
                func refresh() async throws
            }

            struct ↓CachedFeedRepository: FeedRepository {
                var items: [FeedItem] = []
                var startIndex: Int { items.startIndex }
                var endIndex: Int { items.endIndex }
                subscript(position: Int) -> FeedItem { items[position] }
                func index(after i: Int) -> Int { items.index(after: i) }
            }
            """, note: "`Collection` gives its own members, not `refresh()`: refining it leaves the protocol checked."),
        RuleExample(files: [
            ExampleFile("Packages/ShopDomainKit/Sources/ShopDomainKit/Domain/Repositories/CartRepository.swift", """
                public protocol ↓CartRepository: Sendable {
                    func items() async throws -> [CartItem]
                }
                """),
            ExampleFile("ShopApp/Presentation/Cart/CartScreen.swift", """
                import ShopDomainKit

                struct CartScreen {
                    let repository: any CartRepository
                }
                """),
        ], note: "A package's public protocol, with the code that imports the package in the run: nothing implements it."),
        RuleExample(files: [
            ExampleFile("Sources/NotesKit/Domain/Repositories/NoteRepository.swift", """
                public protocol ↓NoteRepository: Sendable {
                    func notes() async throws -> [Note]
                }
                """),
            ExampleFile("Sources/NotesKit/Data/Remote/NotesAPI.swift", """
                struct NotesAPI {
                    let baseURL: URL
                }
                """),
        ], note: "One target with Domain and Data folders: its implementations would be in the target itself."),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/OrderRepository.swift", """
                protocol OrderRepository: Sendable {
                    func fetchOrders() async throws -> [Order]
                    func cancelOrder(id: Order.ID) async throws
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/OrderRepositoryImpl.swift", """
                final class OrderRepositoryImpl: OrderRepository {
                    func fetchOrders() async throws -> [Order] { try await store.orders() }
                    func cancelOrder(id: Order.ID) async throws { try await api.cancel(id) }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/Mock/MockOrderRepository.swift", """
                #if DEBUG
                final class MockOrderRepository: OrderRepository {
                    func fetchOrders() async throws -> [Order] { Order.samples }
                    func cancelOrder(id: Order.ID) async throws {
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                #endif
                """),
        ], note: "An implementation and a `#if DEBUG` mock that both provide every requirement."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/LibraryRepository.swift", """
                protocol LibraryRepository {
                    func books() async throws -> [Book]
                    func borrow(_ book: Book.ID) async throws
                    func returnBook(_ book: Book.ID) async throws
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/LibraryRepositoryImpl.swift", """
                final class LibraryRepositoryImpl: LibraryRepository {
                    func books() async throws -> [Book] { try await api.books() }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/LibraryRepositoryImpl+Loans.swift", """
                extension LibraryRepositoryImpl {
                    func borrow(_ book: Book.ID) async throws { try await api.borrow(book) }
                }

                private extension LibraryRepositoryImpl {
                    func returnBook(_ book: Book.ID) async throws { try await api.giveBack(book) }
                }
                """),
        ], note: "An implementation spread over extensions in other files."),

        RuleExample(files: [
            ExampleFile("Sources/App/Data/Repositories/CachedRepository.swift", """
                class CachedRepository {
                    static var cacheLimit: Int { 100 }
                    var lastRefresh: Date?

                    func clearCache() {
                        lastRefresh = nil
                    }
                }
                """),
            ExampleFile("Sources/App/Domain/Repositories/NewsRepository.swift", """
                protocol NewsRepository {
                    static var cacheLimit: Int { get }
                    var lastRefresh: Date? { get }
                    func headlines() async throws -> [Headline]
                    func clearCache()
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/NewsRepositoryImpl.swift", """
                final class NewsRepositoryImpl: CachedRepository, NewsRepository {
                    func headlines() async throws -> [Headline] { try await api.headlines() }
                }
                """),
        ], note: "Requirements met by a superclass declared in the project."),

        RuleExample("""
            protocol BasketService {
                func add(_ product: Product.ID, quantity: Int) async throws
            }

            final class DefaultBasketService {
                private let repository: BasketRepositoryProtocol

                init(repository: BasketRepositoryProtocol) {
                    self.repository = repository
                }
            }

            extension DefaultBasketService: BasketService {
                func add(_ product: Product.ID, quantity: Int) async throws {
                    guard quantity > 0 else { throw BasketError.invalidQuantity }
                    try await repository.add(product, quantity: quantity)
                }
            }

            protocol BasketRepositoryProtocol {
                func add(_ product: Product.ID, quantity: Int) async throws
            }

            struct BasketRepository: BasketRepositoryProtocol {
                func add(_ product: Product.ID, quantity: Int) async throws {}
            }
            """, note: "Conformance declared in an extension that provides the requirement."),

        RuleExample("""
            protocol Pageable {
                func page(_ number: Int) async throws -> [Item]
                func firstPage() async throws -> [Item]
            }

            extension Pageable {
                func firstPage() async throws -> [Item] {
                    try await page(1)
                }
            }

            protocol ItemRepository: Pageable {
                func item(id: Item.ID) async throws -> Item
            }

            final class ItemRepositoryImpl: ItemRepository {
                func page(_ number: Int) async throws -> [Item] { try await api.items(page: number) }
                func item(id: Item.ID) async throws -> Item { try await api.item(id) }
            }
            """, note: "A refined protocol's requirements, one of them a default implementation in the refined protocol's extension."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/SearchRepository.swift", """
                protocol SearchRepository {
                    func search(_ query: String, limit: Int) async throws -> [SearchResult]
                    func search(_ query: String) async throws -> [SearchResult]
                }
                """),
            ExampleFile("Sources/App/Domain/Repositories/SearchRepository+Defaults.swift", """
                extension SearchRepository {
                    func search(_ query: String) async throws -> [SearchResult] {
                        try await search(query, limit: 25)
                    }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/SearchRepositoryImpl.swift", """
                struct SearchRepositoryImpl: SearchRepository {
                    func search(_ query: String, limit: Int) async throws -> [SearchResult] {
                        try await api.search(query, limit: limit)
                    }
                }
                """),
        ], note: "A default implementation in an extension of the protocol, in another file."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/PhotoRepository.swift", """
                import PhotosKit

                protocol PhotoRepository: PhotoLibraryStore {
                    func albums() async throws -> [Album]
                    func photos(in album: Album.ID) async throws -> [Photo]
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/PhotoRepositoryImpl.swift", """
                final class PhotoRepositoryImpl: PhotoRepository {
                    func albums() async throws -> [Album] { try await library.albums() }
                }
                """),
        ], note: "The protocol refines an external protocol whose extensions may provide `photos(in:)`: conformers are not checked."),

        RuleExample("""
            protocol PreferencesRepository {
                static func standard() -> Self
                func value(for key: PreferenceKey) -> String?
                func value(for key: PreferenceKey, default fallback: String) -> String
            }

            final class UserDefaultsPreferencesRepository: PreferencesRepository {
                class func standard() -> Self { self.init() }

                required init() {}

                func value(for key: PreferenceKey) -> String? {
                    UserDefaults.standard.string(forKey: key.rawValue)
                }

                func value(for key: PreferenceKey, default fallback: String) -> String {
                    value(for: key) ?? fallback
                }
            }
            """, note: "A static requirement met by a `class func`, overloads met label by label."),

        RuleExample("""
            protocol DashboardRepository {
                var title: String { get }
                var refreshInterval: TimeInterval { get }
                var widgets: [Widget] { get }
                var isStale: Bool { get }
                var lastUpdated: Date? { get set }
            }

            final class DashboardRepositoryImpl: DashboardRepository {
                let title = "Dashboard"
                var refreshInterval: TimeInterval = 60, lastUpdated: Date?
                lazy var widgets: [Widget] = Widget.defaults
                var isStale: Bool {
                    guard let lastUpdated else { return true }
                    return Date().timeIntervalSince(lastUpdated) > refreshInterval
                }
            }
            """, note: "Property requirements met by a stored `let`, a two-name `var`, a `lazy var` and a computed property."),

        RuleExample("""
            protocol TokenRepository {
                init(keychain: KeychainStore)
                func accessToken() throws -> String?
            }

            final class KeychainTokenRepository: TokenRepository {
                private let keychain: KeychainStore

                required init(keychain: KeychainStore) {
                    self.keychain = keychain
                }

                func accessToken() throws -> String? { try keychain.string(for: "access-token") }
            }

            protocol LocaleService {
                init(identifier: String, fallback: String)
                func localized(_ key: String) -> String
            }

            struct BundleLocaleService: LocaleService {
                let identifier: String
                var fallback = "en"

                func localized(_ key: String) -> String { Bundle.main.localizedString(forKey: key, value: nil, table: nil) }
            }
            """, note: "Initializer requirements met by a `required init` and by a struct's memberwise initializer."),

        RuleExample("""
            protocol InventoryRepository {
                subscript(sku sku: String) -> Int { get }
                subscript(position: Int) -> InventoryItem { get }
                static subscript(warehouse: Warehouse.ID) -> Self { get }
            }

            struct InventoryRepositoryImpl: InventoryRepository {
                var stock: [String: Int]
                var items: [InventoryItem]

                subscript(sku sku: String) -> Int { stock[sku] ?? 0 }
                subscript(position: Int) -> InventoryItem { items[position] }
                static subscript(warehouse: Warehouse.ID) -> InventoryRepositoryImpl { InventoryRepositoryImpl(stock: [:], items: []) }
            }
            """, note: "Subscript requirements matched by labels, static apart from instance."),

        RuleExample("""
            protocol AnalyticsRepository {
                func track(_ event: AnalyticsEvent)
            }

            protocol OrderFormatting {
                func format(_ order: Order) -> String
            }
            """, path: "Sources/App/Data/Analytics/AnalyticsRepository.swift",
            note: "Protocols outside the Domain layer are out of scope."),

        RuleExample("""
            protocol OrderFormatting {
                func format(_ order: Order) -> String
            }

            protocol Validating {
                func validate() throws
            }
            """, path: "Sources/App/Domain/Models/OrderFormatting.swift",
            note: "Domain protocols without a repository or service suffix, outside `Repositories/` and `Services/`."),

        RuleExample("""
            protocol StarCountFormatting {
                func format(_ stars: Int) -> String
            }
            """, path: "Sources/Features/Repositories/Domain/Entities/StarCountFormatting.swift",
            note: "A `Repositories/` folder above Domain's folder is a feature's name (a code-hosting client's repository list), not Domain's repository folder."),

        RuleExample("""
            import Foundation

            @objc protocol DownloadService {
                func start(_ url: URL)
                @objc optional func pause(_ url: URL)
            }

            protocol CacheRepository {
                associatedtype Key: Hashable
                associatedtype Value
                typealias Entry = (key: Key, value: Value)

                func value(for key: Key) -> Value?
            }

            final class BackgroundDownloadService: DownloadService {
                func start(_ url: URL) { session.downloadTask(with: url).resume() }
            }

            struct MemoryCacheRepository: CacheRepository {
                var storage: [String: Data] = [:]

                func value(for key: String) -> Data? { storage[key] }
            }
            """, note: "`@objc optional` requirements, associated types and typealiases need no implementation."),

        RuleExample("""
            protocol ExportService {
                func export(_ report: Report) async throws -> URL
            }
            """, options: ["requireImplementation": .bool(false)],
            note: "With `requireImplementation: false` a protocol without conformers is not reported."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/LocationRepository.swift", """
                protocol LocationRepository {
                    func currentLocation() async throws -> Coordinate
                    func requestAuthorization()
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/LocationRepositoryImpl.swift", """
                import CoreLocation

                final class LocationRepositoryImpl: NSObject, LocationRepository, CLLocationManagerDelegate {
                    private let manager = CLLocationManager()

                    func currentLocation() async throws -> Coordinate {
                        try await withCheckedThrowingContinuation { continuation in pending = continuation }
                    }
                }
                """),
        ], note: "The superclass `NSObject` is external and may provide what the class does not declare."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/NoteRepository.swift", """
                protocol NoteRepository {
                    func notes() async throws -> [Note]
                    func clearCache()
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/NoteRepositoryImpl.swift", """
                import CacheKit

                final class NoteRepositoryImpl: NoteRepository, CacheClearing {
                    func notes() async throws -> [Note] { try await database.notes() }
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/GRDBNoteRepository.swift", """
                import GRDB

                struct GRDBNoteRepository: NoteRepository, TableRecord {
                    func notes() async throws -> [Note] { try await database.read(Note.fetchAll) }
                }
                """),
        ], note: "A protocol from another module (`CacheClearing`, `TableRecord`), in any place of the inheritance list, may give `clearCache()` in an extension archlint cannot see."),

        RuleExample("""
            protocol SortOrderRepository {
                static var newestFirst: Self { get }
                static func byPrice(ascending: Bool) -> Self
            }

            enum SortOrder: SortOrderRepository {
                case newestFirst
                case byPrice(ascending: Bool)
            }
            """, note: "Enum cases meet static property and static function requirements."),

        RuleExample("""
            @Mockable
            protocol ReminderRepository {
                func reminders() async throws -> [Reminder]
            }
            """, note: "A protocol with an attached macro may have a generated conformer."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Services/HTTPClientService.swift", """
                protocol HTTPClientService {
                    func data(for request: URLRequest) async throws -> (Data, URLResponse)
                    func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse)
                }
                """),
            ExampleFile("Sources/App/Data/Network/URLSession+HTTPClientService.swift", """
                import Foundation

                extension URLSession: HTTPClientService {}
                """),
        ], note: "An external type made to conform in the project is an implementation; its own members are unknown."),

        RuleExample("""
            protocol ReadingListRepository {
                func readingList() async throws -> [Book]
            }

            protocol SyncedReadingListRepository: ReadingListRepository {
                func sync() async throws
            }

            actor ReadingListStore: SyncedReadingListRepository {
                private var books: [Book] = []

                func readingList() async throws -> [Book] { books }
                func sync() async throws { books = try await api.readingList() }
            }
            """, note: "A protocol implemented through a protocol that refines it."),

        RuleExample("""
            #if false
            protocol LegacyCouponRepository {
                func coupons() async throws -> [Coupon]
            }
            #endif

            protocol CouponRepository {
                func coupons() async throws -> [Coupon]
            }

            struct CouponRepositoryImpl: CouponRepository {
                #if DEBUG
                func coupons() async throws -> [Coupon] { Coupon.samples }
                #else
                func coupons() async throws -> [Coupon] { try await api.coupons() }
                #endif
            }
            """, note: "Code under `#if false` is never compiled; every other `#if` branch counts."),

        RuleExample("""
            /* protocol WalletRepository { func balance() async throws -> Decimal } */
            let template = "protocol LoyaltyService { func points() -> Int }"

            protocol MembershipRepository {
                func membership() async throws -> Membership
            }

            struct MembershipRepositoryImpl: MembershipRepository {
                func membership() async throws -> Membership { try await api.membership() }
            }
            """, note: "Declarations in comments and strings are not protocols."),

        RuleExample("""
            protocol ContactRepository {
                func contacts() async throws -> [Contact]
                func save(_ contact: Contact) async throws
            }

            @ContactStoreBacked
            final class ContactRepositoryImpl: ContactRepository {
                func contacts() async throws -> [Contact] { try await store.contacts() }
            }
            """, note: "A type with an attached macro may get members archlint cannot see."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Services/ClockService.swift", """
                protocol ClockService {
                    func now() -> Date
                }
                """),
            ExampleFile("Sources/App/Infrastructure/DI/ServiceContainer.swift", """
                enum ServiceContainer {
                    static func makeClock() -> any ClockService {
                        struct SystemClock: ClockService {
                            func now() -> Date { Date() }
                        }
                        return SystemClock()
                    }
                }
                """),
        ], note: "A conforming type declared inside a function is an implementation too."),

        RuleExample("""
            enum Currency: String, Codable, CurrencyRepository {
                case euro = "EUR", dollar = "USD"
            }

            protocol CurrencyRepository {
                init?(rawValue: String)
                var rawValue: String { get }
            }
            """, note: "Members the compiler synthesises for an enum with raw values."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/BookmarkRepository.swift", """
                protocol BookmarkRepository {
                    func bookmarks() async throws -> [Bookmark]
                    func clearCache()
                }

                typealias BookmarkStore = BookmarkRepository

                extension BookmarkStore {
                    func clearCache() {}
                }
                """),
            ExampleFile("Sources/App/Data/Repositories/RemoteBookmarkRepository.swift", """
                final class RemoteBookmarkRepository: BookmarkRepository {
                    func bookmarks() async throws -> [Bookmark] { try await client.bookmarks() }
                }
                """),
        ], note: "A default implementation in an extension that names the protocol through a typealias."),

        RuleExample("""
            protocol CartRepository {
                var items: [CartItem] { get }
                var count: Int { get }
                var isEmpty: Bool { get }
                func contains(_ item: CartItem) -> Bool
            }

            struct InMemoryCartRepository: CartRepository, RandomAccessCollection {
                var items: [CartItem] = []
                var startIndex: Int { items.startIndex }
                var endIndex: Int { items.endIndex }
                subscript(position: Int) -> CartItem { items[position] }
            }
            """, note: "Requirements met by what the standard library's collection protocols give every conformer."),

        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Services/PriceAggregating.swift", """
                protocol PriceAggregating {
                    static var zero: Self { get }
                    static func + (lhs: Self, rhs: Self) -> Self
                }
                """),
            ExampleFile("Sources/App/Data/Pricing/Price.swift", """
                struct Price: PriceAggregating {
                    var cents: Int
                    static let zero = Price(cents: 0)
                }

                func + (lhs: Price, rhs: Price) -> Price {
                    Price(cents: lhs.cents + rhs.cents)
                }
                """),
        ], note: "A top-level operator function meets an operator requirement."),

        RuleExample(files: [
            ExampleFile("ArcanaDomain/Services/SettingsService.swift", """
                public protocol SettingsService: Sendable {
                    func load() async throws -> Settings
                }
                """),
            ExampleFile("ArcanaData/Network/SettingsService.swift", """
                import ArcanaDomain

                protocol SettingsService {
                    func fetch(endpoint: String) async throws -> Data
                }

                final class URLSessionSettingsService: SettingsService {
                    func fetch(endpoint: String) async throws -> Data {
                        try await session.data(from: baseURL.appending(path: endpoint)).0
                    }
                }
                """),
        ], note: "Two modules each declare `SettingsService`: which one a conformer means is unknown, so the rule stays silent about it."),

        RuleExample("""
            protocol PriceFeedRepository: AsyncSequence where Element == Price {
                func first(where predicate: (Price) async throws -> Bool) async rethrows -> Price?
            }

            struct LivePriceFeed: PriceFeedRepository {
                let stream: AsyncStream<Price>
                func makeAsyncIterator() -> AsyncStream<Price>.Iterator { stream.makeAsyncIterator() }
            }
            """, note: "`AsyncSequence` gives `first(where:)` to every conformer."),
        RuleExample(files: [
            ExampleFile("Packages/ShopDomainKit/Sources/ShopDomainKit/Domain/Repositories/CartRepository.swift", """
                public protocol CartRepository: Sendable {
                    func items() async throws -> [CartItem]
                }
                """),
        ], note: "A package's public protocol linted without the code that imports the package (its own build): its implementations are elsewhere."),
    ]
}
