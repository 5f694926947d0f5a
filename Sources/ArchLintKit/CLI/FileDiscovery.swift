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

    /// - Parameter found: when given, gets the files as they are found, a directory's at a
    ///   time, in walk order, so that they can be read while the walk goes on (`Pipeline`).
    ///   It gets every file of the result once; the result is the same without it (sorted by
    ///   path, which the walk order usually is already).
    public static func discover(paths: [String], root: String, configuration: Configuration,
                                found: (([DiscoveredFile]) -> Void)? = nil) -> Result {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        let walker = Walker(base: rootPath.hasSuffix("/") ? rootPath : rootPath + "/", configuration: configuration)
        var files: [DiscoveredFile] = []
        var problems: [ReadProblem] = []
        var seen = Set<String>()
        var visitedDirectories = Set<DirectoryIdentity>()
        var walk = Walker.Walk()

        // One path cannot name a file twice (a directory reached twice is walked once); only
        // several paths can (`Sources Sources/App`), so only then are paths remembered.
        let mayRepeat = paths.count > 1
        func add(_ file: DiscoveredFile) {
            if mayRepeat { guard seen.insert(file.absolutePath).inserted else { return } }
            files.append(file)
        }
        /// Adds files and hands the ones added to `found`.
        func add(_ batch: [DiscoveredFile]) {
            let before = files.count
            batch.forEach(add)
            if let found, files.count > before { found(Array(files[before...])) }
        }

        for path in paths {
            var start = URL(fileURLWithPath: path).standardizedFileURL.path
            // A path through a symbolic link into the project (`Linked/App`, whose
            // configuration was found by its real path) is walked by its real path, so that
            // files are reported as from inside the project, wherever archlint is run.
            if !(start + "/").hasPrefix(walker.base) {
                let real = URL(fileURLWithPath: start).resolvingSymlinksInPath().path
                if (real + "/").hasPrefix(walker.base) { start = real }
            }
            switch DirectoryListing.kind(ofPath: start) {
            case .missing, .unknown, .link:
                problems.append(ReadProblem(path: path, message: DirectoryListing.missingMessage(path, resolved: start)))
                continue
            case .other where start.hasSuffix(".swift"):
                problems.append(ReadProblem(path: path, message: DirectoryListing.notRegularMessage(path)))
                continue
            case .file, .other:
                // A file named through a link (`Linked/Screen.swift`, `Screen-link.swift`) is the
                // project file it leads to, linted once, under its real path.
                let real = URL(fileURLWithPath: start).resolvingSymlinksInPath().path
                if real != start, real.hasSuffix(".swift"), (real + "/").hasPrefix(walker.base) { start = real }
                if start.hasSuffix(".swift") {
                    add([DiscoveredFile(absolutePath: start, relativePath: walker.relative(start))])  // linted even if a glob would exclude it
                } else {
                    problems.append(ReadProblem(path: path, message: "\(path): not a Swift file (archlint reads *.swift files: pass a .swift file or a directory)"))
                }
                continue
            case .directory:
                break
            }
            walker.named(start).walk(from: [start], visited: &visitedDirectories, state: &walk, listed: add)
        }
        // What links lead to comes after every path's own directories, so that a directory
        // or file reached both ways keeps its real path, whichever path holds the link.
        walker.walkLinks(visited: &visitedDirectories, state: &walk, listed: add)
        problems += walk.problems
        // The walk visits sorted names depth first, which is already path order unless a
        // name sorts before `/` (`Data.swift` before `Data/`): checked before sorting.
        let inOrder = zip(files, files.dropFirst()).allSatisfy { $0.relativePath < $1.relativePath }
        if !inOrder { files.sort { $0.relativePath < $1.relativePath } }
        return Result(files: files, problems: problems)
    }

    /// The walk of directories: depth first with an explicit stack, children sorted for a
    /// stable order, excluded directories pruned, a directory reached twice (a symbolic-link
    /// loop or a second route) walked once. Directories reached through a symbolic link are
    /// walked after all the others, so that a directory reached both ways keeps its real path
    /// (which decides its layer), whichever name sorts first.
    struct Walker: Sendable {
        let base: String
        let configuration: Configuration

        struct Walk: Sendable {
            /// The Swift files of the directory just listed, until they are handed over. A
            /// file's relative path is its directory's (made relative once) and its name.
            var files: [DiscoveredFile] = []
            var problems: [ReadProblem] = []
            /// The identities of the Swift files listed (from the listing: no extra call).
            var fileIdentities: [DirectoryIdentity] = []
            /// Swift files reached through a symbolic link to a file, with the identity of
            /// what the link leads to: handed over at the end, unless also listed directly.
            var linkedFiles: [(file: DiscoveredFile, identity: DirectoryIdentity?)] = []
            /// Directories reached through a symbolic link, walked after all the others.
            var linkedDirectories: [String] = []
        }

        /// The walker for a directory named on the command line: one the configuration
        /// excludes (`archlint Tests`, `archlint Sources/Generated`) is linted, as a named
        /// file is, so the exclude globs that cover it do not apply inside it; the others do
        /// (`Tests/.build/` stays out).
        func named(_ directory: String) -> Walker {
            guard !configuration.exclude.isEmpty, (directory + "/").hasPrefix(base), directory + "/" != base else { return self }
            let inside = Glob.Path(relative(directory) + "/\u{0}")
            let kept = configuration.exclude.filter { !$0.matches(inside) }
            guard kept.count < configuration.exclude.count else { return self }
            var relaxed = configuration
            relaxed.exclude = kept
            return Walker(base: base, configuration: relaxed)
        }

        /// Paths are absolute and standardized (the walk only appends plain names), so they
        /// are made relative by dropping the root's prefix, compared byte by byte.
        /// A path outside the root (a configuration kept in `ci/` beside the sources) climbs
        /// with `..` to the nearest folder the two share (`../Sources/App/Note.swift`), so that
        /// reports and baselines do not depend on where the project is checked out; only a
        /// path that shares nothing but `/` with the root stays absolute.
        func relative(_ path: String) -> String {
            guard path.utf8.count >= base.utf8.count, path.utf8.starts(with: base.utf8) else { return Walker.climbing(to: path, from: base) }
            return String(decoding: path.utf8.dropFirst(base.utf8.count), as: UTF8.self)
        }

        /// `path` (absolute; a folder ends in `/`) relative to the folder `base` with `..`
        /// segments; unchanged when the two share no folder.
        static func climbing(to path: String, from base: String) -> String {
            let isFolder = path.hasSuffix("/")
            let target = path.split(separator: "/", omittingEmptySubsequences: true)
            let from = base.split(separator: "/", omittingEmptySubsequences: true)
            var common = 0
            // A file's own name is never a shared folder.
            let limit = isFolder ? target.count : target.count - 1
            while common < from.count, common < limit, from[common] == target[common] { common += 1 }
            guard common > 0 else { return path }
            let parts = Array(repeating: "..", count: from.count - common) + target[common...].map(String.init)
            return parts.joined(separator: "/") + (isFolder ? "/" : "")
        }

        /// Walks the directories of `stack` (the last first) and everything below them that
        /// `visited` does not hold already, adding what it walks to `visited`; `listed` gets
        /// each directory's Swift files as soon as it is listed. Directories and Swift files
        /// that symbolic links lead to are only noted in `state`, for `walkLinks`; problems
        /// go there too. (A walk spends most of its time in the kernel, opening and listing
        /// directories, and a second thread walking beside it gained little: with several
        /// jobs, the other threads read the files instead, see `Pipeline.discoverAndOutline`.)
        func walk(from stack: [String], visited: inout Set<DirectoryIdentity>, state: inout Walk, listed: ([DiscoveredFile]) -> Void) {
            var stack = stack
            while let directory = stack.popLast() {
                // The directory is opened first: its identity comes from the open handle.
                let listing = DirectoryListing(path: directory)
                if let identity = listing?.identity, !visited.insert(identity).inserted { continue }
                let subdirectories = list(directory, listing, into: &state)
                stack.append(contentsOf: subdirectories.filter { !$0.isLink }.map(\.path).reversed())
                state.linkedDirectories.append(contentsOf: subdirectories.filter(\.isLink).map(\.path))
                if !state.files.isEmpty {
                    listed(state.files)
                    state.files.removeAll(keepingCapacity: true)
                }
            }
        }

        /// After every path's own walk: the directories that links lead to, in the order the
        /// links were found (those reached already are skipped by identity), then the Swift
        /// files links lead to that were not listed by their own names.
        func walkLinks(visited: inout Set<DirectoryIdentity>, state: inout Walk, listed: ([DiscoveredFile]) -> Void) {
            var next = 0
            while next < state.linkedDirectories.count {
                let directory = state.linkedDirectories[next]
                next += 1
                walk(from: [directory], visited: &visited, state: &state, listed: listed)
            }
            if !state.linkedFiles.isEmpty {
                let listedIdentities = Set(state.fileIdentities)
                var taken = Set<DirectoryIdentity>()
                let alone = state.linkedFiles.filter { linked in
                    guard let identity = linked.identity else { return true }
                    return !listedIdentities.contains(identity) && taken.insert(identity).inserted
                }.map(\.file)
                if !alone.isEmpty { listed(alone) }
            }
        }

        /// Goes through the listing of one directory (nil when it could not be opened): its
        /// Swift files and problems go into `result`; its subdirectories that no exclude glob
        /// removes are returned, in name order, with whether a symbolic link leads to each.
        func list(_ directory: String, _ listing: DirectoryListing?, into result: inout Walk) -> [(path: String, isLink: Bool)] {
            guard let listing else {
                result.problems.append(ReadProblem(path: directory, message: "\(directory): cannot list directory (check its permissions)"))
                return []
            }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            // Children's relative paths share the directory's: it is made relative once.
            let relativePrefix = relative(prefix)
            // A name that is not UTF-8 has no `String` path to open it by: say so rather
            // than skip a file silently.
            for raw in listing.undecodableNames {
                let childRelative = relative(prefix + DirectoryListing.escaped(raw))
                switch DirectoryListing.kind(of: raw, in: directory) {
                case .file where raw.reversed().starts(with: Array(".swift".utf8).reversed()) && configuration.isIncluded(childRelative):
                    result.problems.append(ReadProblem(path: childRelative, message: "\(childRelative): the file name is not valid UTF-8, so archlint cannot open it (rename the file to lint it)"))
                case .directory where !configuration.excludesDirectory(childRelative):
                    result.problems.append(ReadProblem(path: childRelative, message: "\(childRelative): the directory name is not valid UTF-8, so archlint cannot look inside it (rename the directory to lint its files)"))
                default:
                    break
                }
            }
            var subdirectories: [(path: String, isLink: Bool)] = []
            for entry in listing.entries.sorted(by: { $0.name < $1.name }) {
                let child = prefix + entry.name
                let isSwift = entry.name.hasSuffix(".swift")
                // The entry's type from the listing; links (and file systems that do not
                // say) are looked up, following the link. A dangling link has nothing to
                // read; one named like a Swift file is a file missing (exit 2).
                var kind = entry.kind
                // A file system that does not give types: whether the entry is a link, then
                // what it leads to.
                let isLink = kind == .link || (kind == .unknown && DirectoryListing.isLink(child))
                if kind == .unknown || kind == .link { kind = DirectoryListing.kind(ofPath: child) }
                let childRelative = relativePrefix + entry.name
                switch kind {
                case .directory:
                    // Prune a directory that an exclude glob removes entirely.
                    if configuration.excludesDirectory(childRelative) { continue }
                    subdirectories.append((child, isLink))
                case .other:
                    // A FIFO would block the read and a device never ends: not read.
                    if isSwift, configuration.isIncluded(childRelative) {
                        result.problems.append(ReadProblem(path: childRelative, message: DirectoryListing.notRegularMessage(childRelative)))
                    }
                case .file:
                    if isSwift, configuration.isIncluded(childRelative) {
                        let file = DiscoveredFile(absolutePath: child, relativePath: childRelative)
                        if isLink {
                            result.linkedFiles.append((file, DirectoryIdentity(path: child)))
                        } else {
                            result.files.append(file)
                            if let device = listing.identity?.device { result.fileIdentities.append(DirectoryIdentity(device: device, inode: entry.inode)) }
                        }
                    }
                // `.#Note.swift`: the lock Emacs keeps while the file is edited, a link to
                // `user@host.pid`, not a file.
                case .missing where isLink && isSwift && !entry.name.hasPrefix(".#") && configuration.isIncluded(childRelative):
                    // A file missing, as when the link is named on the command line.
                    result.problems.append(ReadProblem(path: childRelative, message: "\(childRelative): a symbolic link to nothing, so it cannot be linted (fix or remove the link)"))
                case .missing, .unknown, .link:
                    continue
                }
            }
            return subdirectories
        }
    }
}

/// A directory's or file's identity on disk (device and inode): two paths to the same one,
/// through symbolic links, have the same identity.
struct DirectoryIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `path` names, following symbolic links.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the directory open as `descriptor`.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The entries of a directory as `readdir(3)` gives them: names that are valid UTF-8, and
/// the raw bytes of names that are not (which no `String` path can name, so Foundation's
/// listing would hand back a mangled name that opens nothing).
struct DirectoryListing {
    /// An entry whose name is valid UTF-8, with its type as the listing gives it.
    struct Entry {
        var name: String
        var kind: Kind
        /// The entry's inode as the listing gives it (for a link, the link's own).
        var inode: UInt64
    }

    var entries: [Entry] = []
    var undecodableNames: [[UInt8]] = []
    /// The directory's identity, from the open directory (nil if the system would not say).
    var identity: DirectoryIdentity?

    enum Kind {
        case file, directory, other
        /// A symbolic link: look up what it leads to.
        case link
        /// A file system that does not say: look it up.
        case unknown
        /// Nothing there (a dangling link).
        case missing
    }

    /// Nil when the directory cannot be opened.
    init?(path: String) {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        identity = DirectoryIdentity(descriptor: dirfd(handle))
        while let entry = readdir(handle) {
            let decoded = withUnsafeBytes(of: entry.pointee.d_name) { bytes -> (name: String?, raw: [UInt8])? in
                let name = bytes.bindMemory(to: CChar.self)
                if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return nil }  // "." and ".."
                if let valid = String(validatingCString: name.baseAddress!) { return (valid, []) }
                return (nil, Array(bytes.prefix { $0 != 0 }))
            }
            guard let decoded else { continue }
            guard let name = decoded.name else {
                undecodableNames.append(decoded.raw)
                continue
            }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .link
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind, inode: UInt64(entry.pointee.d_ino)))
        }
        undecodableNames.sort { $0.lexicographicallyPrecedes($1) }
    }

    /// Why a `.swift` name that is a FIFO, socket or device (or a link to one) is not read.
    static func notRegularMessage(_ path: String) -> String {
        "\(path): not a regular file (a FIFO, socket or device), so archlint does not read it"
    }

    /// What a raw name in `directory` is, following symbolic links as the walk does.
    static func kind(of raw: [UInt8], in directory: String) -> Kind {
        let path = Array(directory.utf8) + [0x2F] + raw + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { kind(ofCString: $0) }
        }
    }

    /// Whether `path` is a symbolic link (not followed).
    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// What is at `path`, following symbolic links.
    /// Why a named path cannot be linted: it does not exist, or a folder on the way to it
    /// cannot be searched, or it is too long for the system.
    static func missingMessage(_ path: String, resolved: String) -> String {
        var status = stat()
        if stat(resolved, &status) != 0 {
            switch errno {
            case EACCES: return "\(path): permission denied (check the permissions of the folders that lead to it)"
            case ENAMETOOLONG: return "\(path): the path is too long for the system (shorten it or lint a folder above it)"
            default: break
            }
        }
        return "\(path): no such file or directory (check the path\(path.contains("\u{FFFD}") ? "; a name that is not valid UTF-8 must be renamed" : ""))"
    }

    static func kind(ofPath path: String) -> Kind {
        path.withCString { kind(ofCString: $0) }
    }

    private static func kind(ofCString path: UnsafePointer<CChar>) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// A readable name for raw bytes: valid UTF-8 as it is, every other byte as `\xFF`.
    static func escaped(_ raw: [UInt8]) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = raw.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in raw[offset..<offset + length] { result += String(format: "\\x%02X", byte) }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }
}
