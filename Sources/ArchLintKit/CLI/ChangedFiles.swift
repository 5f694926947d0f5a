import Foundation

/// Pull-request mode (`--changed-since REF`): the files changed since a git ref —
/// committed since the branch left it (its merge base with HEAD), staged, modified in the
/// working tree, or new and untracked. The
/// whole project is still indexed, so cross-file rules see every declaration; only the
/// findings are narrowed to these files.
public enum ChangedFiles {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Absolute, standardised paths of the files changed since `ref` in the git
    /// repositories holding the linted `paths` (relative ones are taken from
    /// `workingDirectory`). The repository is found from the paths themselves, not from the
    /// configuration's folder, so a shared configuration kept outside the clone works too;
    /// paths in several clones give the union of their changes.
    public static func since(_ ref: String, paths: [String], workingDirectory: String) -> Result<Set<String>, Failure> {
        var topLevels: [String] = []
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).path
            var isDirectory: ObjCBool = false
            // A path that does not exist is reported by discovery; it names no repository.
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else { continue }
            let directory = isDirectory.boolValue ? absolute : URL(fileURLWithPath: absolute).deletingLastPathComponent().path
            guard case .success(let output) = git(["rev-parse", "--show-toplevel"], in: directory) else {
                return .failure(Failure(message: "--changed-since: \(path) is not inside a git repository (run archlint from a clone, or drop --changed-since)"))
            }
            let top = output.trimmingCharacters(in: .whitespacesAndNewlines)
            if !topLevels.contains(top) { topLevels.append(top) }
        }
        var paths = Set<String>()
        for top in topLevels {
            switch since(ref, inRepository: top) {
            case .success(let changed): paths.formUnion(changed)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(paths)
    }

    /// The changed files of the repository whose top-level folder is `top`.
    static func since(_ ref: String, inRepository top: String) -> Result<Set<String>, Failure> {
        guard case .success = git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: top) else {
            // Before the first commit (`--changed-since HEAD` in a pre-commit hook of a new
            // repository), HEAD and its branch name nothing yet: every file is new.
            if case .failure = git(["rev-parse", "--verify", "--quiet", "HEAD"], in: top),
               ref == "HEAD" || (try? git(["symbolic-ref", "--short", "HEAD"], in: top).get())?.trimmingCharacters(in: .whitespacesAndNewlines) == ref {
                guard case .success(let files) = git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: top) else {
                    return .failure(Failure(message: "--changed-since: git could not list the files of \(top)"))
                }
                return .success(Set(files.split(separator: "\0").filter { !$0.isEmpty }.map {
                    URL(fileURLWithPath: top).appendingPathComponent(String($0)).standardizedFileURL.path
                }))
            }
            return .failure(Failure(message: "--changed-since: unknown git ref '\(ref)' in \(top) (fetch it first, e.g. `git fetch origin main`, or name a commit, branch or tag)"))
        }
        // The changes since the branch left REF, as a pull request shows them: from the
        // merge base of REF and HEAD, so that commits made on REF since (`origin/main` moving
        // on) are not this branch's. Without a merge base (a shallow clone, unrelated
        // histories), from REF itself.
        var base = ref
        if case .success(let output) = git(["merge-base", ref, "HEAD"], in: top) {
            let commit = output.trimmingCharacters(in: .whitespacesAndNewlines)
            if !commit.isEmpty { base = commit }
        }
        // `git diff BASE` compares it with the working tree: commits since it, staged and
        // unstaged changes alike (renamed files appear under their new name).
        guard case .success(let changed) = git(["diff", "--name-only", "--no-renames", "-z", base], in: top),
              case .success(let untracked) = git(["ls-files", "--others", "--exclude-standard", "-z"], in: top) else {
            return .failure(Failure(message: "--changed-since: git could not list the changes since '\(ref)' in \(top)"))
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
