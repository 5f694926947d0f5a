import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

/// Every rule's examples run as tests: triggering examples must produce exactly the marked
/// findings (also after a multi-byte character), and nothing inside a comment, inside a
/// string or after a disable command; non-triggering examples must produce nothing.
final class RuleExampleTests: XCTestCase {
    func assertExamples(_ rule: any Rule.Type, minimum: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        let failures = ExampleRunner.failures(of: rule)
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"), file: file, line: line)
        let description = rule.description
        XCTAssertGreaterThanOrEqual(description.triggeringExamples.count, minimum, "\(description.id): too few triggering examples", file: file, line: line)
        XCTAssertGreaterThanOrEqual(description.nonTriggeringExamples.count, minimum, "\(description.id): too few non-triggering examples", file: file, line: line)
    }

    func testLayerDependencyExamples() { assertExamples(LayerDependencyRule.self, minimum: 15) }
    func testBlanketMainActorExamples() { assertExamples(BlanketMainActorRule.self, minimum: 15) }
    func testServiceRepositoryMethodExamples() { assertExamples(ServiceRepositoryMethodRule.self, minimum: 15) }
    func testProtocolImplParityExamples() { assertExamples(ProtocolImplParityRule.self, minimum: 15) }
    func testNavigationRouteDestinationExamples() { assertExamples(NavigationRouteDestinationRule.self, minimum: 10) }
    func testUnwiredNavigationCallbackExamples() { assertExamples(UnwiredNavigationCallbackRule.self, minimum: 10) }
    func testViewModelRepositoryInjectionExamples() { assertExamples(ViewModelRepositoryInjectionRule.self, minimum: 10) }
    func testRepositoryStubReturnExamples() { assertExamples(RepositoryStubReturnRule.self, minimum: 10) }
    func testUnimplementedCodeExamples() { assertExamples(UnimplementedCodeRule.self, minimum: 10) }
    func testEmptyActionExamples() { assertExamples(EmptyActionRule.self, minimum: 10) }
    func testIOEViewModelShapeExamples() { assertExamples(IOEViewModelShapeRule.self, minimum: 10) }

    func testEveryRegisteredRuleHasExamplesThatBehave() {
        for rule in RuleRegistry.all {
            XCTAssertTrue(ExampleRunner.failures(of: rule).isEmpty, rule.description.id)
            XCTAssertFalse(rule.description.triggeringExamples.isEmpty, "\(rule.description.id) has no triggering example")
            XCTAssertFalse(rule.description.nonTriggeringExamples.isEmpty, "\(rule.description.id) has no non-triggering example")
        }
    }

    func testRuleIDsAreUniqueAndDescriptionsComplete() {
        let ids = RuleRegistry.descriptions.map(\.id)
        XCTAssertEqual(ids.count, Set(ids).count, "duplicate rule ids: \(ids)")
        for description in RuleRegistry.descriptions {
            XCTAssertTrue(description.id.allSatisfy { $0.isLowercase || $0 == "-" }, description.id)
            XCTAssertTrue(description.summary.hasSuffix("."), "\(description.id): summary must end with a period")
            XCTAssertFalse(description.rationale.isEmpty, description.id)
            for profile in Profiles.names {
                XCTAssertNotNil(description.defaultSeverity[profile], "\(description.id) has no severity for \(profile)")
            }
        }
    }

    /// Each file in `Rules/` declares a registered rule (`<Type>.swift` or `<Type>+Examples.swift`).
    func testEveryRuleFileIsRegistered() throws {
        let rulesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path).filter { $0.hasSuffix(".swift") }
        let registered = Set(RuleRegistry.all.map { String(describing: $0) })
        for file in files where file != "RuleRegistry.swift" && !file.hasPrefix("Support") {
            let typeName = String(file.dropLast(".swift".count).split(separator: "+")[0])
            XCTAssertTrue(registered.contains(typeName), "Rules/\(file) declares \(typeName), which is not in RuleRegistry.all")
        }
    }

    func testInvalidSuppressionExamples() {
        // The engine's own finding, exercised through any registered rule's run.
        var configuration = Profiles.configuration("arcana")!
        configuration.rules["invalid-suppression"] = RuleSettings(severity: .warning)
        let source = "// archlint:disable:next layer-dependancy - typo\nimport Foundation\n// archlint:disable all\n// archlint:enable all\n"
        let index = ProjectIndex.build(sources: [("App/Domain/A.swift", Array(source.utf8))], configuration: configuration)
        let findings = Linter.run(index: index, configuration: configuration, rules: RuleRegistry.all)
        XCTAssertEqual(findings.map(\.ruleID), ["invalid-suppression"])
        XCTAssertEqual(findings.first?.position.column, 26)
        XCTAssertTrue(findings.first?.message.contains("did you mean 'layer-dependency'") ?? false, findings.first?.message ?? "")
    }
}
