import Dispatch
import Foundation
import SwiftOutline

/// The per-file stage: read, lex and outline files on `jobs` threads, and search each
/// for `clues`. Results keep the input order whatever the scheduling, so output is
/// deterministic. Files keep no text afterwards: `store` collects the files that cannot be
/// read again as they were when a rule or a finding needs them (see `IndexedFile`).
public enum Pipeline {
    public static func readAndOutline(_ files: [DiscoveredFile], configuration: Configuration, jobs: Int,
                                      clues: TextClues = TextClues(rules: []), store: SourceStore) -> ([IndexedFile], [ReadProblem]) {
        // Each thread lexes and outlines its files in one workspace, reused file after file.
        let results = Parallel.map(count: files.count, jobs: jobs, context: { OutlineWorkspace() }) { workspace, index in
            outline(files[index], configuration: configuration, clues: clues, store: store, workspace: workspace)
        }
        return (results.compactMap(\.file), results.compactMap(\.problem))
    }

    /// What discovery and the per-file stage give a run.
    public struct Outcome {
        public var discovery: FileDiscovery.Result
        /// The files read, in the order of `discovery.files`.
        public var files: [IndexedFile]
        public var readProblems: [ReadProblem]
        /// How long the walk took; the per-file stage ran beside it and after it.
        public var discoveryNanoseconds: UInt64
        /// How many threads besides the calling one took part in the per-file stage.
        public var helperCount = 0
    }

    /// Discovery, then `readAndOutline` of what it found, with the same result, but with
    /// several jobs the two overlap: one thread walks the directories and hands each
    /// directory's files over as soon as it is listed, while the other threads read, lex
    /// and outline them; the walking thread joins them once the walk is done. A walk spends
    /// most of its time in the kernel (opening and listing directories) and gains little
    /// from a second thread, so the other threads are better used on files. With one job
    /// it is discovery and then the per-file stage, on the calling thread.
    public static func discoverAndOutline(paths: [String], root: String, configuration: Configuration, jobs: Int,
                                          clues: TextClues = TextClues(rules: []), store: SourceStore) -> Outcome {
        let start = DispatchTime.now()
        guard jobs > 1 else {
            let discovery = FileDiscovery.discover(paths: paths, root: root, configuration: configuration)
            let walked = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
            let (files, problems) = readAndOutline(discovery.files, configuration: configuration, jobs: 1, clues: clues, store: store)
            return Outcome(discovery: discovery, files: files, readProblems: problems, discoveryNanoseconds: walked)
        }
        let feed = FileFeed()
        let work: @Sendable () -> Void = {
            let workspace = OutlineWorkspace()
            while let (number, file) = feed.take() {
                feed.store(outline(file, configuration: configuration, clues: clues, store: store, workspace: workspace), at: number)
            }
        }
        // The helpers wait for files while the calling thread walks; the calling thread
        // could do all the work alone, so helpers that start late (more jobs than the
        // system runs at once) only find less to do. A helper starts once there is a file
        // for it: never more helpers than files, however large `--jobs` is.
        let helpers = DispatchGroup()
        var published = 0
        var started = 0
        let discovery = FileDiscovery.discover(paths: paths, root: root, configuration: configuration) { found in
            feed.publish(found)
            published += found.count
            while started < min(jobs - 1, published) {
                DispatchQueue.global().async(group: helpers, execute: work)
                started += 1
            }
        }
        let walked = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
        feed.finish()
        work()
        helpers.wait()

        // The results are in walk order; the discovery's files are sorted by path, which
        // is the walk order unless a name sorts before `/` (`Data.swift` before `Data/`).
        var results = feed.finishedResults()
        let walkOrder = feed.finishedFiles()
        if walkOrder != discovery.files {
            let position = Dictionary(walkOrder.enumerated().map { ($1.absolutePath, $0) }, uniquingKeysWith: { first, _ in first })
            results = discovery.files.map { results[position[$0.absolutePath]!] }
        }
        return Outcome(discovery: discovery, files: results.compactMap(\.file), readProblems: results.compactMap(\.problem),
                       discoveryNanoseconds: walked, helperCount: started)
    }

    /// One file of the per-file stage: read, lexed, outlined and searched, or the problem
    /// reading it.
    static func outline(_ file: DiscoveredFile, configuration: Configuration, clues: TextClues, store: SourceStore,
                        workspace: OutlineWorkspace) -> (file: IndexedFile?, problem: ReadProblem?) {
        switch SourceReader.contents(atPath: file.absolutePath) {
        case .success(let contents):
            return (IndexedFile.make(path: file.relativePath, absolutePath: file.absolutePath, contents: contents,
                                     configuration: configuration, clues: clues, store: store, workspace: workspace), nil)
        case .failure(let failure):
            return (nil, ReadProblem(path: file.relativePath,
                                     message: "\(file.relativePath): cannot be read: \(failure.reason) (check that it still exists and its permissions)"))
        }
    }
}

/// The files a walk has found so far, handed out one at a time to the threads that read
/// them, and their results by position in walk order.
private final class FileFeed: @unchecked Sendable {
    typealias Result = (file: IndexedFile?, problem: ReadProblem?)

    private let condition = NSCondition()
    private var files: [DiscoveredFile] = []
    private var results: [Result?] = []
    private var next = 0
    private var isFinished = false

    /// Adds files the walk found and wakes the threads waiting for some.
    func publish(_ found: [DiscoveredFile]) {
        condition.lock()
        files += found
        results += repeatElement(nil, count: found.count)
        condition.broadcast()
        condition.unlock()
    }

    /// Says that the walk is over: threads stop waiting once the files are all taken.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next file no thread has taken, with its position; waits while there is none
    /// yet and the walk goes on; nil when the walk is over and every file is taken.
    func take() -> (Int, DiscoveredFile)? {
        condition.lock()
        defer { condition.unlock() }
        while next == files.count && !isFinished { condition.wait() }
        guard next < files.count else { return nil }
        next += 1
        return (next - 1, files[next - 1])
    }

    func store(_ result: Result, at position: Int) {
        condition.lock()
        results[position] = result
        condition.unlock()
    }

    /// The files in walk order (once every thread is done).
    func finishedFiles() -> [DiscoveredFile] {
        condition.lock()
        defer { condition.unlock() }
        return files
    }

    /// The results in walk order (once every thread is done).
    func finishedResults() -> [Result] {
        condition.lock()
        defer { condition.unlock() }
        return results.map { $0! }
    }
}
