import SwiftLexer

/// A position range in a file, in the units every reporter needs.
public struct FindingPosition: Sendable, Hashable {
    public var path: String
    public var line: Int
    /// 1-based column in UTF-8 bytes.
    public var column: Int
    public var endLine: Int
    /// 1-based column just past the end, in UTF-8 bytes.
    public var endColumn: Int
    /// The same columns in UTF-16 code units (SARIF's default `columnKind`).
    public var utf16Column: Int
    public var utf16EndColumn: Int

    public init(path: String, line: Int, column: Int, endLine: Int, endColumn: Int, utf16Column: Int, utf16EndColumn: Int) {
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.utf16Column = utf16Column
        self.utf16EndColumn = utf16EndColumn
    }

    public init(file: SourceFile, path: String, range: Range<Int>) {
        let start = file.location(of: range.lowerBound)
        let end = file.location(of: range.upperBound)
        self.init(path: path, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                  utf16Column: file.utf16Column(of: range.lowerBound), utf16EndColumn: file.utf16Column(of: range.upperBound))
    }
}

/// A related location of a finding, with a short message.
public struct RelatedLocation: Sendable, Hashable {
    public var position: FindingPosition
    public var message: String

    public init(position: FindingPosition, message: String) {
        self.position = position
        self.message = message
    }
}

/// A finding as reported: rule, severity, message, where, why, and a stable fingerprint.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var position: FindingPosition
    public var related: [RelatedLocation]
    /// Stable across unrelated edits: rule id, file, enclosing declaration and the
    /// finding's own text — not its line (DESIGN §5).
    public var fingerprint: String
    /// Silenced by an `archlint:disable` command (kept for SARIF's `suppressions`).
    public var isSuppressed: Bool
    /// The line of source the finding points at (for the text reporter's caret).
    public var sourceLine: String
    /// The line's bytes when they are not valid UTF-8 (`sourceLine` then shows U+FFFD in
    /// place of the invalid ones, so its bytes no longer match the byte columns); else nil.
    public var sourceLineBytes: [UInt8]? = nil
    /// The fingerprint this finding had in baselines written before its rule left the
    /// enclosing declaration out (`Violation.isOncePerFile`); such a baseline still matches it.
    public var formerFingerprint: String? = nil

    public var path: String { position.path }

    public init(ruleID: String, severity: Severity, message: String, position: FindingPosition, related: [RelatedLocation],
                fingerprint: String, isSuppressed: Bool, sourceLine: String) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.position = position
        self.related = related
        self.fingerprint = fingerprint
        self.isSuppressed = isSuppressed
        self.sourceLine = sourceLine
    }

    /// Deterministic report order: path, line, column, rule id, message.
    public static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.position.path != rhs.position.path { return lhs.position.path < rhs.position.path }
        if lhs.position.line != rhs.position.line { return lhs.position.line < rhs.position.line }
        if lhs.position.column != rhs.position.column { return lhs.position.column < rhs.position.column }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

/// FNV-1a, 64 bits: a small, stable, dependency-free hash for fingerprints.
public enum StableHash {
    public static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
