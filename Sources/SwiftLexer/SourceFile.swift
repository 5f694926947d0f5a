import Foundation

/// A 1-based line and column. Columns count UTF-8 bytes, as text, Xcode and GitHub
/// output expect.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A Swift source file: its path, its bytes, and a line-start table built the first time
/// a position is asked for. Everything upstream of reporting works with byte offsets;
/// line and column are computed only when a finding is printed.
public final class SourceFile: @unchecked Sendable {
    public let path: String
    public let bytes: [UInt8]

    // Built lazily under `lock`; `SourceFile` is shared across threads by the engine.
    private var _lineStarts: [Int]?
    private let lock = NSLock()

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Offsets at which each line starts. A line ends after `\n`, after `\r\n`, or after
    /// a `\r` not followed by `\n`; the first line starts at 0, or after a UTF-8 byte order
    /// mark, which editors do not show: it takes no column.
    public var lineStarts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        if let table = _lineStarts { return table }
        let table = SourceFile.computeLineStarts(bytes)
        _lineStarts = table
        return table
    }

    static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        return bytes.withUnsafeBufferPointer { buffer -> [Int] in
            var index = 0
            let count = buffer.count
            // Most files have no `\r`: their line breaks are found with `memchr`, many bytes
            // at a time, instead of one byte after the other.
            if let base = buffer.baseAddress, memchr(base, 0x0D, count) == nil {
                let start = UnsafeRawPointer(base)
                while index < count, let found = memchr(start + index, 0x0A, count - index) {
                    index = start.distance(to: UnsafeRawPointer(found)) + 1
                    starts.append(index)
                }
                return starts
            }
            while index < count {
                let byte = buffer[index]
                index += 1
                if byte == 0x0A {
                    starts.append(index)
                } else if byte == 0x0D {
                    if index < count, buffer[index] == 0x0A { index += 1 }
                    starts.append(index)
                }
            }
            return starts
        }
    }

    /// Number of lines (a final line without a line break counts; an empty file has one).
    public var lineCount: Int { lineStarts.count }

    /// The 1-based line and UTF-8 column of a byte offset. Offsets past the end are clamped.
    public func location(of offset: Int) -> SourceLocation {
        let starts = lineStarts
        let clamped = max(0, min(offset, bytes.count))
        // Binary search for the last line start <= clamped.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: max(clamped - starts[low], 0) + 1)
    }

    /// The column of `offset` counted in UTF-16 code units (1-based), for reporters whose
    /// consumers count that way (SARIF's default `utf16CodeUnits`).
    public func utf16Column(of offset: Int) -> Int {
        let location = location(of: offset)
        let lineStart = lineStarts[location.line - 1]
        let end = max(lineStart, min(offset, bytes.count))
        let prefix = bytes[lineStart..<end]
        // Most lines before a finding are ASCII: one unit a byte.
        guard prefix.contains(where: { $0 >= 0x80 }) else { return prefix.count + 1 }
        // Otherwise the text as an editor decodes it, ill-formed bytes included (each maximal
        // ill-formed part one U+FFFD, as `String(decoding:as:)` and editors replace them).
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }

    /// The byte range of a 1-based line, without its line break.
    public func lineRange(_ line: Int) -> Range<Int> {
        let starts = lineStarts
        guard line >= 1, line <= starts.count else { return bytes.count..<bytes.count }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The text of a byte range, decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    public func text(of token: Token) -> String { text(token.range) }

    /// Compares a token's bytes with an ASCII string without allocating.
    public func token(_ token: Token, is text: StaticString) -> Bool {
        guard Int(token.length) == text.utf8CodeUnitCount else { return false }
        // A one-byte punctuation or operator token carries its byte (`Token.symbol`).
        if token.symbol != 0 { return token.symbol == text.utf8Start[0] }
        let pointer = text.utf8Start
        var index = 0
        let start = token.start
        while index < Int(token.length) {
            if bytes[start + index] != pointer[index] { return false }
            index += 1
        }
        return true
    }
}
