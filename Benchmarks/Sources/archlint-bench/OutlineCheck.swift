import Foundation

// MARK: - outline-check: archlint's outline against swift-syntax's tree, and its speed per file

/// Outlines every Swift file with archlint and parses it with swift-syntax, and reports
/// files whose counted declarations (types, extensions, functions) differ, and files
/// that archlint outlines slowly for their size.
///
/// The comparison is by `kind name`, so a file also differs when the counts agree but a
/// name does not (an extension of `Foo.Bar` taken for one of `Foo`).
enum OutlineCheck {
    struct Options {
        var roots: [String] = []
        /// Stop after this many differing files.
        var limit: Int? = nil
        /// Print each path to stderr before the file is read, so a crash can be located.
        var verbose = false
    }

    /// A file is slow when outlining it takes longer than this per 1,000 lines.
    static let slowMillisecondsPerThousandLines = 5.0
    /// A file over the threshold is timed this many more times and judged by its best
    /// time, so a scheduler hiccup does not make it slow.
    static let confirmationRuns = 5
    /// How many of the slowest files to list whether or not they are slow.
    static let slowestListed = 10

    /// How long one file took to lex and outline.
    struct Timing {
        var path: String
        var lines: Int
        var bytes: Int
        var seconds: Double

        var millisecondsPerThousandLines: Double { seconds * 1000 * 1000 / Double(max(lines, 1)) }
    }

    /// A differing file, ready to print.
    struct Finding {
        var path: String
        var text: String
        /// Whether the counts differ, not only names.
        var countsDiffer: Bool
    }

    // MARK: Comparing

    /// The report of one differing file: the counts of both sides, the kinds whose counts
    /// differ, and the first entry only one side has.
    static func describe(_ mismatch: OutlineMismatch, archlint: [OutlineEntry], swiftSyntax: [OutlineEntry],
                         path: String, bytes: [UInt8]) -> String {
        let ours = OutlineCounts(archlint), theirs = OutlineCounts(swiftSyntax)
        func summary(_ counts: OutlineCounts) -> String {
            "types \(counts.types) (extensions \(counts.extensions)), functions \(counts.functions)"
        }
        var lines = ["\(path): archlint \(summary(ours)); swift-syntax \(summary(theirs))"]
        for kind in CountedKind.allCases where ours[kind] != theirs[kind] {
            lines.append("  \(kind.rawValue): archlint \(ours[kind]), swift-syntax \(theirs[kind])")
        }
        func side(_ label: String, _ entries: [OutlineEntry]) {
            guard let first = entries.first else { return }
            let (line, column) = SourceText.lineAndColumn(of: first.offset, in: bytes)
            let more = entries.count > 1 ? " (and \(entries.count - 1) more)" : ""
            lines.append("  only \(label) \(line):\(column): \(first.kind.rawValue) \(first.name)\(more)")
            lines.append("    context: \(SourceText.context(bytes, around: first.offset))")
        }
        side("archlint:    ", mismatch.onlyArchlint)
        side("swift-syntax:", mismatch.onlySwiftSyntax)
        return lines.joined(separator: "\n")
    }

    // MARK: Running

    /// Runs the check and returns the exit status: 1 if a file that swift-syntax parses
    /// without errors differs or a file is slow, 2 if a file could not be read, else 0.
    static func run(_ options: Options) throws -> Int32 {
        let paths = try SourceCorpus.swiftFiles(under: options.roots)
        let progress = Progress(total: paths.count, label: "outline-check")
        var checked = 0, agreeing = 0, unreadable = 0
        var differing: [Finding] = []
        /// Files swift-syntax rejects, with the report of their difference if they differ.
        var rejected: [(path: String, finding: Finding?)] = []
        var timings: [Timing] = []
        var archlintTotal = OutlineCounts([]), swiftSyntaxTotal = OutlineCounts([])

        print("outline-check: \(paths.count) Swift files under \(options.roots.joined(separator: " "))")
        print("")
        print("== differences (swift-syntax parses these files without errors) ==")
        for path in paths {
            if let limit = options.limit, differing.count >= limit { break }
            checked += 1
            progress.update(checked, disagreements: differing.count)
            if options.verbose { FileHandle.standardError.write("outline-check: \(path)\n") }

            let file: CorpusFile
            do {
                file = try SourceCorpus.read(path)
            } catch {
                unreadable += 1
                FileHandle.standardError.write("warning: \(error)\n")
                continue
            }
            let (ours, elapsed) = file.bytes.withUnsafeBufferPointer(ArchlintOutline.timedEntries)
            timings.append(Timing(path: path, lines: SourceText.lineCount(file.bytes), bytes: file.bytes.count,
                                  seconds: seconds(elapsed)))
            let (tree, reference) = file.bytes.withUnsafeBufferPointer(SwiftSyntaxOutline.parse)
            let isRejected = tree.hasError
            archlintTotal += OutlineCounts(ours)
            swiftSyntaxTotal += OutlineCounts(reference)

            let mismatch = OutlineMismatch(archlint: ours, swiftSyntax: reference)
            var finding: Finding? = nil
            if !mismatch.isEmpty {
                let text = describe(mismatch, archlint: ours, swiftSyntax: reference, path: path, bytes: file.bytes)
                let countsDiffer = OutlineCounts(ours).perKind != OutlineCounts(reference).perKind
                finding = Finding(path: path, text: text, countsDiffer: countsDiffer)
            }
            if isRejected {
                rejected.append((path, finding))
            } else if let finding {
                differing.append(finding)
                print(finding.text)
            } else {
                agreeing += 1
            }
        }
        progress.finish(checked, disagreements: differing.count)
        if differing.isEmpty { print("(none)") }

        print("")
        print("== rejected by swift-syntax (its parser reports errors; differences are informational) ==")
        for (path, finding) in rejected {
            print(finding?.text ?? "\(path): (counts and names agree)")
        }
        if rejected.isEmpty { print("(none)") }

        print("")
        func totals(_ counts: OutlineCounts) -> String {
            CountedKind.allCases.map { "\($0.rawValue) \(counts[$0])" }.joined(separator: ", ")
        }
        print("declarations counted (all files):")
        print("  archlint:     types \(archlintTotal.types) (extensions \(archlintTotal.extensions)), functions \(archlintTotal.functions): \(totals(archlintTotal))")
        print("  swift-syntax: types \(swiftSyntaxTotal.types) (extensions \(swiftSyntaxTotal.extensions)), functions \(swiftSyntaxTotal.functions): \(totals(swiftSyntaxTotal))")

        print("")
        let slow = reportTimings(timings)

        print("")
        let countDifferences = differing.filter(\.countsDiffer).count
        let rejectedDiffering = rejected.filter { $0.finding != nil }.count
        var summary = "summary: \(checked) files checked, \(agreeing) agree, \(differing.count) differ "
            + "(\(countDifferences) in counts, \(differing.count - countDifferences) in names only), "
            + "\(rejected.count) rejected by swift-syntax (\(rejectedDiffering) of them differ), "
            + "\(slow) slower than \(format(slowMillisecondsPerThousandLines)) ms per 1,000 lines"
        if unreadable > 0 { summary += ", \(unreadable) unreadable" }
        if checked < paths.count { summary += " (stopped after \(differing.count) differing files)" }
        print(summary)
        if !differing.isEmpty || slow > 0 { return 1 }
        return unreadable == 0 ? 0 : 2
    }

    // MARK: Timings

    /// Prints the total time, the files over the threshold (confirmed by re-timing) and
    /// the slowest files; returns how many are over the threshold.
    private static func reportTimings(_ timings: [Timing]) -> Int {
        let totalSeconds = timings.reduce(0) { $0 + $1.seconds }
        let totalBytes = timings.reduce(0) { $0 + $1.bytes }
        let totalLines = timings.reduce(0) { $0 + $1.lines }
        print("lexing + outline, one file at a time: \(format(totalSeconds * 1000)) ms for \(totalLines) lines, "
            + "\(format(Double(totalBytes) / 1_000_000 / max(totalSeconds, 1e-9))) MB/s, "
            + "\(format(totalSeconds * 1000 * 1000 / Double(max(totalLines, 1)))) ms per 1,000 lines")

        // Re-time every file over the threshold and enough of the slowest others to list:
        // one measurement of a small file is mostly noise (and the first file of a run
        // also pays for warming up).
        let bySlowness = timings.sorted { $0.millisecondsPerThousandLines > $1.millisecondsPerThousandLines }
        let overThreshold = bySlowness.prefix { $0.millisecondsPerThousandLines > slowMillisecondsPerThousandLines }.count
        let retimed: [Timing] = bySlowness.prefix(max(overThreshold, slowestListed * 5)).map { timing in
            var timing = timing
            if let file = try? SourceCorpus.read(timing.path) {
                let best = file.bytes.withUnsafeBufferPointer { ArchlintOutline.bestTime($0, runs: confirmationRuns) }
                timing.seconds = min(timing.seconds, seconds(best))
            }
            return timing
        }.sorted { $0.millisecondsPerThousandLines > $1.millisecondsPerThousandLines }
        let confirmed = retimed.filter { $0.millisecondsPerThousandLines > slowMillisecondsPerThousandLines }

        func describe(_ timing: Timing) -> String {
            "  \(format(timing.millisecondsPerThousandLines)) ms per 1,000 lines: \(format(timing.seconds * 1000, digits: 3)) ms, "
                + "\(timing.lines) lines, \(timing.bytes) bytes: \(timing.path)"
        }
        print("== slower than \(format(slowMillisecondsPerThousandLines)) ms per 1,000 lines (best of \(confirmationRuns + 1) timings) ==")
        for timing in confirmed { print(describe(timing)) }
        if confirmed.isEmpty { print("(none)") }

        print("")
        print("== slowest \(slowestListed) files (ms per 1,000 lines, best of \(confirmationRuns + 1) timings) ==")
        for timing in retimed.prefix(slowestListed) { print(describe(timing)) }
        return confirmed.count
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }
}

// MARK: - outline-entries: both sides' declarations of one file

extension OutlineCheck {
    /// Prints the counted declarations of both sides of one file in source order, `!`
    /// marking the ones only one side has: what to look at when a reported difference is
    /// not obvious from its context.
    static func dumpEntries(_ path: String) throws -> Int32 {
        let file = try SourceCorpus.read(path)
        let ours = file.bytes.withUnsafeBufferPointer(ArchlintOutline.entries)
        let (tree, reference) = file.bytes.withUnsafeBufferPointer(SwiftSyntaxOutline.parse)
        let mismatch = OutlineMismatch(archlint: ours, swiftSyntax: reference)
        func isOnly(_ entry: OutlineEntry, in entries: [OutlineEntry]) -> Bool {
            entries.contains { $0.offset == entry.offset && $0.key == entry.key }
        }
        func row(_ side: String, _ entry: OutlineEntry, only: Bool) -> (Int, String) {
            let (line, column) = SourceText.lineAndColumn(of: entry.offset, in: file.bytes)
            return (entry.offset, (only ? " ! " : "   ") + "\(line):\(column) \(side) \(entry.key)")
        }
        // Entries both sides have are printed once, from archlint's side.
        var rows = ours.map { row("archlint    ", $0, only: isOnly($0, in: mismatch.onlyArchlint)) }
        rows += mismatch.onlySwiftSyntax.map { row("swift-syntax", $0, only: true) }
        for (_, text) in rows.sorted(by: { $0.0 < $1.0 }) { print(text) }
        if tree.hasError { print("(swift-syntax reports syntax errors in this file)") }
        return mismatch.isEmpty ? 0 : 1
    }
}
