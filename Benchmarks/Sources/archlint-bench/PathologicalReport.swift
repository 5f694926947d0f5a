import Foundation

// MARK: - pathological's output

/// The results of `pathological` as text: a header (machine, binary, commands), one row per
/// kind with its times at the three sizes, how they scale and whether the positions were
/// right, then one row per project; aligned plain text or Markdown.
struct PathologicalReport: TabularReport {
    let options: Pathological.Options
    let scratch: String
    let cases: [Pathological.Case]
    let archlintVersion: String

    /// The names of the kinds whose time grows faster than their size.
    var superlinearKinds: [String] {
        groups.filter { ratio(of: $0).map { $0 > Pathological.superlinearRatio } ?? false }.map { $0[0].kind.name }
    }

    // MARK: Header

    func header() -> [String] {
        let info = ProcessInfo.processInfo
        let startupText = startup.map { item in
            "\(item.kind.name): median \(milliseconds(item.median)) ms, peak \(peak(item.runs)) MB"
        } ?? "start-up: not measured"
        return [
            "archlint pathological inputs, \(ISO8601DateFormatter().string(from: Date()))",
            "machine: \(info.activeProcessorCount) cores (\(info.processorCount) configured), \(Machine.cpuModel()), "
                + "\(String(format: "%.1f", Double(info.physicalMemory) / 1e9)) GB RAM",
            "system: \(Machine.operatingSystem())",
            "archlint: \(options.archlintOriginal) (\(archlintVersion)), run as the copy \(options.archlint)",
            "runs: \(options.runs) per size, median; times in ms; MB = 10^6 bytes; each kind at ¼, ½ and all of its full size; "
                + "net = median − start-up median; peak = max RSS of the lint process",
            startupText,
            "scaling: full/¼ is about 4 for a time proportional to size; judged on the net times when the ¼ net time is at "
                + "least \(milliseconds(Pathological.minimumNetSeconds)) ms, else on the medians (start-up bound); "
                + "above \(String(format: "%.0f", Pathological.superlinearRatio)) is flagged",
            "position: the JSON report holds exactly one finding of the planted rule, at the expected path, line and "
                + "column (UTF-8 bytes), and no finding outside its file",
        ]
    }

    func commands() -> [String] {
        let example = cases.last.map { item in
            ([options.archlint] + item.lintArguments()).map(shellQuoted).joined(separator: " ")
        }
        return [options.commandLine.map(shellQuoted).joined(separator: " "),
                "# every project under \(scratch), one at a time, e.g. the last one:"] + (example.map { [$0] } ?? [])
    }

    // MARK: Tables

    func tables() -> [(String, TextTable)] {
        var tables = [("scaling by kind (archlint lint --jobs 1)", kindsTable()), ("every project", projectsTable())]
        let failures = cases.flatMap(\.failures)
        if !failures.isEmpty {
            var table = TextTable(columns: [("failed lint run", .left)])
            table.rows = failures.map { [$0] }
            tables.append(("FAILURES", table))
        }
        return tables
    }

    /// One row per kind: the three medians, the cost per MB and per unit at full size, the
    /// scaling, the position check and the verdict.
    private func kindsTable() -> TextTable {
        var table = TextTable(columns: [("kind", .left), ("full size", .right), ("bytes", .right), ("¼ ms", .right),
                                        ("½ ms", .right), ("full ms", .right), ("net ms/MB", .right), ("net per unit", .right),
                                        ("full/¼", .right), ("net full/¼", .right), ("peak MB", .right),
                                        ("position (full size)", .left), ("verdict", .left)])
        for group in groups {
            let full = group[group.count - 1]
            let net = netSeconds(full)
            table.rows.append([
                full.kind.name, full.kind.describe(size: full.size), grouped(full.bytes),
                milliseconds(group[0].median), milliseconds(group.count > 2 ? group[1].median : nil), milliseconds(full.median),
                net.map { String(format: "%.1f", $0 * 1e3 / (Double(full.bytes) / 1e6)) } ?? "–",
                full.kind.countsBytes ? "–" : net.map { String(format: "%.2f", $0 * 1e6 / Double(full.size)) + " µs/" + full.kind.unit } ?? "–",
                format(ratio(full.median, group[0].median)), format(netRatio(group)),
                peak(group.flatMap(\.runs)), position(group), verdict(group),
            ])
        }
        return table
    }

    /// One row per project, the start-up first.
    private func projectsTable() -> TextTable {
        var table = TextTable(columns: [("kind", .left), ("share", .left), ("size", .right), ("files", .right), ("bytes", .right),
                                        ("lines", .right), ("median ms", .right), ("min ms", .right), ("net ms", .right),
                                        ("peak MB", .right), ("exit", .left), ("findings", .right), ("position", .left)])
        for item in cases {
            let stats = Statistics(item.runs.map(\.elapsed))
            table.rows.append([
                item.kind.name, item.sizeLabel, item.kind.describe(size: item.size), grouped(item.files), grouped(item.bytes),
                grouped(item.lines), milliseconds(stats.median), milliseconds(stats.minimum), milliseconds(netSeconds(item)),
                peak(item.runs), exits(item.runs), grouped(item.findings),
                item.positionProblem.map { "✗ " + $0 } ?? "✓ " + item.expected.description,
            ])
        }
        return table
    }

    // MARK: Judging

    /// The start-up project.
    private var startup: Pathological.Case? { cases.first { $0.kind.name == PathologicalKind.startup.name } }

    /// The kinds' projects, one group per kind in the order of `PathologicalKind.all`,
    /// smallest size first.
    private var groups: [[Pathological.Case]] {
        PathologicalKind.all.map { kind in cases.filter { $0.kind.name == kind.name } }.filter { !$0.isEmpty }
    }

    /// A project's median less the start-up's, at least 0.
    private func netSeconds(_ item: Pathological.Case) -> Double? {
        guard let median = item.median, let base = startup?.median else { return nil }
        return max(0, median - base)
    }

    /// Full over quarter net time, when the quarter's net time is far enough above the noise.
    private func netRatio(_ group: [Pathological.Case]) -> Double? {
        guard let quarter = netSeconds(group[0]), quarter >= Pathological.minimumNetSeconds else { return nil }
        return netSeconds(group[group.count - 1]).map { $0 / quarter }
    }

    /// The ratio a kind is judged by: the net one if there is one, else that of the medians.
    private func ratio(of group: [Pathological.Case]) -> Double? {
        netRatio(group) ?? ratio(group[group.count - 1].median, group[0].median)
    }

    private func position(_ group: [Pathological.Case]) -> String {
        if let wrong = group.first(where: { $0.positionProblem != nil }) {
            return "✗ \(wrong.sizeLabel): \(wrong.positionProblem!)"
        }
        return "✓ " + group[group.count - 1].expected.description
    }

    /// What is wrong with a kind (failed runs, wrong positions, superlinear time), or ✓.
    private func verdict(_ group: [Pathological.Case]) -> String {
        var problems: [String] = []
        if let failed = group.flatMap(\.runs).first(where: { !Suite.isSuccess($0.termination) }) {
            problems.append("✗ lint failed (\(failed.termination))")
        }
        if group.contains(where: { $0.positionProblem != nil }) {
            problems.append("✗ wrong position")
        }
        if let ratio = ratio(of: group), ratio > Pathological.superlinearRatio {
            problems.append("✗ superlinear?")
        }
        guard problems.isEmpty else { return problems.joined(separator: "; ") }
        return netRatio(group) == nil ? "✓ start-up bound" : "✓ linear"
    }

    // MARK: Values

    private func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator > 0 else { return nil }
        return numerator / denominator
    }

    private func format(_ ratio: Double?) -> String {
        ratio.map { String(format: "%.2f×", $0) } ?? "–"
    }

    private func milliseconds(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.1f", $0 * 1000) } ?? "–"
    }

    private func peak(_ runs: [ChildProcess.Result]) -> String {
        runs.map(\.peakKilobytes).max().map { megabytes($0 * 1024) } ?? "–"
    }

    /// `exit 1` when every run ended alike, else each status with its count.
    private func exits(_ runs: [ChildProcess.Result]) -> String {
        var counts: [String: Int] = [:]
        for run in runs { counts[run.termination.description, default: 0] += 1 }
        return counts.keys.sorted().map { counts.count == 1 ? $0 : "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
    }
}
