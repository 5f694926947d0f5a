import SwiftUI

@main
struct PantryPalApp: App {
    private let service = PantryService(
        repository: PantryRepositoryImpl(store: PantryStore(fileURL: .applicationSupportDirectory.appending(path: "pantry.json")))
    )

    var body: some Scene {
        WindowGroup {
            NavigationRouter(service: service)
        }
    }
}
