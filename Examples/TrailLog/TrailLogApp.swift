import SwiftUI

@main
@MainActor
struct TrailLogApp: App {
    @State private var router = HikeListRouter()
    private let dependencies = AppDependencies()

    var body: some Scene {
        WindowGroup {
            NavigationStack(path: $router.path) {
                dependencies.makeHikeListView()
                    .navigationDestination(for: AppRoute.self) { route in
                        dependencies.destination(for: route)
                    }
            }
            .environment(router)
        }
    }
}
