@testable import ArchLintKit
import XCTest

/// Rules run side by side and the heavier ones (`Rule.relativeCost`) are started first;
/// whatever the schedule, each rule's violations come back under that rule.
final class RuleSchedulingTests: XCTestCase {
    private struct Light: Rule {
        static let description = RuleDescription(id: "light", name: "Light", summary: "A cheap rule.", rationale: "", defaultSeverity: [:])
        func check(_ context: RuleContext) -> [Violation] { [violation("light")] }
    }

    private struct Heavy: Rule {
        static let description = RuleDescription(id: "heavy", name: "Heavy", summary: "A costly rule.", rationale: "", defaultSeverity: [:])
        static let relativeCost = 5
        func check(_ context: RuleContext) -> [Violation] { [violation("heavy"), violation("heavy, again")] }
    }

    private struct Quiet: Rule {
        static let description = RuleDescription(id: "quiet", name: "Quiet", summary: "A rule with nothing to say.", rationale: "", defaultSeverity: [:])
        static let relativeCost = 3
        func check(_ context: RuleContext) -> [Violation] { [] }
    }

    func testViolationsStayWithTheirRulesWhateverTheSchedule() {
        XCTAssertEqual(Light.relativeCost, 1, "the default weight")
        let rules: [any Rule.Type] = [Light.self, Heavy.self, Quiet.self, Light.self]
        for jobs in [1, 2, 4] {
            let results = Linter.check(rules, index: ProjectIndex(files: []), configuration: Configuration(profile: "arcana"), jobs: jobs, timings: nil)
            XCTAssertEqual(results.map { $0.map(\.message) }, [["light"], ["heavy", "heavy, again"], [], ["light"]], "\(jobs) jobs")
        }
    }
}

private func violation(_ message: String) -> Violation {
    Violation(location: Location(file: 0, range: 0..<1), message: message, fingerprintText: message)
}
