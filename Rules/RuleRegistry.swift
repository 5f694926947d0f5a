import ArchLintKit

/// Every rule archlint knows, in the order `archlint rules` lists them. A test checks that
/// each file in `Rules/` is registered here and that ids are unique.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        LayerDependencyRule.self,
        BlanketMainActorRule.self,
        ServiceRepositoryMethodRule.self,
        ProtocolImplParityRule.self,
        NavigationRouteDestinationRule.self,
        UnwiredNavigationCallbackRule.self,
        ViewModelRepositoryInjectionRule.self,
        RepositoryStubReturnRule.self,
        UnimplementedCodeRule.self,
        EmptyActionRule.self,
        IOEViewModelShapeRule.self,
    ]

    /// Descriptions of every rule, including the engine's own (`invalid-suppression`).
    public static var descriptions: [RuleDescription] {
        all.map { $0.description } + EngineRules.all
    }
}
