import Foundation

// MARK: - pathological: time proportional to size

/// `archlint-bench pathological`: shows that every pathological input (`PathologicalKind.all`)
/// is linted in time proportional to its size, with correct positions.
///
/// Each kind is written at a quarter, a half and all of its full size, each into its own
/// project folder with an `.archlint.json` of the `arcana` profile, and linted by the real
/// binary as a child process (`archlint lint DIR --jobs 1 --quiet --format json --output
/// FILE`, timed by `ChildProcess`). Within each run every project takes its turn, so a slow
/// phase of the machine hits all of them. A project of one small file measures what every
/// run costs whatever its input (the start-up), which the net times leave out.
///
/// After the runs, the JSON report of each project must hold exactly one finding of the
/// rule its input plants, at the expected path, line and column, and every finding must lie
/// inside its file. A kind whose full size takes more than `superlinearRatio` times its
/// quarter size is flagged as superlinear.
enum Pathological {
    struct Options {
        var runs = 3
        var archlint = "/tmp/build-rel/release/archlint"
        /// Where `archlint` was copied from, once the command runs a copy of it.
        var archlintOriginal = ""
        var markdown = false
        /// Keeps the temporary folder with the inputs, reports and logs.
        var keep = false
        /// This program's command line, printed with the results.
        var commandLine: [String] = []

        init(_ parsed: Arguments, commandLine: [String]) {
            runs = parsed.values["--runs"] ?? runs
            archlint = parsed.texts["--archlint"] ?? archlint
            markdown = parsed.flags.contains("--markdown")
            keep = parsed.flags.contains("--keep")
            self.commandLine = commandLine
        }
    }

    /// The sizes of every kind: its full size divided by these.
    static let divisors = [4, 2, 1]
    /// Full size over quarter size: 4 for a linear time; above this, the kind is flagged.
    static let superlinearRatio = 6.0
    /// Net times of the quarter size below this many seconds are too close to the noise of
    /// the start-up for a net ratio; the ratio of the plain medians is judged instead.
    static let minimumNetSeconds = 0.005

    /// One project: a kind at one size, and what its runs measured.
    struct Case {
        let kind: PathologicalKind
        /// The kind's full size over this size: 4, 2 or 1.
        let divisor: Int
        let size: Int
        let root: String
        let scratch: String
        let slug: String
        let bytes: Int
        let files: Int
        /// Lines of every file, by the path the report gives.
        let lineCounts: [String: Int]
        let expected: ExpectedFinding
        var runs: [ChildProcess.Result] = []
        /// Failed lint runs (exit status 2 or more, or a signal), with their log's tail.
        var failures: [String] = []
        /// Findings in the last run's report.
        var findings = 0
        /// What is wrong with the last run's report; `nil` when the positions are right.
        var positionProblem: String?

        var lines: Int { lineCounts.values.reduce(0, +) }
        var sizeLabel: String { [4: "¼", 2: "½", 1: "full"][divisor] ?? "1/\(divisor)" }
        var outputPath: String { "\(scratch)/\(slug).json" }
        var logPath: String { "\(scratch)/\(slug).log" }
        var median: Double? { Statistics(runs.map(\.elapsed)).median }

        /// The lint command line, without the executable.
        func lintArguments() -> [String] {
            ["lint", root, "--jobs", "1", "--quiet", "--format", "json", "--output", outputPath]
        }
    }

    static func run(_ options: Options) throws -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: options.archlint) else {
            throw SourceCorpus.Failure(description: "no archlint executable at \(options.archlint): build it with "
                + "`swift build -c release --package-path .. --scratch-path /tmp/build-rel` or pass --archlint PATH")
        }
        let scratch = try Suite.makeScratchDirectory(prefix: "archlint-pathological")
        // One copy of the binary for every run, as in the suite: a rebuild cannot mix versions.
        var options = options
        options.archlintOriginal = options.archlint
        options.archlint = scratch + "/archlint"
        try FileManager.default.copyItem(atPath: options.archlintOriginal, toPath: options.archlint)
        var cases = try prepare(scratch: scratch)
        for run in 1...options.runs {
            for index in cases.indices {
                try measure(&cases[index], options, label: "pathological: run \(run)/\(options.runs)")
            }
        }
        for index in cases.indices {
            check(&cases[index])
        }
        let report = PathologicalReport(options: options, scratch: scratch, cases: cases,
                                        archlintVersion: Suite.version(of: options.archlint))
        print(options.markdown ? report.markdown() : report.plain())
        let failed = cases.contains { !$0.failures.isEmpty || $0.positionProblem != nil }
        if failed || options.keep {
            FileHandle.standardError.write("pathological: the inputs, reports and logs are kept in \(scratch)\n")
        } else {
            try? FileManager.default.removeItem(atPath: scratch)
        }
        return failed || !report.superlinearKinds.isEmpty ? 1 : 0
    }

    // MARK: Inputs

    /// Writes the start-up project and every kind at every size.
    private static func prepare(scratch: String) throws -> [Case] {
        var cases = [try makeCase(PathologicalKind.startup, divisor: 1, slug: "startup", scratch: scratch)]
        for (number, kind) in PathologicalKind.all.enumerated() {
            for divisor in divisors {
                let size = kind.fullSize / divisor
                FileHandle.standardError.write("pathological: writing \(kind.name), \(kind.describe(size: size))\n")
                cases.append(try makeCase(kind, divisor: divisor, slug: "\(number + 1)-\(slug(kind.name))-\(size)", scratch: scratch))
            }
        }
        return cases
    }

    private static func makeCase(_ kind: PathologicalKind, divisor: Int, slug: String, scratch: String) throws -> Case {
        let size = kind.fullSize / divisor
        var project = try ProjectWriter(root: "\(scratch)/\(slug)")
        let expected = try kind.write(size, &project)
        return Case(kind: kind, divisor: divisor, size: size, root: project.root, scratch: scratch, slug: slug, bytes: project.bytes,
                    files: project.files, lineCounts: project.lineCounts, expected: expected)
    }

    /// A folder name from a kind's name: its letters and digits, lowercased, joined by `-`.
    private static func slug(_ name: String) -> String {
        name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
    }

    // MARK: Measuring

    /// One lint run of `item`.
    private static func measure(_ item: inout Case, _ options: Options, label: String) throws {
        FileHandle.standardError.write("\(label): \(item.kind.name), \(item.kind.describe(size: item.size))\n")
        let result = try ChildProcess.measure(options.archlint, item.lintArguments(), log: item.logPath)
        item.runs.append(result)
        if !Suite.isSuccess(result.termination) {
            item.failures.append("\(item.kind.name), \(item.kind.describe(size: item.size)): \(result.termination); "
                + Suite.tail(of: item.logPath))
        }
    }

    // MARK: Checking positions

    /// A finding as the JSON report gives it.
    struct ReportedFinding {
        var rule: String
        var path: String
        var line: Int
        var column: Int
        var message: String

        var place: String { "\(path):\(line):\(column)" }
    }

    /// Compares the last run's report of `item` with the finding its input plants.
    private static func check(_ item: inout Case) {
        guard let findings = reportedFindings(item.outputPath) else {
            item.positionProblem = "no readable report"
            return
        }
        item.findings = findings.count
        item.positionProblem = problem(in: findings, expected: item.expected, lineCounts: item.lineCounts)
    }

    /// The findings of a JSON report (an array of objects), or `nil` if it cannot be read;
    /// suppressed ones are left out.
    static func reportedFindings(_ path: String) -> [ReportedFinding]? {
        guard let data = FileManager.default.contents(atPath: path),
              let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return nil }
        return entries.filter { $0["suppressed"] as? Bool != true }.map { entry in
            ReportedFinding(rule: entry["rule"] as? String ?? "?", path: entry["path"] as? String ?? "?",
                            line: entry["line"] as? Int ?? 0, column: entry["column"] as? Int ?? 0,
                            message: entry["message"] as? String ?? "")
        }
    }

    /// What is wrong with `findings`: not exactly one finding of the expected rule, one in
    /// the wrong place or without the expected message, or any finding outside its file.
    /// `nil` when all is right.
    static func problem(in findings: [ReportedFinding], expected: ExpectedFinding, lineCounts: [String: Int]) -> String? {
        let matching = findings.filter { $0.rule == expected.rule }
        guard matching.count == 1, let found = matching.first else {
            let places = matching.prefix(3).map(\.place).joined(separator: ", ")
            return "\(matching.count) \(expected.rule) findings, expected 1" + (places.isEmpty ? "" : " (\(places))")
        }
        guard found.path == expected.path, found.line == expected.line, found.column == expected.column else {
            return "\(expected.rule) at \(found.place), expected \(expected.path):\(expected.line):\(expected.column)"
        }
        if let fragment = expected.messageFragment, !found.message.contains(fragment) {
            return "\(expected.rule) message without '\(fragment)'"
        }
        let outside = findings.first { finding in
            guard let lines = lineCounts[finding.path] else { return true }
            return finding.line < 1 || finding.line > lines || finding.column < 1
        }
        if let outside {
            return "\(outside.rule) at \(outside.place) is outside the file"
        }
        return nil
    }
}
