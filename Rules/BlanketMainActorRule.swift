import ArchLintKit
import SwiftOutline

/// `blanket-main-actor`: see DESIGN §5.1. (Description and check to be completed.)
public struct BlanketMainActorRule: Rule {
    public static let description = RuleDescription(
        id: "blanket-main-actor",
        name: "Blanket @MainActor",
        summary: "TBD.",
        rationale: "TBD.",
        defaultSeverity: ["arcana": .warning, "arc-labs": .error],
        options: [
            RuleOption(name: "layers", type: .layerList, summary: "Layers in which `@MainActor` on a whole type or extension is reported; empty means every layer.", defaultValue: .strings([])),
            RuleOption(name: "noMainActorAtAll", type: .layerList, summary: "Layers in which `@MainActor` on any member of a type is reported too (use cases, repositories).", defaultValue: .strings([])),
            RuleOption(name: "uiTypes", type: .stringList, summary: "Types whose conformers and subclasses may be `@MainActor` as a whole.", defaultValue: .strings(["View", "App", "Scene", "UIViewController", "UIView", "NSViewController", "NSView", "UIViewRepresentable", "UIViewControllerRepresentable", "PreviewProvider"])),
        ]
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        []
    }
}
