import Foundation
import os

/// A thin wrapper over `os.Logger` so that every layer logs the same way.
struct AppLogger: Sendable {
    private let logger: Logger

    init(category: String, subsystem: String = Bundle.main.bundleIdentifier ?? "ArcanaNotes") {
        logger = Logger(subsystem: subsystem, category: category)
    }

    func info(_ message: String) {
        logger.info("\(message, privacy: .public)")
    }

    func error(_ message: String, error: any Error) {
        logger.error("\(message, privacy: .public): \(error.localizedDescription, privacy: .public)")
    }
}
