import ArchLintKit
import SwiftOutline

/// `protocol-impl-parity`: see DESIGN §5.1. (Description and check to be completed.)
public struct ProtocolImplParityRule: Rule {
    public static let description = RuleDescription(
        id: "protocol-impl-parity",
        name: "Protocol and implementation parity",
        summary: "TBD.",
        rationale: "TBD.",
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        options: [
            RuleOption(name: "requireImplementation", type: .bool, summary: "Report an in-scope protocol that no type in the project conforms to.", defaultValue: .bool(true)),
        ]
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        []
    }
}
