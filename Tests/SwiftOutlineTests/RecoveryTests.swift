import SwiftLexer
import SwiftOutline
import XCTest

final class RecoveryTests: XCTestCase {
    func testBracketPairsFromTheLexersStructureMatchAPassOverEveryToken() {
        // Unclosed groups, stray closers, interpolations and declaration keywords inside
        // parentheses: the outline built from the lexer's structure list and the one built
        // by looking at every token must agree in every declaration and fact.
        let source = SourceFile(path: "Broken.swift", text: """
            struct Feed {
                func load(id: Int,
                func save() { store.put("\\(id) \\(items.map { $0.name })", when: [a, b)) }
                let table = [
                class Late { var rows: [Row] = [] }
                init(extension proto: Int) { self.proto = proto ) }
            }
            }
            enum Tail { case a(Int }
            """)
        let lexed = Lexer.tokenize(source)
        XCTAssertFalse(lexed.structure.isEmpty)
        var everyToken = lexed
        everyToken.structure = []
        let fromStructure = OutlineBuilder.build(source, lexed: lexed)
        let fromEveryToken = OutlineBuilder.build(source, lexed: everyToken)
        func summary(_ outline: FileOutline) -> [String] {
            outline.declarations.map { item in
                "\(item.kind.rawValue) \(item.name) \(item.range) \(item.members) \(item.facts.accessSummaries) \(item.facts.referenceSummaries)"
            }
        }
        XCTAssertEqual(summary(fromStructure), summary(fromEveryToken))
        XCTAssertEqual(fromStructure.tree, ["struct Feed", "  func load", "  func save", "  let table", "  class Late", "    var rows", "  init init", "enum Tail", "  case a"])
    }

    func testMissingClosingBraceKeepsWhatWasRead() {
        let result = outline("""
            struct A {
                func one() {
                    if x {
            }
            struct B { func two() {} }
            """)
        XCTAssertTrue(result.declarations.contains { $0.name == "A" })
        XCTAssertTrue(result.declarations.contains { $0.name == "one" })
    }

    func testStrayClosingBraceIsSkipped() {
        let result = outline("""
            struct A {}
            }
            struct B {}
            """)
        XCTAssertEqual(result.tree, ["struct A", "struct B"])
    }

    func testUnfinishedDeclarationsResynchroniseAtTheNextKeyword() {
        let result = outline("""
            class
            func half(
            struct Whole { var x: Int }
            var
            let done = 1
            """)
        XCTAssertTrue(result.declarations.contains { $0.name == "Whole" })
        XCTAssertTrue(result.declarations.contains { $0.name == "done" })
    }

    func testGarbageInsideTypeBodyResynchronises() {
        let result = outline("""
            struct A {
                %%% ??? 12 ")
                func kept() {}
                @@ var alsoKept = 1
            }
            """)
        XCTAssertEqual(result.tree, ["struct A", "  func kept", "  var alsoKept"])
    }

    func testAStrayInvalidByteBeforeADeclarationLeavesItInTheOutline() {
        var bytes = Array("struct A {}\n".utf8) + [0xC3] + Array(" struct B {}\nenum E {\n    case a\n".utf8)
        bytes += [0xFF, 0xFE] + Array(" case b\n    \u{7F} func c() {}\n}\n".utf8)
        let result = OutlineBuilder.build(SourceFile(path: "Test.swift", bytes: bytes))
        XCTAssertEqual(result.tree, ["struct A", "struct B", "enum E", "  case a", "  case b", "  func c"])
    }

    func testConflictMarkersKeepBothSides() {
        let result = outline("""
            struct A {
            <<<<<<< HEAD
                func ours() {}
            =======
                func theirs() {}
            >>>>>>> feature
            }
            """)
        XCTAssertEqual(result.tree, ["struct A", "  func ours", "  func theirs"])
    }

    func testUnfamiliarSyntaxDoesNotDerail() {
        let result = outline("""
            struct A: ~Copyable {
                borrowing func look() {}
                consuming func take() {}
                func each<each T>(_ values: repeat each T) {}
                @_spi(Internal) public func spi() {}
                someFutureKeyword func future() {}
                nonisolated func plain() {}
            }
            struct B {}
            """)
        XCTAssertTrue(result.tree.contains("  func look"))
        XCTAssertTrue(result.tree.contains("  func take"))
        XCTAssertTrue(result.tree.contains("  func each"))
        XCTAssertTrue(result.tree.contains("  func spi"))
        XCTAssertTrue(result.tree.contains("  func plain"))
        XCTAssertTrue(result.tree.contains("struct B"))
        XCTAssertEqual(result.first("A").inherits, ["~Copyable"])
    }

    func testTopLevelStatementsBecomeTopLevelFacts() {
        let result = outline("""
            import Foundation
            let app = App()
            if CommandLine.arguments.count > 1 {
                app.run(CommandLine.arguments)
            }
            app.finish()
            func helper() {}
            """)
        XCTAssertEqual(result.tree, ["let app", "func helper"])
        XCTAssertEqual(result.topLevelFacts.accessSummaries.filter { $0.hasPrefix("app.") }, ["app.run(_:)", "app.finish()"])
    }

    func testDeeplyNestedTypesDoNotOverflow() {
        let depth = 100_000
        let source = String(repeating: "struct S {", count: depth) + String(repeating: "}", count: depth)
        let result = outline(source)
        XCTAssertEqual(result.declarations.count, depth)
        XCTAssertEqual(result.declarations.last?.parent, depth - 2)
        XCTAssertEqual(result.descendants(of: 0).count, depth - 1)
    }

    func testDeeplyNestedBracketsInBodiesDoNotOverflow() {
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]"), ("\"\\(", ")\"")] {
            let depth = 100_000
            let source = "func f() {\n" + String(repeating: open, count: depth) + "x.y()" + String(repeating: close, count: depth) + "\n}\nfunc g() {}"
            let result = outline(source)
            XCTAssertEqual(result.tree, ["func f", "func g"], open)
            XCTAssertEqual(result.first("f").facts.accessSummaries, ["x.y()"], open)
        }
    }

    func testUnclosedDeepNesting() {
        let result = outline("func f() {" + String(repeating: "(", count: 100_000))
        XCTAssertEqual(result.tree, ["func f"])
        let types = outline(String(repeating: "class C {", count: 50_000))
        XCTAssertEqual(types.declarations.count, 50_000)
    }

    func testRandomInputsNeverTrap() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        let fragments = ["struct", "class", "func", "var", "let", "case", "enum", "extension", "protocol", "init", "{", "}",
                         "(", ")", "[", "]", "<", ">", ":", ",", "=", "->", "@", "MainActor", "#if", "#else", "#endif",
                         "\n", " ", "x", "Foo", ".", "?", "\"", "\\(", "where", "import", "get", "set", "didSet", "some",
                         "operator", "infix", "static", "subscript", "typealias", "associatedtype", "#Preview", "/", "//", "/*"]
        for _ in 0..<3000 {
            var source = ""
            for _ in 0..<(next() % 60) { source += fragments[Int(next() % UInt64(fragments.count))] + (next() % 3 == 0 ? " " : "") }
            let result = outline(source)
            for (index, declaration) in result.declarations.enumerated() {
                XCTAssertLessThanOrEqual(declaration.range.lowerBound, declaration.range.upperBound)
                if let parent = declaration.parent { XCTAssertLessThan(parent, index) }
            }
        }
    }
}
