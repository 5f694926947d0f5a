/// `ABSOLUTE/PATH:LINE:COL: error|warning|note: MESSAGE (RULE-ID)`, one finding a line —
/// what Xcode, VS Code problem matchers, Vim and Emacs parse. Messages and paths are kept on one line.
/// Each related location follows its finding as `PATH:LINE:COL: note: MESSAGE`, without a
/// rule id, as compilers attach notes to the diagnostic before them.
public enum XcodeReporter {
    public static func render(_ input: ReportInput) -> String {
        var out = ""
        for finding in input.reported {
            let message = finding.message.replacingLineBreaks().showingControlCharacters()
            out += "\(line(input.absolutePath(finding.path), finding.position.line, finding.position.column)) \(finding.severity.rawValue): \(message) (\(finding.ruleID))\n"
            for related in finding.related {
                let position = related.position
                out += "\(line(input.absolutePath(position.path), position.line, position.column)) note: \(related.message.replacingLineBreaks().showingControlCharacters())\n"
            }
        }
        return out
    }

    /// `PATH:LINE:COL:`, the path on one line with control characters shown.
    private static func line(_ path: String, _ line: Int, _ column: Int) -> String {
        "\(path.replacingLineBreaks().showingControlCharacters()):\(line):\(column):"
    }
}

extension String {
    /// The text with CR/LF runs replaced by a space (one-line formats).
    func replacingLineBreaks() -> String {
        var out = ""
        var lastWasBreak = false
        for character in self {
            if character == "\n" || character == "\r" || character == "\r\n" {
                if !lastWasBreak { out.append(" ") }
                lastWasBreak = true
            } else {
                out.append(character)
                lastWasBreak = false
            }
        }
        return out
    }

    /// The text with control characters other than tab and line feed shown as visible text,
    /// so that a report printed to a terminal cannot move its cursor, change its colours or
    /// reorder what follows: C0 controls and DEL as their Unicode control pictures (`␛`,
    /// `␍`), C1 controls and bidirectional formatting characters as `<U+202E>`.
    func showingControlCharacters() -> String {
        // Printable ASCII with tabs and line feeds, the usual case, has nothing to show.
        guard utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 >= 0x7F }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let shown = Self.visibleForm(of: scalar) { out.append(contentsOf: shown.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// `showingControlCharacters()` with line feeds shown too (`␊`): for a path, which a line
    /// break must not split (a file named `x⏎::warning::…` would start a workflow command
    /// in a CI log).
    func showingLineBreaks() -> String {
        let shown = showingControlCharacters()
        return shown.utf8.contains(0x0A) ? String(shown.map { $0 == "\n" ? "\u{240A}" : $0 }) : shown
    }

    /// What `showingControlCharacters()` shows for `scalar`, or nil to keep it.
    static func visibleForm(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09, 0x0A: return nil
        case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let padding = String(repeating: "0", count: Swift.max(0, 4 - hex.count))
            return "<U+\(padding)\(hex)>"
        default: return nil
        }
    }
}
