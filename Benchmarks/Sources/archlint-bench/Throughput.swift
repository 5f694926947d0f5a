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
        let ours = seconds(contenders[0].durations.min()!)
        let theirs = seconds(contenders[1].durations.min()!)
        print("archlint lexer speed-up over swift-syntax lexer (best times): " + String(format: "%.1fx", theirs / ours))
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
        let ours = seconds(contenders[1].durations.min()!)
        let theirs = seconds(contenders[2].durations.min()!)
        print("archlint lexer+outline speed-up over swift-syntax parser (best times): " + String(format: "%.1fx", theirs / ours))
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
    /// Contenders take turns, so a slow phase of the machine hits all of them.
    static func measureOnce(_ contenders: inout [Contender], _ corpus: Corpus, label: String) {
        let clock = ContinuousClock()
        for index in contenders.indices {
            FileHandle.standardError.write("\(label): \(contenders[index].name)\n")
            let work = contenders[index].work
            var count = 0
            let elapsed = clock.measure {
                for file in corpus.files {
                    count &+= file.bytes.withUnsafeBufferPointer(work)
                }
            }
            contenders[index].durations.append(elapsed)
            contenders[index].lastCount = count
        }
    }

    private static func printTable(_ contenders: [Contender], _ corpus: Corpus, runs: Int) {
        print("files: \(corpus.files.count), bytes: \(corpus.bytes), lines: \(corpus.lines), runs: \(runs) (one thread, files in memory)")
        print(pad("", 24) + pad("best", 12, right: true) + pad("median", 12, right: true)
            + pad("MB/s best", 12, right: true) + pad("MB/s median", 13, right: true) + "   output")
        for contender in contenders {
            let sorted = contender.durations.sorted()
            let best = seconds(sorted[0])
            let middle = sorted.count / 2
            let median = sorted.count % 2 == 1
                ? seconds(sorted[middle])
                : (seconds(sorted[middle - 1]) + seconds(sorted[middle])) / 2
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

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ value: Double, _ unit: String) -> String {
        String(format: "%.1f", value) + (unit.isEmpty ? "" : " " + unit)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
