import Foundation
import SwiftLexer
import SwiftOutline

/// `archlint [lint] [PATH ...] [options]`: discover, read, lex and outline files in
/// parallel, build the index, run the rules, apply the baseline, report — one format on
/// standard output (or `--output`), any others to files (`--report FORMAT:PATH`).
public enum LintCommand {
    /// Whether the index is kept alive until the process exits instead of being torn down
    /// when `run` returns. The command-line tool sets it: freeing millions of small objects
    /// just before exiting costs as much as a tenth of a run. In-process callers (tests)
    /// leave it off.
    nonisolated(unsafe) public static var keepsIndexUntilExit = false

    public static func run(_ arguments: [String], rules: [any Rule.Type], output: OutputStreams) -> Int32 {
        let options: LintOptions
        switch LintOptions.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            output.writeError("error: \(error.message)\n")
            return 2
        }
        if options.help {
            output.write(CommandLineTool.usage + "\n")
            return 0
        }
        let descriptions = CommandLineTool.descriptions(of: rules)
        for id in options.onlyRules where !descriptions.contains(where: { $0.id == id }) {
            let hint = ConfigurationLoader.suggestion(id, among: descriptions.map(\.id))
            output.writeError("error: --only-rule: unknown rule id '\(id)'\(hint); `archlint rules` lists them\n")
            return 2
        }
        // A baseline that cannot be used is a usage problem: say so before doing the work.
        var baseline: Baseline? = nil
        if let path = options.baselinePath {
            switch Baseline.load(path: path) {
            case .success(let loaded): baseline = loaded
            case .failure(let error):
                output.writeError("error: \(error.message)\n")
                return 2
            }
        }
        let started = DispatchTime.now()
        let paths = options.paths.isEmpty ? ["."] : options.paths

        // Configuration: --config, else the nearest .archlint.json, else the profile.
        var configuration: Configuration
        let workingDirectory = FileManager.default.currentDirectoryPath
        var root = workingDirectory
        var configPath = options.configPath
        if configPath == nil {
            var isDirectory: ObjCBool = false
            let first = paths[0]
            let start = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && !isDirectory.boolValue
                ? URL(fileURLWithPath: first).deletingLastPathComponent().path : first
            configPath = ConfigurationLoader.discover(from: start)
        }
        // A configuration found by walking up is read as much as one given with --config: no
        // output may replace it (`LintOptions` checks one given with --config).
        if options.configPath == nil, let configPath,
           let clash = ([options.outputPath, options.writeBaselinePath].compactMap { $0 } + options.reports.map(\.path))
               .first(where: { LintOptions.sameFile($0, configPath) }) {
            output.writeError("error: \(clash) is the configuration file of this run and the destination of an output, which would overwrite it; write the output elsewhere\n")
            return 2
        }
        if let configPath {
            switch ConfigurationLoader.load(path: configPath, profileOverride: options.profile, rules: descriptions) {
            case .success(let loaded):
                configuration = loaded
                // A warning about the options of a rule that --only-rule leaves out concerns
                // nothing this run does.
                let only = Set(options.onlyRules)
                for warning in loaded.warnings where only.isEmpty || !warning.key.hasPrefix("rules.") || only.contains(where: { warning.key.hasPrefix("rules.\($0).") }) {
                    output.writeError("warning: \(warning)\n")
                }
                root = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent().path
            case .failure(let errors):
                for error in errors.errors { output.writeError("error: \(error)\n") }
                return 2
            }
        } else {
            configuration = Profiles.configuration(options.profile ?? Profiles.defaultName)!
            root = ReportRoots.projectRootWithoutConfiguration(firstPath: paths[0], workingDirectory: workingDirectory)
        }
        let named = paths.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL }
        // Without a configuration, a SwiftPM package that holds the working directory (run
        // from `Sources/`, no git repository around) is the project, as it is from its root.
        let package = configPath != nil ? nil : named.lazy.compactMap(ReportRoots.packageFolder(containing:)).first
        if let package, LintOptions.path(URL(fileURLWithPath: root), isInside: package) { root = package.path }

        // A rule asked for by --only-rule runs even where the configuration or profile turns
        // it off (as SwiftLint's --only-rule does): at the profile's severity, else as a
        // warning.
        for id in options.onlyRules {
            guard let description = descriptions.first(where: { $0.id == id }), configuration.severity(of: description) == .off else { continue }
            let profileSeverity = description.defaultSeverity[configuration.profile] ?? .off
            let severity = profileSeverity == .off ? Severity.warning : profileSeverity
            configuration.rules[id, default: RuleSettings()].severity = severity
            if !options.quiet {
                output.writeError("archlint: --only-rule \(id): the rule is off in this configuration; running it with severity \(severity.rawValue)\n")
            }
        }

        // A folder, a file or a package target of a known project is checked against the
        // whole project, and only its findings are kept (see `ProjectScope`). Paths given
        // that the configuration excludes are still linted, as always.
        let scope = ProjectScope(paths: paths, named: named, root: root, project: configPath != nil ? URL(fileURLWithPath: root) : package)
        let discoveryPaths = scope.discoveryPaths
        func isInScope(_ path: String) -> Bool { scope.contains(path) }

        let timings = options.timings ? Timings() : nil
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let stageStart = DispatchTime.now()
        let store = SourceStore()
        // The per-file stage searches and scans for the rules that will run, not for those
        // switched off or left out by --only-rule.
        let running = rules.filter { Linter.isEnabled($0.description, configuration: configuration, only: Set(options.onlyRules)) }
        // Discovery and the per-file stage overlap (see `Pipeline.discoverAndOutline`): the
        // timings give the walk's own time, then the rest of the per-file stage.
        let outcome = Pipeline.discoverAndOutline(paths: discoveryPaths, root: root, configuration: configuration, jobs: jobs,
                                                  clues: TextClues(rules: running, configuration: configuration), store: store)
        let discovery = outcome.discovery
        let files = outcome.files
        timings?.record("discover files", seconds: Double(outcome.discoveryNanoseconds) / 1e9)
        timings?.record("read, lex and outline \(files.count) file\(files.count == 1 ? "" : "s") (after discovery)",
                        seconds: Double(DispatchTime.now().uptimeNanoseconds - stageStart.uptimeNanoseconds - outcome.discoveryNanoseconds) / 1e9)
        // Problems with the paths given, or with files in their scope.
        var problems = discovery.problems.filter { paths.contains($0.path) || isInScope($0.path) }
        if !discovery.files.contains(where: { isInScope($0.relativePath) }) && problems.isEmpty {
            // Not an error (an empty target is legal), but a run that lints nothing should say so.
            output.writeError(noSwiftFilesWarning(paths: paths, consequence: "nothing was linted"))
        }
        problems += outcome.readProblems.filter { isInScope($0.path) }
        if let warning = Self.unmatchedLayersWarning(configuration: configuration, files: files) { output.writeError(warning) }
        let indexStart = DispatchTime.now()
        let index = ProjectIndex(files: files, jobs: jobs)
        timings?.record("build the index", since: indexStart)
        if keepsIndexUntilExit { _ = Unmanaged.passRetained(index) }
        let rulesStart = DispatchTime.now()
        var findings = Linter.run(index: index, configuration: configuration, rules: rules, only: Set(options.onlyRules), jobs: jobs, timings: timings)
        timings?.record("rules and findings", since: rulesStart)
        if scope.isNarrowed { findings = findings.filter { isInScope($0.path) } }
        // Pull-request mode: every file was indexed (cross-file rules need them all); only
        // findings located in changed files are kept.
        var changedFiles: Set<String>? = nil
        func isChanged(_ path: String, in changed: Set<String>) -> Bool {
            let url = scope.absolute(path)
            return changed.contains(url.standardizedFileURL.path) || changed.contains(url.resolvingSymlinksInPath().path)
        }
        if let ref = options.changedSince {
            switch ChangedFiles.since(ref, paths: paths, workingDirectory: workingDirectory) {
            case .success(let changed):
                changedFiles = changed
                findings = findings.filter { isChanged($0.path, in: changed) }
            case .failure(let failure):
                output.writeError("error: \(failure.message)\n")
                return 2
            }
        }
        problems += store.problems.filter { isInScope($0.path) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        for problem in problems { output.writeError("error: \(problem.message)\n") }

        // The baseline records everything this run finds, before any older baseline is
        // applied, so writing one over the other refreshes it.
        if let path = options.writeBaselinePath {
            // Entries of the file being replaced that this run could not have seen again
            // stay (see `Baseline.refreshing`).
            let previous = FileManager.default.fileExists(atPath: path) ? try? Baseline.load(path: path).get() : nil
            let onlyRules = Set(options.onlyRules)
            let unread = Set(problems.map(\.path))
            let (recorded, kept) = Baseline.refreshing(previous, with: findings) { entry in
                if !onlyRules.isEmpty && !onlyRules.contains(entry.rule) { return true }
                if unread.contains(entry.path) { return true }
                if case let file = scope.absolute(entry.path), !scope.namedOrReal.contains(where: { LintOptions.path(file, isInside: $0) }) { return true }
                return changedFiles.map { !isChanged(entry.path, in: $0) } ?? false
            }
            if let problem = write(Array(recorded.rendered().utf8), to: path, what: "the baseline", output: output) {
                problems.append(problem)
            } else if !options.quiet {
                let count = recorded.entries.count
                let carried = kept == 0 ? "" : " (\(kept) of them kept from the previous baseline, for files or rules this run did not check)"
                output.writeError("archlint: recorded \(count) finding\(count == 1 ? "" : "s") in the baseline \(path)\(carried)\n")
            }
        }
        var baselinedCount = 0
        if let baseline { (findings, baselinedCount) = baseline.apply(to: findings) }

        let reported = findings.filter { !$0.isSuppressed }
        var exitCode: Int32 = 0
        if reported.contains(where: { $0.severity == .error }) || (options.strict && reported.contains { $0.severity == .warning }) {
            exitCode = 1
        }
        if !problems.isEmpty { exitCode = 2 }

        var input = ReportInput(
            findings: findings, filesChecked: files.count, seconds: seconds, root: root, problems: problems,
            rules: descriptions, exitCode: exitCode,
            sourceRoot: ReportRoots.sourceRoot(projectRoot: root, workingDirectory: workingDirectory),
            workspace: ReportRoots.workspace(environment: ProcessInfo.processInfo.environment, projectRoot: root),
            ruleSeverities: Dictionary(descriptions.map { ($0.id, configuration.severity(of: $0)) }, uniquingKeysWith: { first, _ in first }),
            baselinedCount: baselinedCount,
            displayBase: ReportRoots.displayBase(workingDirectory: workingDirectory, projectRoot: root))

        // Files first: a report that cannot be written fails the run (exit 2), but the
        // other reports and the output on the terminal are still produced.
        let reportStart = DispatchTime.now()
        defer {
            if let timings {
                timings.record("reports", since: reportStart)
                timings.record("total", since: started)
                output.writeError("archlint timings (wall clock):\n" + timings.rendered())
            }
        }
        let writesSARIF = options.format == .sarif || options.reports.contains { $0.format == .sarif }
        if writesSARIF, input.findings.count > SARIFReporter.resultLimit {
            output.writeError("warning: " + SARIFReporter.leftOutMessage(input.findings.count - SARIFReporter.resultLimit, of: input.findings.count) + "\n")
        }
        // SARIF reports come after the others: their invocation then records, as a tool
        // notification, any other file that could not be written.
        var destinations = options.reports.map { (format: $0.format, path: $0.path, what: "the \($0.format.rawValue) report") }
        if let outputPath = options.outputPath { destinations.append((options.format, outputPath, "the report")) }
        for destination in destinations.filter({ $0.format != .sarif }) + destinations.filter({ $0.format == .sarif }) {
            let bytes = destination.format.renderBytes(input, color: false, quiet: options.quiet, jobs: jobs)
            if let problem = write(bytes, to: destination.path, what: destination.what, output: output) {
                input.problems.append(problem)
                input.exitCode = 2
            }
        }
        if options.outputPath == nil {
            let color = options.color ?? (options.format == .text && Terminal.isInteractive && !Terminal.noColorRequested(ProcessInfo.processInfo.environment))
            output.write(options.format.renderBytes(input, color: color, quiet: options.quiet, jobs: jobs))
        }
        return input.exitCode
    }

    /// Layers of the configuration's own that no file falls in: the layer rules would pass
    /// silently, whatever the code does (a mistyped folder, or layers given only `modules`).
    static func unmatchedLayersWarning(configuration: Configuration, files: [IndexedFile]) -> String? {
        guard configuration.layersAreConfigured, !files.isEmpty, !files.contains(where: { $0.layer != nil }), let file = configuration.file else { return nil }
        return "warning: \(file): no linted file matches the 'paths' of any layer, so the layer rules have nothing to check "
            + "('paths' are globs relative to the configuration's folder; 'modules' only name the imports that reach a layer)\n"
    }

    /// The warning for a run whose paths hold no Swift file: not an error (an empty target is
    /// legal), but a mistyped path should not pass unnoticed. `consequence`: what that means
    /// for this command's output.
    static func noSwiftFilesWarning(paths: [String], consequence: String) -> String {
        "warning: no Swift files found in \(paths.joined(separator: ", ")); \(consequence) "
            + "(check the path and the configuration's include and exclude globs)\n"
    }

    /// Writes a file atomically; on failure prints an error naming the path and returns
    /// the problem.
    static func write(_ bytes: [UInt8], to path: String, what: String, output: OutputStreams) -> ReadProblem? {
        do {
            try AtomicFile.write(bytes, to: path)
            return nil
        } catch {
            let message = "cannot write \(what) to \(path): \(error) \(AtomicFile.hint(for: path))"
            output.writeError("error: \(message)\n")
            return ReadProblem(path: path, message: message, isWrite: true)
        }
    }
}

enum Terminal {
    static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }

    /// Whether the environment asks for no colour: `NO_COLOR` set and not empty
    /// (no-color.org), or `TERM=dumb`, a terminal that shows escape codes as text.
    static func noColorRequested(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    }
}
