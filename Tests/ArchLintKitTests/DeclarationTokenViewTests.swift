import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import SwiftOutline
import XCTest

/// `service-repository-method` and `viewmodel-repository-injection` lex a declaration on its
/// own (`TokenView(source:range:)`, through `DeclarationTokenViews`) instead of its whole
/// file. These tests hold a declaration's own tokens to the whole file's.
final class DeclarationTokenViewTests: XCTestCase {
    let service = #"""
        import Foundation

        /// Loads orders; the "repository" below is the only data source.
        final class OrderService {
            private let repository: OrderRepository
            private let formatter = #"\(raw) #{"#
            lazy var summary: String = "orders: \(repository.count()) of \("many")"

            init(repository: OrderRepository) {
                self.repository = repository
            }

            func load(id: Order.ID) async throws -> Order {
                let notes = """
                    Loaded \(id) at \(Date())
                    } still inside the literal {
                    """
                let pattern = /order-(\d+)/
                return try await repository.fetch(id: id, note: notes, pattern: pattern) { progress in
                    print(progress) /* a } in a comment */
                }
            }

            struct Page { let items: [Order]; let cursor: String? }

            subscript(index: Int) -> Order? { nil }
        }

        extension OrderService {
            func refresh() { repository.reload() }
        }
        """#

    /// The file's tokens of `range`, as `TokenView(source:range:)` should give them.
    func fileTokens(_ tokens: [Token], in range: Range<Int>) -> [Token] {
        tokens.filter { $0.start >= range.lowerBound && $0.end <= range.upperBound }
    }

    /// Tokens without their trivia flags, which the first token of a window cannot have.
    func withoutTrivia(_ tokens: [Token]) -> [Token] {
        tokens.map { token in
            var token = token
            token.flags.remove([.newlineBefore, .triviaBefore])
            return token
        }
    }

    func testADeclarationsOwnTokensAreTheFilesTokensOfItsRange() {
        let source = SourceFile(path: "OrderService.swift", text: service)
        let whole = Lexer.tokenize(source).tokens
        let wholeView = TokenView(source: source)
        let outline = OutlineBuilder.build(source)
        XCTAssertGreaterThan(outline.declarations.count, 8)
        for declaration in outline.declarations {
            let view = TokenView(source: source, range: declaration.range)
            let expected = fileTokens(whole, in: declaration.range)
            XCTAssertFalse(expected.isEmpty, declaration.name)
            XCTAssertEqual(view.tokens.count, expected.count, declaration.name)
            guard view.tokens.count == expected.count else { continue }
            XCTAssertEqual(Array(view.tokens.dropFirst()), Array(expected.dropFirst()), declaration.name)
            XCTAssertEqual(withoutTrivia([view.tokens[0]]), withoutTrivia([expected[0]]), declaration.name)
            XCTAssertEqual(view.bytes, source.bytes)
            // Brackets pair within the declaration as they do in the file.
            let first = wholeView.firstToken(atOrAfter: declaration.range.lowerBound)
            for position in view.tokens.indices {
                XCTAssertEqual(view.partners[position].map { $0 + first }, wholeView.partners[first + position], declaration.name)
            }
        }
    }

    func testWindowsAtTheEdgesOfTheFile() {
        let source = SourceFile(path: "A.swift", text: "func first() {}\nfunc last() { run() }")
        XCTAssertEqual(TokenView(source: source, range: 0..<15).tokens.map(\.start), [0, 5, 10, 11, 13, 14])
        XCTAssertEqual(TokenView(source: source, range: 16..<37).tokens.count, 9)
        // A range past the end is cut to the file.
        XCTAssertEqual(TokenView(source: source, range: 16..<500).tokens.count, 9)
        XCTAssertEqual(TokenView(source: source, range: 500..<600).tokens.count, 0)
    }

    func index(_ files: [(String, String)]) -> ProjectIndex {
        ProjectIndex.build(sources: files.map { ($0.0, Array($0.1.utf8)) }, configuration: Profiles.configuration(Profiles.defaultName)!)
    }

    func testDeclarationViewsLexOnlyTheDeclarationWhenNoCodeIsInactive() throws {
        let index = index([("Domain/OrderService.swift", service)])
        var views = DeclarationTokenViews(index: index)
        let outline = index.files[0].outline
        let load = try XCTUnwrap(outline.declarations.firstIndex { $0.name == "load" })
        let view = try XCTUnwrap(views.view(of: load, inFile: 0))
        XCTAssertEqual(view.tokens.first?.start, outline.declarations[load].range.lowerBound)
        XCTAssertEqual(view.tokens.last?.end, outline.declarations[load].range.upperBound)
        XCTAssertTrue(view.inactiveRanges.isEmpty)
        // Asked again, the same declaration gives the same tokens.
        XCTAssertEqual(views.view(of: load, inFile: 0)?.tokens, view.tokens)
    }

    func testDeclarationViewsAreTheWholeFileWhereCodeMayBeInactive() throws {
        let text = """
            final class CatalogService {
                let repository: CatalogRepository
                func load() {
                    #if false
                    repository.legacyLoad()
                    #endif
                    #if (false)
                    repository.parkedLoad()
                    #endif
                    repository.load()
                }
            }
            """
        let index = index([("Domain/CatalogService.swift", text)])
        var views = DeclarationTokenViews(index: index)
        let outline = index.files[0].outline
        let load = try XCTUnwrap(outline.declarations.firstIndex { $0.name == "load" })
        let view = try XCTUnwrap(views.view(of: load, inFile: 0))
        let whole = Lexer.tokenize(SourceFile(path: "Domain/CatalogService.swift", text: text)).tokens
        XCTAssertEqual(view.tokens, whole)
        let legacy = try XCTUnwrap(text.range(of: "legacyLoad")).lowerBound.utf16Offset(in: text)
        let current = try XCTUnwrap(text.range(of: "repository.load()")).lowerBound.utf16Offset(in: text)
        XCTAssertTrue(view.isInactive(legacy))
        XCTAssertTrue(view.isInactive(try XCTUnwrap(text.range(of: "parkedLoad")).lowerBound.utf16Offset(in: text)))
        XCTAssertFalse(view.isInactive(current))
    }
}

/// `unwired-navigation-callback` reads a declaration's tokens from the declaration alone
/// when its file's tokens are not at hand yet: the tokens in the range must be the file's.
final class UnwiredNavigationTokenWindowTests: XCTestCase {
    typealias Checked = UnwiredNavigationCallbackRule

    func testDeclarationWindowsHoldTheFilesTokensOfTheirRange() {
        let configuration = Profiles.configuration(Profiles.defaultName)!
        var windowed = 0
        for example in Checked.description.triggeringExamples + Checked.description.nonTriggeringExamples {
            let files = example.files.map { ($0.path, Array($0.source.replacingOccurrences(of: "↓", with: "").utf8)) }
            let index = ProjectIndex.build(sources: files, configuration: configuration)
            for file in index.files.indices {
                let whole = Checked.Project(index: index).tokens(of: file)
                for declaration in index.files[file].outline.declarations {
                    let range = declaration.range
                    let inRange = { (tokens: [Token]) in tokens.filter { $0.start >= range.lowerBound && $0.end <= range.upperBound } }
                    // A fresh project each time: no file's tokens are at hand yet.
                    let tokens = Checked.Project(index: index).tokens(of: file, in: range)
                    if tokens.count < whole.count { windowed += 1 }
                    XCTAssertEqual(inRange(tokens).dropFirst(), inRange(whole).dropFirst(), "\(declaration.name) in \(index.files[file].path)")
                    XCTAssertEqual(inRange(tokens).first?.range, inRange(whole).first?.range)
                }
            }
        }
        // Most declarations are lexed on their own; the comparison is not all whole files.
        XCTAssertGreaterThan(windowed, 50)
    }
}
