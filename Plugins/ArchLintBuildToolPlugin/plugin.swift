import Foundation
import PackagePlugin

/// Runs archlint while a target builds and reports the target's findings as compiler
/// diagnostics (`PATH:LINE:COL: error|warning: MESSAGE (RULE-ID)`, archlint's `xcode`
/// format, printed by the build). Error findings fail the build; warnings do not.
///
/// archlint's rules are project-wide (a Domain protocol in one target is implemented in
/// another), so each target's command lints every non-test Swift target of the package
/// together and keeps only the findings located in the building target: the same finding
/// is never reported twice, and a target is not blamed for what it cannot see.
///
/// The command is a `buildCommand`: prebuild commands can only run prebuilt (binary-target)
/// tools, and archlint is built from source with the package. Its declared output is a Swift
/// file in the plugin's work directory that holds the target's findings as comments and
/// compiles to nothing: Swift outputs are compiled into the target, while any other file
/// type would be bundled as a resource. Its inputs are the linted Swift files and the
/// `.archlint.json` that applies, so the build lints again exactly when one changes.
/// Build tool plugins take no arguments: configure archlint with `.archlint.json`.
@main
struct ArchLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        var modules = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind != .test }
        if !modules.contains(where: { $0.id == module.id }) { modules.append(module) }
        var directories: [URL] = []
        for candidate in modules.map({ $0.directoryURL.standardizedFileURL }) where !directories.contains(candidate) {
            directories.append(candidate)
        }
        let inputs = directories.flatMap(LintCommand.swiftFiles(under:))
        return [try LintCommand.make(
            target: target.name,
            tool: try context.tool(named: "archlint").url,
            projectDirectory: context.package.directoryURL,
            lintPaths: directories,
            targetPaths: [module.directoryURL.standardizedFileURL],
            inputs: inputs,
            workDirectory: context.pluginWorkDirectoryURL)]
    }
}

enum LintCommand {
    /// The file the command writes (the declared output): the target's findings as comments.
    static let stampName = "archlint-findings.swift"
    /// The shell script the command runs, written next to it.
    static let scriptName = "archlint-build-tool.sh"

    /// Runs `archlint lint PATHS --format xcode --quiet` in `projectDirectory` through a
    /// small POSIX shell script: it prints the findings located under `targetPaths`,
    /// writes them to the stamp (atomically, by renaming a temporary file), and exits 1
    /// when one of them is an error. archlint's own exit status 2 (a configuration or I/O
    /// problem) fails the command with archlint's messages; no stamp is left behind after
    /// a failure, so the next build lints again.
    static func make(
        target: String, tool: URL, projectDirectory: URL, lintPaths: [URL], targetPaths: [URL], inputs: [URL], workDirectory: URL
    ) throws -> Command {
        let stamp = workDirectory.appendingPathComponent(stampName)
        let runner = try writeScript(in: workDirectory)
        var inputFiles = inputs + [runner]
        if let config = configuration(from: lintPaths.first ?? projectDirectory) { inputFiles.append(config) }
        return .buildCommand(
            displayName: "archlint \(target)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [runner.path, stamp.path, tool.path, projectDirectory.path, "lint"]
                + lintPaths.map(\.path) + ["--format", "xcode", "--quiet", "--no-color"],
            environment: ["ARCHLINT_TARGET_PATHS": targetPaths.map(\.path).joined(separator: "\n")],
            inputFiles: inputFiles,
            outputFiles: [stamp])
    }

    /// Writes the script to the work directory, unless it is already there unchanged (it is
    /// an input of the command: rewriting it would lint again on every build).
    static func writeScript(in workDirectory: URL) throws -> URL {
        let url = workDirectory.appendingPathComponent(scriptName)
        let data = Data(script.utf8)
        if FileManager.default.contents(atPath: url.path) != data {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        }
        return url
    }

    /// `$1` stamp file, `$2` archlint, `$3` the directory to run in, then archlint's
    /// arguments. `ARCHLINT_TARGET_PATHS`: newline-separated files and directories whose
    /// findings belong to the target. Findings are matched on their path, the text before
    /// `:LINE:COL: SEVERITY: ` (archlint prints the paths it was given, made absolute); a
    /// finding's related `note:` lines (no rule id at the end) go with it.
    static let script = #"""
        # Written by archlint's ArchLintBuildToolPlugin: lints, then keeps this target's findings.
        set -u
        PATH=/usr/bin:/bin${PATH:+:$PATH}; export PATH
        stamp=$1 archlint=$2
        cd "$3" || exit 2
        shift 3
        findings="$stamp.all"
        rm -f "$stamp"
        "$archlint" "$@" > "$findings"
        status=$?
        if [ "$status" -gt 1 ]; then cat "$findings"; rm -f "$findings"; exit "$status"; fi
        ARCHLINT_STAMP="$stamp.tmp" awk '
        BEGIN {
            count = split(ENVIRON["ARCHLINT_TARGET_PATHS"], own, "\n")
            stamp = ENVIRON["ARCHLINT_STAMP"]
            print "// archlint findings in this target, written by ArchLintBuildToolPlugin. Only comments: nothing to compile." > stamp
        }
        match($0, /:[0-9]+:[0-9]+: (error|warning|note): /) {
            # A line that does not end in a rule id is a related note of the finding before it.
            if ($0 !~ / \([a-z][a-z0-9-]*\)$/) {
                if (kept) { print; print "// " $0 > stamp }
                next
            }
            kept = 0
            path = substr($0, 1, RSTART - 1)
            for (i = 1; i <= count; i++) {
                if (own[i] != "" && (path == own[i] || index(path, own[i] "/") == 1)) {
                    print
                    print "// " $0 > stamp
                    kept = 1
                    if (substr($0, RSTART) ~ /^:[0-9]+:[0-9]+: error: /) failed = 1
                    break
                }
            }
        }
        END { close(stamp); exit failed }' "$findings"
        status=$?
        rm -f "$findings"
        if [ "$status" -ne 0 ]; then rm -f "$stamp.tmp"; exit "$status"; fi
        mv -f "$stamp.tmp" "$stamp"
        """#

    /// The `.archlint.json` archlint will use: the nearest one walking up from the first
    /// linted path (archlint's own rule), so that editing it lints again.
    static func configuration(from start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent(".archlint.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// The Swift files archlint may read under a directory (hidden folders such as `.build`
    /// are skipped), the command's inputs.
    static func swiftFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append(url.standardizedFileURL)
        }
        return files.sorted { $0.path < $1.path }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Xcode projects (not packages): lints the project folder, as `archlint` run there would,
/// and reports the findings in the target's own Swift files. Xcode turns the printed
/// `error:`/`warning:` lines into issues.
extension ArchLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let own = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }.map(\.standardizedFileURL)
        guard !own.isEmpty else { return [] }
        let project = context.xcodeProject.directoryURL.standardizedFileURL
        var seen = Set<String>()
        var inputs: [URL] = []
        for file in context.xcodeProject.targets.flatMap({ $0.inputFiles.map(\.url.standardizedFileURL) })
        where file.pathExtension == "swift" && seen.insert(file.path).inserted {
            inputs.append(file)
        }
        return [try LintCommand.make(
            target: target.displayName,
            tool: try context.tool(named: "archlint").url,
            projectDirectory: project,
            lintPaths: [project],
            targetPaths: own,
            inputs: inputs,
            workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
