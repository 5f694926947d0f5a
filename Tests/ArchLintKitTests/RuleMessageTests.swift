import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

/// What rules' messages say where the examples (which check places only) cannot tell.
final class RuleMessageTests: XCTestCase {
    func messages(_ files: [(String, String)], _ arguments: [String] = []) throws -> [String] {
        let project = try ScratchProject()
        for (path, text) in files { try project.write(path, text) }
        let result = project.run(["."] + arguments + ["--format", "json"])
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]], result.err)
        return findings.compactMap { $0["message"] as? String }
    }

    func findings(_ rule: any Rule.Type, _ files: [(String, String)]) -> [Finding] {
        let configuration = Profiles.configuration(Profiles.defaultName)!
        let index = ProjectIndex.build(sources: files.map { ($0.0, Array($0.1.utf8)) }, configuration: configuration)
        return Linter.run(index: index, configuration: configuration, rules: [rule], only: [rule.description.id])
    }

    /// A nested ViewModel is named with its enclosing type, so that the message alone (a
    /// GitHub annotation) says which one.
    func testNestedObservableViewModelsAreNamedInFull() throws {
        let found = findings(IOEViewModelShapeRule.self, [("App/Presentation/Folders/FoldersView.swift", """
            import SwiftUI

            struct FoldersView: View {
                var body: some View { Text("Folders") }
            }

            extension FoldersView {
                @Observable
                final class ViewModel {
                    var folders: [String] = []
                }
            }
            """)])
        XCTAssertFalse(found.isEmpty)
        XCTAssertTrue(found.allSatisfy { $0.message.hasPrefix("`FoldersView.ViewModel` is an observable ViewModel without ") }, found.map(\.message).joined(separator: "\n"))
    }

    /// A default closure holding a comment is quoted without it, so that the suggested
    /// argument compiles when pasted.
    func testUnwiredCallbackDefaultsAreQuotedWithoutComments() throws {
        let found = findings(UnwiredNavigationCallbackRule.self, [("App/Presentation/Views/OrderList.swift", """
            struct OrderRow: View {
                let title: String
                var onArchive: (Order) -> Void = { _ in
                    // set by the list
                }
                var body: some View { Text(title) }
            }

            struct OrderList: View {
                var body: some View { OrderRow(title: "A-17") }
            }
            """)])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("keeps its empty default `{ _ in }`") == true, found.first?.message ?? "")
        XCTAssertTrue(found.first?.message.contains("or 'onArchive: { _ in }' if this screen") == true, found.first?.message ?? "")
    }

    func testStopCallMessagesAreQuotedAsTheyRead() throws {
        let source = ##"""
            enum Parser {
                static func digit(_ value: Int) -> Character {
                    fatalError("Invalid digit \(value) in \("base" + String(10))")
                }
                static func quote() -> String {
                    fatalError("Expected a \"quote\" here")
                }
                static func long() -> String {
                    fatalError("""
                        The key is ambiguous. \
                        Use forKey(_:) to choose one.
                        """)
                }
                static func raw() -> String {
                    fatalError(#"No \d+ in "\#(self)""#)
                }
            }
            """##
        let found = try messages([("Sources/Parser.swift", source)], ["--only-rule", "unimplemented-code"])
        XCTAssertEqual(found.count, 4, "\(found)")
        XCTAssertTrue(found[0].hasPrefix(#"`fatalError` ("Invalid digit \(value) in \("base" + String(10))") in"#), found[0])
        XCTAssertTrue(found[1].hasPrefix(#"`fatalError` ("Expected a "quote" here") in"#), found[1])
        XCTAssertTrue(found[2].hasPrefix(#"`fatalError` ("The key is ambiguous. Use forKey(_:) to choose one.") in"#), found[2])
        XCTAssertTrue(found[3].hasPrefix(##"`fatalError` ("No \d+ in "\#(self)"") in"##), found[3])
    }

    func testServiceCallsSuggestOnlyNamesThatAreClose() throws {
        let repository = """
            protocol OrderRepository {
                var all: [Order] { get }
                func save(_ order: Order)
                func load() -> [Order]
                func find(where predicate: (Order) -> Bool) -> [Order]
            }
            """
        let service = """
            final class OrderService {
                private let repository: any OrderRepository
                init(repository: any OrderRepository) { self.repository = repository }
                func place(_ order: Order) {
                    repository.add(order)
                    print(repository.id)
                    _ = repository.laod()
                    repository.sav(order)
                }
            }
            """
        let found = try messages([("Domain/OrderRepository.swift", repository), ("Domain/OrderService.swift", service)],
                                 ["--only-rule", "service-repository-method"])
        XCTAssertEqual(found.count, 4, "\(found)")
        XCTAssertFalse(found[0].contains("Did you mean"), "`add` is two edits from `all`: \(found[0])")
        XCTAssertFalse(found[1].contains("Did you mean"), "`id` is two edits from `find`: \(found[1])")
        XCTAssertTrue(found[2].contains("Did you mean `load()`?"), found[2])
        XCTAssertTrue(found[3].contains("Did you mean `save(_:)`?"), found[3])
    }

    func testRepositoryInjectionAdvisesTheServiceProtocol() throws {
        let repository = ("Domain/Repositories/AuthRepository.swift", "protocol AuthRepository {\n    func signIn() async throws\n}\n")
        let viewModel = ("Presentation/SettingsViewModel.swift", """
            @Observable final class SettingsViewModel {
                let authRepository: any AuthRepository
                init(authRepository: any AuthRepository) { self.authRepository = authRepository }
            }
            """)
        let service = """
            final class AuthServiceImpl: AuthServiceProtocol {
                private let repository: any AuthRepository
                init(repository: any AuthRepository) { self.repository = repository }
                func signIn() async throws { try await repository.signIn() }
            }
            """
        let withProtocol = try messages([repository, viewModel, ("Domain/Services/AuthService.swift", "protocol AuthServiceProtocol {\n    func signIn() async throws\n}\n\n" + service)],
                                        ["--only-rule", "viewmodel-repository-injection"])
        XCTAssertFalse(withProtocol.isEmpty)
        for message in withProtocol {
            XCTAssertTrue(message.contains("Inject `any AuthServiceProtocol`, whose implementation `AuthServiceImpl` already uses `AuthRepository`, instead"), message)
        }
        // Without a service protocol, the service itself.
        let withoutProtocol = try messages([repository, viewModel, ("Domain/Services/AuthService.swift", service.replacingOccurrences(of: ": AuthServiceProtocol", with: ""))],
                                           ["--only-rule", "viewmodel-repository-injection"])
        XCTAssertFalse(withoutProtocol.isEmpty)
        XCTAssertTrue(withoutProtocol.allSatisfy { $0.contains("Inject `AuthServiceImpl`, which already uses `AuthRepository`, instead") }, "\(withoutProtocol)")
    }

    func testNestedViewModelsAreNamedInFull() throws {
        let viewModel = """
            @Observable final class ViewModel {
                let repository: any NotesRepository
                init(repository: any NotesRepository) { self.repository = repository }
            }
            """
        let found = try messages([
            ("Domain/Repositories/NotesRepository.swift", "protocol NotesRepository {\n    func notes() async throws -> [String]\n}\n"),
            ("Presentation/Screens.swift", "extension NotesScreen {\n\(viewModel)\n}\n\nextension TrashScreen {\n\(viewModel)\n}\n"),
        ], ["--only-rule", "viewmodel-repository-injection"])
        XCTAssertEqual(found.map { String($0.prefix(while: { $0 != " " })) }, ["`NotesScreen.ViewModel.repository`", "`TrashScreen.ViewModel.repository`"])
    }

    func testAnUnwiredCallbackWithParametersIsAdvisedAClosureThatTakesThem() throws {
        let found = try messages([
            ("App/Presentation/Views/TagPicker.swift", """
                struct TagPicker: View {
                    let tags: [Tag]
                    var onSelect: (Tag) -> Void = { _ in }
                    var body: some View { ForEach(tags) { tag in Button(tag.name) { onSelect(tag) } } }
                }
                """),
            ("App/Presentation/Views/FilterSheet.swift", "struct FilterSheet: View {\n    var body: some View { TagPicker(tags: []) }\n}\n"),
        ], ["--only-rule", "unwired-navigation-callback"])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("keeps its empty default `{ _ in }`") == true, "\(found)")
        XCTAssertTrue(found.first?.hasSuffix("or 'onSelect: { _ in }' if this screen deliberately does not navigate.") == true, "\(found)")
    }

    func testSeveralTargetsOfOneManifestSettingAreTheirs() throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let isolation: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

            let package = Package(
                name: "Orders",
                targets: [
                    .target(name: "OrdersDomain", path: "Sources/Orders/Domain", swiftSettings: isolation),
                    .target(name: "OrdersData", path: "Sources/Orders/Data", swiftSettings: isolation),
                ]
            )
            """
        let found = try messages([
            ("Package.swift", manifest),
            ("Sources/Orders/Domain/Order.swift", "struct Order {}\n"),
            ("Sources/Orders/Data/OrderStore.swift", "struct OrderStore {}\n"),
        ], ["--profile", "arc-labs", "--only-rule", "blanket-main-actor"])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("Targets 'OrdersDomain' and 'OrdersData' set `.defaultIsolation(MainActor.self)` through 'isolation', which makes every declaration of their Domain and Data sources") == true, "\(found)")
    }

    /// An extension's qualified name is reported whole, backticks around any part included.
    func testProtocolImplParityReportsABacktickedQualifiedExtensionNameWhole() {
        let repository = ("App/Domain/Repositories/FolderRepository.swift", """
            protocol FolderRepository {
                func folders() async throws -> [Folder]
                func rename(_ folder: Folder, to name: String) async throws
            }
            """)
        let mocks = ("App/Data/Mocks/FolderMocks.swift", """
            enum Mocks {
                final class `Default` {
                    func folders() async throws -> [Folder] { Folder.samples }
                }
                final class `Protocol` {
                    func folders() async throws -> [Folder] { Folder.samples }
                }
            }

            extension Mocks.`Default`: FolderRepository {}
            extension `Mocks`.`Protocol`: FolderRepository {}
            """)
        let positions = findings(ProtocolImplParityRule.self, [repository, mocks]).map { [$0.position.line, $0.position.column, $0.position.endColumn] }
        XCTAssertEqual(positions, [[10, 11, 26], [11, 11, 29]])
    }
}
