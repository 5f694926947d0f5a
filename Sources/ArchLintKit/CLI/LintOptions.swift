import Foundation

/// Parsed options of `archlint [lint]`.
public struct LintOptions: Sendable, Equatable {
    public var paths: [String] = []
    public var configPath: String?
    public var profile: String?
    public var format: ReportFormat = .text
    public var outputPath: String?
    /// Extra reports written to files in the same run (`--report FORMAT:PATH`).
    public var reports: [ReportRequest] = []
    /// Report only findings in files changed since this git ref (`--changed-since REF`).
    public var changedSince: String?
    /// Report only findings not recorded in this file (`--baseline FILE`).
    public var baselinePath: String?
    /// Record the run's findings in this file (`--write-baseline FILE`).
    public var writeBaselinePath: String?
    public var strict = false
    public var quiet = false
    /// Print how long each phase and each rule took, on standard error (`--timings`).
    public var timings = false
    public var onlyRules: [String] = []
    public var jobs: Int?
    public var color: Bool?
    /// `--help` after the command: print the usage instead of linting.
    public var help = false

    public init() {}

    /// A report written to a file besides the one on standard output.
    public struct ReportRequest: Sendable, Equatable {
        public var format: ReportFormat
        public var path: String

        public init(format: ReportFormat, path: String) {
            self.format = format
            self.path = path
        }

        /// `FORMAT:PATH`, split at the first colon (the path may contain more).
        static func parse(_ text: String) -> Result<ReportRequest, UsageError> {
            let formats = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            guard let colon = text.firstIndex(of: ":") else {
                return .failure(UsageError(message: "--report needs FORMAT:PATH (for example sarif:archlint.sarif), got '\(text)'"))
            }
            let name = String(text[..<colon])
            let path = String(text[text.index(after: colon)...])
            guard let format = ReportFormat(rawValue: name) else {
                return .failure(UsageError(message: "--report: unknown format '\(name)'; expected one of: \(formats)"))
            }
            guard !path.isEmpty else {
                return .failure(UsageError(message: "--report \(name): needs a file path after the colon, as in \(name):archlint.\(name)"))
            }
            return .success(ReportRequest(format: format, path: path))
        }
    }

    /// A usage problem with a message that says what to do.
    public struct UsageError: Error, Equatable {
        public var message: String
    }

    public static func parse(_ arguments: [String]) -> Result<LintOptions, UsageError> {
        var options = LintOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            // `--` ends the options: what follows are paths, even `-draft.swift`.
            if argument == "--" {
                options.paths += arguments[(index + 1)...]
                break
            }
            // `--flag=value` is accepted as well as `--flag value`.
            var flag = argument
            var inline: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func take() -> Result<String, UsageError> { value(of: flag, inline: inline, in: arguments, at: &index) }
            func takePath() -> Result<String, UsageError> { path(of: flag, inline: inline, in: arguments, at: &index) }
            // A switch takes no value: `--strict=false` must not turn strict mode on.
            if inline != nil, Self.switches.contains(flag) {
                return .failure(UsageError(message: "\(flag) takes no value, got '\(argument)'"))
            }
            switch flag {
            case "--config":
                switch takePath() { case .success(let path): options.configPath = path; case .failure(let error): return .failure(error) }
            case "--profile":
                switch take() {
                case .success(let name):
                    guard Profiles.names.contains(name) else {
                        return .failure(UsageError(message: "unknown profile '\(name)'; expected one of: \(Profiles.names.joined(separator: ", "))"))
                    }
                    options.profile = name
                case .failure(let error): return .failure(error)
                }
            case "--format":
                switch take() {
                case .success(let name):
                    guard let format = ReportFormat(rawValue: name) else {
                        return .failure(UsageError(message: "unknown format '\(name)'; expected one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"))
                    }
                    options.format = format
                case .failure(let error): return .failure(error)
                }
            case "--output", "-o":
                // `-` is standard output, as in most tools.
                switch takePath() { case .success(let path): options.outputPath = path == "-" ? nil : path; case .failure(let error): return .failure(error) }
            case "--report":
                switch take().flatMap(ReportRequest.parse) {
                case .success(let request): options.reports.append(request)
                case .failure(let error): return .failure(error)
                }
            case "--changed-since":
                switch take() { case .success(let ref): options.changedSince = ref; case .failure(let error): return .failure(error) }
            case "--baseline":
                switch takePath() { case .success(let path): options.baselinePath = path; case .failure(let error): return .failure(error) }
            case "--write-baseline":
                switch takePath() { case .success(let path): options.writeBaselinePath = path; case .failure(let error): return .failure(error) }
            case "--only-rule":
                switch take() { case .success(let id): options.onlyRules.append(id); case .failure(let error): return .failure(error) }
            case "--jobs", "-j":
                switch take() {
                case .success(let text):
                    guard let jobs = Int(text), jobs >= 1 else { return .failure(UsageError(message: "--jobs needs a positive number, got '\(text)'")) }
                    options.jobs = jobs
                case .failure(let error): return .failure(error)
                }
            case "--strict": options.strict = true
            case "--quiet", "-q": options.quiet = true
            case "--timings": options.timings = true
            case "--no-color": options.color = false
            case "--color": options.color = true
            case "--help", "-h": options.help = true
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    let hint = ConfigurationLoader.suggestion(flag, among: Self.flags)
                    return .failure(UsageError(message: "unknown option '\(argument)'\(hint); `archlint --help` lists the options"))
                }
                // `archlint --quiet rules`: a command after an option is read as a path;
                // one that names nothing on disk was meant as the command.
                if CommandLineTool.commands.contains(argument), !FileManager.default.fileExists(atPath: argument) {
                    return .failure(UsageError(message: "'\(argument)' is a command, and commands come before options: `archlint \(argument) …`"))
                }
                options.paths.append(argument)
            }
            index += 1
        }
        // Two outputs to one file would overwrite each other, and none goes over Swift source.
        var destinations = Set<String>()
        for path in [options.outputPath, options.writeBaselinePath].compactMap({ $0 }) + options.reports.map(\.path) {
            if let error = swiftDestinationError(path, what: "report", example: "report.json") { return .failure(error) }
            let key = URL(fileURLWithPath: path).standardizedFileURL.path
            guard destinations.insert(key).inserted else {
                return .failure(UsageError(message: "\(path) is named as the destination of two outputs; give each report its own file"))
            }
        }
        // A report written over the file the run reads would destroy it (a baseline may be
        // written over itself: that refreshes it).
        let reports = [options.outputPath].compactMap { $0 } + options.reports.map(\.path)
        for (input, option, outputs) in [(options.baselinePath, "--baseline", reports),
                                         (options.configPath, "--config", reports + [options.writeBaselinePath].compactMap { $0 })] {
            guard let input, input != "-", let output = outputs.first(where: { Self.sameFile($0, input) }) else { continue }
            return .failure(UsageError(message: "\(output) is both the \(option) file and the destination of an output, which would overwrite it; write the output elsewhere"))
        }
        return .success(options)
    }

    /// An output named `*.swift` would overwrite source code (`--output Sources/App.swift`, a
    /// slip of the shell), and no output of archlint is Swift: refused.
    static func swiftDestinationError(_ path: String, what: String, example: String) -> UsageError? {
        guard path.hasSuffix(".swift") else { return nil }
        return UsageError(message: "\(path) ends in .swift, like Swift source, and no \(what) is Swift: write it to another file (for example \(example))")
    }

    /// The options that take no value.
    static let switches: Set<String> = ["--strict", "--quiet", "--timings", "--no-color", "--color", "--help"]

    /// Every long option of `lint`, for "did you mean" hints.
    static let flags = ["--config", "--profile", "--format", "--output", "--report", "--changed-since", "--baseline",
                        "--write-baseline", "--only-rule", "--jobs"] + switches.sorted()

    /// The value of an option: joined with `=`, else the next argument, unless that is
    /// another option (`--output --format sarif` forgot the file; a value that starts with
    /// `--` is written `--output=--odd-name`). Moves `index` past a value it takes.
    static func value(of flag: String, inline: String?, in arguments: [String], at index: inout Int) -> Result<String, UsageError> {
        if let inline { return .success(inline) }
        guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
            return .failure(UsageError(message: "\(flag) needs a value"))
        }
        index += 1
        return .success(arguments[index])
    }

    /// A file path given to an option: an empty one names no file.
    static func path(of flag: String, inline: String?, in arguments: [String], at index: inout Int) -> Result<String, UsageError> {
        value(of: flag, inline: inline, in: arguments, at: &index).flatMap {
            $0.isEmpty ? .failure(UsageError(message: "\(flag) needs a file path, got an empty one")) : .success($0)
        }
    }

    /// Whether two paths name the same file: as written, or through symbolic links.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        comparablePaths(URL(fileURLWithPath: first), URL(fileURLWithPath: second)).contains { $0 == $1 }
    }

    /// Whether `file` is `folder` or lies under it, as written or through symbolic links.
    static func path(_ file: URL, isInside folder: URL) -> Bool {
        comparablePaths(file, folder).contains { filePath, folderPath in
            filePath == folderPath || filePath.hasPrefix(folderPath.hasSuffix("/") ? folderPath : folderPath + "/")
        }
    }

    /// Two paths standardized, then with symbolic links resolved.
    private static func comparablePaths(_ first: URL, _ second: URL) -> [(String, String)] {
        [(first.standardizedFileURL.path, second.standardizedFileURL.path),
         (first.resolvingSymlinksInPath().path, second.resolvingSymlinksInPath().path)]
    }
}
