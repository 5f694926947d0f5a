import Foundation

/// Something on a pantry shelf.
struct PantryItem: Identifiable, Hashable, Codable, Sendable {
    enum Category: String, Codable, Sendable {
        case fresh, frozen, dry
    }

    let id: UUID
    var name: String
    var quantity: Int
    var category: Category
    var purchased: Date
    var isFavourite: Bool

    /// The day the item should be used by, given how long its kind keeps.
    func bestBefore(shelfLifeDays days: Int) -> Date {
        guard let date = Calendar.current.date(byAdding: .day, value: days, to: purchased) else {
            fatalError("unreachable: adding whole days to a valid date always succeeds")
        }
        return date
    }
}
