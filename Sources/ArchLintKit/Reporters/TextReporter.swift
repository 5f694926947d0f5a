/// For people: findings grouped by file, each with its source line and a caret under the
/// reported range, colour on a terminal, and a summary line
/// (`N errors, M warnings in K files; F files checked in T s`, then `; N files could not be
/// read` when some could not, whose messages went to standard error).
public enum TextReporter {
    public static func render(_ input: ReportInput, color: Bool, quiet: Bool) -> String {
        let style = Style(enabled: color)
        var out = ""
        var currentPath: String? = nil
        let findings = input.reported
        for finding in findings {
            // By bytes: `café` with a combining accent and with `é` are two files.
            if !(currentPath.map { finding.path.utf8.elementsEqual($0.utf8) } ?? false) {
                if currentPath != nil { out += "\n" }
                out += style.bold(input.displayPath(finding.path).showingLineBreaks()) + "\n"
                currentPath = finding.path
            }
            let position = "\(finding.position.line):\(finding.position.column)"
            let severity = style.severity(finding.severity)
            // Continuation lines of a multi-line message line up under its first line.
            let indent = String(repeating: " ", count: 2 + position.count + 2 + 7 + 2)
            let message = finding.message.showingControlCharacters().split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
            out += "  \(position)  \(severity)  \(message) \(style.dim("(" + finding.ruleID + ")"))\n"
            let gutter = String(repeating: " ", count: String(finding.position.line).count)
            out += "   \(gutter) \(style.dim("|")) \(finding.sourceLine.showingControlCharacters())\n"
            out += "   \(gutter) \(style.dim("|")) \(caretLine(finding, style: style))\n"
            for related in finding.related {
                out += "      \(style.dim("note:")) \(related.message.showingControlCharacters()) \(style.dim("(\(input.displayPath(related.position.path).showingLineBreaks()):\(related.position.line):\(related.position.column))"))\n"
            }
        }
        if !quiet {
            if !findings.isEmpty { out += "\n" }
            out += summary(input, style: style) + "\n"
        }
        return out
    }

    /// Spaces (tabs kept) up to the column, then `^` under the reported range on that line,
    /// each as wide as the characters above it in a terminal (tabs kept there as well).
    static func caretLine(_ finding: Finding, style: Style) -> String {
        // The columns count the file's bytes: those of the line as read, invalid UTF-8 included.
        let line = finding.sourceLineBytes ?? Array(finding.sourceLine.utf8)
        let start = min(max(finding.position.column - 1, 0), line.count)
        var end = finding.position.endLine == finding.position.line ? finding.position.endColumn - 1 : line.count
        end = min(max(end, start + 1), max(line.count, start + 1))
        var prefix = ""
        for character in String(decoding: line[0..<start], as: UTF8.self) {
            if character == "\t" { prefix.append("\t") } else { prefix += String(repeating: " ", count: terminalWidth(of: character)) }
        }
        // A tab inside the range stays a tab too, so what follows it lines up whatever the
        // terminal's tab stops; the carets mark the characters around it.
        var carets = ""
        for character in String(decoding: line[start..<min(end, line.count)], as: UTF8.self) {
            if character == "\t" { carets.append("\t") } else { carets += String(repeating: "^", count: terminalWidth(of: character)) }
        }
        if !carets.contains("^") { carets += "^" }
        return prefix + style.severityColor(finding.severity, carets)
    }

    /// The columns a character takes in a terminal: two for emoji shown as pictures and
    /// for East Asian wide and fullwidth characters (Hangul, CJK, kana, fullwidth forms),
    /// none for a byte order mark or a zero-width space, as many as the text that shows a
    /// control character, one for any other (combining marks belong to their character).
    static func terminalWidth(of character: Character) -> Int {
        // A control character is shown as text (`showingControlCharacters()`): its width.
        if character.unicodeScalars.count == 1, let shown = String.visibleForm(of: character.unicodeScalars.first!) { return shown.count }
        guard let first = character.unicodeScalars.first, first.value >= 0x1100 else { return 1 }
        // A byte order mark and the zero-width spaces and joiners take no column.
        if character.unicodeScalars.allSatisfy({ $0.value == 0xFEFF || (0x200B...0x200F).contains($0.value) || $0.value == 0x2060 }) { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func summary(_ input: ReportInput, style: Style) -> String {
        let findings = input.reported
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let notes = findings.filter { $0.severity == .note }.count
        let files = Set(findings.map(\.path)).count
        var parts = [plural(errors, "error"), plural(warnings, "warning")]
        if notes > 0 { parts.append(plural(notes, "note")) }
        let seconds = input.seconds < 0.01 ? String(format2: input.seconds, digits: 3) : String(format2: input.seconds, digits: 2)
        var line = parts.joined(separator: ", ") + " in \(plural(files, "file")); \(plural(input.filesChecked, "file")) checked in \(seconds) s"
        let suppressed = input.findings.count - findings.count
        var asides: [String] = []
        if suppressed > 0 { asides.append("\(suppressed) suppressed") }
        if input.baselinedCount > 0 { asides.append("\(input.baselinedCount) in the baseline") }
        if !asides.isEmpty { line += " (" + asides.joined(separator: ", ") + ")" }
        // A run with I/O problems fails (exit 2) whatever it found: the line says so, in red.
        let unwritten = input.problems.filter(\.isWrite).count
        let unread = input.problems.count - unwritten
        if unread > 0 { line += "; \(plural(unread, "file")) could not be read" }
        if unwritten > 0 { line += "; \(plural(unwritten, "file")) could not be written" }
        if errors > 0 || !input.problems.isEmpty { return style.red(line) }
        if warnings > 0 { return style.yellow(line) }
        return style.green(line)
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// ANSI styling, off when output is not a terminal or `--no-color` is given.
struct Style {
    var enabled: Bool

    func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { wrap("1", text) }
    func dim(_ text: String) -> String { wrap("2", text) }
    func red(_ text: String) -> String { wrap("31", text) }
    func yellow(_ text: String) -> String { wrap("33", text) }
    func green(_ text: String) -> String { wrap("32", text) }
    func cyan(_ text: String) -> String { wrap("36", text) }

    func severityColor(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: return red(text)
        case .warning: return yellow(text)
        case .note, .off: return cyan(text)
        }
    }

    /// The severity word padded to a fixed width so messages line up.
    func severity(_ severity: Severity) -> String {
        let word = severity.rawValue
        return severityColor(severity, word) + String(repeating: " ", count: max(0, 7 - word.count))
    }
}

extension String {
    /// A fixed-point number without Foundation's locale-dependent formatting.
    init(format2 value: Double, digits: Int) {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded()
        let whole = Int(rounded / scale)
        var fraction = String(Int(rounded) - whole * Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        self = digits > 0 ? "\(whole).\(fraction)" : "\(whole)"
    }
}
