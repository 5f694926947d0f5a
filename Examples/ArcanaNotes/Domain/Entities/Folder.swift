import Foundation
import SwiftUI

/// A user-created folder. Notes without a folder live in the inbox.
struct Folder: Identifiable, Hashable, Sendable {
    let id: UUID
    var name: String
    var tint: Color
    var noteCount: Int
}

@MainActor
extension Folder {
    /// Background of the folder badge in the sidebar.
    var badgeGradient: LinearGradient {
        LinearGradient(colors: [tint.opacity(0.6), tint], startPoint: .top, endPoint: .bottom)
    }
}
