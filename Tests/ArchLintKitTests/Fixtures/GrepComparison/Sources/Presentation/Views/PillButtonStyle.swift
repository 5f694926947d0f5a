import SwiftUI

/// The rounded style of the pantry's primary buttons.
struct PillButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
            .background(.tint, in: Capsule())
            .opacity(configuration.isPressed ? 0.7 : 1)
    }
}

extension PillButtonStyle: Sendable {}
