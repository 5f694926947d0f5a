import ArchLintKit
import SwiftOutline

/// `layer-dependency`: see DESIGN §5.1. (Description and check to be completed.)
public struct LayerDependencyRule: Rule {
    public static let description = RuleDescription(
        id: "layer-dependency",
        name: "Layer dependency",
        summary: "TBD.",
        rationale: "TBD.",
        defaultSeverity: ["arcana": .error, "arc-labs": .error]
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        []
    }
}
