import Foundation

// MARK: - Generated Domain layer: entity, repository protocol, use cases, service

extension AppGenerator {
    /// `Domain/F/Entities/F.swift`: the entity, its status and sort order, example items,
    /// sorting, filtering and counting helpers. Planted: `import SwiftUI` and a status colour.
    static func entity(_ feature: AppFeature) -> String {
        let name = feature.name
        let swiftUI = feature.violations.contains(.domainImportsSwiftUI)
        let parameters = ["id: UUID = UUID()", "title: String", "status: Status = .\(feature.statuses[0])"]
            + feature.fields.map { "\($0.name): \($0.type) = \($0.defaultValue)" } + ["createdAt: Date = .now"]
        let assignments = ["id", "title", "status"] + feature.fields.map(\.name) + ["createdAt"]
        let searchable = ["title"] + feature.textFields.map(\.name)
        let headline = ["title"] + feature.textFields.prefix(1).map(\.name)
        var text = """
            import Foundation
            \(swiftUI ? "import SwiftUI\n" : "")
            /// The \(feature.singularTitle.lowercased()) entity: what the screens show and the use cases
            /// validate, independent of how the API or the device stores it.
            struct \(name): Identifiable, Hashable, Sendable {
                enum Status: String, CaseIterable, Sendable {
            \(indented(feature.statuses.map { "case \($0)" }, 2))
                }

                enum SortOrder: String, CaseIterable, Sendable {
                    case newest
                    case oldest
                    case title
                }

                let id: UUID
                var title: String
                var status: Status
            \(indented(feature.fields.map { "var \($0.name): \($0.type)" }, 1))
                var createdAt: Date

                init(
            \(indented(parameters, 2).replacingOccurrences(of: "\n", with: ",\n"))
                ) {
            \(indented(assignments.map { "self.\($0) = \($0)" }, 2))
                }

                /// Whether nothing worth keeping has been entered yet.
                var isEmpty: Bool {
                    title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                }

                /// A short line for lists and notifications.
                var headline: String {
                    [\(headline.joined(separator: ", "))].filter { !$0.isEmpty }.joined(separator: " · ")
                }

                /// Whether the title or a text field contains `query`, ignoring case.
                func matches(_ query: String) -> Bool {
                    guard !query.isEmpty else { return true }
                    return \(searchable.map { "\($0).localizedCaseInsensitiveContains(query)" }.joined(separator: "\n            || "))
                }\(appendedLines(fieldHelpers(feature), 1))
            }

            extension Array where Element == \(name) {
                /// The items in `order`; ties keep their order.
                func sorted(by order: \(name).SortOrder) -> [\(name)] {
                    switch order {
                    case .newest: sorted { $0.createdAt > $1.createdAt }
                    case .oldest: sorted { $0.createdAt < $1.createdAt }
                    case .title: sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
                    }
                }

                /// The items with `status`, or all of them for `nil`.
                func filtered(by status: \(name).Status?) -> [\(name)] {
                    guard let status else { return self }
                    return filter { $0.status == status }
                }

                /// How many items have each status; statuses without items are left out.
                var countsByStatus: [\(name).Status: Int] {
                    Dictionary(grouping: self, by: \\.status).mapValues(\\.count)
                }
            }

            extension \(name) {
                /// Example items for previews and the first launch.
                static let examples: [\(name)] = [
            \(indented(examples(feature), 2))
                ]
            }

            """
        if swiftUI {
            let colors = ["gray", "blue", "orange", "green", "purple", "red"]
            text += """

                extension \(name).Status {
                    /// The colour of the status badge.
                    var tint: Color {
                        switch self {
                \(indented(feature.statuses.enumerated().map { "case .\($1): .\(colors[$0 % colors.count])" }, 3))
                        }
                    }
                }

                """
        }
        return text
    }

    /// Computed properties of the entity that depend on its fields.
    private static func fieldHelpers(_ feature: AppFeature) -> [String] {
        var lines: [String] = []
        for field in feature.fields {
            let upper = field.name.prefix(1).uppercased() + field.name.dropFirst()
            switch field.kind {
            case .optionalDate:
                lines += ["", "/// Whether the \(field.label.lowercased()) date has passed.", "var is\(upper)Past: Bool {",
                          "    guard let \(field.name) else { return false }", "    return \(field.name) < .now", "}"]
            case .list:
                lines += ["", "/// The \(field.label.lowercased()) without duplicates, sorted.", "var unique\(upper): [String] {",
                          "    Array(Set(\(field.name))).sorted()", "}"]
            case .decimal:
                lines += ["", "/// Whether a \(field.label.lowercased()) has been entered.", "var has\(upper): Bool {",
                          "    \(field.name) > 0", "}"]
            default:
                continue
            }
        }
        return lines
    }

    /// Three example items, every field filled in.
    private static func examples(_ feature: AppFeature) -> [String] {
        (1...3).flatMap { number -> [String] in
            var arguments = ["title: \"Sample \(feature.singularTitle.lowercased()) \(number)\"",
                             "status: .\(feature.statuses[number % feature.statuses.count])"]
            for field in feature.fields {
                let value = switch field.kind {
                case .text: "\"\(field.label) \(number)\""
                case .integer: "\(number * 3)"
                case .decimal: "\(number * 12).5"
                case .flag: number.isMultiple(of: 2) ? "true" : "false"
                case .date: ".now.addingTimeInterval(-3_600 * \(number))"
                case .optionalDate: ".now.addingTimeInterval(86_400 * \(number))"
                case .list: "[\"first\", \"example \(number)\"]"
                }
                arguments.append("\(field.name): \(value)")
            }
            return ["\(feature.name)("] + arguments.enumerated().map { "    " + $1 + ($0 < arguments.count - 1 ? "," : "") } + ["),"]
        }
    }

    /// The requirements of a feature's repository protocol, in declaration order: their
    /// documentation lines and their declarations.
    static func repositoryRequirements(_ feature: AppFeature) -> [(doc: [String], declaration: String)] {
        let name = feature.name, plural = feature.plural, lower = feature.title.lowercased()
        var requirements: [(doc: [String], declaration: String)] = [
            (["Every \(lower) the user can see, in no particular order.", "- Throws: `\(name)RepositoryError` or a network error."],
             "func fetch\(plural)() async throws -> [\(name)]"),
            (["The item with `id`, or `nil` if there is none.", "- Parameter id: The item's identifier."],
             "func fetch\(name)(id: \(name).ID) async throws -> \(name)?"),
            (["The items whose text matches `query`, as the server ranks them.", "- Parameter query: Text typed by the user, trimmed."],
             "func search\(plural)(matching query: String) async throws -> [\(name)]"),
            (["Creates or replaces the item with the same id.", "- Throws: `\(name)RepositoryError.conflict` when the server has a newer version."],
             "func save(_ \(feature.variable): \(name)) async throws"),
            (["Deletes the item with `id`; deleting a missing item is not an error."],
             "func delete\(name)(id: \(name).ID) async throws"),
        ]
        if feature.repositoryExtras.contains(.count) {
            requirements.append((["How many items there are on the server."], "func count\(plural)() async throws -> Int"))
        }
        if feature.repositoryExtras.contains(.recent) {
            requirements.append((["The `limit` most recently created items.", "- Parameter limit: At least 1."],
                                 "func fetchRecent\(plural)(limit: Int) async throws -> [\(name)]"))
        }
        if feature.repositoryExtras.contains(.archive) {
            requirements.append((["Moves the item with `id` to the archive."], "func archive\(name)(id: \(name).ID) async throws"))
        }
        if feature.repositoryExtras.contains(.refresh) {
            requirements.append((["Replaces the copy on the device with the server's."], "func refresh\(plural)() async throws"))
        }
        return requirements
    }

    /// `Domain/F/Repositories/FRepository.swift`: the repository protocol, its errors and
    /// an extension.
    static func repositoryProtocol(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural
        let requirements = repositoryRequirements(feature).flatMap { $0.doc.map { "/// " + $0 } + [$0.declaration, ""] }.dropLast()
        return """
            import Foundation

            /// Where \(feature.title.lowercased()) are kept: the API, with a copy on the device for offline use.
            /// Implemented in the Data layer; the use cases depend on this protocol only.
            protocol \(name)Repository: Sendable {
            \(indented(Array(requirements), 1))
            }

            /// Errors the repository reports in terms of the domain.
            enum \(name)RepositoryError: Error, Equatable, LocalizedError {
                case notFound(\(name).ID)
                case conflict(\(name).ID)
                case offline

                var errorDescription: String? {
                    switch self {
                    case .notFound: "The \(feature.singularTitle.lowercased()) no longer exists."
                    case .conflict: "The \(feature.singularTitle.lowercased()) was changed on another device."
                    case .offline: "You are offline; changes will be sent later."
                    }
                }
            }

            extension \(name)Repository {
                /// The items with `status`.
                func fetch\(plural)(withStatus status: \(name).Status) async throws -> [\(name)] {
                    try await fetch\(plural)().filter { $0.status == status }
                }

                /// Whether an item with `id` exists.
                func contains\(name)(id: \(name).ID) async throws -> Bool {
                    try await fetch\(name)(id: id) != nil
                }
            }

            """
    }

    /// `Domain/F/UseCases/FetchFsUseCase.swift`: reading, searching, filtering, grouping and
    /// statistics. Planted: `@MainActor` on the whole use case.
    static func fetchUseCase(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural, logger = feature.names.logger
        let lowerTitle = feature.title.lowercased()
        var requirements = [
            "/// Every item, newest first.", "func execute() async throws -> [\(name)]",
            "/// The items with `status` (all for `nil`), newest first.", "func execute(status: \(name).Status?) async throws -> [\(name)]",
            "/// The items matching `query`; a query shorter than two characters returns everything.",
            "func search(_ query: String) async throws -> [\(name)]",
            "/// The item with `id`.", "func find(id: \(name).ID) async throws -> \(name)?",
            "/// The items by month of creation, newest month first.", "func groupedByMonth() async throws -> [\(name)MonthGroup]",
            "/// Counts for the summary header.", "func statistics() async throws -> \(name)Statistics",
        ]
        var methods = """
                func execute() async throws -> [\(name)] {
                    let items = try await repository.fetch\(plural)()
                    logger.debug("Fetched \\(items.count) \(lowerTitle)")
                    return items.sorted(by: .newest)
                }

                func execute(status: \(name).Status?) async throws -> [\(name)] {
                    guard let status else { return try await execute() }
                    return try await repository.fetch\(plural)(withStatus: status).sorted(by: .newest)
                }

                func search(_ query: String) async throws -> [\(name)] {
                    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard trimmed.count >= 2 else { return try await execute() }
                    let results = try await repository.search\(plural)(matching: trimmed)
                    logger.debug("Search matched \\(results.count) \(lowerTitle)")
                    return results.filter { $0.matches(trimmed) }
                }

                func find(id: \(name).ID) async throws -> \(name)? {
                    try await repository.fetch\(name)(id: id)
                }

                func groupedByMonth() async throws -> [\(name)MonthGroup] {
                    let items = try await execute()
                    let groups = Dictionary(grouping: items) { item in
                        calendar.dateInterval(of: .month, for: item.createdAt)?.start ?? item.createdAt
                    }
                    return groups.keys.sorted(by: >).map { month in
                        \(name)MonthGroup(month: month, items: groups[month] ?? [])
                    }
                }

                func statistics() async throws -> \(name)Statistics {
                    let items = try await repository.fetch\(plural)()
                    return \(name)Statistics(
                        total: items.count,
                        byStatus: items.countsByStatus,
                        newest: items.map(\\.createdAt).max()
                    )
                }
            """
        if feature.repositoryExtras.contains(.recent) {
            requirements += ["/// The `limit` newest items.", "func recent(limit: Int) async throws -> [\(name)]"]
            methods += """


                    func recent(limit: Int) async throws -> [\(name)] {
                        try await repository.fetchRecent\(plural)(limit: max(1, limit))
                    }
                """
        }
        if feature.repositoryExtras.contains(.count) {
            requirements += ["/// How many items the server has.", "func total() async throws -> Int"]
            methods += """


                    func total() async throws -> Int {
                        try await repository.count\(plural)()
                    }
                """
        }
        if feature.repositoryExtras.contains(.refresh) {
            requirements += ["/// Reloads everything from the server.", "func refresh() async throws -> [\(name)]"]
            methods += """


                    func refresh() async throws -> [\(name)] {
                        try await repository.refresh\(plural)()
                        logger.info("Refreshed \(lowerTitle)")
                        return try await execute()
                    }
                """
        }
        return """
            import Foundation

            /// The \(lowerTitle) created in one month.
            struct \(name)MonthGroup: Identifiable, Equatable, Sendable {
                let month: Date
                let items: [\(name)]

                var id: Date { month }
            }

            /// Counts of \(lowerTitle) for the summary header.
            struct \(name)Statistics: Equatable, Sendable {
                let total: Int
                let byStatus: [\(name).Status: Int]
                let newest: Date?
            }

            /// Reads \(lowerTitle) for the screens: sorted, filtered by status, searched and grouped.
            protocol Fetch\(plural)UseCaseProtocol: Sendable {
            \(indented(requirements, 1))
            }

            \(feature.violations.contains(.mainActorUseCase) ? "@MainActor\n" : "")final class Fetch\(plural)UseCase: Fetch\(plural)UseCaseProtocol {
                private let repository: any \(name)Repository
                private let logger: \(logger)
                private let calendar: Calendar

                init(repository: any \(name)Repository, logger: \(logger), calendar: Calendar = .current) {
                    self.repository = repository
                    self.logger = logger
                    self.calendar = calendar
                }

            \(methods)
            }

            """
    }

    /// `Domain/F/UseCases/SaveFUseCase.swift`: validated saving, deleting, duplicating and
    /// archiving. Planted: a call with a wrong argument label (`fetchF(byID:)`).
    static func saveUseCase(_ feature: AppFeature) -> String {
        let name = feature.name, variable = feature.variable, logger = feature.names.logger
        let lookup = feature.violations.contains(.wrongRepositoryLabel) ? "byID" : "id"
        let stamps = feature.fields.filter { $0.name == "updatedAt" }.map { _ in "saved.updatedAt = .now" }
        var requirements = [
            "/// Validates and stores `\(variable)`; returns what was stored.", "func execute(_ \(variable): \(name)) async throws -> \(name)",
            "/// Deletes the item with `id`.", "func delete(id: \(name).ID) async throws",
            "/// Stores a copy of the item with `id` under a new id.", "func duplicate(id: \(name).ID) async throws -> \(name)",
            "/// Changes the status of the item with `id`.", "func setStatus(_ status: \(name).Status, for id: \(name).ID) async throws -> \(name)",
            "/// Saves every item it can; returns those saved and the ids of those that failed.",
            "func saveAll(_ items: [\(name)]) async -> (saved: [\(name)], failed: [\(name).ID])",
        ]
        let copyArguments = ["title: original.title + \" (copy)\"", "status: .\(feature.statuses[0])"]
            + feature.fields.map { "\($0.name): original.\($0.name)" }
        var archive = ""
        if feature.repositoryExtras.contains(.archive) {
            requirements += ["/// Moves the item with `id` to the archive.", "func archive(id: \(name).ID) async throws"]
            archive = """


                    func archive(id: \(name).ID) async throws {
                        try await repository.archive\(name)(id: id)
                        logger.info("Archived \\(id)")
                    }
                """
        }
        return """
            import Foundation

            /// Validates and stores changes to \(feature.title.lowercased()).
            protocol Save\(name)UseCaseProtocol: Sendable {
            \(indented(requirements, 1))
            }

            enum Save\(name)Error: Error, Equatable {
                case invalid([\(name)ValidationIssue])
                case notFound(\(name).ID)
            }

            final class Save\(name)UseCase: Save\(name)UseCaseProtocol {
                private let repository: any \(name)Repository
                private let validator: any \(name)ValidationServiceProtocol
                private let logger: \(logger)

                init(repository: any \(name)Repository, validator: any \(name)ValidationServiceProtocol, logger: \(logger)) {
                    self.repository = repository
                    self.validator = validator
                    self.logger = logger
                }

                func execute(_ \(variable): \(name)) async throws -> \(name) {
                    let issues = validator.validate(\(variable))
                    guard issues.isEmpty else {
                        logger.error("Rejected \\(\(variable).id): \\(issues.count) issues")
                        throw Save\(name)Error.invalid(issues)
                    }
                    var saved = \(variable)
                    saved.title = \(variable).title.trimmingCharacters(in: .whitespacesAndNewlines)\(appendedLines(stamps, 2))
                    try await repository.save(saved)
                    logger.info("Saved \\(saved.id)")
                    return saved
                }

                func delete(id: \(name).ID) async throws {
                    guard let existing = try await repository.fetch\(name)(\(lookup): id) else {
                        throw Save\(name)Error.notFound(id)
                    }
                    try await repository.delete\(name)(id: existing.id)
                    logger.info("Deleted \\(existing.id)")
                }

                func duplicate(id: \(name).ID) async throws -> \(name) {
                    guard let original = try await repository.fetch\(name)(id: id) else {
                        throw Save\(name)Error.notFound(id)
                    }
                    let copy = \(name)(
            \(indented(copyArguments, 3).replacingOccurrences(of: "\n", with: ",\n"))
                    )
                    return try await execute(copy)
                }

                func setStatus(_ status: \(name).Status, for id: \(name).ID) async throws -> \(name) {
                    guard var item = try await repository.fetch\(name)(id: id) else {
                        throw Save\(name)Error.notFound(id)
                    }
                    guard item.status != status else { return item }
                    item.status = status
                    try await repository.save(item)
                    logger.info("Status of \\(id) is now \\(status.rawValue)")
                    return item
                }

                func saveAll(_ items: [\(name)]) async -> (saved: [\(name)], failed: [\(name).ID]) {
                    var saved: [\(name)] = []
                    var failed: [\(name).ID] = []
                    for item in items {
                        do {
                            saved.append(try await execute(item))
                        } catch {
                            logger.error("Saving \\(item.id) failed: \\(error)")
                            failed.append(item.id)
                        }
                    }
                    return (saved, failed)
                }\(archive)
            }

            """
    }

    /// `Domain/F/Services/FValidationService.swift`: the issues, their messages and the
    /// checks per field.
    static func validationService(_ feature: AppFeature) -> String {
        let name = feature.name, variable = feature.variable
        var cases = ["case missingTitle", "case titleTooLong(limit: Int)"]
        var messages = ["case .missingTitle: \"Give it a title.\"", "case .titleTooLong(let limit): \"Keep the title under \\(limit) characters.\""]
        var checks: [String] = []
        for field in feature.fields {
            let upper = field.name.prefix(1).uppercased() + field.name.dropFirst()
            let value = "\(variable).\(field.name)", label = field.label.lowercased()
            switch field.kind {
            case .text:
                cases.append("case \(field.name)TooLong(limit: Int)")
                messages.append("case .\(field.name)TooLong(let limit): \"Keep the \(label) under \\(limit) characters.\"")
                checks.append("if \(value).count > maximumTextLength { issues.append(.\(field.name)TooLong(limit: maximumTextLength)) }")
            case .integer:
                cases.append("case negative\(upper)")
                messages.append("case .negative\(upper): \"The \(label) cannot be negative.\"")
                checks.append("if \(value) < 0 { issues.append(.negative\(upper)) }")
            case .decimal:
                cases.append("case invalid\(upper)")
                messages.append("case .invalid\(upper): \"Enter a valid \(label).\"")
                checks.append("if !\(value).isFinite || \(value) < 0 { issues.append(.invalid\(upper)) }")
            case .optionalDate:
                cases.append("case \(field.name)BeforeCreation")
                messages.append("case .\(field.name)BeforeCreation: \"The \(label) date is before the creation date.\"")
                checks.append("if let \(field.name) = \(value), \(field.name) < \(variable).createdAt { issues.append(.\(field.name)BeforeCreation) }")
            case .list:
                cases.append("case tooMany\(upper)(limit: Int)")
                messages.append("case .tooMany\(upper)(let limit): \"Use at most \\(limit) \(label).\"")
                checks.append("if \(value).count > maximumListCount { issues.append(.tooMany\(upper)(limit: maximumListCount)) }")
            case .flag, .date:
                continue
            }
        }
        return """
            import Foundation

            /// Why the \(feature.singularTitle.lowercased()) cannot be saved.
            enum \(name)ValidationIssue: Error, Equatable, Sendable {
            \(indented(cases, 1))
            }

            extension \(name)ValidationIssue: LocalizedError {
                var errorDescription: String? {
                    switch self {
            \(indented(messages, 2))
                    }
                }
            }

            /// Checks \(feature.title.lowercased()) before they are stored; the editor shows the issues as the user types.
            protocol \(name)ValidationServiceProtocol: Sendable {
                func validate(_ \(variable): \(name)) -> [\(name)ValidationIssue]
            }

            struct \(name)ValidationService: \(name)ValidationServiceProtocol {
                var maximumTitleLength = 120
                var maximumTextLength = 2_000
                var maximumListCount = 20

                func validate(_ \(variable): \(name)) -> [\(name)ValidationIssue] {
                    var issues: [\(name)ValidationIssue] = []
                    let title = \(variable).title.trimmingCharacters(in: .whitespacesAndNewlines)
                    if title.isEmpty { issues.append(.missingTitle) }
                    if title.count > maximumTitleLength { issues.append(.titleTooLong(limit: maximumTitleLength)) }\(appendedLines(checks, 2))
                    return issues
                }

                /// Whether `\(variable)` can be saved as it is.
                func isValid(_ \(variable): \(name)) -> Bool {
                    validate(\(variable)).isEmpty
                }

                /// The message of the first issue, for a one-line hint under the form.
                func firstMessage(for \(variable): \(name)) -> String? {
                    validate(\(variable)).first?.errorDescription
                }
            }

            """
    }
}
