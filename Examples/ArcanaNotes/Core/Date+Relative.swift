import Foundation

extension Date {
    /// "Edited 5 min. ago", relative to now.
    var editedDescription: String {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .abbreviated
        return "Edited " + formatter.localizedString(for: self, relativeTo: .now)
    }
}
