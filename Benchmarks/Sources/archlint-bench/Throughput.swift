import Foundation

// MARK: - lexer-throughput and outline-throughput: archlint against swift-syntax

/// Times three ways of reading the same files, on one thread, with everything already in
/// memory so that only the lexing, outlining or parsing is measured.
///
/// `lexer-throughput`: archlint's lexer, swift-syntax's lexer and swift-syntax's parser.
/// `outline-throughput`: archlint's lexer, archlint's lexer + outline builder, and
/// swift-syntax's parser.
enum Throughput {
    struct Options {
        var roots: [String] = []
        var runs = 5
    }

    /// One contender: a name, what it does to one file, and the times of its runs.
    struct Contender {
        var name: String
        /// Returns a count that depends on the work done (tokens, bytes parsed), summed
        /// and printed so that the optimiser cannot drop the work.
        var work: (UnsafeBufferPointer<UInt8>) -> Int
        var unit: String
        var durations: [Duration] = []
        var lastCount = 0
    }

    static func run(_ options: Options) throws -> Int32 {
        let corpus = try load(options, command: "lexer-throughput")
        var contenders = [
            Contender(name: "archlint lexer", work: ArchlintTokens.tokenCount, unit: "tokens"),
            Contender(name: "swift-syntax lexer", work: SwiftSyntaxTokens.lexemeCount, unit: "lexemes"),
            Contender(name: "swift-syntax parser", work: SwiftSyntaxTokens.parsedLength, unit: "bytes parsed"),
        ]
        measure(&contenders, corpus, runs: options.runs, command: "lexer-throughput")
        printTable(contenders, corpus, runs: options.runs)
        print("archlint lexer speed-up over swift-syntax lexer: " + speedUp(of: contenders[0], over: contenders[1]))
        return 0
    }

    /// `outline-throughput`: archlint's lexer alone, archlint's lexer and outline builder,
    /// and swift-syntax's parser, which is what the outline stands in for.
    static func runOutline(_ options: Options) throws -> Int32 {
        let corpus = try load(options, command: "outline-throughput")
        var contenders = [
            Contender(name: "archlint lexer", work: ArchlintTokens.tokenCount, unit: "tokens"),
            Contender(name: "archlint lexer+outline", work: ArchlintOutline.declarationCount, unit: "declarations"),
            Contender(name: "swift-syntax parser", work: SwiftSyntaxTokens.parsedLength, unit: "bytes parsed"),
        ]
        // ARCHLINT_BENCH_OURS_ONLY=1 skips the reference (profiling archlint under callgrind or perf).
        if ProcessInfo.processInfo.environment["ARCHLINT_BENCH_OURS_ONLY"] == "1" { contenders.removeLast() }
        measure(&contenders, corpus, runs: options.runs, command: "outline-throughput")
        printTable(contenders, corpus, runs: options.runs)
        guard contenders.count == 3 else { return 0 }
        print("archlint lexer+outline speed-up over swift-syntax parser: " + speedUp(of: contenders[1], over: contenders[2]))
        return 0
    }

    // MARK: Measuring

    /// The files of a run, in memory.
    struct Corpus {
        var files: [CorpusFile]
        var bytes: Int
        var lines: Int
    }

    private static func load(_ options: Options, command: String) throws -> Corpus {
        let paths = try SourceCorpus.swiftFiles(under: options.roots)
        FileHandle.standardError.write("\(command): reading \(paths.count) files\n")
        return try load(paths)
    }

    /// Reads the files at `paths` into memory.
    static func load(_ paths: [String]) throws -> Corpus {
        let files = try paths.map(SourceCorpus.read)
        return Corpus(files: files, bytes: files.reduce(0) { $0 + $1.bytes.count },
                      lines: files.reduce(0) { $0 + SourceText.lineCount($1.bytes) })
    }

    /// Runs every contender over every file `runs` times on this thread.
    private static func measure(_ contenders: inout [Contender], _ corpus: Corpus, runs: Int, command: String) {
        for run in 1...runs {
            measureOnce(&contenders, corpus, label: "\(command): run \(run)/\(runs)")
        }
    }

    /// Runs every contender once over every file on this thread and appends its time.
    ///
    /// The contenders take turns chunk by chunk (about a megabyte of files each, the first
    /// contender changing from chunk to chunk), not run by run: this machine's speed swings
    /// by tens of percent for seconds at a time, and a contender that ran through the whole
    /// corpus alone could land in a fast or a slow stretch on its own. Taking turns every
    /// few milliseconds, all of them see the same stretches.
    static func measureOnce(_ contenders: inout [Contender], _ corpus: Corpus, label: String) {
        FileHandle.standardError.write("\(label): " + contenders.map(\.name).joined(separator: ", ") + ", taking turns\n")
        let clock = ContinuousClock()
        var totals = [Duration](repeating: .zero, count: contenders.count)
        var counts = [Int](repeating: 0, count: contenders.count)
        for (number, chunk) in chunks(of: corpus.files, bytes: 1_000_000).enumerated() {
            for turn in contenders.indices {
                let index = (turn + number) % contenders.count
                let work = contenders[index].work
                var count = 0
                totals[index] += clock.measure {
                    for file in chunk {
                        count &+= file.bytes.withUnsafeBufferPointer(work)
                    }
                }
                counts[index] &+= count
            }
        }
        for index in contenders.indices {
            contenders[index].durations.append(totals[index])
            contenders[index].lastCount = counts[index]
        }
    }

    /// `files` cut into runs of consecutive files of at least `bytes` bytes (the last may be less).
    private static func chunks(of files: [CorpusFile], bytes: Int) -> [ArraySlice<CorpusFile>] {
        var result: [ArraySlice<CorpusFile>] = []
        var start = 0
        var size = 0
        for (index, file) in files.enumerated() {
            size += file.bytes.count
            if size >= bytes {
                result.append(files[start...index])
                start = index + 1
                size = 0
            }
        }
        if start < files.count { result.append(files[start...]) }
        return result
    }

    private static func printTable(_ contenders: [Contender], _ corpus: Corpus, runs: Int) {
        print("files: \(corpus.files.count), bytes: \(corpus.bytes), lines: \(corpus.lines), runs: \(runs) (one thread, files in memory)")
        print(pad("", 24) + pad("best", 12, right: true) + pad("median", 12, right: true)
            + pad("MB/s best", 12, right: true) + pad("MB/s median", 13, right: true) + "   output")
        for contender in contenders {
            let statistics = Statistics(contender.durations)
            let best = statistics.minimum!
            let median = statistics.median!
            let megabytes = Double(corpus.bytes) / 1_000_000
            print(pad(contender.name, 24)
                + pad(format(best * 1000, "ms"), 12, right: true)
                + pad(format(median * 1000, "ms"), 12, right: true)
                + pad(format(megabytes / best, ""), 12, right: true)
                + pad(format(megabytes / median, ""), 13, right: true)
                + "   \(contender.lastCount) \(contender.unit)")
        }
    }

    // MARK: Formatting

    /// `theirs / ours` by best times and by medians: "8.9x (best times), 8.7x (medians)".
    private static func speedUp(of ours: Contender, over theirs: Contender) -> String {
        let ours = Statistics(ours.durations), theirs = Statistics(theirs.durations)
        return String(format: "%.1fx (best times), %.1fx (medians)", theirs.minimum! / ours.minimum!, theirs.median! / ours.median!)
    }

    private static func format(_ value: Double, _ unit: String) -> String {
        String(format: "%.1f", value) + (unit.isEmpty ? "" : " " + unit)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
