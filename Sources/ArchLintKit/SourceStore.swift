import Foundation
import SwiftLexer

/// Where an indexed file's text comes from after the per-file stage (see `IndexedFile`).
enum SourceOrigin: Sendable {
    /// Kept in memory: files given as text.
    case memory(SourceFile)
    /// Read again from disk when needed; it must still have the size and modification
    /// time it had when it was first read.
    case disk(absolutePath: String, stamp: SourceReader.FileStamp, store: SourceStore)
    /// No text at all (an index built from outlines alone).
    case none
}

/// The files of a run whose text could not be read again as it was when they were
/// outlined (changed, moved or deleted meanwhile): the lint command names each one and
/// exits with 2, as for a file that could not be read at all.
public final class SourceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var failed: [String: ReadProblem] = [:]

    public init() {}

    /// One problem per file, in path order.
    public var problems: [ReadProblem] {
        lock.withLock { failed.values.sorted { $0.path < $1.path } }
    }

    func record(_ problem: ReadProblem) {
        lock.withLock {
            if failed[problem.path] == nil { failed[problem.path] = problem }
        }
    }
}

/// The texts of some files of an index, each read once, when first asked for, and kept as
/// long as the cache (a rule's or a report's working set, not the whole project). Not for
/// sharing between threads.
public final class SourceCache {
    private let files: [IndexedFile]
    private var loaded: [Int: SourceFile?] = [:]

    public init(files: [IndexedFile]) {
        self.files = files
    }

    /// `files[file].loadSource()`, read at most once.
    public func source(of file: Int) -> SourceFile? {
        if let known = loaded[file] { return known }
        let source = files[file].loadSource()
        loaded[file] = source
        return source
    }
}

/// What the per-file stage does for the run's rules while each file's text is at hand.
///
/// - The words the rules look for in a file's text before they read it again
///   (`Rule.textClues`): searched once per file, so that a rule passes over files without
///   them and never reads them again.
/// - The rules' own work on each file (`Rule.scanFile`), kept with the file for `check`.
public final class TextClues: Sendable {
    private let slots: [ObjectIdentifier: Int]
    private let searches: ByteSearch.Union
    /// The slot of `engineWords`, after the rules' searches.
    let engineSlot: Int
    /// The rules that scan files, and the slot of each in `IndexedFile`'s scans.
    let scanners: [any Rule.Type]
    private let scanSlots: [ObjectIdentifier: Int]
    /// The options of each of `scanners`.
    let scannerOptions: [ResolvedOptions]

    /// - Parameter configuration: where the scanning rules' options come from (their
    ///   defaults without one).
    public init(rules: [any Rule.Type], configuration: Configuration? = nil) {
        var slots: [ObjectIdentifier: Int] = [:]
        var searches: [ByteSearch] = []
        var scanners: [any Rule.Type] = []
        var scanSlots: [ObjectIdentifier: Int] = [:]
        for rule in rules {
            if rule.scansFiles, scanSlots[ObjectIdentifier(rule)] == nil {
                scanSlots[ObjectIdentifier(rule)] = scanners.count
                scanners.append(rule)
            }
            guard let search = rule.textClues, slots[ObjectIdentifier(rule)] == nil else { continue }
            slots[ObjectIdentifier(rule)] = searches.count
            searches.append(search)
        }
        self.slots = slots
        engineSlot = searches.count
        searches.append(Self.engineWords)
        self.searches = ByteSearch.Union(searches)
        self.scanners = scanners
        self.scanSlots = scanSlots
        scannerOptions = scanners.map { rule in
            configuration?.options(of: rule.description) ?? ResolvedOptions(defaultsOf: rule.description)
        }
    }

    /// Words the index itself looks for in every file, in the same pass as the rules' clue
    /// words: `archlint` (without it the file has no suppression command,
    /// `Suppressions.mayHoldCommand`) and `#if`, `#elseif` (without them it has no inactive
    /// code, `InactiveCode.mayHaveInactiveCode`).
    static let engineWords = ByteSearch(["archlint", "#if", "#elseif"])
    static let commandWord: UInt64 = 1
    static let conditionWords: UInt64 = 0b110

    func slot(of rule: any Rule.Type) -> Int? { slots[ObjectIdentifier(rule)] }

    func scanSlot(of rule: any Rule.Type) -> Int? { scanSlots[ObjectIdentifier(rule)] }

    /// What each search finds in `bytes`, in slot order (one pass over the bytes).
    func words(in bytes: [UInt8]) -> [UInt64] {
        searches.occurringWords(in: bytes)
    }
}
