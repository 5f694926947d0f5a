import SwiftLexer
import SwiftOutline
import XCTest

final class DeclarationTests: XCTestCase {
    func testEveryDeclarationForm() {
        let result = outline("""
            import Foundation
            class A {}
            struct B {}
            enum C { case x, y(Int) }
            actor D {}
            protocol E { associatedtype Item }
            extension B {}
            typealias F = [String: Int]
            func g() {}
            struct H {
                init() {}
                deinit {}
                subscript(i: Int) -> Int { i }
                var v = 1
                let w: Int
            }
            @freestanding(expression) macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "S")
            infix operator <+>: AdditionPrecedence
            precedencegroup Strong { higherThan: AdditionPrecedence }
            """)
        XCTAssertEqual(result.tree, [
            "class A", "struct B", "enum C", "  case x", "  case y", "actor D", "protocol E", "  associatedtype Item",
            "extension B", "typealias F", "func g", "struct H", "  init init", "  deinit deinit", "  subscript subscript",
            "  var v", "  let w", "macro stringify", "operator <+>", "precedencegroup Strong",
        ])
        XCTAssertEqual(result.imports.map(\.module), ["Foundation"])
    }

    func testNamePositionsAndRanges() {
        let source = "public final class Store {\n    func load() {}\n}\n"
        let file = SourceFile(path: "S.swift", text: source)
        let result = OutlineBuilder.build(file)
        let store = result.first("Store")
        XCTAssertEqual(file.location(of: store.nameOffset), SourceLocation(line: 1, column: 20))
        XCTAssertEqual(file.location(of: store.keywordOffset), SourceLocation(line: 1, column: 14))
        XCTAssertEqual(store.range, 0..<(source.utf8.count - 1))
        XCTAssertEqual(store.modifiers, ["public", "final"])
        let load = result.first("load")
        XCTAssertEqual(file.location(of: load.nameOffset), SourceLocation(line: 2, column: 10))
        XCTAssertEqual(load.parent, 0)
        XCTAssertEqual(result.qualifiedName(of: 1), "Store.load")
    }

    func testImports() {
        let result = outline("""
            @testable import ArcanaDomain
            @_exported import Core
            @preconcurrency import Combine
            import struct Foundation.URL
            public import SwiftUI
            #if canImport(UIKit)
            import UIKit
            #endif
            """)
        XCTAssertEqual(result.imports.map(\.path), ["ArcanaDomain", "Core", "Combine", "Foundation.URL", "SwiftUI", "UIKit"])
        XCTAssertEqual(result.imports.map(\.module), ["ArcanaDomain", "Core", "Combine", "Foundation", "SwiftUI", "UIKit"])
        XCTAssertEqual(result.imports.map { $0.attributes.first?.name }, ["testable", "_exported", "preconcurrency", nil, nil, nil])
        XCTAssertEqual(result.imports[3].kind, "struct")
        XCTAssertEqual(result.imports[4].modifiers, ["public"])
        XCTAssertEqual(result.imports[5].conditions, [ConditionClause(directive: .if, condition: "canImport(UIKit)")])
    }

    func testAttributesWithArgumentsAndTheirPositions() {
        let source = """
            @available(iOS 17, macOS 14, *)
            @MainActor @Observable
            final class SettingsViewModel {}
            """
        let file = SourceFile(path: "S.swift", text: source)
        let model = OutlineBuilder.build(file).first("SettingsViewModel")
        XCTAssertEqual(model.attributes.map(\.name), ["available", "MainActor", "Observable"])
        XCTAssertEqual(model.attributes[0].arguments, "iOS 17, macOS 14, *")
        XCTAssertNil(model.attributes[1].arguments)
        XCTAssertEqual(model.attributes.map { file.location(of: $0.offset) }, [
            SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1), SourceLocation(line: 2, column: 12),
        ])
    }

    func testAttributesWithGenericArgumentsKeepTheirDeclaration() {
        let result = outline("""
            @Tagged<Int> @MainActor final class ProfileViewModel {
                @UserDefault<Bool>(key: "flag") var isOn
                func load() {}
            }
            struct After {}
            """)
        let model = result.first("ProfileViewModel")
        XCTAssertEqual(model.kind, .class)
        XCTAssertEqual(model.attributes.map(\.name), ["Tagged", "MainActor"])
        XCTAssertEqual(model.modifiers, ["final"])
        XCTAssertEqual(result.first("isOn").attributes.map(\.name), ["UserDefault"])
        XCTAssertEqual(result.first("isOn").attributes.first?.arguments, #"key: "flag""#)
        XCTAssertEqual(result.first("load").kind, .func)
        XCTAssertEqual(result.first("After").kind, .struct)
    }

    func testModifiers() {
        let result = outline("""
            open class Base {
                public private(set) var count = 0
                nonisolated(unsafe) static var shared: Base?
                class func make() -> Base { Base() }
                final override func reload() {}
                required convenience init(x: Int) { self.init() }
                lazy var cache = [String: Int]()
                weak var delegate: AnyObject?
                dynamic var flag = false
            }
            """)
        XCTAssertEqual(result.first("count").modifiers, ["public", "private(set)"])
        XCTAssertEqual(result.first("shared").modifiers, ["nonisolated(unsafe)", "static"])
        XCTAssertEqual(result.first("make").modifiers, ["class"])
        XCTAssertTrue(result.first("make").isStatic)
        XCTAssertEqual(result.first("reload").modifiers, ["final", "override"])
        XCTAssertEqual(result.first("init").modifiers, ["required", "convenience"])
        XCTAssertEqual(result.first("cache").modifiers, ["lazy"])
        XCTAssertEqual(result.first("delegate").modifiers, ["weak"])
        XCTAssertEqual(result.first("flag").modifiers, ["dynamic"])
    }

    func testGenericsInheritanceAndWhereClauses() {
        let result = outline("""
            struct Page<Item: Decodable & Sendable, Cursor>: Collection, Sendable where Cursor: Hashable, Item: Identifiable {
            }
            extension Array: @retroactive Identifiable where Element == Note {}
            protocol Cache<Key>: AnyObject, Sendable { associatedtype Key: Hashable }
            """)
        let page = result.first("Page")
        XCTAssertEqual(page.genericParameters, ["Item", "Cursor"])
        XCTAssertEqual(page.inherits, ["Collection", "Sendable"])
        XCTAssertEqual(page.whereClause, "Cursor: Hashable, Item: Identifiable")
        XCTAssertEqual(result.first("Array").inherits, ["@retroactive Identifiable"])
        XCTAssertEqual(result.first("Array").whereClause, "Element == Note")
        XCTAssertEqual(result.first("Cache").genericParameters, ["Key"])
        XCTAssertEqual(result.first("Cache").inherits, ["AnyObject", "Sendable"])
        XCTAssertEqual(result.first("Key").inherits, ["Hashable"])
    }

    func testNestedTypesAndExtensionsOfNestedTypes() {
        let result = outline("""
            enum Feature {
                struct State { var items: [Item] = [] }
                enum Action { case load }
            }
            extension Feature.State: Equatable {
                struct Item: Equatable {}
            }
            """)
        XCTAssertEqual(result.tree, [
            "enum Feature", "  struct State", "    var items", "  enum Action", "    case load",
            "extension Feature.State", "  struct Item",
        ])
        let item = result.declarations.firstIndex { $0.name == "Item" }!
        XCTAssertEqual(result.qualifiedName(of: item), "Feature.State.Item")
    }

    func testConditionStacks() {
        let result = outline("""
            #if DEBUG
            struct MockNoteRepository {}
            #if os(iOS)
            struct IOSOnly {}
            #endif
            #elseif TESTING
            struct TestOnly {}
            #else
            struct ReleaseOnly {}
            #endif
            struct Always {
                #if false
                func never() {}
                #endif
                #if (false)
                func parked() {}
                #endif
            }
            """)
        XCTAssertEqual(result.first("MockNoteRepository").conditions, [ConditionClause(directive: .if, condition: "DEBUG")])
        XCTAssertEqual(result.first("IOSOnly").conditions, [
            ConditionClause(directive: .if, condition: "DEBUG"), ConditionClause(directive: .if, condition: "os(iOS)"),
        ])
        XCTAssertEqual(result.first("TestOnly").conditions, [ConditionClause(directive: .elseif, condition: "TESTING")])
        XCTAssertEqual(result.first("ReleaseOnly").conditions, [ConditionClause(directive: .else, condition: "TESTING")])
        XCTAssertEqual(result.first("Always").conditions, [])
        XCTAssertEqual(result.first("never").conditions, [ConditionClause(directive: .if, condition: "false")])
        XCTAssertTrue(result.first("never").conditions[0].isInactive)
        XCTAssertTrue(result.first("parked").conditions[0].isInactive)
        XCTAssertFalse(result.first("MockNoteRepository").conditions[0].isInactive)
    }

    func testFunctionSignatures() {
        let result = outline("""
            protocol NoteRepository {
                func fetch(id: Note.ID) async throws -> Note
                func fetchAll(in folder: Folder?, _ limit: Int, sortedBy order: SortOrder = .newest) async -> [Note]
                func save(_ notes: Note...) throws(StorageError)
                func update(_ note: inout Note) rethrows
                func observe(
                    folder: Folder.ID,
                    onChange: @escaping @Sendable ([Note]) -> Void
                ) -> AsyncStream<[Note]>
                init?(url: URL)
                subscript(index: Int) -> Note { get }
                subscript(key key: String, default value: Note) -> Note { get set }
                static func make<T: Store>(store: T) -> Self where T.Item == Note
            }
            """)
        let fetch = result.first("fetch")
        XCTAssertEqual(fetch.labels, ["id"])
        XCTAssertEqual(fetch.parameters.map(\.type), ["Note.ID"])
        XCTAssertTrue(fetch.effects.isAsync)
        XCTAssertTrue(fetch.effects.isThrowing)
        XCTAssertEqual(fetch.returnType, "Note")
        XCTAssertFalse(fetch.hasBody)
        XCTAssertEqual(fetch.signatureName, "fetch(id:)")

        let fetchAll = result.first("fetchAll")
        XCTAssertEqual(fetchAll.labels, ["in", "_", "sortedBy"])
        XCTAssertEqual(fetchAll.parameters.map(\.name), ["folder", "limit", "order"])
        XCTAssertEqual(fetchAll.parameters.map(\.hasDefaultValue), [false, false, true])
        XCTAssertFalse(fetchAll.effects.isThrowing)

        let save = result.first("save")
        XCTAssertTrue(save.parameters[0].isVariadic)
        XCTAssertEqual(save.effects.thrownType, "StorageError")
        let update = result.first("update")
        XCTAssertTrue(update.parameters[0].isInout)
        XCTAssertTrue(update.effects.isRethrowing)

        let observe = result.first("observe")
        XCTAssertEqual(observe.labels, ["folder", "onChange"])
        XCTAssertEqual(observe.parameters[1].type, "@escaping @Sendable ([Note]) -> Void")
        XCTAssertEqual(observe.returnType, "AsyncStream<[Note]>")

        let initializer = result.first("init")
        XCTAssertTrue(initializer.isFailable)
        XCTAssertEqual(initializer.labels, ["url"])

        let subscripts = result.declarations.filter { $0.kind == .subscript }
        XCTAssertEqual(subscripts.map(\.labels), [["_"], ["key", "default"]])
        XCTAssertEqual(subscripts.map { $0.accessors.map(\.kind) }, [["get"], ["get", "set"]])

        let make = result.first("make")
        XCTAssertEqual(make.genericParameters, ["T"])
        XCTAssertEqual(make.whereClause, "T.Item == Note")
        XCTAssertEqual(make.returnType, "Self")
    }

    func testNamesOfAListWithoutTypesTakeTheTypeThatFollows() {
        let result = outline("""
            struct Sync {
                let primary, backup: NoteRepository
                var retries = 0, limit: Int
                var a, b, c: Double, d = "x"
                let (x, y): (Int, Int), z: String
            }
            """)
        XCTAssertEqual(result.first("primary").typeText, "NoteRepository")
        XCTAssertEqual(result.first("backup").typeText, "NoteRepository")
        XCTAssertEqual(result.first("retries").typeText, nil, "a value's type is inferred, not the next name's")
        XCTAssertEqual(result.first("limit").typeText, "Int")
        XCTAssertEqual(["a", "b", "c"].map { result.first($0).typeText }, ["Double", "Double", "Double"])
        XCTAssertEqual(result.first("d").typeText, nil)
        XCTAssertEqual(result.first("z").typeText, "String")
    }

    func testProperties() {
        let result = outline("""
            struct Settings {
                let id: UUID
                var name = "x", count: Int = 0
                private var (width, height) = (0, 0)
                var isEmpty: Bool { name.isEmpty }
                var title: String {
                    get { name }
                    set { name = newValue }
                }
                var volume: Double = 1 {
                    willSet { print(newValue) }
                    didSet { save() }
                }
                @Published var notes: [Note] = []
                @AppStorage("theme") private var theme = "light"
                @Dependency(\\.userRepository) var userRepository
                var lazyValue: Int { get async throws { 1 } }
                static let shared = Settings(id: UUID())
            }
            """)
        let id = result.first("id")
        XCTAssertEqual(id.kind, .let)
        XCTAssertEqual(id.typeText, "UUID")
        XCTAssertTrue(id.isStored)
        XCTAssertFalse(id.hasInitializer)

        XCTAssertEqual(result.first("name").typeText, nil)
        XCTAssertTrue(result.first("name").hasInitializer)
        XCTAssertEqual(result.first("count").typeText, "Int")
        XCTAssertEqual(result.first("width").names, ["width", "height"])
        XCTAssertTrue(result.first("width").hasPatternNames)
        XCTAssertEqual(result.first("count").names, ["count"])
        XCTAssertFalse(result.first("count").hasPatternNames, "a property binding only its own name")
        XCTAssertEqual(result.first("width").modifiers, ["private"])

        XCTAssertFalse(result.first("isEmpty").isStored)
        XCTAssertEqual(result.first("isEmpty").accessors.map(\.kind), ["get"])
        XCTAssertFalse(result.first("title").isStored)
        XCTAssertEqual(result.first("title").accessors.map(\.kind), ["get", "set"])
        XCTAssertTrue(result.first("volume").isStored)
        XCTAssertEqual(result.first("volume").accessors.map(\.kind), ["willSet", "didSet"])
        XCTAssertEqual(result.first("volume").facts.calls.map(\.name), ["print", "save"])

        XCTAssertEqual(result.first("notes").attributes.map(\.name), ["Published"])
        XCTAssertEqual(result.first("theme").attributes.first?.arguments, "\"theme\"")
        XCTAssertEqual(result.first("userRepository").attributes.first?.arguments, "\\.userRepository")
        XCTAssertTrue(result.first("userRepository").isStored)
        XCTAssertTrue(result.first("lazyValue").accessors[0].effects.isAsync)
        XCTAssertTrue(result.first("lazyValue").accessors[0].effects.isThrowing)
        XCTAssertTrue(result.first("shared").isStatic)
        XCTAssertEqual(result.first("shared").facts.calls.map(\.name), ["Settings", "UUID"])
    }

    func testEnumCases() {
        let result = outline("""
            indirect enum Route: Hashable {
                case home
                case detail(id: Note.ID), edit(Note, animated: Bool = true)
                case settings(_ section: Section)
                case raw = "raw"
            }
            """)
        let cases = result.declarations.filter { $0.kind == .case }
        XCTAssertEqual(cases.map(\.name), ["home", "detail", "edit", "settings", "raw"])
        XCTAssertEqual(cases.map(\.labels), [[], ["id"], ["_", "animated"], ["_"], []])
        XCTAssertEqual(cases[2].parameters.map(\.hasDefaultValue), [false, true])
        XCTAssertEqual(cases[4].typeText, "\"raw\"")
        XCTAssertEqual(result.first("Route").modifiers, ["indirect"])
    }

    func testResultBuildersAndMacros() {
        let result = outline("""
            @resultBuilder
            enum RouteBuilder {
                static func buildBlock(_ parts: Route...) -> [Route] { parts }
            }
            struct ContentView: View {
                var body: some View {
                    VStack {
                        Text("Hello")
                        Button("Save") { save() }
                    }
                }
                @ViewBuilder
                func row(_ note: Note) -> some View { Text(note.title) }
            }
            #Preview("Content") {
                ContentView()
            }
            @Observable final class Model {}
            """)
        XCTAssertEqual(result.tree, [
            "enum RouteBuilder", "  func buildBlock", "struct ContentView", "  var body", "  func row", "class Model",
        ])
        XCTAssertEqual(result.first("body").typeText, "some View")
        XCTAssertEqual(result.first("body").facts.calls.map(\.name), ["VStack", "Text", "Button", "save"])
        XCTAssertEqual(result.first("row").attributes.map(\.name), ["ViewBuilder"])
        XCTAssertEqual(result.macroExpansions.map(\.name), ["Preview"])
        XCTAssertEqual(result.topLevelFacts.calls.map(\.name), ["ContentView"])
    }

    func testLocalDeclarationsAreNotNodesButTheirUsesCount() {
        let result = outline("""
            func outer() {
                struct Local { let repository: NoteRepository }
                func helper() -> Note { repository.fetch() }
                let value = Local(repository: LiveNoteRepository())
            }
            """)
        XCTAssertEqual(result.tree, ["func outer"])
        let facts = result.first("outer").facts
        XCTAssertEqual(facts.accessSummaries, ["repository.fetch()"])
        XCTAssertEqual(Set(facts.references.map(\.name)), ["NoteRepository", "Note", "Local", "LiveNoteRepository"])
    }

    func testMultiLineSignatures() {
        let result = outline("""
            public func makeNotesViewModel(
                fetchNotes: FetchNotesUseCase,
                deleteNote: DeleteNoteUseCase,
                router: NotesRouter
            ) async throws
                -> NotesViewModel
            where NotesRouter: Sendable
            {
                NotesViewModel(fetchNotes: fetchNotes, deleteNote: deleteNote, router: router)
            }
            """)
        let function = result.first("makeNotesViewModel")
        XCTAssertEqual(function.labels, ["fetchNotes", "deleteNote", "router"])
        XCTAssertEqual(function.returnType, "NotesViewModel")
        XCTAssertTrue(function.effects.isAsync && function.effects.isThrowing)
        XCTAssertEqual(function.whereClause, "NotesRouter: Sendable")
        XCTAssertTrue(function.hasBody)
        XCTAssertEqual(function.facts.calls.map(\.name), ["NotesViewModel"])
        XCTAssertEqual(function.facts.calls[0].arguments.labels, ["fetchNotes", "deleteNote", "router"])
    }

    func testMainActorPlacements() {
        let result = outline("""
            @MainActor final class A {}
            @MainActor extension B {}
            struct C {
                @MainActor func update() {}
                @MainActor var title: String { "" }
                func run() { Task { @MainActor in refresh() } }
                let callback: @MainActor () -> Void
            }
            """)
        XCTAssertTrue(result.first("A").hasAttribute("MainActor"))
        XCTAssertTrue(result.first("B", kind: .extension).hasAttribute("MainActor"))
        XCTAssertFalse(result.first("C").hasAttribute("MainActor"))
        XCTAssertTrue(result.first("update").hasAttribute("MainActor"))
        XCTAssertTrue(result.first("title").hasAttribute("MainActor"))
        XCTAssertFalse(result.first("run").hasAttribute("MainActor"))
        XCTAssertFalse(result.first("callback").hasAttribute("MainActor"))
        XCTAssertEqual(result.first("callback").typeText, "@MainActor () -> Void")
    }

    /// A type's members are listed in source order around its nested types' members, and
    /// every member points back at its parent, also where a body is cut off by the end of
    /// the file or split by `#if` branches.
    func testMembersAroundNestedTypesAndInCutOffBodies() {
        let result = outline("""
            final class OrderListViewModel {
                struct Input { let refresh: Void; let select: Int }
                var orders: [Order] = []
                enum State {
                    case idle
                    struct Failure { let message: String }
                    case failed(Failure)
                }
                #if DEBUG
                func dump() {}
                #else
                func log() {}
                #endif
                func load() {}
            }
            extension OrderListViewModel {
                func retry() {
                    struct Local { let ignored = 0 }
                }
            }
            struct Unfinished {
                let id: UUID
                func save() {
            """)
        XCTAssertEqual(result.tree, [
            "class OrderListViewModel", "  struct Input", "    let refresh", "    let select", "  var orders", "  enum State",
            "    case idle", "    struct Failure", "      let message", "    case failed", "  func dump", "  func log", "  func load",
            "extension OrderListViewModel", "  func retry", "struct Unfinished", "  let id", "  func save",
        ])
        for (index, declaration) in result.declarations.enumerated() {
            for member in declaration.members {
                XCTAssertEqual(result.declarations[member].parent, index, "parent of \(result.declarations[member].name)")
            }
            if let parent = declaration.parent {
                XCTAssertTrue(result.declarations[parent].members.contains(index), "\(declaration.name) among its parent's members")
            } else {
                XCTAssertTrue(result.topLevel.contains(index), "\(declaration.name) at the top level")
            }
        }
    }

    /// Each member list has a buffer of its own size: outlines stay in memory for a whole
    /// run, and a small type must not hold on to room for a large one's members.
    func testMemberListsAreNoLargerThanTheirMembers() {
        let large = "struct Catalog {\n" + (0..<300).map { "    let field\($0): Int\n" }.joined() + "}\n"
        let small = (0..<50).map { "enum Route\($0) { case home }\n" }.joined()
        let result = outline(large + small)
        XCTAssertEqual(result.first("Catalog").members.count, 300)
        for declaration in result.declarations where declaration.name.hasPrefix("Route") {
            XCTAssertEqual(declaration.members.count, 1)
            XCTAssertLessThanOrEqual(declaration.members.capacity, 8, declaration.name)
        }
    }
}

/// Differences found by the swift-syntax outline cross-check on the package-mirror corpus.
final class CrossCheckRegressionTests: XCTestCase {
    func testOperatorFunctionsWithGluedGenericClauses() {
        let result = outline("public func ||<T>(lhs: T, rhs: T) -> Bool { lhs == rhs }\nstatic func >>=<Other: BinaryInteger>(lhs: inout Int, rhs: Other) {}")
        XCTAssertEqual(result.declarations.map(\.name), ["||", ">>="])
        XCTAssertEqual(result.declarations.map(\.genericParameters), [["T"], ["Other"]])
        XCTAssertEqual(result.declarations.map(\.labels), [["lhs", "rhs"], ["lhs", "rhs"]])
    }

    func testExtensionsOfSugaredAndNestedGenericTypes() {
        let result = outline("""
            extension [Int] { var sum: Int { 0 } }
            extension [String: String] { func value() {} }
            extension String? { var orEmpty: String { "" } }
            extension Rope<Chunk>.Builder { func add() {} }
            extension Configuration.`Protocol`: CaseIterable {}
            """)
        XCTAssertEqual(result.declarations.filter { $0.kind == .extension }.map(\.name),
                       ["[Int]", "[String: String]", "String?", "Rope.Builder", "Configuration.Protocol"])
        XCTAssertEqual(result.tree.filter { $0.hasPrefix("  ") }, ["  var sum", "  func value", "  var orEmpty", "  func add"])
    }

    func testIsolatedConformances() {
        let result = outline("struct Outer {\n    struct Iterator: nonisolated IteratorProtocol {\n        init() {}\n        mutating func next() -> Int? { nil }\n    }\n}")
        XCTAssertEqual(result.tree, ["struct Outer", "  struct Iterator", "    init init", "    func next"])
        XCTAssertEqual(result.first("Iterator").inherits, ["nonisolated IteratorProtocol"])
    }

    func testKeywordLabelsStartingALineOfParameters() {
        let result = outline("final class Descriptor {\n    init(\n        extension proto: Int,\n        index: Int\n    ) {}\n    func f(\n        struct s: Int\n    ) {}\n    func after() {}\n}")
        XCTAssertEqual(result.tree, ["class Descriptor", "  init init", "  func f", "  func after"])
        XCTAssertEqual(result.first("init").labels, ["extension", "index"])
        XCTAssertEqual(result.first("f").labels, ["struct"])
    }

    func testFieldsKeepTheirValuesAndCopiesStayApart() {
        var declaration = Declaration(kind: .func, name: "fetchNotes", nameOffset: 120, keywordOffset: 115, range: 100..<260)
        XCTAssertEqual([declaration.nameOffset, declaration.keywordOffset], [120, 115])
        XCTAssertEqual(declaration.range, 100..<260)
        XCTAssertNil(declaration.parent)
        let original = declaration
        declaration.parent = 3
        declaration.range = 90..<300
        declaration.nameOffset = 125
        declaration.hasBody = true
        XCTAssertEqual(declaration.parent, 3)
        XCTAssertEqual(declaration.range, 90..<300)
        XCTAssertEqual(declaration.nameOffset, 125)
        XCTAssertTrue(declaration.hasBody)
        XCTAssertNil(original.parent, "the copy made before is unchanged")
        XCTAssertEqual(original.range, 100..<260)
        XCTAssertFalse(original.hasBody)
        declaration.parent = nil
        XCTAssertNil(declaration.parent)
        declaration.parent = 0
        XCTAssertEqual(declaration.parent, 0)
        // Offsets are kept in 32 bits: beyond them (a file over 4 GiB) they stop at the largest.
        declaration.keywordOffset = 5_000_000_000
        XCTAssertEqual(declaration.keywordOffset, Int(UInt32.max))
    }

    func testNamesOfAPatternAndTheNameStayTheirOwn() {
        // A pattern that binds only the declaration's name keeps no array for it; the two
        // fields still change independently, and copies stay apart.
        var property = Declaration(kind: .let, name: "notes", nameOffset: 10, keywordOffset: 6, range: 6..<30)
        XCTAssertEqual(property.names, [])
        property.names = ["notes"]
        XCTAssertEqual(property.names, ["notes"])
        XCTAssertFalse(property.hasPatternNames)
        let before = property
        property.name = "items"
        XCTAssertEqual(property.name, "items")
        XCTAssertEqual(property.names, ["notes"], "renaming the declaration leaves its pattern's names")
        XCTAssertTrue(property.hasPatternNames, "the pattern's name is no longer the declaration's")
        XCTAssertFalse(before.hasPatternNames)
        XCTAssertEqual(before.name, "notes")
        XCTAssertEqual(before.names, ["notes"])
        property.names.append("count")
        XCTAssertEqual(property.names, ["notes", "count"])
        XCTAssertEqual(before.names, ["notes"])
        var copy = before
        copy.names = ["other"]
        XCTAssertEqual(copy.names, ["other"])
        XCTAssertEqual(before.names, ["notes"])
        copy.names = []
        XCTAssertEqual(copy.names, [])
        // From source: a tuple pattern, a plain name, `_`.
        let result = outline("let (first, second) = pair\nvar total = 0\nlet _ = ignored()")
        XCTAssertEqual(result.declarations.map(\.names), [["first", "second"], ["total"], ["_"]])
    }
}
