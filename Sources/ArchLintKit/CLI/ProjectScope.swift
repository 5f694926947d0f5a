import Foundation

/// The paths named on the command line, read against their project, for `lint` and `graph`
/// alike. Paths inside a known project (the folder of its configuration, else the SwiftPM
/// package that holds them) are checked against the whole project, as `--changed-since`
/// is, and only what lies under them is kept: the cross-file rules need the rest (a
/// protocol's implementation in another folder, the destination switch of a route, the
/// callers of a view, the references a graph edge counts). No path is the working
/// directory, as `.` is. A path given through a symbolic link (`Linked/Screen.swift`) is
/// reported by its real path, which is in scope too. A path outside the project
/// (`../Shared/Log.swift`) is read beside it, with the rest.
struct ProjectScope {
    /// The project root: reported paths are relative to it.
    let projectFolder: URL
    /// The named paths, and the real path of each that a symbolic link makes differ.
    let namedOrReal: [URL]
    /// What discovery walks: the whole project first when the scope is narrowed.
    let discoveryPaths: [String]
    /// Whether the whole project is read for paths inside it.
    let isNarrowed: Bool

    /// - Parameters:
    ///   - named: `paths` as absolute, standardized URLs.
    ///   - project: the known project (the configuration's folder, else a SwiftPM package
    ///     holding the paths), if any.
    init(paths: [String], named: [URL], root: String, project: URL?) {
        projectFolder = URL(fileURLWithPath: root)
        // Linear in the paths, which the build-tool plugin gives one per file.
        namedOrReal = named + named.compactMap { path in
            let real = path.resolvingSymlinksInPath()
            return real == path ? nil : real
        }
        if let whole = project, LintOptions.path(whole, isInside: projectFolder),
           named.contains(where: { LintOptions.path($0, isInside: whole) }), !named.contains(where: { LintOptions.path(whole, isInside: $0) }) {
            discoveryPaths = [whole.path] + paths
            isNarrowed = true
        } else {
            discoveryPaths = paths
            isNarrowed = false
        }
    }

    /// A reported path (relative to the project root, or absolute) as a file URL.
    func absolute(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : projectFolder.appendingPathComponent(path)
    }

    /// Whether a reported path lies under a named path (always, when not narrowed).
    func contains(_ path: String) -> Bool {
        guard isNarrowed else { return true }
        let file = absolute(path)
        return namedOrReal.contains { LintOptions.path(file, isInside: $0) }
    }
}
