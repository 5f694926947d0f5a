/// `ABSOLUTE/PATH:LINE:COL: error|warning|note: MESSAGE (RULE-ID)`, one finding a line —
/// what Xcode, VS Code problem matchers, Vim and Emacs parse. Messages and paths are kept on one line.
public enum XcodeReporter {
    public static func render(_ input: ReportInput) -> String {
        var out = ""
        for finding in input.reported {
            let message = finding.message.replacingLineBreaks().showingControlCharacters()
            out += "\(input.absolutePath(finding.path).replacingLineBreaks().showingControlCharacters()):\(finding.position.line):\(finding.position.column): \(finding.severity.rawValue): \(message) (\(finding.ruleID))\n"
        }
        return out
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

    /// The text with control characters other than tab and line feed (an escape sequence
    /// quoted from a string literal, a stray carriage return) shown as their Unicode control
    /// pictures (`␛`, `␍`), so that a report printed to a terminal cannot move its cursor,
    /// change its colours or hide text.
    func showingControlCharacters() -> String {
        guard utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: out.append(scalar)
            case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append(Unicode.Scalar(0x2421)!)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
