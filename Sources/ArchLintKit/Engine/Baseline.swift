import Foundation

/// Findings a team has accepted for now, so that a run reports only new ones
/// (`--write-baseline FILE` records them, `--baseline FILE` filters them out).
///
/// Findings are matched by fingerprint alone. A fingerprint is made from the rule id, the
/// file, the enclosing declaration and the finding's own text — not its line — so a
/// baselined finding stays matched when unrelated edits move it, and comes back when the
/// file is renamed, the declaration is renamed or the offending text changes. The same
/// finding twice in one declaration gets distinct fingerprints (an ordinal), so fixing one
/// of two does not hide a third.
///
/// The file is small, sorted JSON meant to be committed and reviewed:
///
///     {
///       "version": 1,
///       "findings": [
///         {
///           "rule": "layer-dependency",
///           "path": "Domain/Entities/Folder.swift",
///           "fingerprint": "5d1c0e0a9b3f7c21",
///           "message": "Domain imports SwiftUI, …"
///         }
///       ]
///     }
///
/// Only `fingerprint` is used for matching; `rule`, `path` and `message` are for people
/// reading the file (and for deciding which entries to delete once fixed).
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        public var message: String

        public init(rule: String, path: String, fingerprint: String, message: String) {
            self.rule = rule
            self.path = path
            self.fingerprint = fingerprint
            self.message = message
        }
    }

    /// The file format's version; a file with another version is refused.
    public static let formatVersion = 1

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// A baseline of the findings a run reports: suppressed findings are left out (their
    /// comment already accepts them), entries sorted by path, rule and fingerprint so the
    /// file changes only where the findings do.
    public init(findings: [Finding]) {
        entries = findings.filter { !$0.isSuppressed }
            .map { Entry(rule: $0.ruleID, path: $0.path, fingerprint: $0.fingerprint, message: $0.message) }
            .sorted { ($0.path, $0.rule, $0.fingerprint) < ($1.path, $1.rule, $1.fingerprint) }
    }

    public var fingerprints: Set<String> { Set(entries.map(\.fingerprint)) }

    /// The baseline a run writes over `previous` (the file it replaces): the run's own
    /// findings, plus the entries of `previous` the run could not have seen again — those
    /// for which `isOutsideRun` holds (another rule than `--only-rule` names, a file outside
    /// the paths or `--changed-since`, a file that could not be read). Refreshing a
    /// baseline from a narrowed run then keeps what the run did not look at, instead of
    /// dropping it and failing the next full run. `kept` counts the entries carried over.
    public static func refreshing(_ previous: Baseline?, with findings: [Finding],
                                  isOutsideRun: (Entry) -> Bool) -> (baseline: Baseline, kept: Int) {
        let current = Baseline(findings: findings)
        let known = current.fingerprints
        let kept = (previous?.entries ?? []).filter { !known.contains($0.fingerprint) && isOutsideRun($0) }
        guard !kept.isEmpty else { return (current, 0) }
        let entries = (current.entries + kept).sorted { ($0.path, $0.rule, $0.fingerprint) < ($1.path, $1.rule, $1.fingerprint) }
        return (Baseline(entries: entries), kept.count)
    }

    /// Splits findings into those the baseline does not know (still reported) and the
    /// number it accounts for. Suppressed findings are kept: they are reported as
    /// suppressed, never as failures, whatever the baseline says.
    public func apply(to findings: [Finding]) -> (remaining: [Finding], baselined: Int) {
        let known = fingerprints
        var remaining: [Finding] = []
        var baselined = 0
        for finding in findings {
            // A baseline written before a rule's fingerprints changed matches the former one.
            if !finding.isSuppressed && (known.contains(finding.fingerprint) || finding.formerFingerprint.map(known.contains) == true) {
                baselined += 1
            } else {
                remaining.append(finding)
            }
        }
        return (remaining, baselined)
    }

    /// The file's text.
    public func rendered() -> String {
        JSONNode.object([
            ("version", .int(Baseline.formatVersion)),
            ("findings", .array(entries.map { entry in
                .object([
                    ("rule", .string(entry.rule)),
                    ("path", .string(entry.path)),
                    ("fingerprint", .string(entry.fingerprint)),
                    ("message", .string(entry.message)),
                ])
            })),
        ]).rendered()
    }

    /// A baseline file that cannot be used, with a message naming the file.
    public struct LoadError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads and checks a baseline file.
    public static func load(path: String) -> Result<Baseline, LoadError> {
        // Read as any file is, so that `--baseline <(git show main:baseline.json)` works too.
        let data: Data
        switch SourceReader.contents(atPath: path) {
        case .success(let contents): data = Data(contents.bytes)
        case .failure(let failure) where failure.code == ENOENT:
            return .failure(LoadError(message: "baseline file \(path) does not exist (create it with --write-baseline \(path))"))
        case .failure(let failure):
            return .failure(LoadError(message: "baseline file \(path) cannot be read: \(failure.reason)"))
        }
        return parse(data).mapError { LoadError(message: "\(path): not a valid archlint baseline: \($0.message)") }
    }

    /// Parses a baseline's text; errors say which key is wrong and what was expected.
    public static func parse(_ data: Data) -> Result<Baseline, LoadError> {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            return .failure(LoadError(message: error.description))
        } catch {
            return .failure(LoadError(message: "\(error)"))
        }
        guard case .object(let root) = value else {
            return .failure(LoadError(message: "expected an object with 'version' and 'findings', found \(value.typeName)"))
        }
        guard case .number(let version)? = root["version"] else {
            return .failure(LoadError(message: "'version': expected the number \(formatVersion)"))
        }
        guard version == Double(formatVersion) else {
            return .failure(LoadError(message: "'version': \(formatVersion) expected, found \(version.plainText); write it again with --write-baseline"))
        }
        guard case .array(let items)? = root["findings"] else {
            return .failure(LoadError(message: "'findings': expected an array of findings"))
        }
        var entries: [Entry] = []
        for (number, item) in items.enumerated() {
            guard case .object(let fields) = item else {
                return .failure(LoadError(message: "'findings[\(number)]': expected an object, found \(item.typeName)"))
            }
            guard case .string(let fingerprint)? = fields["fingerprint"], !fingerprint.isEmpty else {
                return .failure(LoadError(message: "'findings[\(number)].fingerprint': expected a non-empty string"))
            }
            func text(_ key: String) -> String {
                if case .string(let value)? = fields[key] { return value }
                return ""
            }
            entries.append(Entry(rule: text("rule"), path: text("path"), fingerprint: fingerprint, message: text("message")))
        }
        return .success(Baseline(entries: entries))
    }
}

private extension Double {
    /// `2` rather than `2.0` for whole numbers.
    var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
