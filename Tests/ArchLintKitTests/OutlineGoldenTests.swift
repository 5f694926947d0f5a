import ArchLintKit
import Foundation
import SwiftLexer
import XCTest

/// Each `Fixtures/Outline/*.swift` has a golden `*.outline.json`: the exact output of
/// `archlint outline`. Goldens are compared as JSON values. To regenerate them after an
/// intended change, run the tests with `ARCHLINT_UPDATE_GOLDENS=1` and review the diff.
final class OutlineGoldenTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Outline")

    func testOutlinesMatchTheirGoldens() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(sources.count, 4)
        let update = ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1"
        for name in sources {
            let url = Self.fixtures.appendingPathComponent(name)
            let file = SourceFile(path: name, bytes: [UInt8](try Data(contentsOf: url)))
            let actual = try JSONSerialization.jsonObject(with: Data(OutlineDump.json(for: file)))
            let goldenURL = Self.fixtures.appendingPathComponent(name.replacingOccurrences(of: ".swift", with: ".outline.json"))
            if update {
                let pretty = try JSONSerialization.data(withJSONObject: actual, options: [.prettyPrinted, .sortedKeys])
                try pretty.write(to: goldenURL)
                continue
            }
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: goldenURL))
            XCTAssertEqual(actual as? NSDictionary, expected as? NSDictionary, "\(name) differs from its golden outline")
        }
    }
}
