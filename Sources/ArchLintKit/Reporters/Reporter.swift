/// What every reporter gets: the sorted findings of a run and facts about it. Reporters
/// are pure functions of this value (no file system, no environment), so each format is
/// tested on the same input against checked-in expected output.
public struct ReportInput: Sendable {
    /// Sorted by `Finding.ordered`; suppressed findings included (SARIF and JSON show
    /// them), findings matched by a baseline already removed.
    public var findings: [Finding]
    public var filesChecked: Int
    public var seconds: Double
    /// The project root: finding paths are relative to it. Absolute paths (xcode) are
    /// made from it.
    public var root: String
    public var problems: [ReadProblem]
    public var rules: [RuleDescription]
    public var exitCode: Int32
    /// Absolute directory SARIF URIs are relative to (`%SRCROOT%`): the enclosing git
    /// repository's root, else the working directory. Defaults to `root`.
    public var sourceRoot: String
    /// Absolute directory GitHub annotation paths are relative to (`$GITHUB_WORKSPACE`).
    /// Defaults to `root`.
    public var workspace: String
    /// The severity this run gives each rule id (after profile and configuration); rules
    /// not listed fall back to their strongest built-in default.
    public var ruleSeverities: [String: Severity]
    /// How many findings a `--baseline` file accounted for (not in `findings`).
    public var baselinedCount: Int
    /// Absolute directory the text format's paths are relative to (the working directory),
    /// so that they can be opened from where archlint ran, as ruff's are. Defaults to `root`.
    public var displayBase: String

    public init(findings: [Finding], filesChecked: Int, seconds: Double, root: String, problems: [ReadProblem] = [],
                rules: [RuleDescription] = [], exitCode: Int32 = 0, sourceRoot: String? = nil, workspace: String? = nil,
                ruleSeverities: [String: Severity] = [:], baselinedCount: Int = 0, displayBase: String? = nil) {
        self.findings = findings
        self.filesChecked = filesChecked
        self.seconds = seconds
        self.root = root
        self.problems = problems
        self.rules = rules
        self.exitCode = exitCode
        self.sourceRoot = sourceRoot ?? root
        self.workspace = workspace ?? root
        self.ruleSeverities = ruleSeverities
        self.baselinedCount = baselinedCount
        self.displayBase = displayBase ?? root
    }

    /// A finding's path as the text format shows it: relative to `displayBase`, with `..`
    /// when the file lies outside it; as stored when that is the root.
    public func displayPath(_ path: String) -> String {
        displayBase == root ? path : self.path(path, relativeTo: displayBase)
    }

    /// Findings not silenced by a suppression command.
    public var reported: [Finding] { findings.filter { !$0.isSuppressed } }

    public func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let joined = root.hasSuffix("/") ? root + path : root + "/" + path
        // A file outside the root (`../Sources/…`): its plain absolute path.
        return path.hasPrefix("../") ? "/" + ReportInput.components(joined).joined(separator: "/") : joined
    }

    /// A finding's path relative to `base` (an absolute directory), with `..` segments
    /// when the file lies outside it. Pure string work on normalised absolute paths.
    public func path(_ path: String, relativeTo base: String) -> String {
        let target = ReportInput.components(absolutePath(path))
        let from = ReportInput.components(base)
        var common = 0
        while common < from.count, common < target.count - 1, from[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    /// The severity a rule has in this run, for rule metadata (SARIF `defaultConfiguration`).
    public func severity(of rule: RuleDescription) -> Severity {
        if let severity = ruleSeverities[rule.id] { return severity }
        return rule.defaultSeverity.values.max() ?? .warning
    }

    private static func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in PathText.segments(path) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts
    }
}

/// Output formats (DESIGN §7); each lives in its own file.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, xcode, sarif, github, json

    public func render(_ input: ReportInput, color: Bool, quiet: Bool) -> String {
        switch self {
        case .text: return TextReporter.render(input, color: color, quiet: quiet)
        case .xcode: return XcodeReporter.render(input)
        case .sarif: return SARIFReporter.render(input)
        case .github: return GitHubReporter.render(input, quiet: quiet)
        case .json: return JSONReporter.render(input)
        }
    }

    /// `render` as the UTF-8 bytes a file or stream gets. The JSON formats are written as
    /// bytes from the start, their findings on up to `jobs` threads; the same bytes either way.
    public func renderBytes(_ input: ReportInput, color: Bool, quiet: Bool, jobs: Int = 1) -> [UInt8] {
        switch self {
        case .sarif: return SARIFReporter.renderBytes(input, jobs: jobs)
        case .json: return JSONReporter.renderBytes(input, jobs: jobs)
        case .text, .xcode, .github: return Array(render(input, color: color, quiet: quiet).utf8)
        }
    }
}
