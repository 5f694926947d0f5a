import Foundation

/// The directories that reports make paths relative to, found once per run so that the
/// reporters stay pure functions.
public enum ReportRoots {
    /// SARIF's `%SRCROOT%`: the root of the git repository containing the project root
    /// (the nearest ancestor with a `.git` directory, or a `.git` file as in worktrees and
    /// submodules), else the working directory. GitHub code scanning resolves result
    /// paths against the repository root.
    public static func sourceRoot(projectRoot: String, workingDirectory: String) -> String {
        var directory = URL(fileURLWithPath: projectRoot).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) {
                return directory.path
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
    }

    /// Where GitHub annotation paths start: `$GITHUB_WORKSPACE` (the checkout on an Actions
    /// runner) when set, else the project root.
    public static func workspace(environment: [String: String], projectRoot: String) -> String {
        if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty {
            return URL(fileURLWithPath: workspace).standardizedFileURL.path
        }
        return projectRoot
    }
}
