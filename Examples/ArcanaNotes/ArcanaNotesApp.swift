import SwiftUI

@main
@MainActor
struct ArcanaNotesApp: App {
    @State private var container = AppContainer()

    var body: some Scene {
        WindowGroup {
            container.makeNotesListView()
        }
        .modelContainer(container.modelContainer)
    }
}
