import SwiftUI

struct SettingsView: View {
    var body: some View {
        Form {
            Section("Sync") {
                PlaceholderView()
                Text("iCloud sync is coming soon")
            }
            Section("Export") {
                // TODO: implement export to Markdown
                Button("Export") { exportAll() }
            }
        }
    }

    private func exportAll() {
        fatalError("Not implemented yet")
    }

    private func importAll() throws {
        throw FeatureError.notImplemented
    }
}

enum FeatureError: Error {
    case notImplemented
    case unavailable(reason: String)
}

func layout(for index: Int) -> CGFloat {
    switch index {
    case 0...3: return 8
    case 4...: return 16
    default: preconditionFailure("unreachable: negative index \(index)")
    }
}

/* FIXME: implementation missing for iPad split view */
struct NotImplementedScreen: View { var body: some View { EmptyView() } }
