import ArchLintKit

// Examples of `service-repository-method`: services of a small shop app (orders, cart,
// profile, payments) calling their repository protocols.
extension ServiceRepositoryMethodRule {
    // MARK: - Triggering

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            protocol OrderRepository {
                func fetchOrders(page: Int) async throws -> [Order]
                func save(_ order: Order) async throws
            }

            final class OrderService {
                private let repository: any OrderRepository

                init(repository: any OrderRepository) {
                    self.repository = repository
                }

                func loadFirstPage() async throws -> [Order] {
                    try await repository.↓fetchOrder(page: 0)
                }
            }
            """, note: "A misspelt method: the message suggests `fetchOrders(page:)`."),
        RuleExample("""
            protocol ProfileRepository {
                func updateProfile(_ profile: Profile) async throws
            }

            final class ProfileService {
                let repository: ProfileRepository

                init(repository: ProfileRepository) {
                    self.repository = repository
                }

                func rename(_ profile: Profile) async throws {
                    try await self.repository.↓updateProfile(profile: profile)
                }
            }
            """, note: "`self.repository` with a label the requirement does not have."),
        RuleExample("""
            protocol CartRepository {
                func add(_ item: CartItem) async throws
                func add(_ item: CartItem, quantity: Int) async throws
            }

            struct AddToCartUseCase {
                let repository: any CartRepository

                func addTwo(of item: CartItem) async throws {
                    try await repository.↓add(item, count: 2)
                }
            }
            """, note: "Overloads by label: `count:` fits neither; the message names both."),
        RuleExample("""
            protocol FavoritesRepository {
                func toggleFavorite(productID: UUID) async throws
            }

            final class FavoritesService {
                private let repository: FavoritesRepository

                init(repository: FavoritesRepository) {
                    self.repository = repository
                }

                func toggle(_ productID: UUID) {
                    Task {
                        try await repository.↓toggle(productID: productID)
                    }
                }
            }
            """, note: "Inside a `Task` closure."),
        RuleExample("""
            protocol CatalogRepository {
                var cachedProductCount: Int { get }
                func refresh() async throws
            }

            final class CatalogService {
                private let repository: any CatalogRepository

                init(repository: any CatalogRepository) {
                    self.repository = repository
                }

                var summary: String {
                    "Cached products: \\(repository.↓cachedCount)"
                }
            }
            """, note: "Inside a string interpolation, a property that does not exist."),
        RuleExample("""
            protocol CouponRepository {
                func loadCoupons(completion: @escaping (Result<[Coupon], Error>) -> Void)
            }

            final class CouponService {
                private let repository: CouponRepository

                init(repository: CouponRepository) {
                    self.repository = repository
                }

                func reload() {
                    repository.↓loadCoupons(page: 1) { result in
                        print(result)
                    }
                }
            }
            """, note: "A trailing closure cannot stand in for a label the protocol does not declare."),
        RuleExample("""
            protocol SyncRepository {
                func synchronize() async throws
            }

            final class BackgroundSyncService {
                private var repository: (any SyncRepository)?

                func run() async throws {
                    try await repository?.↓sync()
                }
            }
            """, note: "`(any P)?` with optional chaining."),
        RuleExample("""
            protocol AddressRepository {
                func addresses() async throws -> [Address]
            }

            final class ListAddressesUseCaseImpl {
                var repository: AddressRepository!

                func execute() async throws -> [Address] {
                    try await repository.↓allAddresses()
                }
            }
            """, note: "`P!` in a use case implementation."),
        RuleExample("""
            protocol ReadableRepository {
                func fetchAll() async throws -> [Review]
            }

            protocol ReviewRepository: ReadableRepository {
                func submit(_ review: Review) async throws
            }

            struct ReviewInteractor {
                let repository: any ReviewRepository

                func clear() async throws {
                    try await repository.↓deleteAll()
                }
            }
            """, note: "A requirement missing from the parent protocol as well: the message lists both protocols' members."),
        RuleExample("""
            protocol SessionRepository: Sendable {
                func currentSession() async -> Session?
            }

            actor SessionService {
                private let repository: any SessionRepository

                init(repository: any SessionRepository) {
                    self.repository = repository
                }

                func signOut() async {
                    await repository.↓clearSession()
                }
            }
            """, note: "A marker parent (`Sendable`) does not silence the check."),
        RuleExample("""
            protocol InventoryRepository {
                func stock(for productID: UUID) async throws -> Int
            }

            final class InventoryService {
                private let repository: InventoryRepository

                init(repository: InventoryRepository) {
                    self.repository = repository
                }

                func debugReset() async throws {
                    #if DEBUG
                    try await repository.↓resetStock()
                    #endif
                }
            }
            """, note: "Code under `#if DEBUG` is compiled in debug builds: checked."),
        RuleExample("""
            protocol NewsRepository {
                func articles(page: Int, size: Int) async throws -> [Article]
            }

            extension NewsRepository {
                func latestArticles(limit: Int = 20) async throws -> [Article] {
                    try await articles(page: 0, size: limit)
                }
            }

            final class NewsService {
                private let repository: any NewsRepository

                init(repository: any NewsRepository) {
                    self.repository = repository
                }

                func headlines() async throws -> [Article] {
                    try await repository.↓latestArticles(count: 5)
                }
            }
            """, note: "A protocol-extension method with a default argument: omitting it is fine, a wrong label is not."),
        RuleExample("""
            protocol WishlistRepository {
                func remove(_ productID: UUID) async throws
            }

            final class WishlistService {
                private let repository: WishlistRepository

                init(repository: WishlistRepository) {
                    self.repository = repository
                }

                func removalHandler() -> (UUID) async throws -> Void {
                    repository.↓remove(productID:)
                }
            }
            """, note: "A function reference with labels the protocol does not declare."),
        RuleExample("""
            protocol LegacyOrderRepository {
                func exportOrders() async throws -> [Order]
            }

            protocol OrderRepository {
                func importOrders(_ orders: [Order]) async throws
            }

            final class MigrationService {
                private let repository: any OrderRepository

                init(repository: any OrderRepository) {
                    self.repository = repository
                }

                func migrate(from repository: any LegacyOrderRepository) async throws {
                    let orders = try await repository.↓importOrders()
                    print(orders)
                }
            }
            """, note: "A method parameter of the same name and a repository type: checked against its own type."),
        RuleExample("""
            protocol LoyaltyRepository {
                func points(for customerID: UUID) async throws -> Int
            }

            final class LoyaltyService {
                private let repository: (any LoyaltyRepository)?

                init(repository: (any LoyaltyRepository)?) {
                    self.repository = repository
                }

                func balance(for customerID: UUID) async throws -> Int {
                    guard let repository else { return 0 }
                    return try await repository.↓balance(for: customerID)
                }
            }
            """, note: "Unwrapping the property keeps it the same object: still checked."),
        RuleExample("""
            protocol NotificationRepository {
                func markAllRead() async throws
            }

            final class NotificationService {
                private let repository: NotificationRepository

                init(repository: NotificationRepository) {
                    self.repository = repository
                }

                func onAppBecameActive() {
                    Task { [weak self] in
                        try await self?.repository.↓markAsRead()
                    }
                }
            }
            """, note: "`[weak self]` in a closure: `self?.repository` is the property."),
        RuleExample("""
            protocol ShippingRepository {
                func rates(for address: Address) async throws -> [ShippingRate]
            }

            final class ShippingService {
                private let repository: any ShippingRepository & Sendable

                init(repository: any ShippingRepository & Sendable) {
                    self.repository = repository
                }

                func cheapestRate(for address: Address) async throws -> ShippingRate? {
                    try await repository.↓cheapestRate(for: address)
                }
            }
            """, note: "A composition with a marker: the repository part is checked."),
        RuleExample("""
            protocol ReceiptRepository {
                func receipt(id: UUID) async throws -> Receipt
            }

            protocol ReceiptService {
                var repository: any ReceiptRepository { get }
            }

            extension ReceiptService {
                func printableReceipt(id: UUID) async throws -> String {
                    try await repository.↓receiptText(id: id)
                }
            }
            """, note: "A service protocol whose extension calls its repository requirement."),
        RuleExample("""
            protocol BasketRepository {
                var itemCount: Int { get }
                func items() async throws -> [BasketItem]
            }

            final class BasketService {
                private let repository: any BasketRepository

                init(repository: any BasketRepository) {
                    self.repository = repository
                }

                func badge() -> String {
                    repository.↓count > 0 ? "\\(repository.itemCount)" : ""
                }

                func reload() async throws -> [BasketItem] {
                    try await repository.↓fetchItems()
                }
            }
            """, note: "Two findings in one service, one of them on a property access."),
        RuleExample("""
            protocol SettingsRepository {
                func value(for key: SettingsKey) -> Bool
            }

            struct UserDefaultsSettingsRepository: SettingsRepository {
                func value(for key: SettingsKey) -> Bool { UserDefaults.standard.bool(forKey: key.rawValue) }
            }

            struct SettingsService {
                var repository: some SettingsRepository { UserDefaultsSettingsRepository() }

                func isEnabled(_ key: SettingsKey) -> Bool {
                    repository.↓isEnabled(key)
                }
            }
            """, note: "An opaque `some` type offers only what the protocol declares."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/PaymentRepository.swift", """
                protocol PaymentRepository {
                    func charge(_ amount: Decimal, cardID: UUID) async throws -> PaymentReceipt
                }
                """),
            ExampleFile("Sources/App/Domain/Services/PaymentService+Dependencies.swift", """
                extension PaymentService {
                    var repository: any PaymentRepository { dependencies.payments }
                }
                """),
            ExampleFile("Sources/App/Domain/Services/PaymentService.swift", """
                final class PaymentService {
                    let dependencies: AppDependencies

                    init(dependencies: AppDependencies) {
                        self.dependencies = dependencies
                    }

                    func pay(_ amount: Decimal, with cardID: UUID) async throws -> PaymentReceipt {
                        try await repository.charge(amount, card: cardID) // expect: service-repository-method
                    }
                }
                """),
        ], note: "The property is declared in an extension of the service in another file."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/OrderHistoryRepository.swift", """
                protocol OrderHistoryRepository {
                    func history(customerID: UUID) async throws -> [Order]
                }
                """),
            ExampleFile("Sources/App/Domain/Services/OrderHistoryService.swift", """
                final class OrderHistoryService {
                    let repository: any OrderHistoryRepository

                    init(repository: any OrderHistoryRepository) {
                        self.repository = repository
                    }
                }
                """),
            ExampleFile("Sources/App/Domain/Services/OrderHistoryService+Export.swift", """
                private extension OrderHistoryService {
                    func exportCSV(for customerID: UUID) async throws -> String {
                        let orders = try await repository.orderHistory(customerID: customerID) // expect: service-repository-method
                        return orders.map(\\.csvLine).joined(separator: "\\n")
                    }
                }
                """),
        ], note: "The call sits in a private extension of the service in another file."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/DraftStore.swift", """
                protocol DraftStore {
                    func drafts() async throws -> [Draft]
                    func delete(_ draft: Draft) async throws
                }
                """),
            ExampleFile("Sources/App/Domain/Services/DraftService.swift", """
                final class DraftService {
                    private let store: any DraftStore

                    init(store: any DraftStore) {
                        self.store = store
                    }

                    func discardAll() async throws {
                        try await store.deleteAll() // expect: service-repository-method
                    }
                }
                """),
        ], note: "A protocol under `Repositories/` without the suffix is a repository protocol."),

        RuleExample("""
            protocol InvoiceRepository {
                func invoices() async throws -> [Invoice]
                #if false
                func legacyInvoices() -> [Invoice]
                #endif
            }

            final class InvoiceService {
                private let repository: any InvoiceRepository

                init(repository: any InvoiceRepository) {
                    self.repository = repository
                }

                func load() async throws -> [Invoice] {
                    repository.↓legacyInvoices()
                }
            }
            """, note: "A requirement under `#if false` is never compiled."),

        RuleExample("""
            protocol DraftRepository {
                var drafts: [Draft] { get }
            }

            final class DraftService {
                private let repository: (any DraftRepository)?

                init(repository: (any DraftRepository)?) {
                    self.repository = repository
                }

                func titles() -> [String]? {
                    repository?.↓map { $0.title }
                }
            }
            """, note: "With `?.` the member is looked up on the protocol, which has no `map`."),
        RuleExample("""
            protocol WorkoutRepository {
                func workouts(since date: Date) async throws -> [Workout]
            }

            typealias Workouts = WorkoutRepository

            struct WeeklySummaryUseCase {
                let workouts: Workouts
                let legacy: ArcanaDomain.WorkoutRepository

                func execute() async throws -> [Workout] {
                    try await workouts.↓recentWorkouts() + legacy.↓allWorkouts()
                }
            }
            """, note: "A property typed through a typealias, or with the module's name, is checked against the protocol."),
        RuleExample(files: [
            ExampleFile("Sources/ArcanaDomain/Repositories/OrderHistoryRepository.swift", """
                protocol OrderHistoryRepository {
                    func history(customerID: UUID) async throws -> [Order]
                }
                """),
            ExampleFile("Sources/ArcanaDomain/Services/OrderHistoryService.swift", """
                final class OrderHistoryService {
                    let repository: any OrderHistoryRepository

                    init(repository: any OrderHistoryRepository) {
                        self.repository = repository
                    }
                }

                extension ArcanaDomain.OrderHistoryService {
                    func latest(for customerID: UUID) async throws -> Order? {
                        try await repository.latestOrder(customerID: customerID) // expect: service-repository-method
                    }
                }
                """),
        ], note: "An extension that names the service with its module is part of the service."),
        RuleExample("""
            enum Catalog {
                protocol ProductRepository {
                    func products() async throws -> [Product]
                }

                final class ProductService {
                    let repository: ProductRepository

                    init(repository: ProductRepository) {
                        self.repository = repository
                    }

                    func load() async throws -> [Product] {
                        try await repository.↓allProducts()
                    }
                }
            }
            """, note: "A repository protocol nested beside the service, named by its short name."),
        RuleExample("""
            protocol OrderRepository {
                func orders() async throws -> [Order]
            }

            final class ReorderService {
                private let repository: Optional<any OrderRepository>

                init(repository: Optional<any OrderRepository>) {
                    self.repository = repository
                }

                func lastOrder() async throws -> Order? {
                    try await repository?.↓latestOrder()
                }
            }
            """, note: "`Optional<…>` spelled out is an optional repository like `(any OrderRepository)?`."),
        RuleExample("""
            protocol InvoiceRepository {
                func invoices() async throws -> [Invoice]
            }

            protocol ArchivingInvoiceRepository: InvoiceRepository {
                func archive(_ invoice: Invoice) async throws
            }

            final class InvoiceService {
                private let repository: any InvoiceRepository

                init(repository: any InvoiceRepository) {
                    self.repository = repository
                }

                func closeYear(_ invoices: [Invoice]) async throws -> [Invoice] {
                    if let repository = repository as? any ArchivingInvoiceRepository {
                        for invoice in invoices { try await repository.archive(invoice) }
                    }
                    invoices.forEach { repository in print(repository) }
                    return try await repository.↓openInvoices()
                }
            }
            """, note: "An `if let` or a closure parameter of the same name hides the property only in its own braces: the call after them is on the property."),
        RuleExample("""
            struct Page {
                let number: Int
            }

            enum Legacy {
                typealias Page = Int
            }

            protocol BookRepository {
                func books(page: Page) async throws -> [Book]
            }

            final class BookService {
                private let repository: any BookRepository

                init(repository: any BookRepository) {
                    self.repository = repository
                }

                func firstPage() async throws -> [Book] {
                    try await repository.↓books { Page(number: 1) }
                }
            }
            """, note: "A typealias of the same name that stands for no function type does not make `Page` take a closure."),
        RuleExample("""
            protocol ReceiptRepository {
                func receipts() async throws -> [Receipt]
            }

            final class ReceiptService {
                private let repository: any ReceiptRepository

                init(repository: any ReceiptRepository) {
                    self.repository = repository
                }

                func load() async throws -> [Receipt] {
                    try await repository
                    #if DEBUG
                        .↓sampleReceipts()
                    #else
                        .receipts()
                    #endif
                }
            }
            """, note: "Each branch of a postfix `#if` is a member of the receiver before the `#if`."),
        RuleExample("""
            protocol NoteRepository {
                var allNotes: [Note] { get async throws }
                var noteCount: Int { get }
            }

            final class NoteService {
                private let repository: any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }

                func notes(in folder: Folder) async throws -> [Note] {
                    try await repository.↓allNotes(in: folder)
                }

                func count() -> Int {
                    repository.↓noteCount()
                }
            }
            """, note: "A call of a property whose type is a collection or a number: a method `notes(in:)` became a property, and the service still calls it."),
        RuleExample("""
            protocol DraftRepository {
                static func makeDefault() -> Self
                func drafts() async throws -> [Draft]
            }

            final class DraftService {
                private let repository: any DraftRepository

                init(repository: any DraftRepository) {
                    self.repository = repository
                }

                func reset() -> any DraftRepository {
                    repository.↓makeDefault()
                }
            }
            """, note: "A `static` requirement is no member of an instance."),
    ]

    // MARK: - Non-triggering

    static let nonTriggeringExamples: [RuleExample] = [
        RuleExample("""
            protocol OrderRepository {
                func fetchOrders(page: Int) async throws -> [Order]
                func save(_ order: Order) async throws
            }

            final class OrderService {
                private let repository: any OrderRepository

                init(repository: any OrderRepository) {
                    self.repository = repository
                }

                func loadFirstPage() async throws -> [Order] {
                    try await repository.fetchOrders(page: 0)
                }

                func store(_ order: Order) async throws {
                    try await self.repository.save(order)
                }
            }
            """, note: "Calls that exist, with `try await`, `self.` and a discarded result."),
        RuleExample("""
            protocol ReadableRepository {
                func fetchAll() async throws -> [Review]
            }

            protocol ReviewRepository: ReadableRepository {
                func submit(_ review: Review) async throws
            }

            struct ReviewInteractor {
                let repository: any ReviewRepository

                func reviews() async throws -> [Review] {
                    try await repository.fetchAll()
                }
            }
            """, note: "A requirement declared in the parent protocol."),
        RuleExample("""
            protocol NewsRepository {
                func articles(page: Int, size: Int) async throws -> [Article]
            }

            extension NewsRepository {
                func latestArticles(limit: Int = 20, includeSponsored: Bool = false) async throws -> [Article] {
                    try await articles(page: 0, size: limit)
                }
            }

            final class NewsService {
                private let repository: any NewsRepository

                init(repository: any NewsRepository) {
                    self.repository = repository
                }

                func headlines() async throws -> [Article] {
                    try await repository.latestArticles()
                }

                func topFive() async throws -> [Article] {
                    try await repository.latestArticles(limit: 5)
                }
            }
            """, note: "A protocol-extension method whose defaulted parameter is left out."),
        RuleExample("""
            protocol CouponRepository {
                func loadCoupons(page: Int, completion: @escaping (Result<[Coupon], Error>) -> Void)
                func observeCoupons(onChange: @escaping ([Coupon]) -> Void, onError: @escaping (Error) -> Void) -> Cancellable
            }

            final class CouponService {
                private let repository: CouponRepository
                private var observation: Cancellable?

                init(repository: CouponRepository) {
                    self.repository = repository
                }

                func reload() {
                    repository.loadCoupons(page: 1) { result in
                        print(result)
                    }
                    observation = repository.observeCoupons { coupons in
                        print(coupons.count)
                    } onError: { error in
                        print(error)
                    }
                }
            }
            """, note: "Trailing closures fill the closure parameters, labelled ones by label."),
        RuleExample("""
            protocol CartRepository {
                func add(_ item: CartItem) async throws
                func add(_ item: CartItem, quantity: Int) async throws
            }

            struct AddToCartUseCase {
                let repository: any CartRepository

                func addTwo(of item: CartItem) async throws {
                    try await repository.add(item, quantity: 2)
                }

                func addOne(of item: CartItem) async throws {
                    try await repository.add(item)
                }
            }
            """, note: "Overloads by label: each call fits one of them."),
        RuleExample("""
            protocol CatalogRepository {
                var count: Int { get }
                var lastUpdated: Date? { get }
                func refresh() async throws
            }

            final class CatalogService {
                private let repository: any CatalogRepository

                init(repository: any CatalogRepository) {
                    self.repository = repository
                }

                var summary: String {
                    "\\(repository.count) products, updated \\(String(describing: repository.lastUpdated))"
                }

                func refreshInBackground() {
                    Task { try await repository.refresh() }
                }
            }
            """, note: "Property reads, also inside string interpolations, and a call in a `Task`."),
        RuleExample("""
            import CoreDataKit

            protocol NotesRepository: PersistentHistoryObserving {
                func notes() async throws -> [Note]
            }

            final class NotesService {
                private let repository: any NotesRepository

                init(repository: any NotesRepository) {
                    self.repository = repository
                }

                func startObserving() {
                    repository.startHistoryTracking()
                }
            }
            """, note: "A parent protocol declared outside the project: its members are unknown, so the rule stays silent."),
        RuleExample("""
            final class OrderRepositoryImpl {
                func fetchOrders(page: Int) async throws -> [Order] { try await api.orders(page: page) }
            }

            final class OrderService {
                private let repository: OrderRepositoryImpl

                init(repository: OrderRepositoryImpl) {
                    self.repository = repository
                }

                func prefetch() async throws {
                    try await repository.warmUpCache()
                }
            }
            """, note: "A concrete class, not a protocol: the compiler sees it, this rule does not."),
        RuleExample("""
            protocol TicketRepository {
                func openTickets() async throws -> [Ticket]
            }

            final class SupportService {
                private let repository: any TicketRepository

                init(repository: any TicketRepository) {
                    self.repository = repository
                }

                func tickets() async throws -> [Ticket] {
                    // Once the backend is ready: repository.closedTickets()
                    /* repository.archive(ticket) */
                    print("repository.reopen(ticket:) is not available yet")
                    return try await repository.openTickets()
                }
            }
            """, note: "The same names in comments and strings."),
        RuleExample("""
            protocol ContactRepository {
                func contacts() async throws -> [Contact]
            }

            final class ContactImportService {
                private let repository: any ContactRepository
                private let archive: LegacyArchive

                init(repository: any ContactRepository, archive: LegacyArchive) {
                    self.repository = repository
                    self.archive = archive
                }

                func importLegacy() async throws {
                    let repository = archive.addressBook
                    try await repository.importEverything()
                }
            }
            """, note: "A local constant shadows the property: its type is unknown, so the rule stays silent."),
        RuleExample("""
            protocol MirrorRepository {
                func push() async throws
            }

            final class MirrorService {
                private let repository: any MirrorRepository
                private let remotes: [RemoteMirror]

                init(repository: any MirrorRepository, remotes: [RemoteMirror]) {
                    self.repository = repository
                    self.remotes = remotes
                }

                func pullAll() async throws {
                    remotes.forEach { repository in repository.pull() }
                    for repository in remotes { repository.ping() }
                    func verify(repository: RemoteMirror) { repository.verifyChecksums() }
                    try await repository.push()
                }
            }
            """, note: "Closure parameters, `for` variables and nested function parameters shadow too."),
        RuleExample("""
            protocol OrderRepository {
                func fetchOrders(page: Int) async throws -> [Order]
            }

            @Observable
            final class OrderListViewModel {
                private let repository: any OrderRepository

                init(repository: any OrderRepository) {
                    self.repository = repository
                }

                func onAppear() async throws {
                    _ = try await repository.fetchEverything()
                }
            }
            """, path: "Sources/App/Presentation/OrderListViewModel.swift", note: "Not a service: a ViewModel's calls are another rule's business."),
        RuleExample("""
            protocol InventoryRepository {
                func stock(for productID: UUID) async throws -> Int
            }

            final class InventoryService {
                private let repository: InventoryRepository

                init(repository: InventoryRepository) {
                    self.repository = repository
                }

                func restock() async throws {
                    #if false
                    try await repository.restockEverything()
                    #endif
                }
            }
            """, note: "Code under `#if false` is never compiled."),
        RuleExample("""
            protocol WishlistRepository {
                func remove(_ productID: UUID) async throws
            }

            final class WishlistService {
                private let repository: WishlistRepository

                init(repository: WishlistRepository) {
                    self.repository = repository
                }

                func removalHandler() -> (UUID) async throws -> Void {
                    repository.remove(_:)
                }
            }
            """, note: "A function reference with the declared labels."),
        RuleExample("""
            protocol TagRepository: Identifiable, Sendable {
                func tag(_ productIDs: UUID..., as tag: Tag) async throws
            }

            final class TaggingService {
                private let repository: any TagRepository

                init(repository: any TagRepository) {
                    self.repository = repository
                }

                func markNew(_ first: UUID, _ second: UUID) async throws {
                    try await repository.tag(first, second, as: .new)
                    print(repository.id)
                }
            }
            """, note: "Variadic parameters and marker members (`Identifiable.id`)."),
        RuleExample("""
            protocol GiftCardRepository {
                func balance(code: String) async throws -> Decimal
            }

            final class GiftCardService {
                private let repository = GiftCardRepositoryFactory.make()

                func redeem(code: String) async throws {
                    try await repository.redeem(code: code)
                }
            }
            """, note: "A property without a declared type: unknown, silent."),
        RuleExample("""
            protocol LoyaltyRepository {
                func points(for customerID: UUID) async throws -> Int
            }

            final class LoyaltyService {
                private let repository: (any LoyaltyRepository)?

                init(repository: (any LoyaltyRepository)?) {
                    self.repository = repository
                }

                func balance(for customerID: UUID) async throws -> Int {
                    guard let repository = self.repository else { return 0 }
                    return try await repository.points(for: customerID)
                }

                func prefetch(for customerID: UUID) {
                    Task { [repository] in
                        _ = try await repository?.points(for: customerID)
                    }
                }
            }
            """, note: "`guard let` rebinding and a capture list keep the property, and its calls exist."),
        RuleExample("""
            protocol CacheRepository<Value> {
                associatedtype Value
                func value(forKey key: String) async -> Value?
            }

            final class ImageCacheService {
                private let repository: any CacheRepository<ImageData>

                init(repository: some CacheRepository<ImageData>) {
                    self.repository = repository
                }

                func image(for url: URL) async -> ImageData? {
                    await repository.value(forKey: url.absoluteString)
                }
            }
            """, note: "Primary associated types and `some` are stripped."),
        RuleExample("""
            protocol Repository {
                func all() async throws -> [Item]
            }

            final class ListService<Repository: ItemSource> {
                private let repository: Repository

                init(repository: Repository) {
                    self.repository = repository
                }

                func load() async throws -> [Item] {
                    try await repository.loadItems()
                }
            }
            """, note: "A repository type of the same name as a generic parameter: unknown, silent."),
        RuleExample("""
            protocol ConnectivityRepository {
                var statusChanged: (Bool) -> Void { get set }
                func start()
            }

            final class ConnectivityService {
                private var repository: any ConnectivityRepository

                init(repository: any ConnectivityRepository) {
                    self.repository = repository
                }

                func simulateOffline() {
                    repository.statusChanged(false)
                    repository.start()
                }
            }
            """, note: "A property of function type in the protocol can be called with any arguments."),
        RuleExample("""
            @dynamicMemberLookup
            protocol PreferencesRepository {
                subscript<Value>(dynamicMember keyPath: KeyPath<Preferences, Value>) -> Value { get }
            }

            final class PreferencesService {
                private let repository: any PreferencesRepository

                init(repository: any PreferencesRepository) {
                    self.repository = repository
                }

                var prefersDarkMode: Bool { repository.darkMode }
            }
            """, note: "`@dynamicMemberLookup`: any member name may be valid."),
        RuleExample("""
            protocol ReportRepository {
                func totals() async throws -> [Total]
            }

            final class ReportService {
                private let repository: any ReportRepository

                init(repository: any ReportRepository) {
                    self.repository = repository
                }

                func header() -> String {
                    struct Caption {
                        let repository: String
                        func text() -> String { self.repository.uppercased() }
                    }
                    return Caption(repository: "orders").text()
                }
            }
            """, note: "Inside a local type, `self.repository` is that type's own property."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/PagedRepository.swift", """
                protocol PagedRepository {
                    func page(_ number: Int) async throws -> [Product]
                }

                extension PagedRepository {
                    func firstPage() async throws -> [Product] { try await page(0) }
                }
                """),
            ExampleFile("Sources/App/Domain/Repositories/ProductRepository.swift", """
                protocol ProductRepository: PagedRepository, Sendable {
                    func product(id: UUID) async throws -> Product
                }
                """),
            ExampleFile("Sources/App/Domain/Services/ProductService.swift", """
                final class ProductService {
                    let dependencies: AppDependencies

                    init(dependencies: AppDependencies) {
                        self.dependencies = dependencies
                    }

                    func featured() async throws -> [Product] {
                        try await repository.firstPage()
                    }
                }
                """),
            ExampleFile("Sources/App/Domain/Services/ProductService+Repository.swift", """
                extension ProductService {
                    var repository: any ProductRepository { dependencies.products }
                }

                private extension ProductService {
                    func details(for id: UUID) async throws -> Product {
                        try await repository.product(id: id)
                    }

                    func secondPage() async throws -> [Product] {
                        try await self.repository.page(1)
                    }
                }
                """),
        ], note: "Everything split over files: protocol, parent, extension, service and its extensions."),
        RuleExample(files: [
            ExampleFile("Sources/App/Domain/Repositories/DraftStore.swift", """
                protocol DraftStore {
                    func drafts() async throws -> [Draft]
                    func delete(_ draft: Draft) async throws
                }
                """),
            ExampleFile("Sources/App/Domain/Services/DraftService.swift", """
                final class DraftService {
                    private let store: any DraftStore

                    init(store: any DraftStore) {
                        self.store = store
                    }

                    func discardAll() async throws {
                        for draft in try await store.drafts() {
                            try await store.delete(draft)
                        }
                    }
                }
                """),
        ], note: "A protocol under `Repositories/` without the suffix, called correctly."),

        RuleExample("""
            protocol SettingsRepository {
                func settings() async throws -> Settings
            }

            final class SettingsMigrationService {
                private let repository: any SettingsRepository

                init(repository: any SettingsRepository) {
                    self.repository = repository
                }

                func migrateLegacyStore() throws {
                    var attempts = 0, repository = LegacySettingsStore(suiteName: "group.app")
                    try repository.migrate(to: .current)
                    attempts += 1
                }
            }
            """, note: "The second name of a binding list hides the property like a `let` of its own."),

        RuleExample(files: [
            ExampleFile("Sources/ArcanaDomain/Repositories/PlaylistRepository.swift", """
                public protocol PlaylistRepository: Identifiable, Sendable {
                    func playlists() async throws -> [Playlist]
                }

                extension ArcanaDomain.PlaylistRepository {
                    func firstPlaylist() async throws -> Playlist? { try await playlists().first }
                }

                typealias PlaylistSource = PlaylistRepository

                extension PlaylistSource {
                    func isEmpty() async throws -> Bool { try await playlists().isEmpty }
                }

                extension Identifiable {
                    var cacheKey: String { "\\(Self.self)-\\(id)" }
                }

                extension Swift.Identifiable {
                    var logLabel: String { "#\\(id)" }
                }
                """),
            ExampleFile("Sources/ArcanaDomain/UseCases/ShowPlaylistsUseCase.swift", """
                struct ShowPlaylistsUseCase {
                    let repository: any PlaylistRepository

                    func execute() async throws -> (Playlist?, Bool, String) {
                        (try await repository.firstPlaylist(), try await repository.isEmpty(), repository.cacheKey + repository.logLabel)
                    }
                }
                """),
        ], note: "Extensions that name the protocol with its module, through a typealias, or extend a marker protocol it refines."),

        RuleExample("""
            protocol DraftRepository {
                var drafts: [Draft] { get }
                func discard(_ draft: Draft)
            }

            final class DraftService {
                private let repository: (any DraftRepository)?

                init(repository: (any DraftRepository)?) {
                    self.repository = repository
                }

                func titles() -> [String] {
                    repository.map { $0.drafts.map(\\.title) } ?? []
                }

                func discardAll() {
                    repository?.drafts.forEach { repository?.discard($0) }
                }
            }
            """, note: "`map` without `?` on an optional repository is `Optional`'s own."),
        RuleExample("""
            protocol Repository {
                func all() async throws -> [Record]
            }

            protocol ProfileRepository {
                func profile(id: User.ID) async throws -> Profile
            }

            enum ProfileFeature {
                typealias Repository = ProfileRepository

                struct LoadProfileUseCase {
                    let repository: Repository

                    func execute(id: User.ID) async throws -> Profile {
                        try await repository.profile(id: id)
                    }
                }
            }

            struct SyncFeature<Repository: ProfileRepository> {
                struct RefreshUseCase {
                    let repository: Repository

                    func execute(id: User.ID) async throws -> Profile {
                        try await repository.profile(id: id)
                    }
                }
            }
            """, note: "A name declared in a type around the service (a typealias, a generic parameter) hides the top-level protocol of that name."),
        RuleExample("""
            protocol AnalyticsRepository {
                func track<each Value: Encodable>(_ event: String, _ values: repeat each Value)
                func record<each Field>(fields: repeat each Field, flush: Bool)
            }

            final class CheckoutAnalyticsService {
                private let repository: any AnalyticsRepository

                init(repository: any AnalyticsRepository) {
                    self.repository = repository
                }

                func paid(order: Order) {
                    repository.track("paid")
                    repository.track("paid", order.id, order.total, order.currency)
                    repository.record(fields: order.id, order.total, flush: true)
                }
            }
            """, note: "A parameter pack takes any number of arguments, none included, like a variadic."),
        RuleExample("""
            protocol OrderRepository {
                func orders() async throws -> [Order]
            }

            protocol CachingOrderRepository: OrderRepository {
                func clearCache()
            }

            final class OrderService {
                private let repository: any OrderRepository
                var fallback: (any CachingOrderRepository)? {
                    willSet(repository) { repository?.clearCache() }
                }

                init(repository: any OrderRepository) {
                    self.repository = repository
                }
            }
            """, note: "An accessor's named parameter hides the property of the same name."),
        RuleExample(files: [
            ExampleFile("App/Domain/Repositories/PhotoRepository.swift", """
                protocol PhotoRepository {
                    typealias Completion = (Result<[Photo], Error>) -> Void
                    func loadPhotos(album: Album.ID, completion: @escaping Completion)
                }
                """),
            ExampleFile("App/Domain/Models/Completion.swift", """
                enum Completion: Equatable {
                    case done
                    case failed(reason: String)
                }
                """),
            ExampleFile("App/Domain/Services/GalleryService.swift", """
                final class GalleryService {
                    private let repository: any PhotoRepository

                    init(repository: any PhotoRepository) {
                        self.repository = repository
                    }

                    func refresh(_ album: Album.ID) {
                        repository.loadPhotos(album: album) { result in print(result) }
                    }
                }
                """),
        ], note: "Inside the protocol `Completion` is its own closure typealias, whatever else the project calls `Completion`: the trailing closure fills `completion:`."),
        RuleExample("""
            protocol CartRepository {
                func items() async throws -> [CartItem]
            }

            final class CartService {
                private let repository: any CartRepository

                init(repository: any CartRepository) {
                    self.repository = repository
                }

                func totals(from stores: [LegacyCartStore]) async throws -> [Decimal] {
                    guard let repository = stores.first else { return [] }
                    return try await repository.legacyTotals()
                }

                func merge(with other: LegacyCartStore) async throws -> [CartItem] {
                    let repository = other
                    return try await repository.legacyItems()
                }
            }
            """, note: "`guard let` and a local constant of the property's name hide it to the end of their block."),
        RuleExample("""
            protocol ShelfRepository {
                func shelves() async throws -> [Shelf]
            }

            struct ShelfSnapshot {
                var isStale: Bool
                func refresh() {}
            }

            final class ShelfService {
                private let repository: any ShelfRepository

                init(repository: any ShelfRepository) {
                    self.repository = repository
                }

                func refresh(cached: ShelfSnapshot?, all: [ShelfSnapshot]) {
                    if let repository = cached, repository.isStale { repository.refresh() }
                    for repository in all where repository.isStale { repository.refresh() }
                    var next = cached
                    while let repository = next, repository.isStale { repository.refresh(); next = nil }
                }
            }
            """, note: "An `if let`, `while let` or `for` binding is visible in the conditions and the `where` clause after it too."),
        RuleExample("""
            struct NoteFormatter {
                func callAsFunction(_ note: Note) -> String { note.title }
            }

            protocol NoteRepository {
                var formatter: NoteFormatter { get }
                var onChange: ((Note) -> Void)? { get }
                var loader: @Sendable (Folder) async throws -> [Note] { get }
            }

            final class NoteService {
                private let repository: any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }

                func title(of note: Note) -> String {
                    repository.onChange?(note)
                    return repository.formatter(note)
                }

                func notes(in folder: Folder) async throws -> [Note] {
                    try await repository.loader(folder)
                }
            }
            """, note: "Properties of function type, and of a type with `callAsFunction`, are called."),
        RuleExample("""
            struct Operation {
                let name: String
            }

            protocol SyncRepository {
                func history() async throws -> [Operation]
                func perform<Operation: Sendable>(_ operation: Operation) async throws
            }

            final class SyncService {
                private let repository: any SyncRepository

                init(repository: any SyncRepository) {
                    self.repository = repository
                }

                func refresh() async throws {
                    try await repository.perform { print("refreshing") }
                }
            }
            """, note: "A method's own generic parameter hides the project type of the same name, and may stand for a closure."),
        RuleExample("""
            protocol DraftRepository {
                static func makeDefault() -> Self
                func drafts() async throws -> [Draft]
            }

            final class DraftService {
                private let repository: any DraftRepository
                private let kind: any DraftRepository.Type

                init(repository: any DraftRepository, kind: any DraftRepository.Type) {
                    self.repository = repository
                    self.kind = kind
                }

                func reset() -> any DraftRepository {
                    _ = type(of: repository).makeDefault()
                    return kind.makeDefault()
                }
            }
            """, note: "Static requirements called on the type or a metatype property."),
        RuleExample("""
            struct Handler<Action> {
                let action: Action
                func callAsFunction(note: Note) {}
            }

            protocol NoteRepository {
                var handler: Handler<(Note) -> Void> { get }
            }

            final class NoteService {
                private let repository: any NoteRepository

                init(repository: any NoteRepository) {
                    self.repository = repository
                }

                func open(_ note: Note) {
                    repository.handler(note: note)
                }
            }
            """, note: "A function type inside a generic type does not make the property a closure: its `callAsFunction` may take labels."),
    ]
}
