@testable import ArchLintKit
import XCTest

/// The symbol tables behind `layer-dependency` and `archlint graph`.
final class DependencySymbolsTests: XCTestCase {
    func index(_ files: [(String, String)]) -> ProjectIndex {
        ProjectIndex.build(sources: files.map { ($0.0, Array($0.1.utf8)) }, configuration: Profiles.configuration("arcana")!)
    }

    func testOtherDeclarationsNamedLikeTopLevelFunctionsAreAllFound() {
        // Names of every length and first and last letter, some equal to a function's name
        // and many only alike (same length, same first or last letter).
        let functions = ["load", "save", "makeNote", "x", "formatDate"]
        var others = ["load", "lead", "loud", "saved", "sane", "makeNotes", "makeNode", "x", "y", "formatData", "formatDate"]
        others += (1...40).map { "v\(String(repeating: "a", count: $0))e" }
        let global = functions.map { "func \($0)() {}\n" }.joined()
        let members = "struct Holder {\n" + others.enumerated().map { "    var \($0.element) = \($0.offset)\n" }.joined()
            + "    let (load2, save) = (1, 2)\n}\n"
        let symbols = DependencySymbols(index: index([("App/Globals.swift", global), ("App/Holder.swift", members)]))
        XCTAssertEqual(symbols.otherNames, ["load", "x", "formatDate", "save"])
        XCTAssertEqual(Set(symbols.functions.keys), Set(functions))
    }

    func testSitesAreInPathOrderWhateverTheFileOrder() {
        let files = [("B/Note.swift", "struct Note {}\nfunc render() {}\n"), ("A/Note.swift", "struct Note {}\nfunc render() {}\n")]
        for order in [files, files.reversed()] {
            let built = index(order)
            let symbols = DependencySymbols(index: built)
            XCTAssertEqual(symbols.types["Note"]?.map(\.path), ["A/Note.swift", "B/Note.swift"])
            XCTAssertEqual(symbols.functions["render"]?.map(\.path), ["A/Note.swift", "B/Note.swift"])
        }
    }
}

private extension DependencySymbols {
    /// Every type name with its places.
    var types: [String: [SymbolSite]] { Dictionary(uniqueKeysWithValues: zip(typeNames, typeSites)) }

    /// Every top-level function name with its places.
    var functions: [String: [SymbolSite]] { Dictionary(uniqueKeysWithValues: zip(functionNames, functionSites)) }
}
