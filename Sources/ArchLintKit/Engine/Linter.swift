import Dispatch
import Foundation
import SwiftLexer
import SwiftOutline

/// Findings the engine itself produces (not a rule's check).
public enum EngineRules {
    /// A suppression command naming a rule id that does not exist, an unknown action, or
    /// no rule at all.
    public static let invalidSuppression = RuleDescription(
        id: "invalid-suppression",
        name: "Invalid suppression",
        summary: "An `archlint:` command in a comment names a rule that does not exist, misspells its action, or names no rule.",
        rationale: """
            A misspelled rule id in `// archlint:disable:next layer-dependancy` silences nothing, \
            so the finding it was meant to acknowledge keeps failing the build, or worse, a later \
            rename quietly stops a suppression from applying. The same goes for a misspelled action \
            (`archlint:disable-next-line`, the spelling of another linter) and for a command that names \
            no rule. Naming the problem makes the typo visible.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .warning],
        triggeringExamples: [
            RuleExample("// archlint:disable:next ↓layer-dependancy\nimport Foundation\n", rerunsInContexts: false),
            RuleExample("// ↓archlint:disable-next-line layer-dependency\nimport Foundation\n", note: "An action archlint does not know.",
                        rerunsInContexts: false),
            RuleExample("// ↓archlint:disable:next\nimport Foundation\n", note: "A command that names no rule.", rerunsInContexts: false),
        ],
        nonTriggeringExamples: [
            RuleExample("// archlint:disable:next layer-dependency - legacy import\nimport Foundation\n"),
            RuleExample("/* archlint:disable:next\n   layer-dependency - legacy import */\nimport Foundation\n",
                        note: "In a block comment the rule ids may start on the next line."),
            RuleExample("// The archlint: docs explain the commands; disable them with care.\nimport Foundation\n",
                        note: "Prose that mentions archlint is no command."),
        ]
    )

    public static let all = [invalidSuppression]
}

/// Runs rules over an index and turns their violations into sorted, fingerprinted,
/// suppression-aware findings.
public enum Linter {
    /// - Parameters:
    ///   - rules: the rules to run (every registered rule; `only` narrows them).
    ///   - only: if non-empty, the rule ids to run (`--only-rule`).
    ///   - jobs: how many rules may run at once. Rules only read the index, so they run on
    ///     up to `jobs` threads; findings are sorted afterwards, so the result does not
    ///     depend on the scheduling.
    public static func run(index: ProjectIndex, configuration: Configuration, rules: [any Rule.Type], only: Set<String> = [], jobs: Int = 1) -> [Finding] {
        run(index: index, configuration: configuration, rules: rules, only: only, jobs: jobs, timings: nil)
    }

    /// Whether a run with `configuration` and `only` (`--only-rule`, empty for all) runs the
    /// rule: not switched off, and among `only` if it names any.
    public static func isEnabled(_ rule: RuleDescription, configuration: Configuration, only: Set<String>) -> Bool {
        (only.isEmpty || only.contains(rule.id)) && configuration.severity(of: rule) != .off
    }

    /// As `run(index:configuration:rules:only:jobs:)`, recording each rule's time in `timings`.
    public static func run(index: ProjectIndex, configuration: Configuration, rules: [any Rule.Type], only: Set<String> = [], jobs: Int = 1,
                           timings: Timings?) -> [Finding] {
        let knownIDs = Set(rules.map { $0.description.id } + EngineRules.all.map(\.id))
        var pending: [PendingFinding] = []

        // Suppression commands of every file (read side by side), and unknown rule ids in them.
        let suppressions = readSuppressions(index: index, knownRules: knownIDs, jobs: jobs)
        for (fileIndex, fileSuppressions) in suppressions.enumerated() {
            let rule = EngineRules.invalidSuppression
            let severity = configuration.severity(of: rule)
            guard isEnabled(rule, configuration: configuration, only: only) else { continue }
            for unknown in fileSuppressions.unknownRules {
                let hint = ConfigurationLoader.suggestion(unknown.id, among: Array(knownIDs).sorted())
                let violation = Violation(location: Location(file: fileIndex, range: unknown.range),
                                          message: "Unknown rule '\(unknown.id)' in a suppression command\(hint); `archlint rules` lists the rule ids.",
                                          fingerprintText: unknown.id)
                pending.append(PendingFinding(violation: violation, rule: rule.id, severity: severity))
            }
            for malformed in fileSuppressions.malformedCommands {
                let violation = Violation(location: Location(file: fileIndex, range: malformed.range), message: malformed.message,
                                          fingerprintText: "command " + malformed.message)
                pending.append(PendingFinding(violation: violation, rule: rule.id, severity: severity))
            }
        }

        let enabled = rules.filter { isEnabled($0.description, configuration: configuration, only: only) }
        for (rule, violations) in zip(enabled, check(enabled, index: index, configuration: configuration, jobs: jobs, timings: timings)) {
            let description = rule.description
            let severity = configuration.severity(of: description)
            for violation in violations {
                pending.append(PendingFinding(violation: violation, rule: description.id, severity: severity))
            }
        }
        var findings = makeFindings(pending, index: index, suppressions: suppressions, jobs: jobs)
        findings.sort(by: Finding.ordered)
        return disambiguateFingerprints(findings)
    }

    /// Runs each rule's check, on up to `jobs` threads: each thread takes the next rule not
    /// yet started. Returns each rule's violations, in the order of `rules`. Rules are started heaviest first
    /// (`Rule.relativeCost`, then their order), which shortens the stage when one rule
    /// takes much longer than the others; the results do not depend on the schedule.
    static func check(_ rules: [any Rule.Type], index: ProjectIndex, configuration: Configuration, jobs: Int, timings: Timings?) -> [[Violation]] {
        let schedule = rules.indices.sorted { rules[$0].relativeCost != rules[$1].relativeCost ? rules[$0].relativeCost > rules[$1].relativeCost : $0 < $1 }
        let results = Parallel.map(count: schedule.count, jobs: jobs) { position in
            let rule = rules[schedule[position]]
            let context = RuleContext(index: index, configuration: configuration, options: configuration.options(of: rule.description))
            let started = DispatchTime.now()
            let violations = rule.init().check(context)
            timings?.record("rule \(rule.description.id)", since: started)
            return violations
        }
        var violations = [[Violation]](repeating: [], count: rules.count)
        for (position, rule) in schedule.enumerated() { violations[rule] = results[position] }
        return violations
    }

    /// Each file's suppression commands, in file order, read on up to `jobs` threads.
    static func readSuppressions(index: ProjectIndex, knownRules: Set<String>, jobs: Int) -> [Suppressions] {
        let files = index.files
        return Parallel.map(count: files.count, jobs: jobs) { number in
            // Most files have no comment that mentions `archlint`: their text is not read again.
            guard files[number].mayHaveSuppressions, let source = files[number].loadSource() else { return Suppressions() }
            return Suppressions(file: source, comments: files[number].comments(in: source), knownRules: knownRules)
        }
    }

    /// A violation waiting for its positions.
    struct PendingFinding {
        var violation: Violation
        var rule: String
        var severity: Severity
    }

    /// Findings of `pending`, in the same order. Violations are taken file by file, so
    /// each file's text (read again from disk in a lint run) is read once, and only one
    /// file's text (with those of its findings' related places) is held at a time by each
    /// of up to `jobs` threads, which take the files one at a time. A file whose text
    /// changed or vanished since it was outlined (the run names it and exits 2) gets no
    /// findings: their positions would point into text that is no longer there.
    static func makeFindings(_ pending: [PendingFinding], index: ProjectIndex, suppressions: [Suppressions], jobs: Int = 1) -> [Finding] {
        let byFile = Dictionary(grouping: pending.indices) { pending[$0].violation.location.file }
        let files = byFile.keys.sorted()
        let madePerFile = Parallel.map(count: files.count, jobs: jobs) { position -> [(number: Int, finding: Finding)] in
            let file = files[position]
            let cache = SourceCache(files: index.files)
            if index.files[file].readsTextFromDisk, cache.source(of: file) == nil { return [] }
            let source = { (number: Int) -> SourceFile in
                cache.source(of: number) ?? SourceFile(path: index.files[number].path, bytes: [])
            }
            return (byFile[file] ?? []).map { number in
                let item = pending[number]
                return (number, makeFinding(item.violation, rule: item.rule, severity: item.severity, index: index, suppressions: suppressions, source: source))
            }
        }
        var findings = [Finding?](repeating: nil, count: pending.count)
        for made in madePerFile {
            for (number, finding) in made { findings[number] = finding }
        }
        return findings.compactMap { $0 }
    }

    static func makeFinding(_ violation: Violation, rule: String, severity: Severity, index: ProjectIndex, suppressions: [Suppressions],
                            source text: (Int) -> SourceFile) -> Finding {
        let file = index.files[violation.location.file]
        let source = text(violation.location.file)
        var location = violation.location
        var position = FindingPosition(file: source, path: file.path, range: location.range)
        var suppressed = location.file < suppressions.count && suppressions[location.file].isSuppressed(rule: rule, line: position.line)
        // `disable:next` over the first occurrence silences that line, not the later ones.
        if suppressed {
            for range in violation.laterRanges {
                let later = FindingPosition(file: source, path: file.path, range: range)
                guard !suppressions[location.file].isSuppressed(rule: rule, line: later.line) else { continue }
                (location.range, position, suppressed) = (range, later, false)
                break
            }
        }
        let related = violation.related.map { item -> RelatedLocation in
            let relatedFile = index.files[item.location.file]
            let relatedSource = text(item.location.file)
            return RelatedLocation(position: FindingPosition(file: relatedSource, path: relatedFile.path, range: item.location.range), message: item.message)
        }
        let declaration = enclosingDeclaration(of: location.range.lowerBound, in: file.outline)
        let text = lineBreaksNormalized(violation.fingerprintText)
        let fingerprint = StableHash.hex([rule, file.path, violation.isOncePerFile ? "" : declaration, text].joined(separator: "\u{1F}"))
        let lineRange = source.lineRange(position.line)
        let sourceLine = source.text(lineRange)
        var finding = Finding(ruleID: rule, severity: severity, message: violation.message, position: position, related: related,
                              fingerprint: fingerprint, isSuppressed: suppressed, sourceLine: sourceLine)
        if !sourceLine.utf8.elementsEqual(source.bytes[lineRange]) { finding.sourceLineBytes = Array(source.bytes[lineRange]) }
        if violation.isOncePerFile, !declaration.isEmpty {
            finding.formerFingerprint = StableHash.hex([rule, file.path, declaration, text].joined(separator: "\u{1F}"))
        }
        return finding
    }

    /// `text` with CR LF and lone CR as LF: a fingerprint that quotes source text (a
    /// multi-line string) is the same whether the file was checked out with CRLF or LF.
    static func lineBreaksNormalized(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" {
                out.append("\n")
                if pending == "\n" { pending = scalars.next() }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The qualified name of the innermost declaration containing `offset`, or "" at top level.
    static func enclosingDeclaration(of offset: Int, in outline: FileOutline) -> String {
        outline.innermostDeclaration(containing: offset).map { outline.qualifiedName(of: $0) } ?? ""
    }

    /// Two findings with the same fingerprint (the same symbol twice in one declaration)
    /// get an ordinal so that each stays distinct in baselines. Unsuppressed findings are
    /// numbered first, in order, and suppressed ones after them: a baseline records only
    /// unsuppressed findings, so silencing or unsilencing one of two identical findings
    /// must not renumber the other, and no two findings share a fingerprint.
    static func disambiguateFingerprints(_ findings: [Finding]) -> [Finding] {
        var seen: [String: Int] = [:]
        var result = findings
        for pass in [false, true] {
            for index in result.indices where result[index].isSuppressed == pass {
                let fingerprint = result[index].fingerprint
                let count = seen[fingerprint, default: 0]
                seen[fingerprint] = count + 1
                if count > 0 { result[index].fingerprint = StableHash.hex(fingerprint + "#\(count + 1)") }
            }
        }
        return result
    }
}

extension ProjectIndex {
    /// Builds an index from sources in memory: lexes and outlines each file and assigns
    /// its layer from the configuration (tests, examples, and the command line).
    public static func build(sources: [(path: String, bytes: [UInt8])], configuration: Configuration) -> ProjectIndex {
        let workspace = OutlineWorkspace()
        return ProjectIndex(files: sources.map { item in
            IndexedFile.make(path: item.path, bytes: item.bytes, configuration: configuration, workspace: workspace)
        })
    }
}

extension IndexedFile {
    /// Lexes and outlines one file whose text stays in memory.
    public static func make(path: String, bytes: [UInt8], configuration: Configuration, workspace: OutlineWorkspace = OutlineWorkspace()) -> IndexedFile {
        let source = SourceFile(path: path, bytes: bytes)
        return make(source, configuration: configuration, origin: .memory(source), clues: nil, workspace: workspace)
    }

    /// Lexes and outlines one file read from `absolutePath`, in `workspace` (the calling
    /// thread's, reused from file to file); its text is not kept (see `IndexedFile`), so
    /// `clues` are searched in it and the rules' file scans run on it now.
    public static func make(path: String, absolutePath: String, contents: (bytes: [UInt8], stamp: SourceReader.FileStamp),
                            configuration: Configuration, clues: TextClues, store: SourceStore, workspace: OutlineWorkspace) -> IndexedFile {
        make(SourceFile(path: path, bytes: contents.bytes), configuration: configuration,
             origin: .disk(absolutePath: absolutePath, stamp: contents.stamp, store: store), clues: clues, workspace: workspace)
    }

    private static func make(_ source: SourceFile, configuration: Configuration, origin: SourceOrigin, clues: TextClues?,
                             workspace: OutlineWorkspace) -> IndexedFile {
        let (outline, comments) = OutlineBuilder.build(source, workspace: workspace)
        var clueWords: [UInt64] = []
        var scans: [any Sendable] = []
        if let clues {
            clueWords = clues.words(in: source.bytes)
            if !clues.scanners.isEmpty {
                let file = ScannedFile(path: source.path, source: source, outline: outline, tokens: workspace.tokens, comments: comments)
                scans = zip(clues.scanners, clues.scannerOptions).map { rule, options in
                    rule.scanFile(file, clueWords: clues.slot(of: rule).map { clueWords[$0] } ?? ~0, options: options)
                }
            }
        }
        // The tokens are done with: a huge file's blocks go before the file's index entry is made.
        workspace.trim()
        return IndexedFile(path: source.path, layer: configuration.layer(forPath: source.path), outline: outline, bytes: source.bytes,
                           comments: comments, origin: origin, clues: clues, clueWords: clueWords, scans: scans)
    }
}
