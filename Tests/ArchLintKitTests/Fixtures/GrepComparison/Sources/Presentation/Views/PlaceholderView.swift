import SwiftUI

/// Stands in for a screen that is still being built.
struct PlaceholderView: View {
    let title: String

    var body: some View {
        ContentUnavailableView(title, systemImage: "hammer")
    }
}
