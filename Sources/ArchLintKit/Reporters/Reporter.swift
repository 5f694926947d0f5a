/// What every reporter gets: the sorted findings of a run and facts about it.
public struct ReportInput: Sendable {
    public var findings: [Finding]
    public var filesChecked: Int
    public var seconds: Double
    /// The project root, for absolute paths (xcode) and relative URIs (SARIF).
    public var root: String
    public var problems: [ReadProblem]
    public var rules: [RuleDescription]
    public var exitCode: Int32

    public init(findings: [Finding], filesChecked: Int, seconds: Double, root: String, problems: [ReadProblem] = [],
                rules: [RuleDescription] = [], exitCode: Int32 = 0) {
        self.findings = findings
        self.filesChecked = filesChecked
        self.seconds = seconds
        self.root = root
        self.problems = problems
        self.rules = rules
        self.exitCode = exitCode
    }

    /// Findings not silenced by a suppression command.
    public var reported: [Finding] { findings.filter { !$0.isSuppressed } }

    public func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return root.hasSuffix("/") ? root + path : root + "/" + path
    }
}

/// Output formats (DESIGN §7).
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, xcode

    public func render(_ input: ReportInput, color: Bool, quiet: Bool) -> String {
        switch self {
        case .text: return TextReporter.render(input, color: color, quiet: quiet)
        case .xcode: return XcodeReporter.render(input)
        }
    }
}
