import Foundation
import SwiftLexer

/// Runs a rule's examples (its description's triggering and non-triggering examples) and
/// reports every mismatch: findings that were expected and missing, and findings that
/// appeared unexpectedly. Expected findings are marked in the example source with `↓`
/// right before the reported position, or with a `// expect: RULE-ID` comment on the
/// reported line (several ids may follow, one per expected finding).
///
/// Each triggering single-file example is also re-run (SwiftLint's habit):
/// inside a block comment and inside a string literal (no finding may remain), after a
/// multi-byte character (the same findings, shifted), and after a disable command (no
/// unsuppressed finding).
public enum ExampleRunner {
    static let marker = Array("↓".utf8)

    /// All mismatches of all examples of `rule`; empty when every example behaves.
    public static func failures(of rule: any Rule.Type) -> [String] {
        let description = rule.description
        var failures: [String] = []
        for (number, example) in description.triggeringExamples.enumerated() {
            let label = "\(description.id) triggering example \(number + 1)"
            failures += check(rule, example, label: label)
            let expected = example.files.reduce(0) { $0 + strip(Array($1.source.utf8)).markers.count + expectations(in: $1.source, rule: description.id).count }
            if expected == 0 { failures.append("\(label): marks no expected finding (use ↓ or // expect:)") }
            guard example.rerunsInContexts, example.files.count == 1 else { continue }
            let source = example.files[0].source
            let plain = String(decoding: strip(Array(source.utf8)).bytes, as: UTF8.self)
            if !plain.contains("/*") && !plain.contains("*/") {
                failures += check(rule, example.replacingSource("/*\n" + plain + "\n*/\n"), label: label + " (inside a block comment)", expectNone: true)
            }
            if !plain.contains("\"\"\"#") {
                failures += check(rule, example.replacingSource("let quoted = #\"\"\"\n" + plain + "\n\"\"\"#\n"), label: label + " (inside a string)", expectNone: true)
            }
            failures += check(rule, example.replacingSource("/* 🐶 é */ " + source), label: label + " (after multi-byte characters)")
            failures += check(rule, example.replacingSource("// archlint:disable \(description.id)\n" + plain), label: label + " (after a disable command)", expectNone: true)
        }
        for (number, example) in description.nonTriggeringExamples.enumerated() {
            failures += check(rule, example, label: "\(description.id) non-triggering example \(number + 1)", expectNone: true)
        }
        return failures
    }

    /// Runs one example and compares findings with its expectations.
    public static func check(_ rule: any Rule.Type, _ example: RuleExample, label: String, expectNone: Bool = false) -> [String] {
        let description = rule.description
        var configuration = Profiles.configuration(example.profile) ?? Profiles.configuration(Profiles.defaultName)!
        var severity = configuration.severity(of: description)
        if severity == .off { severity = .warning }  // the rule under test always runs
        configuration.rules[description.id] = RuleSettings(severity: severity, options: example.options)

        var sources: [(path: String, bytes: [UInt8])] = []
        var expected: [(path: String, line: Int, column: Int?)] = []
        for file in example.files {
            let (bytes, markers) = strip(Array(file.source.utf8))
            sources.append((file.path, bytes))
            let source = SourceFile(path: file.path, bytes: bytes)
            for offset in markers {
                let location = source.location(of: offset)
                expected.append((file.path, location.line, location.column))
            }
            for line in expectations(in: String(decoding: bytes, as: UTF8.self), rule: description.id) {
                expected.append((file.path, line, nil))
            }
        }
        if expectNone { expected = [] }

        let index = ProjectIndex.build(sources: sources, configuration: configuration)
        let findings = Linter.run(index: index, configuration: configuration, rules: [rule], only: [description.id])
            .filter { !$0.isSuppressed && $0.ruleID == description.id }

        var failures: [String] = []
        var unmatched = findings
        for item in expected {
            if let hit = unmatched.firstIndex(where: { $0.path == item.path && $0.position.line == item.line && (item.column == nil || $0.position.column == item.column) }) {
                unmatched.remove(at: hit)
            } else {
                failures.append("\(label): missing finding at \(item.path):\(item.line)\(item.column.map { ":\($0)" } ?? "")")
            }
        }
        for finding in unmatched {
            failures.append("\(label): unexpected finding at \(finding.path):\(finding.position.line):\(finding.position.column): \(finding.message)")
        }
        return failures
    }

    /// Removes `↓` markers, returning the clean bytes and the offsets the markers stood at.
    static func strip(_ bytes: [UInt8]) -> (bytes: [UInt8], markers: [Int]) {
        var clean: [UInt8] = []
        clean.reserveCapacity(bytes.count)
        var markers: [Int] = []
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == marker[0], bytes[index + 1] == marker[1], bytes[index + 2] == marker[2] {
                markers.append(clean.count)
                index += 3
                continue
            }
            clean.append(bytes[index])
            index += 1
        }
        return (clean, markers)
    }

    /// Lines (1-based) with a `// expect: …` comment naming `rule`, once per naming.
    static func expectations(in source: String, rule: String) -> [Int] {
        var lines: [Int] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "// expect:") else { continue }
            let ids = line[range.upperBound...].split(separator: " ").map(String.init)
            for id in ids where id == rule { lines.append(number + 1) }
        }
        return lines
    }
}

extension RuleExample {
    func replacingSource(_ source: String) -> RuleExample {
        var copy = self
        copy.files = [ExampleFile(files[0].path, source)]
        return copy
    }
}
