import ArchLintKit
import SwiftLexer
import SwiftOutline
import XCTest

func makeIndex(_ files: [(path: String, layer: String?, source: String)]) -> ProjectIndex {
    ProjectIndex(files: files.map { file in
        IndexedFile(path: file.path, layer: file.layer, outline: OutlineBuilder.build(SourceFile(path: file.path, text: file.source)))
    })
}

final class ProjectIndexTests: XCTestCase {
    let index = makeIndex([
        ("Domain/Repositories/NoteRepository.swift", "Domain", """
            protocol Repository: Sendable {}
            protocol NoteReading: Repository {
                func note(id: Note.ID) async throws -> Note
            }
            protocol NoteRepository: NoteReading {
                func save(_ note: Note) async throws
            }
            extension NoteRepository {
                func saveAll(_ notes: [Note]) async throws {}
            }
            struct Note: Identifiable { let id: UUID }
            """),
        ("Data/Repositories/LiveNoteRepository.swift", "Data", """
            class BaseRepository {
                func note(id: Note.ID) async throws -> Note { fatalError() }
            }
            final class LiveNoteRepository: BaseRepository {
                struct Cache {}
            }
            """),
        ("Data/Repositories/LiveNoteRepository+Saving.swift", "Data", """
            extension LiveNoteRepository: NoteRepository {
                func save(_ note: Note) async throws {}
            }
            extension LiveNoteRepository.Cache: Equatable {}
            """),
        ("Support/Note.swift", nil, "struct Note {}\nfunc makeNote() -> Note { Note() }"),
    ])

    func testLastComponentOfQualifiedAndGenericNames() {
        XCTAssertEqual(ProjectIndex.lastComponent("NoteRepository"), "NoteRepository")
        XCTAssertEqual(ProjectIndex.lastComponent("ArcanaDomain.NoteRepository"), "NoteRepository")
        XCTAssertEqual(ProjectIndex.lastComponent("Outer.Inner.Leaf"), "Leaf")
        XCTAssertEqual(ProjectIndex.lastComponent("Store<Note.ID>"), "Store")
        XCTAssertEqual(ProjectIndex.lastComponent("Domain.Store<Note.ID>"), "Store")
        XCTAssertEqual(ProjectIndex.lastComponent("Café.Crème"), "Crème")
        XCTAssertEqual(ProjectIndex.lastComponent("Trailing."), "")
        XCTAssertEqual(ProjectIndex.lastComponent(""), "")
    }

    func testDeclarationsByQualifiedName() {
        XCTAssertEqual(index.types(named: "LiveNoteRepository").count, 1)
        XCTAssertEqual(index.types(named: "LiveNoteRepository.Cache").count, 1)
        XCTAssertTrue(index.declares("makeNote"))
        XCTAssertFalse(index.declares("Cache"), "nested types are known by their qualified name")
        XCTAssertEqual(index.filesDeclaring("Note"), ["Domain/Repositories/NoteRepository.swift", "Support/Note.swift"])
        XCTAssertEqual(index.layersDeclaring("Note"), ["Domain", nil])
        XCTAssertEqual(index.layersDeclaring("LiveNoteRepository"), ["Data"])
        XCTAssertEqual(index.layersDeclaring("Missing"), [])
    }

    func testExtensionsMergeWithTheirTypesAcrossFiles() {
        XCTAssertEqual(index.extensions(of: "LiveNoteRepository").map { index.file(of: $0).path }, ["Data/Repositories/LiveNoteRepository+Saving.swift"])
        XCTAssertEqual(index.members(of: "LiveNoteRepository").map { index[$0].name }, ["Cache", "save"])
        XCTAssertEqual(index.directSupertypes(of: "LiveNoteRepository"), ["BaseRepository", "NoteRepository"])
        XCTAssertEqual(index.directSupertypes(of: "LiveNoteRepository.Cache"), ["Equatable"])
    }

    func testPartsIncludeExtensionsThatNameTheModuleOrATypealias() {
        let index = makeIndex([
            ("Domain/OrderService.swift", "Domain", "final class OrderService {}\nenum Checkout { final class OrderService {} }\n"),
            ("Domain/OrderService+Load.swift", "Domain", """
                extension ArcanaDomain.OrderService { func load() {} }
                extension Checkout.OrderService { func pay() {} }
                extension Payments.Checkout.OrderService { func refund() {} }
                extension OrderService { func save() {} }
                typealias Orders = OrderService
                extension Orders { func cancel() {} }
                """),
        ])
        func members(_ name: String) -> [String] {
            index.parts(of: name).flatMap { part in index[part].members.map { index.files[part.file].outline.declarations[$0].name } }
        }
        XCTAssertEqual(members("OrderService"), ["save", "load", "cancel"], "not the nested Checkout.OrderService's")
        XCTAssertEqual(members("Checkout.OrderService"), ["pay", "refund"])
        XCTAssertEqual(index.moduleQualifiedExtensions(of: "Missing"), [])
    }

    func testConformancesThroughExtensionsRefinedProtocolsAndSuperclasses() {
        XCTAssertEqual(index.allSupertypes(of: "LiveNoteRepository"), ["BaseRepository", "NoteRepository", "NoteReading", "Repository", "Sendable"])
        XCTAssertTrue(index.conforms("LiveNoteRepository", to: "Repository"))
        XCTAssertFalse(index.conforms("BaseRepository", to: "NoteRepository"))
        XCTAssertEqual(index.conformingTypes(to: "NoteReading"), ["LiveNoteRepository"])
        XCTAssertEqual(index.conformingTypes(to: "Identifiable"), ["Note"])
    }

    func testRequirementsAndProtocolExtensionMembers() {
        XCTAssertEqual(index.requirements(of: "NoteRepository").map { index[$0].signatureName }, ["save(_:)"])
        XCTAssertEqual(index.requirements(of: "NoteReading").map { index[$0].signatureName }, ["note(id:)"])
        XCTAssertEqual(index.protocolExtensionMembers(of: "NoteRepository").map { index[$0].signatureName }, ["saveAll(_:)"])
        XCTAssertEqual(index.protocols(named: "Note"), [])
    }

    func testCyclicInheritanceTerminates() {
        let cyclic = makeIndex([("A.swift", nil, "protocol A: B {}\nprotocol B: A {}\nstruct S: A {}")])
        XCTAssertEqual(cyclic.allSupertypes(of: "S"), ["A", "B"])
    }

    func testNormalisedInheritanceNames() {
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("any P & Q"), ["P", "Q"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("Base<Int>"), ["Base"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("@unchecked Sendable"), ["Sendable"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("Swift.Equatable"), ["Swift.Equatable"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("~Copyable"), ["Copyable"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("NoteRepository?"), ["NoteRepository"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames(" Note "), ["Note"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("Café"), ["Café"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames(""), [])
    }

    func testTypeTextsAreStrippedToWhatTheyName() {
        let cases: [(String, String)] = [
            ("(any NoteStore)?", "NoteStore"), ("  some Repo ! ", "Repo"), ("inout any P", "P"), ("borrowing consuming sending Q", "Q"),
            ("(A, B)", "A, B"), ("((A) & B)", "(A) & B"), ("(A) -> B", "(A) -> B"), ("any(P)", "any(P)"), ("Café?!", "Café"),
            ("[Note]?", "[Note]"), ("", ""), ("   ", ""), ("?", ""),
            ("Optional<any NoteStore>", "NoteStore"), ("Swift.Optional<(some Repo)?>", "Repo"), ("Optional<Box<Int>>", "Box<Int>"),
            ("Optional<A>.Wrapped", "Optional<A>.Wrapped"), ("Optional<A> & Optional<B>", "Optional<A> & Optional<B>"),
            ("Optional<() -> Void>", "Optional<() -> Void>"), ("MyOptional<A>", "MyOptional<A>"),
        ]
        for (written, stripped) in cases {
            XCTAssertEqual(TypeText.stripped(written), stripped, written)
        }
        XCTAssertEqual(TypeText.trimmed("  any P  "), "any P")
        XCTAssertTrue(TypeText.contains("(Int) -> Void", "->"))
        XCTAssertTrue(TypeText.contains("Int...", "..."))
        XCTAssertFalse(TypeText.contains("Int..", "..."))
        XCTAssertFalse(TypeText.contains("", "["))
        XCTAssertTrue(TypeText.contains("x", ""))
    }

    func testPlainNamesOfTypeTextsAreWhatStrippingGives() {
        let cases: [(String, String?)] = [
            ("Note", "Note"), ("Note?", "Note"), ("Note.Status?!", "Note.Status"), ("  any NoteStore ", "NoteStore"),
            ("some  Repo ? ", "Repo"), ("any X?", "X"), ("anyX", "anyX"), ("some", "some"), ("any", "any"),
            // Not plain once the spaces, marks and one `any`/`some` are gone: the general way answers.
            ("any any X", nil), ("(any X)?", nil), ("[Note]", nil), ("Set<Tag>", nil), ("A & B", nil), ("inout X", nil),
            ("Café?", nil), ("Note..Row", nil), (".Note", nil), ("", nil), ("   ", nil), ("?", nil), ("any ", "any"),
        ]
        for (written, plain) in cases {
            XCTAssertEqual(TypeText.plainName(of: written), plain, written)
            // Whenever there is a plain name, it is what `stripped` makes of the text.
            if let plain { XCTAssertEqual(TypeText.stripped(written), plain, written) }
        }
    }

    func testPlainTypeNamesAndTheirComponents() {
        for plain in ["NoteRepository", "API.Endpoint", "_Storage", "V2", "a.b.c"] {
            XCTAssertTrue(ProjectIndex.isPlainTypeName(plain), plain)
        }
        for written in ["", ".", ".Note", "Note.", "A..B", "Int...", "any P", "P & Q", "Note?", "Box<Int>", "[Note]", "Café", "~Copyable", "@unchecked Sendable"] {
            XCTAssertFalse(ProjectIndex.isPlainTypeName(written), written)
        }
        for name in ["Outer.Inner.leaf", "plain", ".lead", "trail.", "a..b", "", "Café.Crème"] {
            XCTAssertEqual(ProjectIndex.nameComponents(name), name.split(separator: ".").map(String.init), name)
        }
    }
}

final class ProjectIndexRefinementTests: XCTestCase {
    func testMembersAreFoundByQualifiedNameThroughTheirTypes() {
        let index = makeIndex([
            ("A.swift", nil, """
                struct Store {
                    enum Kind { case local }
                    func load() {}
                    var count: Int { 0 }
                    static func .+ (lhs: Store, rhs: Store) -> Store { lhs }
                    #if false
                    func ghost() {}
                    #endif
                }
                """),
            ("B.swift", nil, """
                extension Store {
                    func load(from path: String) {}
                }
                extension Store.Kind {
                    static let fallback = Kind.local
                }
                func load() {}
                """),
            ("C.swift", nil, "extension Store { var Kind: Int { 1 } }"),
        ])
        // Both `load` methods, in file order; the top-level `load` is not `Store.load`.
        XCTAssertEqual(index.declarations(named: "Store.load").map { index.file(of: $0).path }, ["A.swift", "B.swift"])
        XCTAssertEqual(index.declarations(named: "load").map { index.file(of: $0).path }, ["B.swift"])
        XCTAssertTrue(index.declares("Store.count"))
        XCTAssertTrue(index.declares("Store.Kind.local"))
        XCTAssertTrue(index.declares("Store.Kind.fallback"))
        XCTAssertTrue(index.declares("Store..+"), "an operator's name may hold a dot")
        XCTAssertFalse(index.declares("Store.ghost"), "code under #if false declares nothing")
        XCTAssertFalse(index.declares("Store.missing"))
        XCTAssertFalse(index.declares("Missing.load"))
        XCTAssertFalse(index.declares("Store."))
        // A nested type and a property with the same qualified name are both found, in file order.
        XCTAssertEqual(index.declarations(named: "Store.Kind").map { index[$0].kind }, [.enum, .var])
        // Declarations filed by name leave members out: what a type name written in code can mean.
        XCTAssertEqual(index.filedDeclarations(named: "Store.Kind").map { index[$0].kind }, [.enum])
        XCTAssertEqual(index.filedDeclarations(named: "load").map { index.file(of: $0).path }, ["B.swift"])
        XCTAssertTrue(index.filedDeclarations(named: "Store.load").isEmpty)
        XCTAssertTrue(index.declaresFiled("Store.Kind"))
        XCTAssertFalse(index.declaresFiled("Store.count"))
        XCTAssertFalse(index.declaresFiled("Store.Kind.local"))
        // A member's qualified name is built when asked; the index files types by theirs.
        let load = index.declarations(named: "Store.load")[0]
        XCTAssertEqual(index.qualifiedName(of: load), "Store.load")
        XCTAssertNil(index.files[0].qualifiedNames.stored(load.declaration))
        XCTAssertEqual(index.files[0].qualifiedNames.stored(0), "Store")
        XCTAssertEqual(index.files[0].qualifiedNames[2], "Store.Kind.local")
        XCTAssertEqual(index.qualifiedName(of: index.declarations(named: "Store.Kind.fallback")[0]), "Store.Kind.fallback")
    }

    func testInactiveDeclarationsDeclareNothing() {
        let index = makeIndex([("A.swift", nil, "#if false\nstruct Ghost {}\n#endif\n#if DEBUG\nstruct Debug {}\n#endif")])
        XCTAssertFalse(index.declares("Ghost"))
        XCTAssertTrue(index.declares("Debug"))
    }

    func testPreviewProvidersAndPreviewsAndInactiveCodeAreTold() {
        let index = makeIndex([
            ("Views/NoteRow.swift", nil, """
                struct NoteRow: View { var body: some View { Text("") } }
                struct NoteRow_Previews: PreviewProvider {
                    static var previews: some View { NoteRow() }
                    struct Sample { let title = "" }
                }
                struct TagRow_Previews {}
                struct Plain: SwiftUI.View, Equatable {}
                #if false
                struct Ghost { func haunt() {} }
                #endif
                #Preview { struct InPreview {} }
                """),
            ("Views/TagRow+Preview.swift", nil, "extension TagRow_Previews: SwiftUI.PreviewProvider { static var previews: some View { Text(\"\") } }"),
            ("Views/Broken.swift", nil, "struct : PreviewProvider {}\nstruct Other { func run() {} }"),
        ])
        func flags(_ file: Int) -> [String: Bool] {
            var result: [String: Bool] = [:]
            for number in index.files[file].outline.declarations.indices {
                let id = DeclarationID(file: file, declaration: number)
                result[index.files[file].qualifiedNames[number], default: false] = index.isPreviewOrInactive(id)
            }
            return result
        }
        XCTAssertEqual(flags(0), [
            "NoteRow": false, "NoteRow.body": false,
            // The conforming type, its members and types nested in it.
            "NoteRow_Previews": true, "NoteRow_Previews.previews": true, "NoteRow_Previews.Sample": true, "NoteRow_Previews.Sample.title": true,
            // Conforming in an extension in another file.
            "TagRow_Previews": true,
            "Plain": false, "Ghost": true, "Ghost.haunt": true,
        ])
        XCTAssertEqual(flags(1), ["TagRow_Previews": true, "TagRow_Previews.previews": true])
        // A nameless type that says it conforms is itself a preview provider; others are not.
        let broken = index.files[2].outline.declarations.indices.map { index.isPreviewOrInactive(DeclarationID(file: 2, declaration: $0)) }
        XCTAssertEqual(broken, [true, false, false])
        // A project without `PreviewProvider` anywhere: nothing is a preview but `#Preview` bodies.
        let plain = makeIndex([("A.swift", nil, "struct A { func b() {} }\n#Preview { A() }")])
        XCTAssertEqual(plain.files[0].outline.declarations.indices.map { plain.isPreviewOrInactive(DeclarationID(file: 0, declaration: $0)) }, [false, false])
    }

    func testWhereSelfClauseRefinesAndAttributesAreNotNames() {
        let index = makeIndex([("A.swift", nil, "protocol Base {}\nprotocol Child where Self: Base {}\nstruct S: @MainActor Child, @unchecked Sendable {}")])
        XCTAssertEqual(index.allSupertypes(of: "S"), ["Child", "Sendable", "Base"])
        XCTAssertEqual(ProjectIndex.normalisedTypeNames("@MainActor @preconcurrency P"), ["P"])
    }
}

/// The per-file path checks: test sources, preview sources, `Tests` folders.
final class PathCheckTests: XCTestCase {
    func testTestAndPreviewPathsAgreeWithSplittingThePath() {
        // What the path checks mean, written the plain way: split at `/`, drop empty parts,
        // the last part is the file name.
        func parts(_ path: String) -> [(name: String, isFileName: Bool)] {
            let names = path.split(separator: "/").map(String.init)
            return names.enumerated().map { ($0.element, $0.offset == names.count - 1) }
        }
        func testOrPreview(_ path: String) -> Bool {
            parts(path).contains { $0.isFileName ? $0.name.hasSuffix("Tests.swift")
                : $0.name.hasSuffix("Tests") || ["Preview Content", "Preview", "Previews"].contains($0.name) }
        }
        func testsFolder(_ path: String) -> Bool { parts(path).contains { !$0.isFileName && $0.name.hasSuffix("Tests") } }

        var paths = ["", "/", "Tests", "Tests/", "Tests.swift", "App/Tests.swift", "App/NoteTests.swift", "AppTests/Note.swift",
                     "/abs/UITests//x.swift", "a//b///Tests//c.swift", "App/Tests/", "Preview Content/Sample.swift",
                     "App/Preview/x.swift", "App/Previews/x.swift", "App/MyPreview/x.swift", "App/Previews", "Tests/x/",
                     "App/Testss/x.swift", "App/ests/x.swift", "Sources/Notes/Note.swift", "é/Tests/ü.swift", "x/sTests/y"]
        // Random paths from the pieces the checks look at.
        var generator = SplitMix(seed: 5)
        let pieces = ["/", "//", "Tests", "UITests", "Tests.swift", "Preview", "Previews", "Preview Content", "App", "x.swift", "é", "Test"]
        for _ in 0..<400 {
            paths.append((0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        let outline = OutlineBuilder.build(SourceFile(path: "x.swift", text: "struct S {}"))
        for path in paths {
            let file = IndexedFile(path: path, layer: nil, outline: outline)
            XCTAssertEqual(file.isTestSource, testOrPreview(path), path.debugDescription)
            XCTAssertEqual(ProjectIndex.hasTestsFolder(path), testsFolder(path), path.debugDescription)
        }
        XCTAssertTrue(ProjectIndex.hasTestsFolder("App/NoteTests/Note.swift"))
        XCTAssertFalse(ProjectIndex.hasTestsFolder("App/NoteTests.swift"), "a file name is no folder")
    }
}
