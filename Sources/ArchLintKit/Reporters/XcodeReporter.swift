/// `ABSOLUTE/PATH:LINE:COL: error|warning|note: MESSAGE (RULE-ID)`, one finding a line —
/// what Xcode, VS Code problem matchers, Vim and Emacs parse. Messages and paths are kept on one line.
public enum XcodeReporter {
    public static func render(_ input: ReportInput) -> String {
        var out = ""
        for finding in input.reported {
            let message = finding.message.replacingLineBreaks()
            out += "\(input.absolutePath(finding.path).replacingLineBreaks()):\(finding.position.line):\(finding.position.column): \(finding.severity.rawValue): \(message) (\(finding.ruleID))\n"
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
}
