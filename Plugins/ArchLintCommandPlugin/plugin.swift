import Foundation
import PackagePlugin

/// `swift package archlint [--target NAME ...] [ARCHLINT OPTIONS ...]`
///
/// Lints the source directories of the package's Swift targets — every non-test target, or
/// the ones named with `--target` — in one archlint run, so cross-file and cross-target
/// rules see them together. Every other argument goes to `archlint lint` unchanged
/// (`--format xcode`, `--strict`, `--config FILE`, `--report sarif:archlint.sarif`, …).
/// archlint's report goes straight to standard output; the command fails when archlint
/// exits non-zero (1: error findings, or warnings with `--strict`; 2: a usage,
/// configuration or I/O problem).
///
/// It only reads sources, so it asks for no permission. Options that write files
/// (`--output`, `--report`, `--write-baseline`) need a writable directory where SwiftPM
/// sandboxes plugins (macOS): `swift package --allow-writing-to-package-directory archlint …`
/// or `--allow-writing-to-directory DIR`.
@main
struct ArchLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets: [any Target]
        if names.isEmpty {
            targets = context.package.targets.filter { ($0 as? SwiftSourceModuleTarget)?.kind != .test }
        } else {
            targets = try context.package.targets(named: names)
        }
        var directories: [String] = []
        for target in targets {
            guard let module = target as? SwiftSourceModuleTarget else {
                if !names.isEmpty { Diagnostics.warning("archlint: skipping target '\(target.name)': it is not a Swift target") }
                continue
            }
            let path = module.directoryURL.standardizedFileURL.path
            if !directories.contains(path) { directories.append(path) }
        }
        guard !directories.isEmpty else {
            Diagnostics.warning("archlint: package '\(context.package.displayName)' has no Swift targets to lint")
            return
        }
        let status = try ArchLintRun.run(
            tool: try context.tool(named: "archlint").url,
            arguments: ["lint"] + directories + extractor.remainingArguments,
            in: context.package.directoryURL)
        try ArchLintRun.check(status)
    }
}

enum ArchLintRun {
    /// Runs archlint with the plugin's standard output and error, so the report is printed
    /// as it is written; relative paths in the arguments are relative to `directory`.
    static func run(tool: URL, arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Turns a non-zero exit status into a failed command.
    static func check(_ status: Int32) throws {
        switch status {
        case 0: return
        case 1: throw ArchLintFailure(message: "archlint found errors (exit status 1)")
        case 2: throw ArchLintFailure(message: "archlint could not complete the run: a usage, configuration or I/O problem (exit status 2)")
        default: throw ArchLintFailure(message: "archlint terminated with status \(status)")
        }
    }
}

struct ArchLintFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode (File ▸ Packages, or the project's context menu): lints the project folder, or
/// the Swift files of the targets Xcode passes with `--target`. archlint's lines are shown
/// in the log and, in the `xcode` format (the default here), also reported to Xcode as
/// issues with their file and line.
extension ArchLintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let project = context.xcodeProject.directoryURL
        var paths: [String] = []
        if names.isEmpty {
            paths = [project.path]
        } else {
            for target in context.xcodeProject.targets where names.contains(target.displayName) {
                paths += target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }.map(\.path)
            }
        }
        guard !paths.isEmpty else {
            Diagnostics.warning("archlint: the selected targets have no Swift files")
            return
        }
        var options = extractor.remainingArguments
        if !options.contains(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            options += ["--format", "xcode"]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "archlint").url
        process.arguments = ["lint"] + paths + options
        process.currentDirectoryURL = project
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(output, terminator: "")
        for line in output.split(separator: "\n") {
            guard let finding = XcodeLine(line) else { continue }
            Diagnostics.emit(finding.severity, finding.message, file: finding.file, line: finding.line)
        }
        try ArchLintRun.check(process.terminationStatus)
    }
}

/// `PATH:LINE:COL: error|warning|note: MESSAGE`, archlint's `xcode` format.
struct XcodeLine {
    let file: String
    let line: Int
    let severity: Diagnostics.Severity
    let message: String

    init?(_ text: Substring) {
        for (marker, severity) in [(": error: ", Diagnostics.Severity.error), (": warning: ", .warning), (": note: ", .remark)] {
            guard let range = text.range(of: marker) else { continue }
            let location = text[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let line = Int(location[location.count - 2]) else { continue }
            self.file = location.dropLast(2).joined(separator: ":")
            self.line = line
            self.severity = severity
            self.message = String(text[range.upperBound...])
            return
        }
        return nil
    }
}
#endif
