import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - suite: the performance suite

/// `archlint-bench suite`: every performance figure of archlint in one run and one table.
///
/// Workloads: the corpus (every `*.swift` file under `--corpus`, nothing excluded) and an
/// app of `--app-files` files written by `AppGenerator` (also at 2× and 4× its size, for
/// the linearity rows). For each of the corpus and the 1× app, every run measures, one
/// after the other so that a slow phase of the machine hits them all:
///
/// 1. reading every file's bytes (open, read, close: the floor of any linter);
/// 2. archlint's lexer and 3. its lexer + outline builder, in this process on one thread
///    with the files already in memory (`Throughput`);
/// 4. swift-syntax's `Parser.parse` the same way (unless `--skip-parse`);
/// 5. `archlint lint` as a child process with `--jobs 1` and `--jobs 2`: wall time and
///    peak memory (`ChildProcess`).
///
/// The 2× and 4× apps are linted with 2 jobs in every run. Each row reports the median
/// and the minimum of its runs.
enum Suite {
    struct Options {
        var runs = 5
        var corpus: String?
        var appFiles = 2000
        var archlint = "/tmp/build-rel/release/archlint"
        /// Where `archlint` was copied from, once the suite runs a copy of it.
        var archlintOriginal = ""
        var skipParse = false
        var markdown = false
        /// This program's command line, printed with the results.
        var commandLine: [String] = []

        init(_ parsed: Arguments, commandLine: [String]) {
            runs = parsed.values["--runs"] ?? runs
            corpus = parsed.texts["--corpus"]
            appFiles = parsed.values["--app-files"] ?? appFiles
            archlint = parsed.texts["--archlint"] ?? archlint
            skipParse = parsed.flags.contains("--skip-parse")
            markdown = parsed.flags.contains("--markdown")
            self.commandLine = commandLine
        }
    }

    /// The job counts of the lint rows.
    static let jobCounts = [1, 2]
    /// The sizes of the generated app in the linearity rows (copies of the app).
    static let linearityCopies = [1, 2, 4]

    static func run(_ options: Options) throws -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: options.archlint) else {
            throw SourceCorpus.Failure(description: "no archlint executable at \(options.archlint): build it with "
                + "`swift build -c release --package-path .. --scratch-path /tmp/build-rel` or pass --archlint PATH")
        }
        let scratch = try makeScratchDirectory()
        // Every run uses one copy of the binary: a rebuild of the original while the suite
        // runs (builds of other work on the same machine) cannot mix two versions.
        var options = options
        options.archlintOriginal = options.archlint
        options.archlint = scratch + "/archlint"
        try FileManager.default.copyItem(atPath: options.archlintOriginal, toPath: options.archlint)
        var workloads = try prepare(options, scratch: scratch)
        for run in 1...options.runs {
            for index in workloads.indices {
                try measure(&workloads[index], options, label: "suite: run \(run)/\(options.runs): \(workloads[index].name)")
            }
        }
        for index in workloads.indices {
            workloads[index].findings = findings(inSARIF: workloads[index].sarifPath(jobs: workloads[index].jobCounts.last!))
        }
        let report = SuiteReport(options: options, workloads: workloads, archlintVersion: version(of: options.archlint))
        print(options.markdown ? report.markdown() : report.plain())
        let failed = workloads.contains { !$0.failures.isEmpty }
        if failed {
            FileHandle.standardError.write("suite: some lint runs failed; their logs are kept in \(scratch)\n")
        } else {
            try? FileManager.default.removeItem(atPath: scratch)
        }
        return failed ? 1 : 0
    }

    // MARK: Workloads

    /// A set of Swift files, how archlint is pointed at it, and what was measured on it.
    struct Workload {
        var name: String
        var root: String
        var config: String
        var scratch: String
        var files: Int
        var bytes: Int
        var lines: Int
        /// The generated app's summary; `nil` for the corpus.
        var app: AppGenerator.Summary?
        var copies = 1
        /// The paths and the files in memory, for the in-process rows; `nil` when the
        /// workload is only linted (the 2× and 4× apps).
        var paths: [String]?
        var corpus: Throughput.Corpus?
        var jobCounts: [Int]

        var readDurations: [Duration] = []
        var contenders: [Throughput.Contender] = []
        var lintRuns: [Int: [ChildProcess.Result]] = [:]
        /// Findings by rule id in the SARIF of the last run with the most jobs.
        var findings: [String: Int] = [:]
        /// Failed lint runs (exit status 2 or more, or a signal), with their log's tail.
        var failures: [String] = []

        var inProcess: Bool { corpus != nil }

        func sarifPath(jobs: Int) -> String { "\(scratch)/\(slug)-j\(jobs).sarif" }
        func logPath(jobs: Int) -> String { "\(scratch)/\(slug)-j\(jobs).log" }

        /// The lint command line for `jobs` jobs, without the executable.
        func lintArguments(jobs: Int) -> [String] {
            ["lint", root, "--config", config, "--jobs", String(jobs), "--quiet", "--format", "sarif",
             "--output", sarifPath(jobs: jobs)]
        }

        private var slug: String { name.replacingOccurrences(of: " ", with: "-") }
    }

    private static func prepare(_ options: Options, scratch: String) throws -> [Workload] {
        var workloads: [Workload] = []
        if let corpus = options.corpus {
            workloads.append(try corpusWorkload(corpus, options, scratch: scratch))
        }
        for copies in linearityCopies {
            workloads.append(try appWorkload(copies: copies, options, scratch: scratch))
        }
        return workloads
    }

    /// The corpus, linted with a configuration that excludes nothing.
    private static func corpusWorkload(_ root: String, _ options: Options, scratch: String) throws -> Workload {
        let paths = try SourceCorpus.swiftFiles(under: [root])
        guard !paths.isEmpty else { throw SourceCorpus.Failure(description: "no Swift files under \(root)") }
        FileHandle.standardError.write("suite: reading the corpus (\(paths.count) files)\n")
        let corpus = try Throughput.load(paths)
        let configFolder = scratch + "/corpus-config"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        let config = configFolder + "/.archlint.json"
        try "{\"exclude\": []}\n".write(toFile: config, atomically: true, encoding: .utf8)
        return Workload(name: "corpus", root: root, config: config, scratch: scratch, files: paths.count,
                        bytes: corpus.bytes, lines: corpus.lines, paths: paths, corpus: corpus,
                        jobCounts: jobCounts, contenders: contenders(options))
    }

    /// The generated app at `copies` times its size; only the 1× app gets the in-process rows.
    private static func appWorkload(copies: Int, _ options: Options, scratch: String) throws -> Workload {
        let root = "\(scratch)/app-\(copies)x"
        FileHandle.standardError.write("suite: generating the app ×\(copies) in \(root)\n")
        let summary = try AppGenerator.generate(into: root, files: options.appFiles, copies: copies)
        var workload = Workload(name: "app \(copies)x", root: root, config: root + "/.archlint.json", scratch: scratch,
                                files: summary.files, bytes: summary.bytes, lines: summary.lines, app: summary,
                                copies: copies, jobCounts: copies == 1 ? jobCounts : [jobCounts.last!])
        if copies == 1 {
            let paths = try SourceCorpus.swiftFiles(under: [root])
            workload.paths = paths
            workload.corpus = try Throughput.load(paths)
            workload.contenders = contenders(options)
        }
        return workload
    }

    /// Rows 2 to 4: archlint's lexer, its lexer + outline, and swift-syntax's parser.
    private static func contenders(_ options: Options) -> [Throughput.Contender] {
        var contenders = [
            Throughput.Contender(name: "archlint lexer", work: ArchlintTokens.tokenCount, unit: "tokens"),
            Throughput.Contender(name: "archlint lexer + outline", work: ArchlintOutline.declarationCount, unit: "declarations"),
        ]
        if !options.skipParse {
            contenders.append(Throughput.Contender(name: "swift-syntax Parser.parse", work: SwiftSyntaxTokens.parsedLength,
                                                   unit: "bytes parsed"))
        }
        return contenders
    }

    // MARK: Measuring

    /// One run of every row of `workload`.
    private static func measure(_ workload: inout Workload, _ options: Options, label: String) throws {
        if let paths = workload.paths, let corpus = workload.corpus {
            FileHandle.standardError.write("\(label): read only\n")
            workload.readDurations.append(try readAll(paths, expectedBytes: corpus.bytes))
            Throughput.measureOnce(&workload.contenders, corpus, label: label)
        }
        for jobs in workload.jobCounts {
            FileHandle.standardError.write("\(label): archlint lint --jobs \(jobs)\n")
            let log = workload.logPath(jobs: jobs)
            let result = try ChildProcess.measure(options.archlint, workload.lintArguments(jobs: jobs), log: log)
            workload.lintRuns[jobs, default: []].append(result)
            if !isSuccess(result.termination) {
                workload.failures.append("\(workload.name), --jobs \(jobs): \(result.termination); \(tail(of: log))")
            }
        }
    }

    /// Exit status 0 (no findings at error severity) and 1 (findings) are both a completed run.
    static func isSuccess(_ termination: ChildProcess.Termination) -> Bool {
        termination == .exited(0) || termination == .exited(1)
    }

    /// Reads every file into memory, one after the other, and returns the time it took.
    private static func readAll(_ paths: [String], expectedBytes: Int) throws -> Duration {
        var total = 0
        let elapsed = try ContinuousClock().measure {
            for path in paths {
                total &+= try FileBytes.read(path).count
            }
        }
        guard total == expectedBytes else {
            throw SourceCorpus.Failure(description: "read \(total) bytes, expected \(expectedBytes): did the files change?")
        }
        return elapsed
    }

    // MARK: Helpers

    /// A new, empty temporary directory named after `prefix`.
    static func makeScratchDirectory(prefix: String = "archlint-suite") throws -> String {
        var template = Array((NSTemporaryDirectory() + "/\(prefix).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw SourceCorpus.Failure(description: "cannot create a temporary directory")
        }
        return URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
    }

    /// Findings by rule id in a SARIF log (empty if it cannot be read).
    static func findings(inSARIF path: String) -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: path),
              let log = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let runs = log["runs"] as? [[String: Any]] else { return [:] }
        var counts: [String: Int] = [:]
        for run in runs {
            for result in run["results"] as? [[String: Any]] ?? [] {
                counts[result["ruleId"] as? String ?? "?", default: 0] += 1
            }
        }
        return counts
    }

    /// The last lines of a log, on one line, for a failure report.
    static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").suffix(3)
        return lines.isEmpty ? "no output" : "last output: " + lines.joined(separator: " / ")
    }

    /// `archlint --version`, or `?`.
    static func version(of executable: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "?" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One line about a generated app, for `generate-app` and the suite's header.
    static func describe(_ summary: AppGenerator.Summary) -> String {
        "\(grouped(summary.files)) files (\(summary.features) features), \(megabytes(summary.bytes)) MB, "
            + "\(grouped(summary.lines)) lines (\(summary.lines / max(1, summary.files)) per file), "
            + "\(summary.plantedTotal) planted violations"
    }
}

// MARK: - Reading files

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Reading a whole file with `open`, `fstat` and `read`: the least any tool must do.
enum FileBytes {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceCorpus.Failure(description: "cannot open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SourceCorpus.Failure(description: "cannot stat \(path)") }
        let size = Int(status.st_size)
        guard size > 0 else { return [] }
        return try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = systemRead(descriptor, buffer.baseAddress! + count, size - count)
                if got > 0 {
                    count += got
                } else if got == 0 || errno != EINTR {
                    throw SourceCorpus.Failure(description: "cannot read \(path)")
                }
            }
        }
    }
}

extension FileBytes {
    /// Creates or replaces the file at `path` with `bytes`, without syncing it to the disk.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SourceCorpus.Failure(description: "cannot create \(path)") }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count > 0 {
                    written += count
                } else if count == 0 || errno != EINTR {
                    throw SourceCorpus.Failure(description: "cannot write \(path)")
                }
            }
        }
    }
}

// MARK: - Numbers

/// `1234567` as `1,234,567`.
func grouped(_ number: Int) -> String {
    let digits = String(abs(number))
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
}

/// Bytes in MB (10^6 bytes), one decimal.
func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_000_000)
}
