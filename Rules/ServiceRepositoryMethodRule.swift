import ArchLintKit
import SwiftOutline

/// `service-repository-method`: see DESIGN §5.1. (Description and check to be completed.)
public struct ServiceRepositoryMethodRule: Rule {
    public static let description = RuleDescription(
        id: "service-repository-method",
        name: "Service calls a repository method that exists",
        summary: "TBD.",
        rationale: "TBD.",
        defaultSeverity: ["arcana": .error, "arc-labs": .error],
        options: [
            RuleOption(name: "serviceSuffixes", type: .stringList, summary: "Name suffixes of service types whose repository calls are checked.", defaultValue: .strings(["Service", "ServiceImpl", "UseCase", "UseCaseImpl", "Interactor"])),
            RuleOption(name: "repositorySuffixes", type: .stringList, summary: "Name suffixes of repository protocols.", defaultValue: .strings(["Repository", "RepositoryProtocol", "RepositoryType"])),
        ]
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        []
    }
}
