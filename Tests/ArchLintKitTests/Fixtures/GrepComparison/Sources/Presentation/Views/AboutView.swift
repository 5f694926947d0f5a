import SwiftUI

/// Version, licences and a way to send feedback.
struct AboutView: View {
    var showsLicenses = false
    var onNavigateToFeedback: () -> Void = {}
    // var onNavigateToChangelog: () -> Void = {}  (the changelog screen was dropped in 2.0)

    var body: some View {
        List {
            LabeledContent("Version", value: "2.1")
            if showsLicenses {
                Section("Licences") {
                    Text("Icons: SF Symbols")
                }
            }
            Button("Send feedback") { onNavigateToFeedback() }
        }
        .navigationTitle("About")
    }
}
