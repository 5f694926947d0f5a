import Foundation

/// A Swift file to lint: where it is on disk and how it is reported.
public struct DiscoveredFile: Sendable, Hashable {
    public var absolutePath: String
    /// Relative to the project root when inside it (what globs, layers and reports use).
    public var relativePath: String
}

/// Finds the Swift files to lint: explicit files as given, directories walked in a
/// deterministic (sorted) order, include/exclude globs applied to paths relative to the
/// project root, excluded directories pruned, symbolic-link loops detected.
public enum FileDiscovery {
    public struct Result: Sendable {
        public var files: [DiscoveredFile]
        public var problems: [ReadProblem]
    }

    public static func discover(paths: [String], root: String, configuration: Configuration) -> Result {
        let fileManager = FileManager.default
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        var files: [DiscoveredFile] = []
        var problems: [ReadProblem] = []
        var seen = Set<String>()
        var visitedDirectories = Set<String>()

        func relative(_ url: URL) -> String {
            let path = url.standardizedFileURL.path
            let base = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
            return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        }

        func add(_ url: URL) {
            let absolute = url.standardizedFileURL.path
            guard seen.insert(absolute).inserted else { return }
            files.append(DiscoveredFile(absolutePath: absolute, relativePath: relative(url)))
        }

        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                problems.append(ReadProblem(path: path, message: "\(path): no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                if url.pathExtension == "swift" {
                    add(url)  // an explicit file is linted even if a glob would exclude it
                } else {
                    problems.append(ReadProblem(path: path, message: "\(path): not a Swift file (archlint reads *.swift files)"))
                }
                continue
            }
            // Depth-first walk with an explicit stack; children sorted for a stable order.
            var stack: [URL] = [url]
            while let directory = stack.popLast() {
                let canonical = directory.resolvingSymlinksInPath().path
                guard visitedDirectories.insert(canonical).inserted else { continue }  // a symlink loop or a second route
                let children: [String]
                do {
                    children = try fileManager.contentsOfDirectory(atPath: directory.path)
                } catch {
                    problems.append(ReadProblem(path: directory.path, message: "\(directory.path): cannot list directory (check its permissions)"))
                    continue
                }
                var subdirectories: [URL] = []
                for name in children.sorted() {
                    let child = directory.appendingPathComponent(name)
                    var childIsDirectory: ObjCBool = false
                    guard fileManager.fileExists(atPath: child.path, isDirectory: &childIsDirectory) else { continue }  // dangling link
                    let childRelative = relative(child)
                    if childIsDirectory.boolValue {
                        // Prune a directory that an exclude glob removes entirely.
                        if configuration.exclude.contains(where: { $0.matches(childRelative + "/\u{0}") }) { continue }
                        subdirectories.append(child)
                    } else if name.hasSuffix(".swift"), configuration.isIncluded(childRelative) {
                        add(child)
                    }
                }
                stack.append(contentsOf: subdirectories.reversed())
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return Result(files: files, problems: problems)
    }
}
