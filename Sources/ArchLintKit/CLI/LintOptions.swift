/// Parsed options of `archlint [lint]`.
public struct LintOptions: Sendable, Equatable {
    public var paths: [String] = []
    public var configPath: String?
    public var profile: String?
    public var format: ReportFormat = .text
    public var outputPath: String?
    public var strict = false
    public var quiet = false
    public var onlyRules: [String] = []
    public var jobs: Int?
    public var color: Bool?

    public init() {}

    /// A usage problem with a message that says what to do.
    public struct UsageError: Error, Equatable {
        public var message: String
    }

    public static func parse(_ arguments: [String]) -> Result<LintOptions, UsageError> {
        var options = LintOptions()
        var index = 0
        func value(for flag: String) -> Result<String, UsageError> {
            guard index + 1 < arguments.count else { return .failure(UsageError(message: "\(flag) needs a value")) }
            index += 1
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            // `--flag=value` is accepted as well as `--flag value`.
            var flag = argument
            var inline: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func take() -> Result<String, UsageError> {
                if let inline { return .success(inline) }
                return value(for: flag)
            }
            switch flag {
            case "--config":
                switch take() { case .success(let path): options.configPath = path; case .failure(let error): return .failure(error) }
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
                switch take() { case .success(let path): options.outputPath = path; case .failure(let error): return .failure(error) }
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
            case "--no-color": options.color = false
            case "--color": options.color = true
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    return .failure(UsageError(message: "unknown option '\(argument)'; `archlint --help` lists the options"))
                }
                options.paths.append(argument)
            }
            index += 1
        }
        return .success(options)
    }
}
