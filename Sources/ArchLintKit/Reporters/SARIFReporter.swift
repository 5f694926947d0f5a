import Foundation

/// `--format sarif`: a SARIF 2.1.0 log for GitHub code scanning and other SARIF viewers.
/// It validates against the OASIS schema and GitHub's ingestion rules; the shape:
///
/// - one run; `tool.driver` with `name`, `version`, `semanticVersion`, `informationUri`
///   and every rule of the run (not only those with results): `id`, `name` (UpperCamelCase
///   of the id), `shortDescription` (the summary), `fullDescription` (the rationale's first
///   paragraph, at most 1024 characters as GitHub requires), `help.text` and
///   `help.markdown` (rationale, options, an example), `defaultConfiguration.level` (the
///   severity this run gives the rule; `enabled: false` for rules switched off) and
///   `properties` (`tags`, `precision`, `problem.severity`).
/// - `columnKind: utf16CodeUnits`: region columns are the findings' UTF-16 columns,
///   1-based, `endColumn` just past the range — what GitHub and editors count.
/// - locations relative to `%SRCROOT%` (the git repository root, else the working
///   directory), whose absolute `file://` URI, with a trailing slash, is in
///   `originalUriBaseIds`; paths are percent-encoded (spaces, `:`, non-ASCII).
/// - `partialFingerprints` under `archlint/v1`: the finding's stable fingerprint (rule,
///   file, enclosing declaration, text — not the line). `primaryLocationLineHash` is left
///   to GitHub's upload-sarif, which computes it from the file.
/// - related locations with ids and messages; suppressed findings with
///   `suppressions: [{kind: inSource}]`. Findings matched by a `--baseline` are omitted
///   rather than marked `baselineState: unchanged`, as in every other format.
/// - `invocations[0]`: `executionSuccessful` (false when a file or path could not be read),
///   `exitCode`, and one `toolExecutionNotifications` entry per such problem.
/// - at most `resultLimit` (25,000) results, as GitHub code scanning rejects a run with more:
///   beyond that, the most severe are kept (unsuppressed before suppressed, then errors,
///   warnings, notes; in report order within each), and a `warning` notification says how
///   many were left out. The exit code still counts every finding.
public enum SARIFReporter {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let informationURI = "https://github.com/archlint/archlint"
    /// The key of archlint's fingerprint in `partialFingerprints`; bump the version if the
    /// fingerprint's recipe changes.
    public static let fingerprintKey = "archlint/v1"
    public static let sourceRootID = "%SRCROOT%"
    /// GitHub rejects longer `shortDescription` and `fullDescription` texts.
    static let descriptionLimit = 1024
    /// GitHub code scanning rejects a run with more results.
    public static let resultLimit = 25_000

    /// The findings a log holds: all of them up to `limit`, else the `limit` most severe
    /// (unsuppressed first, then by severity), kept in their report order.
    static func keptFindings(_ findings: [Finding], limit: Int = resultLimit) -> [Finding] {
        guard findings.count > limit else { return findings }
        func rank(_ finding: Finding) -> Int {
            let severity: Int
            switch finding.severity {
            case .error: severity = 0
            case .warning: severity = 1
            default: severity = 2
            }
            return (finding.isSuppressed ? 3 : 0) + severity
        }
        let kept = findings.indices.sorted { (rank(findings[$0]), $0) < (rank(findings[$1]), $1) }.prefix(limit).sorted()
        return kept.map { findings[$0] }
    }

    public static func render(_ input: ReportInput) -> String {
        String(decoding: renderBytes(input), as: UTF8.self)
    }

    /// The log as UTF-8 bytes, its results written on up to `jobs` threads (the bytes do
    /// not depend on how many).
    public static func renderBytes(_ input: ReportInput, jobs: Int = 1) -> [UInt8] {
        let left = input.findings.count - min(input.findings.count, resultLimit)
        let input = left == 0 ? input : { var kept = input; kept.findings = keptFindings(input.findings); return kept }()
        var rules = input.rules
        // A finding of a rule the run does not describe (tests, engine additions) still
        // needs a descriptor for `ruleIndex` to point at.
        for id in input.findings.map(\.ruleID) where !rules.contains(where: { $0.id == id }) {
            rules.append(RuleDescription(id: id, name: id, summary: "Rule \(id).", rationale: "Rule \(id) of archlint.", defaultSeverity: [:]))
        }
        var ruleIndex: [String: Int] = [:]
        for (number, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = number }
        // The URI of each file with findings, worked out once: a file often has several.
        // Keyed by the path's bytes: Swift's `==` on strings treats `café` spelled with a
        // combining accent and with `é` as equal, and they are two files.
        var uris: [[UInt8]: String] = [:]
        for finding in input.findings {
            for path in [finding.position.path] + finding.related.map(\.position.path) where uris[Array(path.utf8)] == nil {
                uris[Array(path.utf8)] = percentEncoded(input.path(path, relativeTo: input.sourceRoot))
            }
        }

        let driver: JSONNode = .object([
            ("name", .string("archlint")),
            ("version", .string(CommandLineTool.version)),
            ("semanticVersion", .string(CommandLineTool.version)),
            ("informationUri", .string(informationURI)),
            ("rules", .array(rules.map { descriptor($0, input: input) })),
        ])
        let run: JSONNode = .object([
            ("tool", .object([("driver", driver)])),
            ("invocations", .array([invocation(input, findingsLeftOut: left)])),
            ("originalUriBaseIds", .object([(sourceRootID, .object([("uri", .string(directoryURI(input.sourceRoot)))]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .items(count: input.findings.count) { [ruleIndex, uris] number in
                let finding = input.findings[number]
                return result(finding, ruleIndex: ruleIndex[finding.ruleID] ?? 0, uris: uris)
            }),
        ])
        return JSONNode.object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).renderedBytes(jobs: jobs)
    }

    // MARK: Rules

    static func descriptor(_ rule: RuleDescription, input: ReportInput) -> JSONNode {
        let severity = input.severity(of: rule)
        let level = severity == .off ? (rule.defaultSeverity.values.filter { $0 != .off }.max() ?? .warning) : severity
        var configuration: [(String, JSONNode)] = [("level", .string(level.rawValue))]
        if severity == .off { configuration.append(("enabled", .bool(false))) }
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(identifierName(rule.id))),
            ("shortDescription", .object([("text", .string(limited(rule.summary)))])),
            ("fullDescription", .object([("text", .string(limited(fullDescription(rule))))])),
            ("help", .object([("text", .string(helpText(rule))), ("markdown", .string(helpMarkdown(rule)))])),
            ("defaultConfiguration", .object(configuration)),
            ("properties", .object([
                ("tags", .array([.string("architecture"), .string("clean-architecture")])),
                ("precision", .string("high")),
                ("problem.severity", .string(problemSeverity(level))),
            ])),
        ])
    }

    /// `layer-dependency` → `LayerDependency`: SARIF wants an identifier-like name.
    static func identifierName(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func problemSeverity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note, .off: return "recommendation"
        }
    }

    /// `text` without leading and trailing white space and line breaks (Foundation's
    /// `trimmingCharacters(in:)` costs half a million instructions a call on Linux, for every
    /// rule of every report).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// The rationale's first paragraph (the summary when there is no rationale).
    static func fullDescription(_ rule: RuleDescription) -> String {
        let rationale = trimmed(rule.rationale)
        guard !rationale.isEmpty else { return rule.summary }
        // The first paragraph: up to the first blank line, found byte by byte (Foundation's
        // `range(of:)` costs a third of a million instructions a call on Linux).
        let bytes = Array(rationale.utf8)
        guard let blank = bytes.indices.dropLast().first(where: { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }) else { return rationale }
        return String(decoding: bytes[..<blank], as: UTF8.self)
    }

    /// At most 1024 characters, cut after the last whole sentence (or word) that fits.
    static func limited(_ text: String) -> String {
        guard text.count > descriptionLimit else { return text }
        let head = String(text.prefix(descriptionLimit - 1))
        if let end = head.range(of: ". ", options: .backwards) { return String(head[..<end.lowerBound]) + "." }
        if let space = head.lastIndex(of: " ") { return String(head[..<space]) + "…" }
        return head + "…"
    }

    static func helpText(_ rule: RuleDescription) -> String {
        var text = rule.summary + "\n\n" + trimmed(rule.rationale)
        if !rule.options.isEmpty {
            text += "\n\nOptions:"
            for option in rule.options {
                text += "\n- \(option.name) (\(option.type.schemaDescription), default \(Profiles.defaultText(of: option, rule: rule.id))): \(option.summary)"
            }
        }
        text += "\n\nRun `archlint explain \(rule.id)` for examples."
        return text
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        var text = "**\(rule.summary)**\n\n" + trimmed(rule.rationale)
        if !rule.options.isEmpty {
            text += "\n\n| option | default | meaning |\n|---|---|---|"
            for option in rule.options {
                text += "\n| `\(option.name)` | `\(option.defaultValue)` | \(escapingPipes(option.summary)) |"
            }
        }
        if let example = rule.triggeringExamples.first {
            text += "\n\nFlagged:\n\n" + codeBlocks(example)
        }
        if let example = rule.nonTriggeringExamples.first {
            text += "\n\nNot flagged:\n\n" + codeBlocks(example)
        }
        text += "\n\n`archlint explain \(rule.id)` prints every example. See the [archlint documentation](\(informationURI))."
        return text
    }

    /// `|` escaped as `\|`, for a Markdown table cell.
    static func escapingPipes(_ text: String) -> String {
        guard text.utf8.contains(0x7C) else { return text }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte == 0x7C { bytes.append(0x5C) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without the `↓` markers of the tests (bytes E2 86 93), byte by byte.
    static func removingMarkers(_ text: String) -> String {
        let marker: [UInt8] = [0xE2, 0x86, 0x93]
        let bytes = Array(text.utf8)
        guard bytes.contains(0xE2) else { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xE2, bytes[index...].starts(with: marker) {
                index += marker.count
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// An example's files as Swift code blocks, without the `↓` markers of the tests.
    static func codeBlocks(_ example: RuleExample) -> String {
        example.files.map { file in
            let source = removingMarkers(file.source)
            let body = source.hasSuffix("\n") ? source : source + "\n"
            return (example.files.count > 1 ? "`\(file.path)`:\n\n" : "") + "```swift\n" + body + "```"
        }.joined(separator: "\n\n")
    }

    // MARK: Results

    /// One result; `uris` holds the URI of every path of the findings (`render`).
    static func result(_ finding: Finding, ruleIndex: Int, uris: [[UInt8]: String]) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(finding.severity == .off ? "none" : finding.severity.rawValue)),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(finding.position, uris: uris))])])),
        ]
        if !finding.related.isEmpty {
            members.append(("relatedLocations", .array(finding.related.enumerated().map { number, related in
                .object([
                    ("id", .int(number + 1)),
                    ("physicalLocation", physicalLocation(related.position, uris: uris)),
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        members.append(("partialFingerprints", .object([(fingerprintKey, .string(finding.fingerprint))])))
        if finding.isSuppressed {
            members.append(("suppressions", .array([.object([("kind", .string("inSource"))])])))
        }
        return .object(members)
    }

    static func physicalLocation(_ position: FindingPosition, uris: [[UInt8]: String]) -> JSONNode {
        .object([
            ("artifactLocation", .object([
                ("uri", .string(uris[Array(position.path.utf8)] ?? "")),
                ("uriBaseId", .string(sourceRootID)),
            ])),
            ("region", .object([
                ("startLine", .int(position.line)),
                ("startColumn", .int(position.utf16Column)),
                ("endLine", .int(position.endLine)),
                ("endColumn", .int(position.utf16EndColumn)),
            ])),
        ])
    }

    static func invocation(_ input: ReportInput, findingsLeftOut: Int = 0) -> JSONNode {
        var notifications: [JSONNode] = input.problems.map { problem in
            .object([
                ("level", .string("error")),
                ("message", .object([("text", .string(problem.message))])),
            ])
        }
        if findingsLeftOut > 0 {
            notifications.append(.object([
                ("level", .string("warning")),
                ("message", .object([("text", .string(leftOutMessage(findingsLeftOut, of: input.findings.count + findingsLeftOut)))])),
            ]))
        }
        return .object([
            ("executionSuccessful", .bool(input.problems.isEmpty && input.exitCode != 2)),
            ("exitCode", .int(Int(input.exitCode))),
            ("toolExecutionNotifications", .array(notifications)),
        ])
    }

    /// Says that `count` of `total` findings are not in the log, and where to find them all.
    public static func leftOutMessage(_ count: Int, of total: Int) -> String {
        "\(count) of \(total) findings are not in the SARIF log: GitHub code scanning rejects more than "
            + "\(resultLimit) results in a run, so the most severe \(resultLimit) are kept; --format json or text lists them all"
    }

    // MARK: URIs

    /// `file://` URI of an absolute directory, with the trailing slash that makes relative
    /// references resolve inside it.
    static func directoryURI(_ path: String) -> String {
        let encoded = percentEncoded(path)
        let withSlash = encoded.hasSuffix("/") ? encoded : encoded + "/"
        return "file://" + (withSlash.hasPrefix("/") ? withSlash : "/" + withSlash)
    }

    /// Percent-encodes every byte of a `/`-separated path except RFC 3986's unreserved
    /// characters and `/`. `:` is encoded too, so a relative path never reads as a scheme.
    static func percentEncoded(_ path: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
