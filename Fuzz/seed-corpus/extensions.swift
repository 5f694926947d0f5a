import Foundation

protocol Exporting {
    func export(_ notes: [Note]) throws -> Data
    func fileExtension() -> String
    var mimeType: String { get }
}

extension Exporting {
    func fileExtension() -> String { "txt" }
}

protocol MarkdownExporting: Exporting {}

extension MarkdownExporting {
    var mimeType: String { "text/markdown" }
}

struct MarkdownExporter {}
extension MarkdownExporter: MarkdownExporting {
    func export(_ notes: [Note]) throws -> Data { Data(notes.map(\.title).joined(separator: "\n").utf8) }
}

class BaseExporter: Exporting {
    func export(_ notes: [Note]) throws -> Data { Data() }
    var mimeType: String { "application/octet-stream" }
}

final class PDFExporter: BaseExporter {
    override var mimeType: String { "application/pdf" }
}

extension Array where Element == Note {
    var titles: [String] { map(\.title) }
}

extension Note: Comparable {
    public static func < (lhs: Note, rhs: Note) -> Bool { lhs.modified < rhs.modified }
}

extension Optional where Wrapped: Collection {
    var isNilOrEmpty: Bool { self?.isEmpty ?? true }
}
