import Foundation

// MARK: - Generated Data layer: DTO, data sources, repository implementation

extension AppGenerator {
    /// `Data/F/Remote/FDTO.swift`: the API's form of the entity, its mapping, a page of them.
    static func dataTransferObject(_ feature: AppFeature) -> String {
        let name = feature.name, variable = feature.variable
        let properties = ["id: UUID", "title: String", "status: String"] + feature.fields.map { "\($0.name): \($0.type)" }
            + ["createdAt: Date"]
        let keys = ["case id", "case title", "case status"]
            + feature.fields.map { $0.jsonKey == $0.name ? "case \($0.name)" : "case \($0.name) = \"\($0.jsonKey)\"" }
            + ["case createdAt = \"created_at\""]
        let fromDomain = ["id: \(variable).id", "title: \(variable).title", "status: \(variable).status.rawValue"]
            + feature.fields.map { "\($0.name): \(variable).\($0.name)" } + ["createdAt: \(variable).createdAt"]
        let toDomain = ["id: id", "title: title", "status: \(name).Status(rawValue: status) ?? .\(feature.statuses[0])"]
            + feature.fields.map { "\($0.name): \($0.name)" } + ["createdAt: createdAt"]
        let patchProperties = ["title: String?", "status: String?"]
            + feature.fields.map { "\($0.name): \($0.kind == .optionalDate ? "Date?" : $0.type + "?")" }
        let patchAssignments = ["title = old.title == new.title ? nil : new.title",
                                "status = old.status == new.status ? nil : new.status.rawValue"]
            + feature.fields.map { "\($0.name) = old.\($0.name) == new.\($0.name) ? nil : new.\($0.name)" }
        let patchEmpty = (["title", "status"] + feature.fields.map(\.name)).map { "\($0) == nil" }
        return """
            import Foundation

            /// \(feature.singularTitle) as the API sends and receives it (snake-case keys, status as text).
            struct \(name)DTO: Codable, Sendable, Equatable {
            \(indented(properties.map { "let " + $0 }, 1))

                enum CodingKeys: String, CodingKey {
            \(indented(keys, 2))
                }
            }

            extension \(name)DTO {
                init(_ \(variable): \(name)) {
                    self.init(
            \(indented(fromDomain, 3).replacingOccurrences(of: "\n", with: ",\n"))
                    )
                }

                /// The entity; an unknown status becomes `.\(feature.statuses[0])`.
                func toDomain() -> \(name) {
                    \(name)(
            \(indented(toDomain, 3).replacingOccurrences(of: "\n", with: ",\n"))
                    )
                }
            }

            /// The fields of \(feature.singularTitle.lowercased()) that changed, for `PATCH`; unchanged
            /// fields are left out of the JSON.
            struct \(name)PatchDTO: Encodable, Sendable, Equatable {
            \(indented(patchProperties.map { "var " + $0 }, 1))

                enum CodingKeys: String, CodingKey {
            \(indented(Array(keys.dropFirst().dropLast()), 2))
                }

                init(from old: \(name), to new: \(name)) {
            \(indented(patchAssignments, 2))
                }

                /// Whether nothing changed.
                var isEmpty: Bool {
                    \(patchEmpty.joined(separator: "\n            && "))
                }
            }

            /// One page of the list endpoint.
            struct \(name)PageDTO: Decodable, Sendable {
                let items: [\(name)DTO]
                let nextCursor: String?
                let total: Int

                enum CodingKeys: String, CodingKey {
                    case items
                    case nextCursor = "next_cursor"
                    case total
                }
            }

            """
    }

    /// `Data/F/Remote/FRemoteDataSource.swift`: the feature's endpoints over `URLSession`.
    static func remoteDataSource(_ feature: AppFeature) -> String {
        let name = feature.name, names = feature.names
        var extras: [String] = []
        if feature.repositoryExtras.contains(.count) {
            extras.append("""
                    func count() async throws -> Int {
                        try await fetchPage(cursor: nil).total
                    }
                """)
        }
        if feature.repositoryExtras.contains(.recent) {
            extras.append("""
                    func fetchRecent(limit: Int) async throws -> [\(name)DTO] {
                        let query = [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "sort", value: "-created_at")]
                        let page: \(name)PageDTO = try await send(request(path, query: query))
                        return page.items
                    }
                """)
        }
        if feature.repositoryExtras.contains(.archive) {
            extras.append("""
                    func archive(id: UUID) async throws -> \(name)DTO {
                        try await send(request("\\(path)/\\(id.uuidString)/archive", method: "POST"))
                    }
                """)
        }
        return """
            import Foundation

            /// The \(feature.title.lowercased()) endpoints of the API.
            final class \(name)RemoteDataSource: Sendable {
                private let configuration: \(names.apiConfiguration)
                private let session: URLSession
                private let path = "\(feature.pluralVariable.lowercased())"

                init(configuration: \(names.apiConfiguration), session: URLSession = .shared) {
                    self.configuration = configuration
                    self.session = session
                }

                /// One page of the list, starting after `cursor` (the first page for `nil`).
                func fetchPage(cursor: String?) async throws -> \(name)PageDTO {
                    var query = [URLQueryItem(name: "limit", value: String(configuration.pageSize))]
                    if let cursor {
                        query.append(URLQueryItem(name: "cursor", value: cursor))
                    }
                    return try await send(request(path, query: query))
                }

                /// Every page, up to the configured maximum number of items.
                func fetchAll() async throws -> [\(name)DTO] {
                    var items: [\(name)DTO] = []
                    var cursor: String?
                    repeat {
                        let page = try await fetchPage(cursor: cursor)
                        items.append(contentsOf: page.items)
                        cursor = page.nextCursor
                    } while cursor != nil && items.count < configuration.maximumItems
                    return items
                }

                /// The item with `id`; `HTTPError.notFound` if the server has none.
                func fetch(id: UUID) async throws -> \(name)DTO {
                    try await send(request("\\(path)/\\(id.uuidString)"))
                }

                /// The first page of the server's search results.
                func search(query text: String) async throws -> [\(name)DTO] {
                    let page: \(name)PageDTO = try await send(request("\\(path)/search", query: [URLQueryItem(name: "q", value: text)]))
                    return page.items
                }

                /// Creates or replaces the whole item; returns the server's version.
                func upload(_ dto: \(name)DTO) async throws -> \(name)DTO {
                    var urlRequest = try request("\\(path)/\\(dto.id.uuidString)", method: "PUT")
                    urlRequest.httpBody = try configuration.makeEncoder().encode(dto)
                    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    return try await send(urlRequest)
                }

                /// The items changed on the server since `date`, deleted ones included (status `deleted`).
                func fetchChanges(since date: Date) async throws -> [\(name)DTO] {
                    let since = ISO8601DateFormatter().string(from: date)
                    let page: \(name)PageDTO = try await send(request("\\(path)/changes", query: [URLQueryItem(name: "since", value: since)]))
                    return page.items
                }

                /// Sends only the changed fields of the item with `id`; returns the server's version.
                func patch(id: UUID, _ changes: \(name)PatchDTO) async throws -> \(name)DTO {
                    var urlRequest = try request("\\(path)/\\(id.uuidString)", method: "PATCH")
                    urlRequest.httpBody = try configuration.makeEncoder().encode(changes)
                    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    return try await send(urlRequest)
                }

                func delete(id: UUID) async throws {
                    let urlRequest = try request("\\(path)/\\(id.uuidString)", method: "DELETE")
                    let (_, response) = try await session.data(for: urlRequest)
                    try \(names.httpError).check(response)
                }
            \(extras.isEmpty ? "" : "\n" + extras.joined(separator: "\n\n") + "\n")
                private func request(_ path: String, method: String = "GET", query: [URLQueryItem] = []) throws -> URLRequest {
                    let base = configuration.baseURL.appendingPathComponent(path)
                    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
                        throw \(names.httpError).invalidURL(path)
                    }
                    if !query.isEmpty {
                        components.queryItems = query
                    }
                    guard let url = components.url else { throw \(names.httpError).invalidURL(path) }
                    var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
                    request.httpMethod = method
                    request.setValue("Bearer \\(configuration.token)", forHTTPHeaderField: "Authorization")
                    return request
                }

                /// Sends `request`, retrying twice after a timeout or a lost connection.
                private func send<Response: Decodable>(_ request: URLRequest, attempts: Int = 3) async throws -> Response {
                    var lastError: Error = \(names.httpError).notAnHTTPResponse
                    for attempt in 1...attempts {
                        do {
                            let (data, response) = try await session.data(for: request)
                            try \(names.httpError).check(response)
                            return try configuration.makeDecoder().decode(Response.self, from: data)
                        } catch let error as URLError where error.code == .timedOut || error.code == .networkConnectionLost {
                            lastError = error
                            try await Task.sleep(for: .milliseconds(250 * attempt))
                        }
                    }
                    throw lastError
                }
            }

            """
    }

    /// `Data/F/Local/FLocalDataSource.swift`: the copy on the device, an actor over a JSON file.
    static func localDataSource(_ feature: AppFeature) -> String {
        let name = feature.name
        let searchable = ["title"] + feature.textFields.map(\.name)
        return """
            import Foundation

            /// The \(feature.title.lowercased()) kept on the device, for offline use and quick launches.
            actor \(name)LocalDataSource {
                private let store: \(feature.names.fileStore)
                private let fileName = "\(feature.pluralVariable).json"
                private var cache: [UUID: \(name)DTO]?
                private(set) var lastRefresh: Date?

                init(store: \(feature.names.fileStore)) {
                    self.store = store
                }

                func loadAll() throws -> [\(name)DTO] {
                    if let cache {
                        return Array(cache.values)
                    }
                    let items: [\(name)DTO] = try store.load(fileName) ?? []
                    cache = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                    return items
                }

                func find(id: UUID) throws -> \(name)DTO? {
                    try loadAll().first { $0.id == id }
                }

                func search(_ text: String) throws -> [\(name)DTO] {
                    try loadAll().filter { item in
                        \(searchable.map { "item.\($0).localizedCaseInsensitiveContains(text)" }.joined(separator: "\n                || "))
                    }
                }

                func upsert(_ dto: \(name)DTO) throws {
                    var items = try loadAll()
                    if let index = items.firstIndex(where: { $0.id == dto.id }) {
                        items[index] = dto
                    } else {
                        items.append(dto)
                    }
                    try persist(items)
                }

                func remove(id: UUID) throws {
                    var items = try loadAll()
                    items.removeAll { $0.id == id }
                    try persist(items)
                }

                func replaceAll(with items: [\(name)DTO]) throws {
                    try persist(items)
                    lastRefresh = .now
                }

                /// Whether the copy is older than `maximumAge` seconds, or was never refreshed.
                func isStale(maximumAge: TimeInterval) -> Bool {
                    guard let lastRefresh else { return true }
                    return Date.now.timeIntervalSince(lastRefresh) > maximumAge
                }

                func count() throws -> Int {
                    try loadAll().count
                }

                func items(withStatus status: String) throws -> [\(name)DTO] {
                    try loadAll().filter { $0.status == status }
                }

                /// Every item as JSON, for sharing a backup.
                func export() throws -> Data {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    encoder.dateEncodingStrategy = .iso8601
                    return try encoder.encode(loadAll())
                }

                /// Adds the items of a backup, keeping the newer of two items with the same id.
                func importItems(from data: Data) throws -> Int {
                    let decoder = JSONDecoder()
                    decoder.dateDecodingStrategy = .iso8601
                    let imported = try decoder.decode([\(name)DTO].self, from: data)
                    var items = Dictionary(try loadAll().map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                    for item in imported where (items[item.id]?.createdAt ?? .distantPast) <= item.createdAt {
                        items[item.id] = item
                    }
                    try persist(Array(items.values))
                    return imported.count
                }

                func clear() throws {
                    cache = [:]
                    lastRefresh = nil
                    try store.remove(fileName)
                }

                private func persist(_ items: [\(name)DTO]) throws {
                    try store.save(items, as: fileName)
                    cache = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                }
            }

            """
    }

    /// `Data/F/Repositories/FRepositoryImpl.swift`: the repository over both data sources.
    /// Planted: a missing requirement, or a method left as `fatalError`.
    static func repositoryImplementation(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural, variable = feature.variable
        let lowerTitle = feature.title.lowercased()
        var methods = [
            """
                func fetch\(plural)() async throws -> [\(name)] {
                    if await !local.isStale(maximumAge: cacheLifetime) {
                        return try await local.loadAll().map { $0.toDomain() }
                    }
                    do {
                        let items = try await remote.fetchAll()
                        try await local.replaceAll(with: items)
                        return items.map { $0.toDomain() }
                    } catch {
                        logger.error("Loading \(lowerTitle) failed, using the copy on the device: \\(error)")
                        let cached = try await local.loadAll()
                        guard !cached.isEmpty else { throw error }
                        return cached.map { $0.toDomain() }
                    }
                }
            """,
            """
                func fetch\(name)(id: \(name).ID) async throws -> \(name)? {
                    if let cached = try await local.find(id: id) {
                        return cached.toDomain()
                    }
                    let item = try await remote.fetch(id: id)
                    try await local.upsert(item)
                    return item.toDomain()
                }
            """,
        ]
        if !feature.violations.contains(.missingRequirement) {
            methods.append("""
                    func search\(plural)(matching query: String) async throws -> [\(name)] {
                        do {
                            return try await remote.search(query: query).map { $0.toDomain() }
                        } catch {
                            logger.error("Searching \(lowerTitle) failed, searching the device: \\(error)")
                            return try await local.search(query).map { $0.toDomain() }
                        }
                    }
                """)
        }
        methods.append("""
                /// Sends only the changes when the device knows the item, else the whole item.
                func save(_ \(variable): \(name)) async throws {
                    if let cached = try await local.find(id: \(variable).id) {
                        let changes = \(name)PatchDTO(from: cached.toDomain(), to: \(variable))
                        guard !changes.isEmpty else { return }
                        let patched = try await remote.patch(id: \(variable).id, changes)
                        try await local.upsert(patched)
                    } else {
                        let uploaded = try await remote.upload(\(name)DTO(\(variable)))
                        try await local.upsert(uploaded)
                    }
                }
            """)
        methods.append(feature.violations.contains(.unimplementedMethod) ? """
                func delete\(name)(id: \(name).ID) async throws {
                    fatalError("Not implemented yet")
                }
            """ : """
                func delete\(name)(id: \(name).ID) async throws {
                    try await remote.delete(id: id)
                    try await local.remove(id: id)
                }
            """)
        methods += extraRepositoryMethods(feature)
        methods.append("""
                /// Applies the server's changes since the last refresh to the copy on the device.
                func synchronizeChanges() async throws {
                    let since = await local.lastRefresh ?? .distantPast
                    let changes = try await remote.fetchChanges(since: since)
                    for change in changes {
                        if change.status == "deleted" {
                            try await local.remove(id: change.id)
                        } else {
                            try await local.upsert(change)
                        }
                    }
                    logger.info("Applied \\(changes.count) changes to \(feature.title.lowercased())")
                }
            """)
        return """
            import Foundation

            /// The \(lowerTitle) of the API with a copy on the device: reads fall back to the copy when
            /// the network fails, writes go to the API first.
            final class \(name)RepositoryImpl: \(name)Repository {
                private let remote: \(name)RemoteDataSource
                private let local: \(name)LocalDataSource
                private let logger: \(feature.names.logger)
                /// How long the copy on the device is used without asking the server.
                private let cacheLifetime: TimeInterval

                init(remote: \(name)RemoteDataSource, local: \(name)LocalDataSource, logger: \(feature.names.logger),
                     cacheLifetime: TimeInterval = 300) {
                    self.remote = remote
                    self.local = local
                    self.logger = logger
                    self.cacheLifetime = cacheLifetime
                }

            \(methods.joined(separator: "\n\n"))
            }

            """
    }

    /// The implementations of the feature's optional repository requirements.
    private static func extraRepositoryMethods(_ feature: AppFeature) -> [String] {
        let name = feature.name, plural = feature.plural
        var methods: [String] = []
        if feature.repositoryExtras.contains(.count) {
            methods.append("""
                    func count\(plural)() async throws -> Int {
                        do {
                            return try await remote.count()
                        } catch {
                            return try await local.loadAll().count
                        }
                    }
                """)
        }
        if feature.repositoryExtras.contains(.recent) {
            methods.append("""
                    func fetchRecent\(plural)(limit: Int) async throws -> [\(name)] {
                        let items = try await remote.fetchRecent(limit: limit)
                        return items.map { $0.toDomain() }
                    }
                """)
        }
        if feature.repositoryExtras.contains(.archive) {
            methods.append("""
                    func archive\(name)(id: \(name).ID) async throws {
                        let archived = try await remote.archive(id: id)
                        try await local.upsert(archived)
                    }
                """)
        }
        if feature.repositoryExtras.contains(.refresh) {
            methods.append("""
                    func refresh\(plural)() async throws {
                        let items = try await remote.fetchAll()
                        try await local.replaceAll(with: items)
                        logger.info("Refreshed \\(items.count) \(feature.title.lowercased())")
                    }
                """)
        }
        return methods
    }
}
