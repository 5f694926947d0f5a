import Foundation

/// Pull-request mode (`--changed-since REF`): the files changed since a git ref —
/// committed since it, staged, modified in the working tree, or new and untracked. The
/// whole project is still indexed, so cross-file rules see every declaration; only the
/// findings are narrowed to these files.
public enum ChangedFiles {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Absolute, standardised paths of the files changed since `ref` in the git
    /// repository containing `directory`.
    public static func since(_ ref: String, in directory: String) -> Result<Set<String>, Failure> {
        guard case .success(let topLevel) = git(["rev-parse", "--show-toplevel"], in: directory) else {
            return .failure(Failure(message: "--changed-since: \(directory) is not inside a git repository (run archlint from a clone, or drop --changed-since)"))
        }
        let top = topLevel.trimmingCharacters(in: .whitespacesAndNewlines)
        guard case .success = git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: top) else {
            return .failure(Failure(message: "--changed-since: unknown git ref '\(ref)' (fetch it first, e.g. `git fetch origin main`, or name a commit, branch or tag)"))
        }
        // `git diff REF` compares the ref with the working tree: commits since it, staged and
        // unstaged changes alike (renamed files appear under their new name).
        guard case .success(let changed) = git(["diff", "--name-only", "--no-renames", "-z", ref], in: top),
              case .success(let untracked) = git(["ls-files", "--others", "--exclude-standard", "-z"], in: top) else {
            return .failure(Failure(message: "--changed-since: git could not list the changes since '\(ref)'"))
        }
        var paths = Set<String>()
        for entry in (changed + untracked).split(separator: "\0") where !entry.isEmpty {
            paths.insert(URL(fileURLWithPath: top).appendingPathComponent(String(entry)).standardizedFileURL.path)
        }
        return .success(paths)
    }

    /// Runs git and returns its standard output, or a failure for a non-zero exit.
    static func git(_ arguments: [String], in directory: String) -> Result<String, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "git cannot be run: \(error.localizedDescription)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(Failure(message: "git \(arguments.joined(separator: " ")) failed")) }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
