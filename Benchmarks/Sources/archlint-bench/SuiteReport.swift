import Foundation

// MARK: - The suite's output

/// The suite's results as text: a header (machine, date, commands, workloads) and the
/// tables of timings, ratios, targets and linearity, aligned plain text or Markdown.
struct SuiteReport: TabularReport {
    let options: Suite.Options
    let workloads: [Suite.Workload]
    let archlintVersion: String

    /// The performance targets.
    static let corpusLintSeconds = 2.0
    static let readRatio = 25.0
    static let parseSpeedUp = 10.0
    static let appLintSeconds = 0.3
    static let peakMegabytes = 300.0

    // MARK: Header

    func header() -> [String] {
        let info = ProcessInfo.processInfo
        let date = ISO8601DateFormatter().string(from: Date())
        var lines = [
            "archlint performance suite, \(date)",
            "machine: \(info.activeProcessorCount) cores (\(info.processorCount) configured), \(Machine.cpuModel()), "
                + "\(String(format: "%.1f", Double(info.physicalMemory) / 1e9)) GB RAM",
            "system: \(Machine.operatingSystem())",
            "archlint: \(options.archlintOriginal) (\(archlintVersion)), run as the copy \(options.archlint)",
            "runs: \(options.runs) per row; median and min; times in ms; MB = 10^6 bytes; in-process rows on one thread "
                + "with the files in memory; peak = max RSS of the lint process (wait4 in a launcher)",
        ]
        for workload in workloads {
            var line = "\(workload.name): \(workload.root): \(grouped(workload.files)) files, \(megabytes(workload.bytes)) MB, "
                + "\(grouped(workload.lines)) lines"
            if let app = workload.app {
                line += " (\(app.features) features, \(app.lines / max(1, app.files)) lines per file, "
                    + "\(app.plantedTotal) planted violations)"
            }
            lines.append(line)
        }
        if let launcher = workloads.lazy.flatMap({ $0.lintRuns.values.joined() }).map(\.launcherPeakKilobytes).max() {
            lines.append("launcher peak (floor of the peak column): \(megabytes(launcher * 1024)) MB")
        }
        return lines
    }

    func commands() -> [String] {
        var lines = [options.commandLine.map(shellQuoted).joined(separator: " ")]
        for workload in workloads {
            for jobs in workload.jobCounts {
                lines.append(([options.archlint] + workload.lintArguments(jobs: jobs)).map(shellQuoted).joined(separator: " "))
            }
        }
        return lines
    }

    // MARK: Tables

    func tables() -> [(String, TextTable)] {
        var tables = [("timings", timings()), ("ratios", ratios()), ("targets", targets()),
                      ("linearity (app lint, 2 jobs)", linearity())]
        if let app = workloads.first(where: { $0.app != nil && $0.copies == 1 }) {
            tables.append(("findings of the app (1x) by rule", findingsTable(app)))
        }
        if !workloads.allSatisfy({ $0.failures.isEmpty }) {
            var failures = TextTable(columns: [("failed lint run", .left)])
            failures.rows = workloads.flatMap(\.failures).map { [$0] }
            tables.append(("FAILURES", failures))
        }
        return tables
    }

    /// Rows 1 to 5 of every in-process workload.
    private func timings() -> TextTable {
        var table = TextTable(columns: [("workload", .left), ("row", .left), ("median ms", .right), ("min ms", .right),
                                        ("MB/s", .right), ("peak MB", .right), ("notes", .left)])
        for workload in workloads where workload.inProcess {
            let read = Statistics(workload.readDurations)
            table.rows.append([workload.name, "read only", milliseconds(read.median), milliseconds(read.minimum),
                               throughput(workload.bytes, read.median), "", "\(grouped(workload.files)) files"])
            for contender in workload.contenders {
                let stats = Statistics(contender.durations)
                table.rows.append([workload.name, contender.name, milliseconds(stats.median), milliseconds(stats.minimum),
                                   throughput(workload.bytes, stats.median), "", "\(grouped(contender.lastCount)) \(contender.unit)"])
            }
            if options.skipParse {
                table.rows.append([workload.name, "swift-syntax Parser.parse", "–", "–", "–", "", "skipped (--skip-parse)"])
            }
            for jobs in workload.jobCounts {
                table.rows.append(lintRow(workload, jobs: jobs))
            }
        }
        return table
    }

    private func lintRow(_ workload: Suite.Workload, jobs: Int) -> [String] {
        let runs = workload.lintRuns[jobs] ?? []
        let stats = Statistics(runs.map(\.elapsed))
        var notes = exitSummary(runs)
        if jobs == workload.jobCounts.last {
            notes += "; \(grouped(workload.findings.values.reduce(0, +))) findings"
        }
        return [workload.name, "archlint lint --jobs \(jobs)", milliseconds(stats.median), milliseconds(stats.minimum),
                throughput(workload.bytes, stats.median), peak(runs), notes]
    }

    /// Row 6: how lint compares with reading and with parsing, per in-process workload.
    private func ratios() -> TextTable {
        let measured = workloads.filter(\.inProcess)
        var table = TextTable(columns: [("ratio (medians)", .left)] + measured.map { ($0.name, .right) })
        table.rows.append(["lint, 2 jobs / read only"] + measured.map { ratio(lint($0, jobs: 2), read($0)) })
        table.rows.append(["lint, 2 jobs / lexer + outline"] + measured.map { ratio(lint($0, jobs: 2), contender($0, "archlint lexer + outline")) })
        table.rows.append(["Parser.parse / lint, 1 job"] + measured.map { ratio(contender($0, "swift-syntax Parser.parse"), lint($0, jobs: 1)) })
        table.rows.append(["lint, 1 job / lint, 2 jobs"] + measured.map { ratio(lint($0, jobs: 1), lint($0, jobs: 2)) })
        return table
    }

    /// Row 6: the targets, each with ✓ or ✗ and the measured value.
    private func targets() -> TextTable {
        var table = TextTable(columns: [("", .left), ("target", .left), ("measured", .right)])
        let corpus = workloads.first { $0.app == nil }
        let app = workloads.first { $0.app != nil && $0.copies == 1 }
        /// A row for `target`; a target whose lint runs failed is not met, whatever it measured.
        func check(_ target: String, _ value: Double?, _ format: (Double) -> String, passes: (Double) -> Bool,
                   missing: String, of workload: Suite.Workload? = nil) {
            guard let value else {
                table.rows.append(["–", target, missing])
                return
            }
            if let workload, !workload.failures.isEmpty {
                table.rows.append(["✗", target, format(value) + " (failed runs)"])
                return
            }
            table.rows.append([passes(value) ? "✓" : "✗", target, format(value)])
        }
        let noCorpus = "no corpus (--corpus)"
        check("corpus lint, 2 jobs < \(Self.corpusLintSeconds) s", corpus.flatMap { lint($0, jobs: 2) },
              { String(format: "%.2f s", $0) }, passes: { $0 < Self.corpusLintSeconds }, missing: noCorpus, of: corpus)
        check("corpus lint, 2 jobs < \(Int(Self.readRatio))× read only",
              corpus.flatMap { c in lint(c, jobs: 2).flatMap { l in read(c).map { l / $0 } } },
              { String(format: "%.1f×", $0) }, passes: { $0 < Self.readRatio }, missing: noCorpus, of: corpus)
        check("corpus lint, 1 job ≥ \(Int(Self.parseSpeedUp))× faster than Parser.parse",
              corpus.flatMap { c in contender(c, "swift-syntax Parser.parse").flatMap { p in lint(c, jobs: 1).map { p / $0 } } },
              { String(format: "%.2f×", $0) }, passes: { $0 >= Self.parseSpeedUp },
              missing: corpus == nil ? noCorpus : "Parser.parse skipped (--skip-parse)", of: corpus)
        check("app lint (\(grouped(app?.files ?? options.appFiles)) files), 2 jobs < \(Self.appLintSeconds) s",
              app.flatMap { lint($0, jobs: 2) }, { String(format: "%.3f s", $0) },
              passes: { $0 < Self.appLintSeconds }, missing: "no app", of: app)
        for workload in [corpus, app].compactMap({ $0 }) {
            let runs = workload.lintRuns.values.joined()
            check("\(workload.name) lint peak memory < \(Int(Self.peakMegabytes)) MB (max of all runs)",
                  runs.map(\.peakKilobytes).max().map { Double($0) * 1024 / 1e6 },
                  { String(format: "%.1f MB", $0) }, passes: { $0 < Self.peakMegabytes }, missing: "no lint run",
                  of: workload)
        }
        return table
    }

    /// Row 7: the app's lint time at 1×, 2× and 4× its size.
    private func linearity() -> TextTable {
        var table = TextTable(columns: [("app", .left), ("files", .right), ("MB", .right), ("lines", .right),
                                        ("median ms", .right), ("min ms", .right), ("µs/file", .right),
                                        ("ms/MB", .right), ("× 1x time", .right), ("peak MB", .right)])
        let apps = workloads.filter { $0.app != nil }.sorted { $0.copies < $1.copies }
        let base = apps.first.flatMap { lint($0, jobs: 2) }
        for workload in apps {
            let runs = workload.lintRuns[2] ?? []
            let stats = Statistics(runs.map(\.elapsed))
            table.rows.append([
                "\(workload.copies)x", grouped(workload.files), megabytes(workload.bytes), grouped(workload.lines),
                milliseconds(stats.median), milliseconds(stats.minimum),
                stats.median.map { String(format: "%.1f", $0 * 1e6 / Double(workload.files)) } ?? "–",
                stats.median.map { String(format: "%.1f", $0 * 1e3 / (Double(workload.bytes) / 1e6)) } ?? "–",
                ratio(stats.median, base), peak(runs),
            ])
        }
        return table
    }

    /// The rules' findings in the app against the violations planted in it.
    private func findingsTable(_ app: Suite.Workload) -> TextTable {
        var table = TextTable(columns: [("rule", .left), ("planted", .right), ("reported", .right)])
        let rules = Set(app.findings.keys).union((app.app?.planted ?? [:]).keys).sorted()
        for rule in rules {
            table.rows.append([rule, String(app.app?.planted[rule] ?? 0), String(app.findings[rule] ?? 0)])
        }
        table.rows.append(["total", String(app.app?.plantedTotal ?? 0), String(app.findings.values.reduce(0, +))])
        return table
    }

    // MARK: Values

    private func read(_ workload: Suite.Workload) -> Double? { Statistics(workload.readDurations).median }

    private func lint(_ workload: Suite.Workload, jobs: Int) -> Double? {
        Statistics((workload.lintRuns[jobs] ?? []).map(\.elapsed)).median
    }

    private func contender(_ workload: Suite.Workload, _ name: String) -> Double? {
        workload.contenders.first { $0.name == name }.flatMap { Statistics($0.durations).median }
    }

    private func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "–" }
        return String(format: "%.2f×", numerator / denominator)
    }

    private func milliseconds(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.1f", $0 * 1000) } ?? "–"
    }

    private func throughput(_ bytes: Int, _ seconds: Double?) -> String {
        guard let seconds, seconds > 0 else { return "–" }
        return String(format: "%.1f", Double(bytes) / 1e6 / seconds)
    }

    private func peak(_ runs: [ChildProcess.Result]) -> String {
        runs.map(\.peakKilobytes).max().map { megabytes($0 * 1024) } ?? "–"
    }

    /// `exit 0` when every run ended alike, else each status with its count.
    private func exitSummary(_ runs: [ChildProcess.Result]) -> String {
        var counts: [String: Int] = [:]
        for run in runs { counts[run.termination.description, default: 0] += 1 }
        let failed = runs.filter { !Suite.isSuccess($0.termination) }.count
        let summary = counts.keys.sorted().map { counts.count == 1 ? $0 : "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
        return failed == 0 ? summary : "FAILED \(failed)/\(runs.count): " + summary
    }
}

// MARK: - Machine

/// What a report says about the machine and its commands.
enum Machine {
    /// The CPU's model name from `/proc/cpuinfo`.
    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return "unknown CPU" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// The distribution's name and the kernel.
    static func operatingSystem() -> String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let kernel = "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) else { return kernel }
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) + ", " + kernel
    }
}

/// `word` as a shell would need it: unchanged if it is safe, else in single quotes.
func shellQuoted(_ word: String) -> String {
    let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,@%")
    guard !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) else {
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return word
}

// MARK: - Statistics

/// The median and minimum of a row's runs, in seconds; `nil` without runs.
/// A report of header lines, the commands it ran and titled tables, printed as aligned
/// text or as Markdown.
protocol TabularReport {
    func header() -> [String]
    func commands() -> [String]
    func tables() -> [(String, TextTable)]
}

extension TabularReport {
    func plain() -> String {
        var sections = [header().joined(separator: "\n"), "commands:\n" + commands().map { "  " + $0 }.joined(separator: "\n")]
        sections += tables().map { title, table in title + "\n" + table.plain() }
        return sections.joined(separator: "\n\n")
    }

    func markdown() -> String {
        var sections = [header().map { "- " + $0 }.joined(separator: "\n"),
                        "Commands:\n\n```sh\n" + commands().joined(separator: "\n") + "\n```"]
        sections += tables().map { title, table in "**\(title)**\n\n" + table.markdown() }
        return sections.joined(separator: "\n\n")
    }
}

struct Statistics {
    let median: Double?
    let minimum: Double?

    init(_ durations: [Duration]) {
        let sorted = durations.map(Self.seconds).sorted()
        minimum = sorted.first
        if sorted.isEmpty {
            median = nil
        } else {
            let middle = sorted.count / 2
            median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

// MARK: - Tables

/// A table printed as aligned plain text or as Markdown.
struct TextTable {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []

    /// Columns padded to their widest cell and separated by two spaces.
    func plain() -> String {
        let widths = columns.indices.map { column in
            ([columns[column].title] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return columns[column].alignment == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(columns.map(\.title)), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// A GitHub Markdown table; right-aligned columns are marked `---:`.
    func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let separator = "|" + columns.map { $0.alignment == .right ? "---:|" : "---|" }.joined()
        return ([line(columns.map(\.title)), separator] + rows.map(line)).joined(separator: "\n")
    }
}
