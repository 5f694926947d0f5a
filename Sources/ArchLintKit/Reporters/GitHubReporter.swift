/// `--format github`: GitHub Actions workflow commands, which the runner turns into
/// annotations on the pull request and the run summary:
///
///     ::error file=App/Domain/Note.swift,line=3,endLine=3,col=8,endColumn=15,title=archlint (layer-dependency)::Domain imports UIKit…
///     App/Domain/Note.swift:3:8: error: Domain imports UIKit… (layer-dependency)
///
/// - Each annotation is followed by the same finding as a plain `path:line:col:` line.
///   The runner prints an annotation in the log as just its message and displays at most
///   10 annotations of each level per step, so the plain lines keep every finding, with
///   its location, readable in the log (ruff puts the location into the message instead).
/// - Severities map to `error`, `warning` and `notice` (for notes).
/// - Paths are relative to the workspace (`$GITHUB_WORKSPACE` when set, else the project
///   root), which is what the runner resolves annotation files against.
/// - Columns count UTF-8 bytes, 1-based; `endColumn` is just past the range. For a range
///   over several lines only `line` and `endLine` are given, because the runner drops
///   columns when the lines differ.
/// - Escaping follows the runner's parser: in the message `%`, CR and LF become `%25`,
///   `%0D`, `%0A` (so multi-line messages survive); property values additionally escape
///   `:` and `,`, which would otherwise end the value.
/// - Related locations are appended to the annotation's message as `note:` lines.
/// - A plain line never reads as a command, whatever the file's name or the message
///   (`plainLinePath(_:)`, `defusingLegacyCommands(_:)`).
/// - Suppressed findings are not annotated. A file that could not be read (or a report that
///   could not be written) is an `::error` annotation without a file. Unless `quiet`, a
///   final line gives the totals.
public enum GitHubReporter {
    /// GitHub shows at most this many annotations of each level per step.
    public static let annotationsShownPerLevel = 10

    public static func render(_ input: ReportInput, quiet: Bool = false) -> String {
        var out = ""
        let findings = input.reported
        for finding in findings {
            let position = finding.position
            let path = input.path(finding.path, relativeTo: input.workspace)
            var properties = [("file", path), ("line", String(position.line)), ("endLine", String(position.endLine))]
            if position.endLine == position.line {
                properties += [("col", String(position.column)), ("endColumn", String(position.endColumn))]
            }
            properties.append(("title", "archlint (\(finding.ruleID))"))
            var message = finding.message
            for related in finding.related {
                let relatedPath = input.path(related.position.path, relativeTo: input.workspace)
                message += "\nnote: \(related.message) (\(relatedPath):\(related.position.line):\(related.position.column))"
            }
            out += "::\(command(for: finding.severity)) "
            out += properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            out += "::\(escapeData(message.showingControlCharacters()))\n"
            out += defusingLegacyCommands("\(plainLinePath(path)):\(position.line):\(position.column): \(finding.severity.rawValue): \(finding.message.replacingLineBreaks().showingControlCharacters()) (\(finding.ruleID))") + "\n"
        }
        // A file that could not be read fails the run (exit 2): an annotation says which,
        // since the message on standard error is only plain text in the log.
        for problem in input.problems {
            out += "::error title=archlint::\(escapeData(problem.message.showingControlCharacters()))\n"
        }
        if !quiet {
            var line = "archlint: " + TextReporter.summary(input, style: Style(enabled: false))
            let perLevel = Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
            if perLevel.values.contains(where: { $0 > annotationsShownPerLevel }) {
                line += "; GitHub shows the first \(annotationsShownPerLevel) annotations of each level, all findings are listed above"
            }
            out += line + "\n"
        }
        return out
    }

    /// A plain line with every `##[` broken by a word joiner (U+2060, invisible): the runner
    /// reads `##[command]` anywhere in a line that is no `::` command as an old-style command
    /// (`##[stop-commands]` in a string literal would silence every later annotation).
    static func defusingLegacyCommands(_ line: String) -> String {
        guard line.utf8.contains(0x5B), line.contains("##[") else { return line }
        var out = ""
        var hashes = 0
        for scalar in line.unicodeScalars {
            if scalar == "[", hashes >= 2 {
                // `###[`: the joiner goes before the last `#`, so no two of them meet the `[`.
                out.unicodeScalars.removeLast()
                out.unicodeScalars.append("\u{2060}")
                out.unicodeScalars.append("#")
            }
            hashes = scalar == "#" ? hashes + 1 : 0
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The path at the start of a plain line, which the runner must not read as a command:
    /// on one line, and not starting with `::` (the runner ignores leading blanks) — a file
    /// named `::notice title=x::y.swift` is shown as `./::notice title=x::y.swift`.
    static func plainLinePath(_ path: String) -> String {
        let line = path.replacingLineBreaks().showingControlCharacters()
        return line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") ? "./" + line : line
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note, .off: return "notice"
        }
    }

    /// Escapes a message (the text after `::`).
    public static func escapeData(_ text: String) -> String {
        escape(text, extra: false)
    }

    /// Escapes a property value (`file=…`, `title=…`).
    public static func escapeProperty(_ text: String) -> String {
        escape(text, extra: true)
    }

    private static func escape(_ text: String, extra: Bool) -> String {
        var out = ""
        // Unicode scalars, not Characters: "\r\n" is a single Character.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where extra: out += "%3A"
            case "," where extra: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
