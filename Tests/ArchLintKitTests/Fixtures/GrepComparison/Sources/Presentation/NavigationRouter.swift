import SwiftUI

/// The navigation stack of the app and the screen each route opens.
struct NavigationRouter: View {
    private let service: PantryService
    @State private var path: [Route] = []

    init(service: PantryService) {
        self.service = service
    }

    var body: some View {
        NavigationStack(path: $path) {
            destination(for: .pantry)
                .navigationDestination(for: Route.self) { route in
                    destination(for: route)
                }
        }
    }

    @ViewBuilder
    private func destination(for route: Route) -> some View {
        switch route {
        case .pantry:
            PantryListView(viewModel: PantryListViewModel(service: service))
        case let .itemDetail(item):
            ItemDetailView(item: item)
        case .shoppingList:
            PlaceholderView(title: "Shopping list")
        case .about,
             .licenses:
            AboutView(
                showsLicenses: route == .licenses,
                onNavigateToFeedback: { path.append(.feedback) }
            )
        default:
            EmptyView()
        }
    }
}

extension NavigationRouter {
    /// The screen name that analytics records for a route.
    static func screenName(for route: Route) -> String {
        switch route {
        case .pantry: "pantry"
        case .itemDetail: "item_detail"
        case .settings: "settings"
        default: "other"
        }
    }
}
