import Foundation

// MARK: - Generated Presentation layer: ViewModels with Input, Output and Effect

extension AppGenerator {
    /// `Presentation/F/ViewModels/FListViewModel.swift`: the list's state and actions. Planted:
    /// the feature's remote data source (a Data type) stored for prefetching.
    static func listViewModel(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural
        let usesData = feature.violations.contains(.presentationUsesData)
        let extras = feature.repositoryExtras
        var inputs = ["case onAppear", "case refresh", "case search(String)", "case filter(\(name).Status?)",
                      "case sort(\(name).SortOrder)", "case select(\(name).ID)", "case create", "case delete(\(name).ID)",
                      "case toggleSelection(\(name).ID)", "case deleteSelection", "case clearSelection"]
        var effects = ["case openDetail(\(name).ID)", "case openCreate", "case showMessage(String)"]
        var handlers = [
            "case .onAppear:", "    guard all.isEmpty else { return }", "    Task { await load() }",
            "case .refresh:", "    Task { await load() }",
            "case .search(let query):", "    output.query = query", "    Task { await search(query) }",
            "case .filter(let status):", "    output.filter = status", "    apply()",
            "case .sort(let order):", "    output.sortOrder = order", "    apply()",
            "case .select(let id):", "    effect = .openDetail(id)",
            "case .create:", "    effect = .openCreate",
            "case .delete(let id):", "    Task { await delete(id) }",
            "case .toggleSelection(let id):",
            "    if output.selection.contains(id) {", "        output.selection.remove(id)", "    } else {",
            "        output.selection.insert(id)", "    }",
            "case .deleteSelection:", "    let ids = output.selection", "    output.selection = []",
            "    Task { await deleteAll(ids) }",
            "case .clearSelection:", "    output.selection = []",
        ]
        for route in feature.extraRoutes {
            let upper = route.rawValue.prefix(1).uppercased() + route.rawValue.dropFirst()
            inputs.append(route.takesID ? "case open\(upper)(\(name).ID)" : "case open\(upper)")
            effects.append(route.takesID ? "case open\(upper)(\(name).ID)" : "case open\(upper)")
            handlers += route.takesID
                ? ["case .open\(upper)(let id):", "    effect = .open\(upper)(id)"]
                : ["case .open\(upper):", "    effect = .open\(upper)"]
        }
        var outputs = ["var items: [\(name)] = []", "var query = \"\"", "var filter: \(name).Status?",
                       "var sortOrder: \(name).SortOrder = .newest", "var isLoading = false", "var errorMessage: String?",
                       "var sections: [Section] = []", "var selection: Set<\(name).ID> = []"]
        var loads = ["all = try await fetch\(plural).execute()"]
        if extras.contains(.count) {
            outputs.append("var total = 0")
            loads.append("output.total = try await fetch\(plural).total()")
        }
        if extras.contains(.recent) {
            outputs.append("var recent: [\(name)] = []")
            loads.append("output.recent = try await fetch\(plural).recent(limit: 5)")
        }
        var archive = ""
        if extras.contains(.archive) {
            inputs.append("case archive(\(name).ID)")
            handlers += ["case .archive(let id):", "    Task { await archive(id) }"]
            archive = """


                    private func archive(_ id: \(name).ID) async {
                        do {
                            try await save\(name).archive(id: id)
                            all.removeAll { $0.id == id }
                            apply()
                        } catch {
                            output.errorMessage = error.localizedDescription
                        }
                    }
                """
        }
        let remoteProperty = usesData ? ["private let remote: \(name)RemoteDataSource"] : []
        let remoteParameter = usesData ? ", remote: \(name)RemoteDataSource" : ""
        let prefetch = usesData ? """


                /// Warms the first page of the API while the list is on screen.
                private func prefetch() async {
                    _ = try? await remote.fetchPage(cursor: nil)
                }
            """ : ""
        return """
            import Foundation
            import Observation

            /// State and actions of the \(feature.title.lowercased()) list.
            @MainActor
            @Observable
            final class \(name)ListViewModel {
                enum Input {
            \(indented(inputs, 2))
                }

                /// The items of one month, as the list shows them.
                struct Section: Identifiable, Equatable {
                    let id: Date
                    let items: [\(name)]
                }

                struct Output {
            \(indented(outputs, 2))

                    var isEmpty: Bool { items.isEmpty && !isLoading }
                    var isSelecting: Bool { !selection.isEmpty }
                }

                enum Effect: Equatable {
            \(indented(effects, 2))
                }

                private(set) var output = Output()
                var effect: Effect?

                private let fetch\(plural): any Fetch\(plural)UseCaseProtocol
                private let save\(name): any Save\(name)UseCaseProtocol\(appendedLines(remoteProperty, 1))
                private var all: [\(name)] = []
                private let calendar = Calendar.current

                init(fetch\(plural): any Fetch\(plural)UseCaseProtocol, save\(name): any Save\(name)UseCaseProtocol\(remoteParameter)) {
                    self.fetch\(plural) = fetch\(plural)
                    self.save\(name) = save\(name)\(usesData ? "\n        self.remote = remote" : "")
                }

                func onInput(_ input: Input) {
                    switch input {
            \(indented(handlers, 2))
                    }
                }

                private func load() async {
                    output.isLoading = true
                    defer { output.isLoading = false }
                    do {
            \(indented(loads, 3))
                        output.errorMessage = nil
                        apply()\(usesData ? "\n            await prefetch()" : "")
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func search(_ query: String) async {
                    do {
                        all = try await fetch\(plural).search(query)
                        apply()
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func delete(_ id: \(name).ID) async {
                    do {
                        try await save\(name).delete(id: id)
                        all.removeAll { $0.id == id }
                        apply()
                        effect = .showMessage("\(feature.singularTitle) deleted")
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func deleteAll(_ ids: Set<\(name).ID>) async {
                    for id in ids.sorted(by: { $0.uuidString < $1.uuidString }) {
                        await delete(id)
                    }
                }\(archive)\(prefetch)

                /// Filters, sorts and groups the loaded items into the output.
                private func apply() {
                    output.items = all.filtered(by: output.filter).sorted(by: output.sortOrder)
                    let months = Dictionary(grouping: output.items) { item in
                        calendar.dateInterval(of: .month, for: item.createdAt)?.start ?? item.createdAt
                    }
                    output.sections = months.keys.sorted(by: >).map { month in
                        Section(id: month, items: months[month] ?? [])
                    }
                    output.selection.formIntersection(output.items.map(\\.id))
                }
            }

            """
    }

    /// `Presentation/F/ViewModels/FDetailViewModel.swift`: editing one item. Planted: the
    /// repository stored and read directly.
    static func detailViewModel(_ feature: AppFeature) -> String {
        let name = feature.name, plural = feature.plural
        let storesRepository = feature.violations.contains(.viewModelStoresRepository)
        let editable = feature.fields.filter { $0.kind == .text || $0.kind == .flag }
        var inputs = ["case onAppear", "case editTitle(String)"]
        var handlers = ["case .onAppear:", "    Task { await load() }",
                        "case .editTitle(let title):", "    output.item.title = title", "    validate()"]
        for field in editable {
            let upper = field.name.prefix(1).uppercased() + field.name.dropFirst()
            if field.kind == .text {
                inputs.append("case edit\(upper)(String)")
                handlers += ["case .edit\(upper)(let value):", "    output.item.\(field.name) = value", "    validate()"]
            } else {
                inputs.append("case toggle\(upper)")
                handlers += ["case .toggle\(upper):", "    output.item.\(field.name).toggle()"]
            }
        }
        inputs += ["case setStatus(\(name).Status)", "case save", "case delete", "case duplicate", "case discardChanges",
                   "case dismissError"]
        handlers += ["case .setStatus(let status):", "    output.item.status = status",
                     "case .save:", "    Task { await save() }",
                     "case .delete:", "    Task { await delete() }",
                     "case .duplicate:", "    Task { await duplicate() }",
                     "case .discardChanges:", "    output.item = original", "    output.issues = []",
                     "case .dismissError:", "    output.errorMessage = nil"]
        let lookup = storesRepository ? "repository.fetch\(name)(id: id)" : "fetch\(plural).find(id: id)"
        let repositoryProperty = storesRepository ? ["private let repository: any \(name)Repository"] : []
        let repositoryParameter = storesRepository ? ",\n        repository: any \(name)Repository" : ""
        return """
            import Foundation
            import Observation

            /// State and actions of the \(feature.singularTitle.lowercased()) editor; a `nil` id creates a new item.
            @MainActor
            @Observable
            final class \(name)DetailViewModel {
                enum Input {
            \(indented(inputs, 2))
                }

                struct Output {
                    var item: \(name)
                    var isNew: Bool
                    var isSaving = false
                    var issues: [\(name)ValidationIssue] = []
                    var errorMessage: String?

                    var hasChanges = false

                    var canSave: Bool { !item.isEmpty && !isSaving && issues.isEmpty && (hasChanges || isNew) }
                }

                enum Effect: Equatable {
                    case dismiss
                    case saved(\(name).ID)
                    case openCopy(\(name).ID)
                }

                private(set) var output: Output {
                    didSet { output.hasChanges = output.item != original }
                }
                var effect: Effect?

                private let id: \(name).ID?
                /// The item as loaded, to tell whether it was edited.
                private var original: \(name)
                private let fetch\(plural): any Fetch\(plural)UseCaseProtocol
                private let save\(name): any Save\(name)UseCaseProtocol
                private let validator: any \(name)ValidationServiceProtocol\(appendedLines(repositoryProperty, 1))

                init(
                    id: \(name).ID?,
                    fetch\(plural): any Fetch\(plural)UseCaseProtocol,
                    save\(name): any Save\(name)UseCaseProtocol,
                    validator: any \(name)ValidationServiceProtocol\(repositoryParameter)
                ) {
                    self.id = id
                    self.fetch\(plural) = fetch\(plural)
                    self.save\(name) = save\(name)
                    self.validator = validator\(storesRepository ? "\n        self.repository = repository" : "")
                    original = \(name)(title: "")
                    output = Output(item: original, isNew: id == nil)
                }

                func onInput(_ input: Input) {
                    switch input {
            \(indented(handlers, 2))
                    }
                }

                private func load() async {
                    guard let id else { return }
                    do {
                        if let item = try await \(lookup) {
                            original = item
                            output.item = item
                        } else {
                            effect = .dismiss
                        }
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func validate() {
                    output.issues = validator.validate(output.item)
                }

                private func save() async {
                    validate()
                    guard output.issues.isEmpty else { return }
                    output.isSaving = true
                    defer { output.isSaving = false }
                    do {
                        let saved = try await save\(name).execute(output.item)
                        original = saved
                        output.item = saved
                        effect = .saved(saved.id)
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func duplicate() async {
                    guard let id else { return }
                    do {
                        let copy = try await save\(name).duplicate(id: id)
                        effect = .openCopy(copy.id)
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }

                private func delete() async {
                    guard let id else {
                        effect = .dismiss
                        return
                    }
                    do {
                        try await save\(name).delete(id: id)
                        effect = .dismiss
                    } catch {
                        output.errorMessage = error.localizedDescription
                    }
                }
            }

            """
    }
}
