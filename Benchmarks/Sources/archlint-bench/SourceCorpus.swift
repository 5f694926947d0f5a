import Foundation

// MARK: - Finding and reading Swift files

/// A Swift file read into memory.
struct CorpusFile {
    let path: String
    let bytes: [UInt8]
}

/// The `*.swift` files under a set of directories.
///
/// Paths are sorted so that every run visits the files in the same order: a report that
/// says "the first 20 disagreements" must mean the same 20 files each time.
enum SourceCorpus {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Every `*.swift` file under `roots` (a root may also be a single file), sorted.
    static func swiftFiles(under roots: [String]) throws -> [String] {
        let fileManager = FileManager.default
        var paths: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw Failure(description: "no such file or directory: \(root)")
            }
            guard isDirectory.boolValue else {
                paths.append(root)
                continue
            }
            guard let enumerator = fileManager.enumerator(atPath: root) else {
                throw Failure(description: "cannot list directory: \(root)")
            }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            for case let relative as String in enumerator where relative.hasSuffix(".swift") {
                let path = prefix + relative
                var entryIsDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: path, isDirectory: &entryIsDirectory), !entryIsDirectory.boolValue {
                    paths.append(path)
                }
            }
        }
        // Byte order, not locale order: stable across machines.
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func read(_ path: String) throws -> CorpusFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        return CorpusFile(path: path, bytes: [UInt8](data))
    }
}

// MARK: - Positions and excerpts for reports

enum SourceText {
    /// The 1-based line and 1-based UTF-8 byte column of `offset`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = index
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if index <= end {
                    line += 1
                    lineStart = index
                }
            }
        }
        return (line, offset - lineStart + 1)
    }

    /// Number of lines: line breaks, plus one for a last line without a break.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 0
        for byte in bytes where byte == 0x0A { lines += 1 }
        if let last = bytes.last, last != 0x0A { lines += 1 }
        return lines
    }

    /// `bytes[range]` as a quoted, escaped string, shortened to about `limit` characters.
    static func quoted(_ bytes: [UInt8], _ range: Range<Int>, limit: Int = 60) -> String {
        let clamped = max(0, min(range.lowerBound, bytes.count))..<max(0, min(range.upperBound, bytes.count))
        var text = escaped(String(decoding: bytes[clamped], as: UTF8.self))
        if text.count > limit {
            text = String(text.prefix(limit)) + "…"
        }
        return "\"" + text + "\""
    }

    /// Up to `radius` bytes either side of `offset`, with `⟪` marking the offset itself.
    static func context(_ bytes: [UInt8], around offset: Int, radius: Int = 40) -> String {
        let lower = max(0, offset - radius)
        let upper = min(bytes.count, offset + radius)
        let before = escaped(String(decoding: bytes[lower..<min(offset, bytes.count)], as: UTF8.self))
        let after = escaped(String(decoding: bytes[min(offset, bytes.count)..<upper], as: UTF8.self))
        return (lower > 0 ? "…" : "") + before + "⟪" + after + (upper < bytes.count ? "…" : "")
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
