import Foundation

/// Turns a note into a file that can be shared outside the app.
protocol NoteExportServiceProtocol: Sendable {
    func exportMarkdown(_ note: Note) async throws -> URL
    func exportPDF(_ note: Note) async throws -> URL
}
