import Foundation

// MARK: - Generated composition root, Core and shared components

extension AppGenerator {
    /// `DI/FAssembly.swift`: creates the feature's data sources, repository, use cases,
    /// ViewModels and views; the router's view factory.
    static func assembly(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural, names = feature.names
        let listArguments = ["fetch\(plural): makeFetchUseCase()", "save\(name): makeSaveUseCase()"]
            + (feature.violations.contains(.presentationUsesData) ? ["remote: remote"] : [])
        let detailArguments = ["id: id", "fetch\(plural): makeFetchUseCase()", "save\(name): makeSaveUseCase()",
                               "validator: \(name)ValidationService()"]
            + (feature.violations.contains(.viewModelStoresRepository) ? ["repository: repository"] : [])
        return """
            import SwiftUI

            /// Composition of the \(feature.title.lowercased()) feature; the only place that knows its Data types.
            @MainActor
            final class \(name)Assembly: \(name)ViewFactory {
                private let container: \(names.container)
                private lazy var remote = \(name)RemoteDataSource(configuration: container.apiConfiguration, session: container.session)
                private lazy var local = \(name)LocalDataSource(store: container.fileStore)
                private lazy var repository: any \(name)Repository = \(name)RepositoryImpl(
                    remote: remote,
                    local: local,
                    logger: container.logger.scoped("\(feature.pluralVariable)")
                )

                init(container: \(names.container)) {
                    self.container = container
                }

                func makeListView() -> \(name)ListView {
                    let viewModel = \(name)ListViewModel(\(listArguments.joined(separator: ", ")))
                    return \(name)ListView(viewModel: viewModel, router: \(name)Router(), factory: self)
                }

                func makeDetailView(id: \(name).ID) -> \(name)DetailView {
                    makeEditor(id: id)
                }

                func makeCreateView() -> \(name)DetailView {
                    makeEditor(id: nil)
                }

                private func makeEditor(id: \(name).ID?) -> \(name)DetailView {
                    let viewModel = \(name)DetailViewModel(
            \(indented(detailArguments, 3).replacingOccurrences(of: "\n", with: ",\n"))
                    )
                    return \(name)DetailView(viewModel: viewModel)
                }

                /// Opens a deep link in a new list screen, or returns `nil` if the link is not this feature's.
                func makeListView(for url: URL) -> \(name)ListView? {
                    guard let destination = \(name)Router.Destination(deepLink: url) else { return nil }
                    let router = \(name)Router()
                    router.show(destination)
                    let viewModel = \(name)ListViewModel(\(listArguments.joined(separator: ", ")))
                    return \(name)ListView(viewModel: viewModel, router: router, factory: self)
                }

                /// Forgets the copy on the device, for signing out.
                func clearCache() async {
                    do {
                        try await local.clear()
                    } catch {
                        container.logger.error("Clearing the \(feature.title.lowercased()) cache failed: \\(error)")
                    }
                }

                private func makeFetchUseCase() -> any Fetch\(plural)UseCaseProtocol {
                    Fetch\(plural)UseCase(repository: repository, logger: container.logger)
                }

                private func makeSaveUseCase() -> any Save\(name)UseCaseProtocol {
                    Save\(name)UseCase(repository: repository, validator: \(name)ValidationService(), logger: container.logger)
                }
            }

            """
    }

    /// The ten files of a copy that belong to no feature.
    static func sharedFiles(_ names: AppNames, _ features: [AppFeature]) -> [File] {
        [
            File(path: "\(names.app).swift", text: app(names)),
            File(path: "DI/\(names.container).swift", text: container(names)),
            File(path: "DI/\(names.catalog).swift", text: catalog(names, features)),
            File(path: "Core/Logging/\(names.logger).swift", text: logger(names)),
            File(path: "Core/Networking/\(names.apiConfiguration).swift", text: apiConfiguration(names)),
            File(path: "Core/Networking/\(names.httpError).swift", text: httpError(names)),
            File(path: "Core/Extensions/\(names.dateFormatting).swift", text: dateFormatting(names)),
            File(path: "Core/Storage/\(names.fileStore).swift", text: fileStore(names)),
            File(path: "Presentation/Common/\(names.errorBanner).swift", text: errorBanner(names)),
            File(path: "Presentation/Common/\(names.emptyState).swift", text: emptyState(names)),
        ]
    }

    private static func app(_ names: AppNames) -> String {
        """
        import SwiftUI

        \(names.copy == 0 ? "@main\n" : "")struct \(names.app): App {
            @State private var container = \(names.container)()

            var body: some Scene {
                WindowGroup {
                    \(names.prefix)RootView(catalog: \(names.catalog)(container: container))
                }
            }
        }

        /// The first screen: every feature of the app, searchable, in a split view.
        private struct \(names.prefix)RootView: View {
            let catalog: \(names.catalog)
            @State private var query = ""
            @State private var selection: String?

            var body: some View {
                NavigationSplitView {
                    List(catalog.entries(matching: query), selection: $selection) { entry in
                        Label(entry.title, systemImage: entry.symbol)
                            .tag(entry.id)
                    }
                    .searchable(text: $query)
                    .navigationTitle("Shopfront")
                } detail: {
                    if let selection, let entry = catalog.entry(id: selection) {
                        entry.makeView()
                    } else {
                        \(names.emptyState)(title: "Shopfront", message: "Pick a section on the left.", systemImage: "sidebar.left")
                    }
                }
            }
        }

        """
    }

    private static func container(_ names: AppNames) -> String {
        """
        import Foundation

        /// The dependencies every feature shares, created once at launch and handed to each assembly.
        @MainActor
        final class \(names.container) {
            let logger: \(names.logger)
            let apiConfiguration: \(names.apiConfiguration)
            let session: URLSession
            let fileStore: \(names.fileStore)

            init(environment: \(names.apiConfiguration).Environment = .production) {
                logger = \(names.logger)(subsystem: "com.example.shopfront")
                apiConfiguration = \(names.apiConfiguration)(environment: environment)
                let configuration = URLSessionConfiguration.default
                configuration.waitsForConnectivity = true
                configuration.timeoutIntervalForRequest = apiConfiguration.timeout
                session = URLSession(configuration: configuration)
                let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                fileStore = \(names.fileStore)(directory: support.appendingPathComponent("Cache", isDirectory: true))
            }
        }

        """
    }

    /// The catalog lists every feature: one line each.
    private static func catalog(_ names: AppNames, _ features: [AppFeature]) -> String {
        let entries = features.map { feature in
            "Entry(id: \"\(feature.variable)\", title: \"\(feature.title)\", symbol: \"\(feature.symbol)\") { AnyView(\(feature.name)Assembly(container: container).makeListView()) },"
        }
        return """
            import SwiftUI

            /// Every feature of the app, for the root screen. Each entry builds its feature lazily.
            @MainActor
            struct \(names.catalog) {
                struct Entry: Identifiable {
                    let id: String
                    let title: String
                    let symbol: String
                    let makeView: @MainActor () -> AnyView
                }

                let entries: [Entry]

                init(container: \(names.container)) {
                    entries = [
            \(indented(entries, 3))
                    ]
                }

                func entries(matching query: String) -> [Entry] {
                    guard !query.isEmpty else { return entries }
                    return entries.filter { $0.title.localizedCaseInsensitiveContains(query) }
                }

                func entry(id: String) -> Entry? {
                    entries.first { $0.id == id }
                }
            }

            """
    }

    private static func logger(_ names: AppNames) -> String {
        """
        import Foundation
        import os

        /// The app's logger: a subsystem and a category per feature.
        struct \(names.logger): Sendable {
            let subsystem: String
            let category: String
            private let logger: Logger

            init(subsystem: String, category: String = "app") {
                self.subsystem = subsystem
                self.category = category
                logger = Logger(subsystem: subsystem, category: category)
            }

            /// The same subsystem under another category.
            func scoped(_ category: String) -> \(names.logger) {
                \(names.logger)(subsystem: subsystem, category: category)
            }

            func debug(_ message: String) {
                logger.debug("\\(message, privacy: .public)")
            }

            func info(_ message: String) {
                logger.info("\\(message, privacy: .public)")
            }

            func error(_ message: String) {
                logger.error("\\(message, privacy: .public)")
            }
        }

        """
    }

    private static func apiConfiguration(_ names: AppNames) -> String {
        """
        import Foundation

        /// Where the API is and how to talk to it.
        struct \(names.apiConfiguration): Sendable {
            enum Environment: String, CaseIterable, Sendable {
                case production
                case staging
                case local
            }

            let environment: Environment
            let token: String
            var timeout: TimeInterval = 30
            var pageSize = 50
            var maximumItems = 1_000

            init(environment: Environment, token: String = "") {
                self.environment = environment
                self.token = token
            }

            var baseURL: URL {
                switch environment {
                case .production: URL(string: "https://api.shopfront.example/v2")!
                case .staging: URL(string: "https://staging.shopfront.example/v2")!
                case .local: URL(string: "http://localhost:8080/v2")!
                }
            }

            func makeDecoder() -> JSONDecoder {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return decoder
            }

            func makeEncoder() -> JSONEncoder {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                encoder.outputFormatting = [.sortedKeys]
                return encoder
            }
        }

        """
    }

    private static func httpError(_ names: AppNames) -> String {
        """
        import Foundation

        /// What went wrong with a request, in terms the screens can show.
        enum \(names.httpError): Error, Equatable, LocalizedError {
            case invalidURL(String)
            case notAnHTTPResponse
            case unauthorized
            case notFound
            case server(status: Int)

            var errorDescription: String? {
                switch self {
                case .invalidURL(let path): "The address \\(path) is not valid."
                case .notAnHTTPResponse: "The server sent an unexpected response."
                case .unauthorized: "Please sign in again."
                case .notFound: "The item no longer exists."
                case .server(let status): "The server answered with status \\(status)."
                }
            }

            /// Throws for anything but a 2xx HTTP response.
            static func check(_ response: URLResponse) throws {
                guard let http = response as? HTTPURLResponse else { throw \(names.httpError).notAnHTTPResponse }
                switch http.statusCode {
                case 200..<300: return
                case 401, 403: throw \(names.httpError).unauthorized
                case 404: throw \(names.httpError).notFound
                default: throw \(names.httpError).server(status: http.statusCode)
                }
            }
        }

        """
    }

    private static func dateFormatting(_ names: AppNames) -> String {
        """
        import Foundation

        /// Dates as the screens show them.
        enum \(names.dateFormatting) {
            /// "5 minutes ago", "yesterday".
            static func relative(_ date: Date, to now: Date = .now) -> String {
                let formatter = RelativeDateTimeFormatter()
                formatter.unitsStyle = .full
                return formatter.localizedString(for: date, relativeTo: now)
            }

            /// "Mar 5" this year, "Mar 5, 2023" otherwise.
            static func short(_ date: Date, calendar: Calendar = .current) -> String {
                if calendar.isDate(date, equalTo: .now, toGranularity: .year) {
                    return date.formatted(.dateTime.month(.abbreviated).day())
                }
                return date.formatted(date: .abbreviated, time: .omitted)
            }

            /// The start of the day of `date`.
            static func startOfDay(_ date: Date, calendar: Calendar = .current) -> Date {
                calendar.startOfDay(for: date)
            }
        }

        """
    }

    private static func fileStore(_ names: AppNames) -> String {
        """
        import Foundation

        /// Values kept as JSON files in one folder; the local data sources' storage.
        struct \(names.fileStore): Sendable {
            let directory: URL

            init(directory: URL) {
                self.directory = directory
            }

            /// The value in `name`, or `nil` if the file does not exist yet.
            func load<Value: Decodable>(_ name: String) throws -> Value? {
                let url = directory.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: url.path) else { return nil }
                let data = try Data(contentsOf: url)
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try decoder.decode(Value.self, from: data)
            }

            func save<Value: Encodable>(_ value: Value, as name: String) throws {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                try encoder.encode(value).write(to: directory.appendingPathComponent(name), options: .atomic)
            }

            func remove(_ name: String) throws {
                let url = directory.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            }
        }

        """
    }

    private static func errorBanner(_ names: AppNames) -> String {
        """
        import SwiftUI

        /// A dismissible message at the bottom of a screen.
        struct \(names.errorBanner): View {
            let message: String
            let onDismiss: () -> Void

            var body: some View {
                HStack(alignment: .firstTextBaseline, spacing: 12) {
                    Image(systemName: "exclamationmark.triangle.fill")
                        .foregroundStyle(.yellow)
                    Text(message)
                        .font(.callout)
                        .frame(maxWidth: .infinity, alignment: .leading)
                    Button("Dismiss", systemImage: "xmark") { onDismiss() }
                        .labelStyle(.iconOnly)
                }
                .padding()
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
                .padding()
                .transition(.move(edge: .bottom).combined(with: .opacity))
            }
        }

        """
    }

    private static func emptyState(_ names: AppNames) -> String {
        """
        import SwiftUI

        /// What a screen shows when it has nothing to list yet.
        struct \(names.emptyState): View {
            let title: String
            let message: String
            let systemImage: String

            var body: some View {
                VStack(spacing: 12) {
                    Image(systemName: systemImage)
                        .font(.system(size: 44))
                        .foregroundStyle(.secondary)
                    Text(title)
                        .font(.title3.weight(.semibold))
                    Text(message)
                        .font(.callout)
                        .foregroundStyle(.secondary)
                        .multilineTextAlignment(.center)
                }
                .padding(32)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            }
        }

        """
    }
}
