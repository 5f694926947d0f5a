import SwiftUI

enum AppRoute: Hashable {
    case noteList(folder: Folder.ID)
    case noteDetail(Note.ID)
    case settings
    case onboarding(step: Int)
    case about
}

@MainActor
@Observable
final class AppRouter {
    var path: [AppRoute] = []

    func push(_ route: AppRoute) { path.append(route) }
    func pop() { _ = path.popLast() }
    func popToRoot() { path.removeAll() }

    enum Destination: Hashable {
        case sheet(String)
        case alert(title: String, message: String)
    }
}

struct RootView: View {
    @State private var router = AppRouter()
    let factory: ScreenFactory

    var body: some View {
        NavigationStack(path: $router.path) {
            factory.makeHome(router: router)
                .navigationDestination(for: AppRoute.self) { route in
                    switch route {
                    case .noteList(let folder):
                        factory.makeNoteList(folder: folder)
                    case .noteDetail(let id):
                        factory.makeNoteDetail(id: id)
                    case .settings:
                        SettingsView()
                    case .onboarding(step: let step) where step > 0:
                        OnboardingView(step: step)
                    default:
                        EmptyView()
                    }
                }
        }
    }

    @ViewBuilder
    func sheet(for destination: AppRouter.Destination) -> some View {
        switch destination {
        case .sheet(let name): Text(name)
        case .alert: EmptyView()
        }
    }
}

extension AppRoute {
    var analyticsName: String {
        switch self {
        case .noteList: "note_list"
        case .noteDetail: "note_detail"
        case .settings, .about: "settings"
        case .onboarding: "onboarding"
        }
    }
}
