/// `--format json`: a stable array of findings for scripts, one object per finding in
/// report order (path, line, column, rule id), pretty-printed, keys in this order:
///
/// | key | type | meaning |
/// |---|---|---|
/// | `rule` | string | rule id, e.g. `layer-dependency` |
/// | `severity` | string | `error`, `warning` or `note` |
/// | `message` | string | what is wrong and how to fix it (may contain newlines) |
/// | `path` | string | file path relative to the project root (the configuration file's folder, else the working directory), `/`-separated |
/// | `line`, `column` | integer | 1-based start; columns count UTF-8 bytes |
/// | `endLine`, `endColumn` | integer | 1-based end; `endColumn` is the column just past the last byte |
/// | `fingerprint` | string | 16 hex digits, stable across edits that only move the finding (what baselines record) |
/// | `suppressed` | boolean | silenced by an `archlint:disable` comment (such findings never fail a run) |
/// | `related` | array | other places that explain the finding: objects with `message`, `path`, `line`, `column`, `endLine`, `endColumn` |
///
/// The array is empty (`[]`) when there is nothing to report. Findings accounted for by a
/// `--baseline` file are left out. New keys may be added; existing ones keep their meaning.
public enum JSONReporter {
    public static func render(_ input: ReportInput) -> String {
        String(decoding: renderBytes(input), as: UTF8.self)
    }

    /// The array as UTF-8 bytes, its findings written on up to `jobs` threads (the bytes do
    /// not depend on how many).
    public static func renderBytes(_ input: ReportInput, jobs: Int = 1) -> [UInt8] {
        JSONNode.items(count: input.findings.count) { node(input.findings[$0]) }.renderedBytes(jobs: jobs)
    }

    static func node(_ finding: Finding) -> JSONNode {
        .object([("rule", .string(finding.ruleID)),
                 ("severity", .string(finding.severity.rawValue)),
                 ("message", .string(finding.message))]
                + positionMembers(finding.position)
                + [("fingerprint", .string(finding.fingerprint)),
                   ("suppressed", .bool(finding.isSuppressed)),
                   ("related", .array(finding.related.map { related in
                       .object([("message", .string(related.message))] + positionMembers(related.position))
                   }))])
    }

    static func positionMembers(_ position: FindingPosition) -> [(String, JSONNode)] {
        [("path", .string(position.path)),
         ("line", .int(position.line)),
         ("column", .int(position.column)),
         ("endLine", .int(position.endLine)),
         ("endColumn", .int(position.endColumn))]
    }
}
