import Foundation

// MARK: - Generated Presentation layer: SwiftUI views and the router

extension AppGenerator {
    /// `Presentation/F/Views/FListView.swift`: the navigation stack and the stateless list
    /// content. Planted: an export button with an empty action.
    static func listView(_ feature: AppFeature) -> String {
        let name = feature.name, names = feature.names
        let subtitle = feature.textFields.first.map { ["Text(item.\($0.name))", "    .font(.subheadline)", "    .foregroundStyle(.secondary)", "    .lineLimit(1)"] } ?? []
        var effects = ["case .openDetail(let id):", "    router.show(.detail(id))",
                       "case .openCreate:", "    router.show(.create)",
                       "case .showMessage(let message):", "    banner = message"]
        for route in feature.extraRoutes {
            let upper = route.rawValue.prefix(1).uppercased() + route.rawValue.dropFirst()
            effects += route.takesID
                ? ["case .open\(upper)(let id):", "    router.show(.\(route.rawValue)(id))"]
                : ["case .open\(upper):", "    router.show(.\(route.rawValue))"]
        }
        let swipeActions = feature.extraRoutes.filter(\.takesID).map { route in
            "Button(\"\(route.rawValue.capitalized)\", systemImage: \"\(route.symbol)\") { onInput(.open\(route.rawValue.prefix(1).uppercased() + route.rawValue.dropFirst())(item.id)) }"
        }
        let toolbarRoutes = feature.extraRoutes.filter { !$0.takesID }.map { route in
            "Button(\"\(route.rawValue.capitalized)\", systemImage: \"\(route.symbol)\") { onInput(.open\(route.rawValue.prefix(1).uppercased() + route.rawValue.dropFirst())) }"
        }
        let export = feature.violations.contains(.emptyAction)
            ? ["ToolbarItem(placement: .secondaryAction) {", "    Button(\"Export\", systemImage: \"square.and.arrow.up\") { }", "}"] : []
        let archive = feature.repositoryExtras.contains(.archive)
            ? ["Button(\"Archive\", systemImage: \"archivebox\") { onInput(.archive(item.id)) }", "    .tint(.indigo)"] : []
        return """
            import SwiftUI

            /// The \(feature.title.lowercased()) screen: owns the ViewModel and the router, turns effects into navigation.
            struct \(name)ListView: View {
                @State private var viewModel: \(name)ListViewModel
                @State private var router: \(name)Router
                @State private var banner: String?
                private let factory: any \(name)ViewFactory

                init(viewModel: \(name)ListViewModel, router: \(name)Router, factory: any \(name)ViewFactory) {
                    _viewModel = State(initialValue: viewModel)
                    _router = State(initialValue: router)
                    self.factory = factory
                }

                var body: some View {
                    NavigationStack(path: $router.path) {
                        \(name)ListContent(output: viewModel.output, onInput: viewModel.onInput)
                            .navigationTitle("\(feature.title)")
                            .navigationDestination(for: \(name)Router.Destination.self) { destination in
                                router.view(for: destination, factory: factory)
                            }
                    }
                    .searchable(text: Binding(get: { viewModel.output.query }, set: { viewModel.onInput(.search($0)) }))
                    .overlay(alignment: .bottom) {
                        if let banner {
                            \(names.errorBanner)(message: banner, onDismiss: { self.banner = nil })
                        }
                    }
                    .onAppear { viewModel.onInput(.onAppear) }
                    .onChange(of: viewModel.effect) { _, effect in
                        handle(effect)
                    }
                }

                private func handle(_ effect: \(name)ListViewModel.Effect?) {
                    guard let effect else { return }
                    switch effect {
            \(indented(effects, 2))
                    }
                    viewModel.effect = nil
                }
            }

            /// Stateless list content: renders the output and reports every tap as an input.
            struct \(name)ListContent: View {
                let output: \(name)ListViewModel.Output
                let onInput: (\(name)ListViewModel.Input) -> Void

                var body: some View {
                    List {
                        if output.filter == nil && !output.items.isEmpty {
                            summary
                        }
                        ForEach(output.sections) { section in
                            Section(section.id.formatted(.dateTime.month(.wide).year())) {
                                ForEach(section.items) { item in
                                    row(item)
                                }
                            }
                        }
                    }
                    .overlay {
                        if output.isLoading && output.items.isEmpty {
                            ProgressView()
                        } else if output.isEmpty {
                            \(names.emptyState)(title: "No \(feature.title)", message: "Create the first one with the plus button.", systemImage: "\(feature.symbol)")
                        }
                    }
                    .refreshable { onInput(.refresh) }
                    .safeAreaInset(edge: .bottom) {
                        if output.isSelecting {
                            HStack {
                                Button("Cancel") { onInput(.clearSelection) }
                                Spacer()
                                Text("\\(output.selection.count) selected")
                                    .font(.callout.monospacedDigit())
                                Spacer()
                                Button("Delete", role: .destructive) { onInput(.deleteSelection) }
                            }
                            .padding()
                            .background(.bar)
                        }
                    }
                    .toolbar {
                        ToolbarItem(placement: .primaryAction) {
                            Button("New", systemImage: "plus") { onInput(.create) }
                        }
                        ToolbarItem(placement: .topBarLeading) {
                            Menu("Sort", systemImage: "arrow.up.arrow.down") {
                                Picker("Sort", selection: Binding(get: { output.sortOrder }, set: { onInput(.sort($0)) })) {
                                    ForEach(\(name).SortOrder.allCases, id: \\.self) { order in
                                        Text(order.rawValue.capitalized).tag(order)
                                    }
                                }
                                Picker("Status", selection: Binding(get: { output.filter }, set: { onInput(.filter($0)) })) {
                                    Text("All").tag(\(name).Status?.none)
                                    ForEach(\(name).Status.allCases, id: \\.self) { status in
                                        Text(status.rawValue.capitalized).tag(Optional(status))
                                    }
                                }\(appendedLines(toolbarRoutes, 5))
                            }
                        }\(appendedLines(export, 3))
                    }
                }

                /// How many items have each status.
                private var summary: some View {
                    let counts = output.items.countsByStatus
                    return ScrollView(.horizontal, showsIndicators: false) {
                        HStack(spacing: 8) {
                            ForEach(\(name).Status.allCases, id: \\.self) { status in
                                Button {
                                    onInput(.filter(status))
                                } label: {
                                    Text("\\(status.rawValue.capitalized) \\(counts[status] ?? 0)")
                                        .font(.caption.weight(.medium))
                                        .padding(.horizontal, 10)
                                        .padding(.vertical, 4)
                                        .background(.quaternary, in: Capsule())
                                }
                                .buttonStyle(.plain)
                            }
                        }
                    }
                    .listRowInsets(EdgeInsets())
                }

                private func row(_ item: \(name)) -> some View {
                    Button {
                        onInput(.select(item.id))
                    } label: {
                        VStack(alignment: .leading, spacing: 4) {
                            Text(item.title.isEmpty ? "Untitled" : item.title)
                                .font(.headline)\(appendedLines(subtitle, 4))
                            Text(item.status.rawValue.capitalized)
                                .font(.caption)
                                .foregroundStyle(.tertiary)
                        }
                    }
                    .contextMenu {
                        Button(output.selection.contains(item.id) ? "Deselect" : "Select", systemImage: "checkmark.circle") {
                            onInput(.toggleSelection(item.id))
                        }
                    }
                    .swipeActions {
                        Button("Delete", role: .destructive) { onInput(.delete(item.id)) }\(appendedLines(archive + swipeActions, 3))
                    }
                }
            }

            """
    }

    /// `Presentation/F/Views/FDetailView.swift`: the editor form.
    static func detailView(_ feature: AppFeature) -> String {
        let name = feature.name
        var editors: [String] = []
        var details: [String] = []
        for field in feature.fields {
            let upper = field.name.prefix(1).uppercased() + field.name.dropFirst()
            switch field.kind {
            case .text:
                editors.append("TextField(\"\(field.label)\", text: Binding(get: { item.\(field.name) }, set: { viewModel.onInput(.edit\(upper)($0)) }))")
            case .flag:
                editors.append("Toggle(\"\(field.label)\", isOn: Binding(get: { item.\(field.name) }, set: { _ in viewModel.onInput(.toggle\(upper)) }))")
            default:
                details.append("LabeledContent(\"\(field.label)\", value: \(field.display("item")))")
            }
        }
        details.append("LabeledContent(\"Created\", value: item.createdAt.formatted(date: .abbreviated, time: .shortened))")
        return """
            import SwiftUI

            /// The \(feature.singularTitle.lowercased()) editor.
            struct \(name)DetailView: View {
                @State private var viewModel: \(name)DetailViewModel
                @Environment(\\.dismiss) private var dismiss

                init(viewModel: \(name)DetailViewModel) {
                    _viewModel = State(initialValue: viewModel)
                }

                private var item: \(name) { viewModel.output.item }

                var body: some View {
                    Form {
                        Section("\(feature.singularTitle)") {
                            TextField("Title", text: Binding(get: { item.title }, set: { viewModel.onInput(.editTitle($0)) }))\(appendedLines(editors, 4))
                            Picker("Status", selection: Binding(get: { item.status }, set: { viewModel.onInput(.setStatus($0)) })) {
                                ForEach(\(name).Status.allCases, id: \\.self) { status in
                                    Text(status.rawValue.capitalized).tag(status)
                                }
                            }
                        }
                        Section {
                            HStack {
                                \(name)StatusBadge(status: item.status)
                                Spacer()
                                Text(item.createdAt, style: .relative)
                                    .font(.caption)
                                    .foregroundStyle(.secondary)
                            }
                        }
                        Section("Details") {
            \(indented(details, 4))
                        }
                        Section("Record") {
                            LabeledContent("Identifier", value: item.id.uuidString.prefix(8).lowercased())
                            LabeledContent("Title length", value: "\\(item.title.count) characters")
                            ShareLink(item: item.headline) {
                                Label("Share", systemImage: "square.and.arrow.up")
                            }
                        }
                        if !viewModel.output.issues.isEmpty {
                            Section("Problems") {
                                ForEach(Array(viewModel.output.issues.enumerated()), id: \\.offset) { entry in
                                    Label(String(describing: entry.element), systemImage: "exclamationmark.triangle")
                                        .foregroundStyle(.orange)
                                }
                            }
                        }
                        if !viewModel.output.isNew {
                            Section {
                                Button("Duplicate", systemImage: "plus.square.on.square") { viewModel.onInput(.duplicate) }
                                if viewModel.output.hasChanges {
                                    Button("Discard Changes", systemImage: "arrow.uturn.backward") { viewModel.onInput(.discardChanges) }
                                }
                                Button("Delete \(feature.singularTitle)", role: .destructive) { viewModel.onInput(.delete) }
                            }
                        }
                    }
                    .navigationTitle(viewModel.output.isNew ? "New \(feature.singularTitle)" : item.title)
                    .toolbar {
                        ToolbarItem(placement: .confirmationAction) {
                            Button("Save") { viewModel.onInput(.save) }
                                .disabled(!viewModel.output.canSave)
                        }
                    }
                    .overlay(alignment: .bottom) {
                        if let message = viewModel.output.errorMessage {
                            \(feature.names.errorBanner)(message: message, onDismiss: { viewModel.onInput(.dismissError) })
                        }
                    }
                    .onAppear { viewModel.onInput(.onAppear) }
                    .onChange(of: viewModel.effect) { _, effect in
                        guard effect != nil else { return }
                        viewModel.effect = nil
                        dismiss()
                    }
                }
            }

            /// The status of \(feature.singularTitle.lowercased()) as a small capsule.
            struct \(name)StatusBadge: View {
                let status: \(name).Status

                var body: some View {
                    Text(status.rawValue.capitalized)
                        .font(.caption.weight(.semibold))
                        .padding(.horizontal, 8)
                        .padding(.vertical, 3)
                        .background(.tint.opacity(0.15), in: Capsule())
                        .accessibilityLabel("Status: \\(status.rawValue)")
                }
            }

            """
    }

    /// `Presentation/F/Navigation/FRouter.swift`: the routes, the navigation path and the
    /// destination switch, and the factory protocol the composition root implements.
    /// Planted: a route that the switch leaves to `default:`.
    static func router(_ feature: AppFeature) -> String {
        let name = feature.name, names = feature.names
        var cases = ["case detail(\(name).ID)", "case create"]
        var destinations = ["case .detail(let id):", "    factory.makeDetailView(id: id)", "case .create:", "    factory.makeCreateView()"]
        let uncovered = feature.violations.contains(.routeWithoutDestination) ? feature.extraRoutes.last : nil
        for route in feature.extraRoutes {
            cases.append(route.takesID ? "case \(route.rawValue)(\(name).ID)" : "case \(route.rawValue)")
            guard route != uncovered else { continue }
            let title = route.rawValue.capitalized
            destinations += route.takesID
                ? ["case .\(route.rawValue)(let id):",
                   "    \(names.emptyState)(title: \"\(title)\", message: \"\(title) of \\(id.uuidString.prefix(8)) appear here.\", systemImage: \"\(route.symbol)\")"]
                : ["case .\(route.rawValue):",
                   "    \(names.emptyState)(title: \"\(title)\", message: \"\(title) of \(feature.title.lowercased()) appear here.\", systemImage: \"\(route.symbol)\")"]
        }
        if uncovered != nil {
            destinations += ["default:", "    EmptyView()"]
        }
        var titles = ["case .detail: \"\(feature.singularTitle)\"", "case .create: \"New \(feature.singularTitle)\""]
        var links = ["case (\"\(feature.pluralVariable.lowercased())\", let id?):", "    self = .detail(id)",
                     "case (\"new\", _):", "    self = .create"]
        for route in feature.extraRoutes {
            titles.append("case .\(route.rawValue): \"\(route.rawValue.capitalized)\"")
            links += route.takesID
                ? ["case (\"\(route.rawValue)\", let id?):", "    self = .\(route.rawValue)(id)"]
                : ["case (\"\(route.rawValue)\", _):", "    self = .\(route.rawValue)"]
        }
        links += ["default:", "    return nil"]
        return """
            import SwiftUI
            import Observation

            /// Navigation of the \(feature.title.lowercased()) feature: the views ask the router to show a
            /// destination instead of pushing views themselves.
            @MainActor
            @Observable
            final class \(name)Router {
                enum Destination: Hashable {
            \(indented(cases, 2))
                }

                var path: [Destination] = []

                /// Opens the destination of a deep link (`shopfront://\(feature.pluralVariable.lowercased())/ID`); returns
                /// whether the link was understood.
                @discardableResult
                func open(_ url: URL) -> Bool {
                    guard let destination = Destination(deepLink: url) else { return false }
                    path = [destination]
                    return true
                }

                func show(_ destination: Destination) {
                    path.append(destination)
                }

                func pop() {
                    _ = path.popLast()
                }

                func popToRoot() {
                    path.removeAll()
                }

                @ViewBuilder
                func view(for destination: Destination, factory: any \(name)ViewFactory) -> some View {
                    switch destination {
            \(indented(destinations, 2))
                    }
                }
            }

            extension \(name)Router.Destination {
                /// The navigation title of the destination.
                var title: String {
                    switch self {
            \(indented(titles, 2))
                    }
                }

                /// The destination of a deep link: the host names it, the first path component is an id.
                init?(deepLink url: URL) {
                    let id = url.pathComponents.dropFirst().first.flatMap(UUID.init(uuidString:))
                    switch (url.host() ?? "", id) {
            \(indented(links, 2))
                    }
                }
            }

            /// Builds the screens the router navigates to; the composition root implements it.
            @MainActor
            protocol \(name)ViewFactory {
                func makeDetailView(id: \(name).ID) -> \(name)DetailView
                func makeCreateView() -> \(name)DetailView
            }

            """
    }

    /// `Presentation/F/Views/Components/FCardN.swift`: a card of one item, the filler files.
    static func componentView(_ feature: AppFeature, number: Int) -> String {
        let name = feature.name
        let shown = feature.fields.prefix(2 + number % 4)
        let rows = shown.flatMap { field in
            ["HStack {", "    Text(\"\(field.label)\")", "        .foregroundStyle(.secondary)", "    Spacer()",
             "    Text(\(field.display("item")))", "}", ".font(.subheadline)"]
        }
        let stack = number.isMultiple(of: 2) ? "HStack(alignment: .top, spacing: 12)" : "VStack(alignment: .leading, spacing: 8)"
        return """
            import SwiftUI

            /// A compact card of one \(feature.singularTitle.lowercased()), for grids and the home screen (style \(number)).
            struct \(name)Card\(number): View {
                let item: \(name)
                var isSelected = false

                var body: some View {
                    \(stack) {
                        Image(systemName: "\(feature.symbol)")
                            .font(.title2)
                            .foregroundStyle(isSelected ? Color.accentColor : Color.secondary)
                        VStack(alignment: .leading, spacing: 6) {
                            Text(item.title.isEmpty ? "Untitled" : item.title)
                                .font(.headline)
                                .lineLimit(2)
            \(indented(rows, 4))
                            Text(item.status.rawValue.capitalized)
                                .font(.caption.weight(.semibold))
                                .padding(.horizontal, 8)
                                .padding(.vertical, 2)
                                .background(.quaternary, in: Capsule())
                        }
                    }
                    .padding()
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
                    .accessibilityElement(children: .combine)
                }
            }

            #Preview {
                \(name)Card\(number)(item: \(name)(title: "Sample \(feature.singularTitle.lowercased())"), isSelected: true)
                    .padding()
            }

            """
    }
}
