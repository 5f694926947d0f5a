import Foundation

// MARK: - A generated Clean Architecture app

/// Writes a deterministic SwiftUI app of a given number of files in the folder layout of the
/// `arcana` profile: the workload of `archlint-bench suite` that looks like the projects
/// archlint is made for, where every rule has work.
///
/// Layout of one copy of the app (`P` is the copy's name prefix, `F` a feature's name):
///
///     PShopfrontApp.swift                          the App (composition root)
///     DI/PAppContainer.swift, DI/PFeatureCatalog.swift, DI/FAssembly.swift
///     Core/…                                       logger, API configuration, errors, storage
///     Presentation/Common/…                        shared SwiftUI components
///     Presentation/F/{Views,ViewModels,Navigation}/…
///     Domain/F/{Entities,Repositories,UseCases,Services}/…
///     Data/F/{Remote,Local,Repositories}/…
///
/// Each feature has 15 files (a list and a detail View, their `@MainActor @Observable`
/// ViewModels with `Input`/`Output`/`Effect`, a Router with a `Destination` enum and its
/// destination switch, an entity, a repository protocol, two use cases, a validation service,
/// a DTO, a remote and a local data source, the repository implementation and the feature's
/// assembly); the files that do not fill a whole feature are extra component views. Sizes
/// vary by feature (4 to 13 entity fields, 2 to 6 statuses, up to 4 extra routes and
/// repository methods), from about 60 to 200 lines, about 120 on average, with the header
/// comment Xcode's templates write.
///
/// A few features carry a deliberate violation (`PlantedViolation`), so the rules report
/// findings and the lint does all of its work. Everything is derived from the feature's
/// index alone: the same arguments always write the same bytes, and copy `k` of the app is
/// copy 0 with every project name prefixed (`Beta`, `Gamma`, …), so twice the copies is
/// exactly twice the files, bytes and findings.
enum AppGenerator {
    /// What was written.
    struct Summary {
        var files = 0
        var bytes = 0
        var lines = 0
        var features = 0
        /// Planted violations by rule id.
        var planted: [String: Int] = [:]

        var plantedTotal: Int { planted.values.reduce(0, +) }
    }

    /// Files of one copy that are not part of a feature (see `sharedFiles`).
    static let sharedFileCount = 10
    /// Files of one feature, without its extra component views.
    static let filesPerFeature = 15

    /// Writes `copies` copies of an app of `files` files each into `directory` (created if
    /// needed; existing files of the same names are replaced), with its `.archlint.json`.
    static func generate(into directory: String, files: Int, copies: Int = 1) throws -> Summary {
        guard files >= sharedFileCount + filesPerFeature else {
            throw SourceCorpus.Failure(description: "the generated app needs at least \(sharedFileCount + filesPerFeature) files")
        }
        var summary = Summary()
        try write("{\"profile\": \"arcana\"}\n", to: directory + "/.archlint.json")
        for copy in 0..<copies {
            let names = AppNames(copy: copy)
            let features = plan(files: files, names: names)
            summary.features += features.count
            for (number, file) in (sharedFiles(names, features) + features.flatMap(featureFiles)).enumerated() {
                summary.add(try write(fileHeader(file.path, number: number) + file.text, to: directory + "/" + file.path))
            }
            for feature in features {
                for violation in feature.violations { summary.planted[violation.ruleID, default: 0] += 1 }
            }
        }
        return summary
    }

    // MARK: Planning

    /// The features of one copy: as many whole features as fit, and the rest of the files
    /// spread over them as extra component views.
    static func plan(files: Int, names: AppNames) -> [AppFeature] {
        let count = (files - sharedFileCount) / filesPerFeature
        let extra = (files - sharedFileCount) % filesPerFeature
        return (0..<count).map { index in
            AppFeature(index: index, names: names,
                       componentCount: extra / count + (index < extra % count ? 1 : 0))
        }
    }

    /// A file to write: its path relative to the app's root and its text.
    struct File {
        var path: String
        var text: String
    }

    /// Every file of one feature.
    static func featureFiles(_ feature: AppFeature) -> [File] {
        let name = feature.name
        let presentation = "Presentation/\(name)", domain = "Domain/\(name)", data = "Data/\(name)"
        var files = [
            File(path: "\(domain)/Entities/\(name).swift", text: entity(feature)),
            File(path: "\(domain)/Repositories/\(name)Repository.swift", text: repositoryProtocol(feature)),
            File(path: "\(domain)/UseCases/Fetch\(feature.plural)UseCase.swift", text: fetchUseCase(feature)),
            File(path: "\(domain)/UseCases/Save\(name)UseCase.swift", text: saveUseCase(feature)),
            File(path: "\(domain)/Services/\(name)ValidationService.swift", text: validationService(feature)),
            File(path: "\(data)/Remote/\(name)DTO.swift", text: dataTransferObject(feature)),
            File(path: "\(data)/Remote/\(name)RemoteDataSource.swift", text: remoteDataSource(feature)),
            File(path: "\(data)/Local/\(name)LocalDataSource.swift", text: localDataSource(feature)),
            File(path: "\(data)/Repositories/\(name)RepositoryImpl.swift", text: repositoryImplementation(feature)),
            File(path: "\(presentation)/ViewModels/\(name)ListViewModel.swift", text: listViewModel(feature)),
            File(path: "\(presentation)/ViewModels/\(name)DetailViewModel.swift", text: detailViewModel(feature)),
            File(path: "\(presentation)/Views/\(name)ListView.swift", text: listView(feature)),
            File(path: "\(presentation)/Views/\(name)DetailView.swift", text: detailView(feature)),
            File(path: "\(presentation)/Navigation/\(name)Router.swift", text: router(feature)),
            File(path: "DI/\(name)Assembly.swift", text: assembly(feature)),
        ]
        for number in 0..<feature.componentCount {
            files.append(File(path: "\(presentation)/Views/Components/\(name)Card\(number + 1).swift",
                              text: componentView(feature, number: number + 1)))
        }
        return files
    }

    /// The comment Xcode's file templates start every file with; the date is made up from
    /// the file's number so that it stays the same from run to run.
    static func fileHeader(_ path: String, number: Int) -> String {
        let day = 1 + number % 28, month = 1 + number / 28 % 12, year = 2022 + number / 336 % 3
        return """
            //
            //  \(path.split(separator: "/").last ?? "")
            //  Shopfront
            //
            //  Created by the Shopfront team on \(day)/\(month)/\(year).
            //


            """
    }

    // MARK: Writing

    /// Writes `text` to `path`, creating its folder, and returns the bytes written.
    /// (`FileBytes.write`, not `Data.write`, which syncs every file to the disk: that
    /// made writing an app take seconds, on a machine busy with builds.)
    @discardableResult
    private static func write(_ text: String, to path: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let bytes = Array(text.utf8)
        try FileBytes.write(bytes, to: path)
        return bytes
    }
}

extension AppGenerator.Summary {
    mutating func add(_ bytes: [UInt8]) {
        files += 1
        self.bytes += bytes.count
        lines += SourceText.lineCount(bytes)
    }
}

// MARK: - Names

/// The project names of one copy of the app: copy 0 uses them as they are, copy `k` puts
/// a prefix of its own in front of every type name, so that names stay unique.
struct AppNames {
    let copy: Int
    let prefix: String

    private static let prefixes = ["", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Theta", "Kappa",
                                   "Lambda", "Sigma", "Omega"]

    init(copy: Int) {
        self.copy = copy
        prefix = copy < Self.prefixes.count ? Self.prefixes[copy] : "Copy\(copy)"
    }

    var app: String { prefix + "ShopfrontApp" }
    var container: String { prefix + "AppContainer" }
    var catalog: String { prefix + "FeatureCatalog" }
    var logger: String { prefix + "AppLogger" }
    var apiConfiguration: String { prefix + "APIConfiguration" }
    var httpError: String { prefix + "HTTPError" }
    var fileStore: String { prefix + "JSONFileStore" }
    var dateFormatting: String { prefix + "DateFormatting" }
    var errorBanner: String { prefix + "ErrorBanner" }
    var emptyState: String { prefix + "EmptyStateView" }
}

/// A deliberate violation in a feature, for one rule to find.
enum PlantedViolation: CaseIterable {
    /// The list ViewModel stores the feature's remote data source (Presentation → Data).
    case presentationUsesData
    /// The entity imports SwiftUI (forbidden in Domain) to give its status a colour.
    case domainImportsSwiftUI
    /// The save use case calls `fetchF(byID:)`; the repository declares `fetchF(id:)`.
    case wrongRepositoryLabel
    /// The repository implementation lacks `searchFs(matching:)`.
    case missingRequirement
    /// A route of the router has no `case` in the destination switch (a `default:` hides it).
    case routeWithoutDestination
    /// The list's toolbar has an export button whose action is empty.
    case emptyAction
    /// The fetch use case, a Domain type, is `@MainActor` as a whole.
    case mainActorUseCase
    /// The detail ViewModel stores the repository instead of going through a use case.
    case viewModelStoresRepository
    /// A repository method is left as `fatalError("Not implemented yet")`.
    case unimplementedMethod

    var ruleID: String {
        switch self {
        case .presentationUsesData, .domainImportsSwiftUI: "layer-dependency"
        case .wrongRepositoryLabel: "service-repository-method"
        case .missingRequirement: "protocol-impl-parity"
        case .routeWithoutDestination: "navigation-route-destination"
        case .emptyAction: "empty-action"
        case .mainActorUseCase: "blanket-main-actor"
        case .viewModelStoresRepository: "viewmodel-repository-injection"
        case .unimplementedMethod: "unimplemented-code"
        }
    }

    /// Every feature whose index leaves `remainder` divided by `period` carries it: about
    /// 35 violations in an app of 2,000 files.
    private var period: (Int, Int) {
        switch self {
        case .presentationUsesData: (20, 3)
        case .wrongRepositoryLabel: (25, 7)
        case .missingRequirement: (30, 11)
        case .domainImportsSwiftUI: (35, 13)
        case .routeWithoutDestination: (40, 17)
        case .emptyAction: (45, 19)
        case .mainActorUseCase: (50, 23)
        case .viewModelStoresRepository: (55, 29)
        case .unimplementedMethod: (60, 31)
        }
    }

    static func planted(in featureIndex: Int) -> Set<PlantedViolation> {
        Set(allCases.filter { featureIndex % $0.period.0 == $0.period.1 })
    }
}

// MARK: - Features

/// One feature of the app and the variations its files are written with.
struct AppFeature {
    let index: Int
    let names: AppNames
    /// The type name of its entity, with the copy's prefix: `Invoice`, `BetaSharedInvoice`.
    let name: String
    let plural: String
    /// For titles: `Shared Invoices`.
    let title: String
    /// `Shared Invoice`.
    let singularTitle: String
    let symbol: String
    let fields: [AppField]
    /// Raw values of the entity's `Status`; the first is the default.
    let statuses: [String]
    let extraRoutes: [ExtraRoute]
    let repositoryExtras: Set<RepositoryExtra>
    let componentCount: Int
    let violations: Set<PlantedViolation>

    var variable: String { lowerFirst(name) }
    var pluralVariable: String { lowerFirst(plural) }
    var textFields: [AppField] { fields.filter { $0.kind == .text } }

    init(index: Int, names: AppNames, componentCount: Int) {
        self.index = index
        self.names = names
        self.componentCount = componentCount
        let noun = Self.nouns[index % Self.nouns.count]
        let qualifier = Self.qualifier(index / Self.nouns.count)
        name = names.prefix + qualifier + noun.singular
        plural = names.prefix + qualifier + noun.plural
        title = (qualifier.isEmpty ? "" : qualifier + " ") + noun.plural
        singularTitle = (qualifier.isEmpty ? "" : qualifier + " ") + noun.singular
        symbol = noun.symbol
        // Seeded by the index alone: every copy has the same shapes.
        var random = SeededRandom(seed: UInt64(index) &* 0x2545_F491_4F6C_DD1D &+ 17)
        fields = random.sample(AppField.pool, count: random.int(in: 4...13))
        statuses = random.sample(Self.statusPool, count: random.int(in: 2...6))
        violations = PlantedViolation.planted(in: index)
        let routeCount = random.int(in: 0...4)
        extraRoutes = random.sample(ExtraRoute.allCases, count: violations.contains(.routeWithoutDestination) ? max(2, routeCount) : routeCount)
        repositoryExtras = Set(random.sample(RepositoryExtra.allCases, count: random.int(in: 0...4)))
    }

    private static let nouns: [(singular: String, plural: String, symbol: String)] = [
        ("Invoice", "Invoices", "doc.text"), ("Contact", "Contacts", "person.crop.circle"),
        ("Event", "Events", "calendar"), ("Photo", "Photos", "photo"), ("Album", "Albums", "rectangle.stack"),
        ("Track", "Tracks", "music.note"), ("Playlist", "Playlists", "music.note.list"),
        ("Recipe", "Recipes", "fork.knife"), ("Workout", "Workouts", "figure.run"),
        ("Booking", "Bookings", "bed.double"), ("Ticket", "Tickets", "ticket"), ("Message", "Messages", "message"),
        ("Channel", "Channels", "number"), ("Account", "Accounts", "person.2"), ("Payment", "Payments", "creditcard"),
        ("Product", "Products", "shippingbox"), ("Review", "Reviews", "star"), ("Coupon", "Coupons", "tag"),
        ("Shipment", "Shipments", "truck.box"), ("Article", "Articles", "newspaper"),
        ("Comment", "Comments", "text.bubble"), ("Podcast", "Podcasts", "mic"), ("Episode", "Episodes", "play.circle"),
        ("Course", "Courses", "graduationcap"), ("Lesson", "Lessons", "book"), ("Badge", "Badges", "rosette"),
        ("Habit", "Habits", "repeat"), ("Goal", "Goals", "flag"), ("Expense", "Expenses", "dollarsign.circle"),
        ("Budget", "Budgets", "chart.pie"), ("Device", "Devices", "iphone"), ("Sensor", "Sensors", "sensor"),
        ("Trip", "Trips", "airplane"), ("Hotel", "Hotels", "building.2"), ("Venue", "Venues", "mappin"),
        ("Reminder", "Reminders", "bell"), ("Journal", "Journals", "book.closed"), ("Meeting", "Meetings", "person.3"),
        ("Project", "Projects", "folder"), ("Receipt", "Receipts", "scroll"), ("Vendor", "Vendors", "storefront"),
        ("Customer", "Customers", "person.crop.square"), ("Employee", "Employees", "person.badge.key"),
        ("Story", "Stories", "text.book.closed"), ("Gallery", "Galleries", "photo.on.rectangle"),
        ("Address", "Addresses", "house"), ("Survey", "Surveys", "checklist"), ("Campaign", "Campaigns", "megaphone"),
        ("Subscription", "Subscriptions", "arrow.triangle.2.circlepath"), ("Warehouse", "Warehouses", "building"),
    ]

    /// The word in front of the noun once every noun has been used: none, then `Shared`, ….
    private static func qualifier(_ round: Int) -> String {
        let words = ["", "Shared", "Archived", "Draft", "Pinned", "Scheduled", "Featured", "Private"]
        return round < words.count ? words[round] : "Group\(round)"
    }

    private static let statusPool = ["draft", "active", "pending", "completed", "archived", "cancelled",
                                     "scheduled", "inReview", "onHold", "published"]
}

/// A stored property of a feature's entity (besides `id`, `title`, `status`, `createdAt`).
struct AppField {
    enum Kind { case text, integer, decimal, flag, date, optionalDate, list }

    let name: String
    let kind: Kind
    let label: String

    var type: String {
        switch kind {
        case .text: "String"
        case .integer: "Int"
        case .decimal: "Double"
        case .flag: "Bool"
        case .date: "Date"
        case .optionalDate: "Date?"
        case .list: "[String]"
        }
    }

    var defaultValue: String {
        switch kind {
        case .text: "\"\""
        case .integer: "0"
        case .decimal: "0"
        case .flag: "false"
        case .date: ".now"
        case .optionalDate: "nil"
        case .list: "[]"
        }
    }

    /// The field of `value` as text for a label.
    func display(_ value: String) -> String {
        switch kind {
        case .text: "\(value).\(name)"
        case .integer: "String(\(value).\(name))"
        case .decimal: "\(value).\(name).formatted(.number.precision(.fractionLength(2)))"
        case .flag: "\(value).\(name) ? \"Yes\" : \"No\""
        case .date: "\(value).\(name).formatted(date: .abbreviated, time: .omitted)"
        case .optionalDate: "\(value).\(name)?.formatted(date: .abbreviated, time: .omitted) ?? \"—\""
        case .list: "\(value).\(name).joined(separator: \", \")"
        }
    }

    /// The snake-case key of the API.
    var jsonKey: String {
        var key = ""
        for character in name {
            if character.isUppercase { key += "_" + character.lowercased() } else { key.append(character) }
        }
        return key
    }

    static let pool: [AppField] = [
        AppField(name: "subtitle", kind: .text, label: "Subtitle"),
        AppField(name: "summary", kind: .text, label: "Summary"),
        AppField(name: "notes", kind: .text, label: "Notes"),
        AppField(name: "category", kind: .text, label: "Category"),
        AppField(name: "ownerName", kind: .text, label: "Owner"),
        AppField(name: "location", kind: .text, label: "Location"),
        AppField(name: "reference", kind: .text, label: "Reference"),
        AppField(name: "priority", kind: .integer, label: "Priority"),
        AppField(name: "quantity", kind: .integer, label: "Quantity"),
        AppField(name: "rating", kind: .decimal, label: "Rating"),
        AppField(name: "amount", kind: .decimal, label: "Amount"),
        AppField(name: "isFavorite", kind: .flag, label: "Favorite"),
        AppField(name: "isShared", kind: .flag, label: "Shared"),
        AppField(name: "updatedAt", kind: .date, label: "Updated"),
        AppField(name: "dueDate", kind: .optionalDate, label: "Due"),
        AppField(name: "tags", kind: .list, label: "Tags"),
    ]
}

/// A route of a feature besides `detail` and `create`, shown by a placeholder-free screen
/// built in the router itself.
enum ExtraRoute: String, CaseIterable {
    case history, share, comments, attachments, filters, settings, statistics

    /// Whether the case carries the item's id.
    var takesID: Bool { [.history, .share, .comments, .attachments].contains(self) }
    var symbol: String {
        switch self {
        case .history: "clock.arrow.circlepath"
        case .share: "square.and.arrow.up"
        case .comments: "text.bubble"
        case .attachments: "paperclip"
        case .filters: "line.3.horizontal.decrease.circle"
        case .settings: "gearshape"
        case .statistics: "chart.bar"
        }
    }
}

/// A repository requirement besides the five every feature has.
enum RepositoryExtra: CaseIterable {
    case count, recent, archive, refresh
}

// MARK: - Helpers

/// SplitMix64: a small, fast generator whose sequence depends only on its seed (the
/// standard library's generators are not seedable).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `count` distinct elements of `pool` in a random order.
    mutating func sample<Element>(_ pool: [Element], count: Int) -> [Element] {
        var items = pool
        for index in items.indices.reversed() where index > 0 {
            items.swapAt(index, int(in: 0...index))
        }
        return Array(items.prefix(count))
    }
}

func lowerFirst(_ name: String) -> String {
    name.prefix(1).lowercased() + name.dropFirst()
}

/// `lines` indented as by `indented`, each after a line break: appended to the line before
/// it, adds nothing at all when `lines` is empty.
func appendedLines(_ lines: [String], _ level: Int) -> String {
    lines.isEmpty ? "" : "\n" + indented(lines, level)
}

/// `lines`, each indented by `level` levels of four spaces, joined by line breaks.
func indented(_ lines: [String], _ level: Int) -> String {
    let indentation = String(repeating: "    ", count: level)
    return lines.map { $0.isEmpty ? "" : indentation + $0 }.joined(separator: "\n")
}
