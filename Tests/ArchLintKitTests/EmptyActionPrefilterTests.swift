import ArchLintKit
@testable import ArchLintRules
import SwiftLexer
import XCTest

/// `empty-action` looks at a file's brackets and declarations only when one of its four
/// names is an identifier of the file; the clue words alone also match inside other names
/// and in comments.
final class EmptyActionPrefilterTests: XCTestCase {
    func hasCandidate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let tokens = Lexer.tokenize(bytes).tokens
        return tokens.withUnsafeBufferPointer { EmptyActionRule.hasCandidateName($0, bytes: bytes) }
    }

    func testOnlyTheFourNamesAsIdentifiersCount() {
        XCTAssertTrue(hasCandidate("Button(\"Save\") {}"))
        XCTAssertTrue(hasCandidate("Toggle(isOn: $on).onTapGesture { }"))
        XCTAssertTrue(hasCandidate("row.swipeActions { }"))
        XCTAssertTrue(hasCandidate("Alert.Button.cancel(action: {})"))
        XCTAssertFalse(hasCandidate("let transaction = ledger.begin() // an action to take"))
        XCTAssertFalse(hasCandidate("struct PrimaryButton: View { let actionTitle: String }"))
        XCTAssertFalse(hasCandidate("let label = \"Button action onTapGesture swipeActions\""))
        XCTAssertFalse(hasCandidate("/* Button { } */ let `Button` = 1"))
        XCTAssertFalse(hasCandidate(""))
    }

    /// The findings of a file whose clue words are all inside other names are none, and a
    /// file with an empty button among such names still has its finding.
    func testFilesWithOnlyLookalikeNamesHaveNoFindingsAndOthersKeepThem() {
        let lookalikes = """
            struct CheckoutScreen: View {
                let transaction: Transaction
                var body: some View {
                    PrimaryButton(title: "Pay") { viewModel.onInput(.pay) }  // the main action
                }
            }
            """
        let empty = lookalikes.replacingOccurrences(of: "PrimaryButton(title: \"Pay\") { viewModel.onInput(.pay) }",
                                                    with: "Button(\"Pay\") { }")
        let configuration = Profiles.configuration(Profiles.defaultName)!
        for (text, expected) in [(lookalikes, 0), (empty, 1)] {
            let index = ProjectIndex.build(sources: [("App/Presentation/Checkout/CheckoutScreen.swift", Array(text.utf8))], configuration: configuration)
            let findings = Linter.run(index: index, configuration: configuration, rules: [EmptyActionRule.self], only: ["empty-action"])
            XCTAssertEqual(findings.count, expected, text)
        }
    }
}
