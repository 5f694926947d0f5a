import Foundation

/// Errors of the pantry's data layer that screens can show.
enum PantryError: Error, Sendable {
    case storageUnavailable
    case notImplemented
}
