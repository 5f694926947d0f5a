import Foundation

/// The directories that reports make paths relative to, found once per run so that the
/// reporters stay pure functions.
public enum ReportRoots {
    /// SARIF's `%SRCROOT%`: the root of the git repository containing the project root
    /// (the nearest ancestor with a `.git` directory, or a `.git` file as in worktrees and
    /// submodules), else the working directory. GitHub code scanning resolves result
    /// paths against the repository root.
    public static func sourceRoot(projectRoot: String, workingDirectory: String) -> String {
        repositoryRoot(containing: projectRoot) ?? URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
    }

    /// The project root when no configuration file is found: the root of the git repository
    /// holding the first linted path, else the working directory (or the first path, when it
    /// is a folder above the working directory). Layer globs match paths
    /// relative to it, so the same files get the same layers (and the same findings) from
    /// wherever archlint is run: from inside a layer folder (`cd App/Domain; archlint .`) or
    /// from above a folder whose name happens to be a layer's (`…/Data/MyApp`).
    public static func projectRootWithoutConfiguration(firstPath: String, workingDirectory: String) -> String {
        let absolute = URL(fileURLWithPath: firstPath, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: absolute.path, isDirectory: &isDirectory)
        let directory = exists && !isDirectory.boolValue ? absolute.deletingLastPathComponent() : absolute
        if let repository = repositoryRoot(containing: directory.path) { return repository }
        // Outside git: the working directory, unless the first path is a folder above it
        // (`cd Data; archlint ..` lints the project above, so layers start there).
        let working = URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
        let folder = directory.path
        if folder != working, working.hasPrefix(folder == "/" ? "/" : folder + "/") { return folder }
        return working
    }

    /// The nearest folder at or above `path` (a file's folder, for a file) that holds a
    /// `Package.swift`: the SwiftPM package the path belongs to, if any.
    static func packageFolder(containing path: URL) -> URL? {
        var isDirectory: ObjCBool = false
        let isFile = FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        return PathText.nearestFolder(from: isFile ? path.deletingLastPathComponent() : path, holding: "Package.swift")
    }

    /// The nearest folder at or above `path` with a `.git` directory (or a `.git` file, as in
    /// worktrees and submodules), if any.
    static func repositoryRoot(containing path: String) -> String? {
        PathText.nearestFolder(from: URL(fileURLWithPath: path), holding: ".git")?.path
    }

    /// Where the text format's paths start: the working directory, so that a path can be
    /// opened from there (`cd App/Domain; archlint .` shows `User.swift`, not
    /// `App/Domain/User.swift`). Taken by its real path when only that lies inside the
    /// project root (a root found through `/tmp` on macOS is under `/private/tmp`).
    public static func displayBase(workingDirectory: String, projectRoot: String) -> String {
        let working = URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
        let root = URL(fileURLWithPath: projectRoot).standardizedFileURL.path
        if working == root { return projectRoot }
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/") }
        if isInside(working, root) || isInside(root, working) { return working }
        let real = URL(fileURLWithPath: working).resolvingSymlinksInPath().path
        if real == root { return projectRoot }
        return isInside(real, root) || isInside(root, real) ? real : working
    }

    /// Where GitHub annotation paths start: `$GITHUB_WORKSPACE` (the checkout on an Actions
    /// runner) when set, else the project root. Its symbolic links are resolved, as the
    /// linted files' paths are (`/tmp` and `/var` are links on macOS runners).
    public static func workspace(environment: [String: String], projectRoot: String) -> String {
        if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty {
            return URL(fileURLWithPath: workspace).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return projectRoot
    }
}
