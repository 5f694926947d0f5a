import Foundation
import SwiftLexer

/// `archlint graph [PATH ...] [options]`: the dependency graph that `layer-dependency`
/// checks, as Mermaid (default), DOT or JSON. It reads the project as lint does (same
/// configuration discovery, file discovery and per-file pipeline) and exits 0, or 2 for
/// a usage, configuration or I/O problem; violations are drawn, never a failure.
public enum GraphCommand {
    public enum Format: String, Sendable, CaseIterable {
        case mermaid, dot, json

        public func render(_ graph: DependencyGraph) -> String {
            switch self {
            case .mermaid: return MermaidGraph.render(graph)
            case .dot: return DOTGraph.render(graph)
            case .json: return JSONGraph.render(graph)
            }
        }
    }

    public struct Options: Sendable, Equatable {
        public var paths: [String] = []
        public var level: DependencyGraph.Level = .layer
        public var format: Format = .mermaid
        public var focus: String?
        public var outputPath: String?
        public var configPath: String?
        public var profile: String?
        public var jobs: Int?
        public var help = false

        public init() {}
    }

    public static let usage = """
        USAGE: archlint graph [PATH ...] [options]

        Prints the dependency graph that the layer-dependency rule checks: which layers (or
        modules, or types) depend on which, with counts. Edges that break mayDependOn or
        forbiddenImports are drawn red and dashed with their number of findings; allowed
        edges that nothing uses are drawn faintly. PATH defaults to the current directory.

        OPTIONS:
          --level LEVEL          layer (default), module or type
          --format FORMAT        mermaid (default; GitHub renders it in Markdown), dot (Graphviz) or json
          --focus NAME           Only what touches one layer or module; with --level type (required there):
                                 a layer's types and what they reference, or one type and its neighbours
          --output FILE          Write the graph to FILE (atomically) instead of standard output
          --config FILE          Configuration file (default: nearest .archlint.json walking up from the first path)
          --profile NAME         Built-in profile: arcana (default) or arc-labs
          --jobs N               Files read in parallel (default: the number of cores)

        EXIT CODES: 0 the graph was written (violations do not fail it: use `archlint lint`),
        2 usage, configuration or I/O problem.
        """

    public static func run(_ arguments: [String], rules: [any Rule.Type], output: OutputStreams) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            output.writeError("error: \(error.message)\n")
            return 2
        }
        if options.help {
            output.write(usage + "\n")
            return 0
        }
        let paths = options.paths.isEmpty ? ["."] : options.paths
        let configuration: Configuration
        let root: String
        switch loadConfiguration(paths: paths, configPath: options.configPath, profile: options.profile, rules: rules) {
        case .success(let loaded): (configuration, root) = loaded
        case .failure(let errors):
            for message in errors.messages { output.writeError("error: \(message)\n") }
            return 2
        }
        // The configuration's warnings, as lint gives them.
        for warning in configuration.warnings { output.writeError("warning: \(warning)\n") }

        // Paths inside a known project are read as lint reads them (see `ProjectScope`): the
        // whole project is indexed, so that references resolve as lint resolves them, and
        // the graph draws the dependencies of the files under the paths.
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let named = paths.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory).standardizedFileURL }
        let package = configuration.file != nil ? nil : named.lazy.compactMap(ReportRoots.packageFolder(containing:)).first
        let scope = ProjectScope(paths: paths, named: named, root: root, project: configuration.file != nil ? URL(fileURLWithPath: root) : package)
        let discoveryPaths = scope.discoveryPaths
        func isInScope(_ path: String) -> Bool { scope.contains(path) }

        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let store = SourceStore()
        let outcome = Pipeline.discoverAndOutline(paths: discoveryPaths, root: root, configuration: configuration, jobs: jobs, store: store)
        let (discovery, files, readProblems) = (outcome.discovery, outcome.files, outcome.readProblems)
        let index = ProjectIndex(files: files, jobs: jobs)
        var dependencies = LayerDependencies(index: index, configuration: configuration).all()
        if scope.isNarrowed { dependencies.removeAll { !isInScope(index.files[$0.file].path) } }
        let problems = (discovery.problems + readProblems + store.problems).filter { paths.contains($0.path) || isInScope($0.path) }
        if !discovery.files.contains(where: { isInScope($0.relativePath) }) && problems.isEmpty {
            let consequence = options.level == .layer ? "the graph shows only the configured layers" : "the graph is empty"
            output.writeError(LintCommand.noSwiftFilesWarning(paths: paths, consequence: consequence))
        }
        if let warning = LintCommand.unmatchedLayersWarning(configuration: configuration, files: files) { output.writeError(warning) }
        let projectName = URL(fileURLWithPath: root).lastPathComponent
        let graph: DependencyGraph
        let descriptions = CommandLineTool.descriptions(of: rules)
        let ruleIsOn = descriptions.first { $0.id == "layer-dependency" }.map { configuration.severity(of: $0) != .off } ?? true
        // A finding that a comment silences is not counted, as lint does not report it.
        let suppressions = Linter.readSuppressions(index: index, knownRules: Set(descriptions.map(\.id)), jobs: jobs)
        var lines: [Int: SourceFile] = [:]
        func isSuppressed(_ dependency: Dependency) -> Bool {
            guard !suppressions[dependency.file].silencesNothing else { return false }
            if lines[dependency.file] == nil { lines[dependency.file] = index.files[dependency.file].loadSource() }
            guard let source = lines[dependency.file] else { return false }
            return suppressions[dependency.file].isSuppressed(rule: "layer-dependency", line: source.location(of: dependency.range.lowerBound).line)
        }
        switch DependencyGraph.build(level: options.level, focus: options.focus, dependencies: dependencies, index: index,
                                     configuration: configuration, projectName: projectName.isEmpty ? "App" : projectName,
                                     countsFindings: ruleIsOn, showsUnusedEdges: !scope.isNarrowed, isSuppressed: isSuppressed) {
        case .success(let built): graph = built
        case .failure(let error):
            for problem in problems { output.writeError("error: \(problem.message)\n") }
            output.writeError("error: \(error.message)\n")
            return 2
        }
        // Like lint: files that could not be read are errors (exit 2), but the graph of the
        // others is still written.
        for problem in problems { output.writeError("error: \(problem.message)\n") }
        if options.format == .mermaid, graph.edges.count > MermaidGraph.maximumEdges {
            output.writeError("warning: the graph has \(graph.edges.count) edges; Mermaid (and so GitHub) draws at most "
                + "\(MermaidGraph.maximumEdges) by default: narrow it with --focus, or use --format dot\n")
        }
        let text = options.format.render(graph)
        if let path = options.outputPath {
            do {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                output.writeError("error: cannot write the graph to \(path): \(error) \(AtomicFile.hint(for: path))\n")
                return 2
            }
        } else {
            output.write(text)
        }
        return problems.isEmpty ? 0 : 2
    }

    /// The configuration of the project at `paths`, as lint finds it: `--config`, else the
    /// nearest `.archlint.json` walking up from the first path, else the profile; and the
    /// project root (the configuration's folder, else `ReportRoots.projectRootWithoutConfiguration`).
    static func loadConfiguration(paths: [String], configPath: String?, profile: String?,
                                  rules: [any Rule.Type]) -> Result<(Configuration, String), ConfigurationProblems> {
        var configPath = configPath
        if configPath == nil {
            var isDirectory: ObjCBool = false
            let first = paths[0]
            let start = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && !isDirectory.boolValue
                ? URL(fileURLWithPath: first).deletingLastPathComponent().path : first
            configPath = ConfigurationLoader.discover(from: start)
        }
        guard let configPath else {
            let root = ReportRoots.projectRootWithoutConfiguration(firstPath: paths[0], workingDirectory: FileManager.default.currentDirectoryPath)
            return .success((Profiles.configuration(profile ?? Profiles.defaultName)!, root))
        }
        switch ConfigurationLoader.load(path: configPath, profileOverride: profile, rules: CommandLineTool.descriptions(of: rules)) {
        case .success(let loaded):
            return .success((loaded, URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent().path))
        case .failure(let errors):
            return .failure(ConfigurationProblems(messages: errors.errors.map { "\($0)" }))
        }
    }

    /// What is wrong with a configuration file, one message per problem.
    struct ConfigurationProblems: Error {
        var messages: [String]
    }

    public static func parse(_ arguments: [String]) -> Result<Options, LintOptions.UsageError> {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            // `--` ends the options: what follows are paths.
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
            func value() -> Result<String, LintOptions.UsageError> { LintOptions.value(of: flag, inline: inline, in: arguments, at: &index) }
            func path() -> Result<String, LintOptions.UsageError> { LintOptions.path(of: flag, inline: inline, in: arguments, at: &index) }
            func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ what: String) -> Result<T, LintOptions.UsageError> where T.RawValue == String {
                value().flatMap { text in
                    guard let parsed = T(rawValue: text) else {
                        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(LintOptions.UsageError(message: "unknown \(what) '\(text)'; expected one of: \(names)"))
                    }
                    return .success(parsed)
                }
            }
            let result: Result<Void, LintOptions.UsageError>
            switch flag {
            case "--level": result = choice(DependencyGraph.Level.self, "level").map { options.level = $0 }
            case "--format": result = choice(Format.self, "graph format").map { options.format = $0 }
            case "--focus": result = value().map { options.focus = $0 }
            case "--output", "-o": result = path().map { options.outputPath = $0 == "-" ? nil : $0 }  // `-`: standard output
            case "--config": result = path().map { options.configPath = $0 }
            case "--profile":
                result = value().flatMap { name in
                    guard Profiles.names.contains(name) else {
                        return .failure(LintOptions.UsageError(message: "unknown profile '\(name)'; expected one of: \(Profiles.names.joined(separator: ", "))"))
                    }
                    options.profile = name
                    return .success(())
                }
            case "--jobs", "-j":
                result = value().flatMap { text in
                    guard let jobs = Int(text), jobs >= 1 else { return .failure(LintOptions.UsageError(message: "--jobs needs a positive number, got '\(text)'")) }
                    options.jobs = jobs
                    return .success(())
                }
            case "--help", "-h":
                guard inline == nil else { return .failure(LintOptions.UsageError(message: "--help takes no value, got '\(argument)'")) }
                options.help = true
                result = .success(())
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    let hint = ConfigurationLoader.suggestion(flag, among: ["--level", "--format", "--focus", "--output", "--config", "--profile", "--jobs", "--help"])
                    return .failure(LintOptions.UsageError(message: "unknown option '\(argument)'\(hint) for graph; `archlint graph --help` lists the options"))
                }
                options.paths.append(argument)
                result = .success(())
            }
            if case .failure(let error) = result { return .failure(error) }
            index += 1
        }
        if let path = options.outputPath, let error = LintOptions.swiftDestinationError(path, what: "graph", example: "graph.dot") {
            return .failure(error)
        }
        return .success(options)
    }
}
