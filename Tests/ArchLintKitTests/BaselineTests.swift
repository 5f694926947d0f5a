import ArchLintKit
import Foundation
import XCTest

final class BaselineTests: XCTestCase {
    // MARK: The file

    func testRecordsUnsuppressedFindingsSortedAndReadsThemBack() throws {
        let baseline = Baseline(findings: SampleFindings.findings)
        XCTAssertEqual(baseline.entries.count, 4, "the suppressed finding is not recorded")
        XCTAssertEqual(baseline.entries.map(\.path), baseline.entries.map(\.path).sorted())
        XCTAssertFalse(baseline.fingerprints.contains("00000000000000bb"))
        let parsed = try Baseline.parse(Data(baseline.rendered().utf8)).get()
        XCTAssertEqual(parsed, baseline)
        XCTAssertTrue(baseline.rendered().hasPrefix("{\n  \"version\": 1,\n  \"findings\": [\n"))
    }

    func testApplyingKeepsNewAndSuppressedFindings() {
        let baseline = Baseline(entries: [
            Baseline.Entry(rule: "blanket-main-actor", path: "", fingerprint: "fedcba9876543210", message: ""),
            Baseline.Entry(rule: "layer-dependency", path: "", fingerprint: "00000000000000bb", message: ""),
        ])
        let (remaining, baselined) = baseline.apply(to: SampleFindings.findings)
        XCTAssertEqual(baselined, 1)
        XCTAssertEqual(remaining.count, SampleFindings.findings.count - 1)
        XCTAssertFalse(remaining.contains { $0.fingerprint == "fedcba9876543210" })
        XCTAssertTrue(remaining.contains { $0.fingerprint == "00000000000000bb" && $0.isSuppressed })
    }

    func testInvalidFilesAreRefusedWithTheReason() {
        func message(_ text: String) -> String? {
            if case .failure(let error) = Baseline.parse(Data(text.utf8)) { return error.message }
            return nil
        }
        XCTAssertNotNil(message("{"))
        XCTAssertEqual(message("[]"), "expected an object with 'version' and 'findings', found an array")
        XCTAssertEqual(message("{\"findings\": []}"), "'version': expected the number 1")
        XCTAssertEqual(message("{\"version\": 2, \"findings\": []}"), "'version': 1 expected, found 2; write it again with --write-baseline")
        XCTAssertEqual(message("{\"version\": 1}"), "'findings': expected an array of findings")
        XCTAssertEqual(message("{\"version\": 1, \"findings\": [{\"rule\": \"x\"}]}"), "'findings[0].fingerprint': expected a non-empty string")
        XCTAssertNil(message("{\"version\": 1, \"findings\": [{\"fingerprint\": \"ab\"}], \"note\": \"extra keys are kept for people\"}"))
    }

    // MARK: On the command line

    /// A Domain file with two findings: a forbidden import at top level and a reference to
    /// a Data type inside a declaration.
    static func service(linesAbove: String = "", linesInside: String = "") -> String {
        """
        \(linesAbove)import UIKit

        struct NoteService {
        \(linesInside)    let dto: NoteDTO
        }

        """
    }

    func makeProject() throws -> ScratchProject {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        try project.write("App/Domain/NoteService.swift", Self.service())
        return project
    }

    func lines(_ result: (status: Int32, out: String, err: String)) throws -> [Int] {
        let findings = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]] ?? []
        return findings.compactMap { $0["line"] as? Int }
    }

    func testBaselinedFindingsSurviveLineShiftsAndNewOnesAreReported() throws {
        let project = try makeProject()
        let written = project.run(["App", "--write-baseline", "archlint-baseline.json", "--format", "json"])
        XCTAssertEqual(written.status, 1, "writing a baseline still reports and fails: \(written.err)")
        XCTAssertEqual(try lines(written), [1, 4])
        XCTAssertTrue(written.err.contains("recorded 2 findings in the baseline archlint-baseline.json"), written.err)
        let file = try Baseline.load(path: project.path("archlint-baseline.json")).get()
        XCTAssertEqual(file.entries.map(\.rule), ["layer-dependency", "layer-dependency"])
        XCTAssertEqual(file.entries.map(\.path), ["App/Domain/NoteService.swift", "App/Domain/NoteService.swift"])

        let clean = project.run(["App", "--baseline", "archlint-baseline.json", "--no-color"])
        XCTAssertEqual(clean.status, 0, clean.out)
        XCTAssertTrue(clean.out.hasPrefix("0 errors, 0 warnings in 0 files; 2 files checked in "), clean.out)
        XCTAssertTrue(clean.out.hasSuffix("(2 in the baseline)\n"), clean.out)

        // Unrelated edits move both findings down; they stay accounted for.
        try project.write("App/Domain/NoteService.swift", Self.service(
            linesAbove: "// Notes.\n// More notes.\nimport Foundation\n\n",
            linesInside: "    let title: String\n    let body: String\n"))
        XCTAssertEqual(try lines(project.run(["App", "--format", "json"])), [5, 10], "the findings did move")
        let shifted = project.run(["App", "--baseline", "archlint-baseline.json", "--format", "json"])
        XCTAssertEqual(shifted.status, 0)
        XCTAssertEqual(shifted.out, "[]\n")

        // A new violation is reported; the baselined ones are not.
        try project.write("App/Domain/Folder.swift", "import SwiftUI\nstruct Folder {}\n")
        let fresh = project.run(["App", "--baseline", "archlint-baseline.json", "--format", "xcode"])
        XCTAssertEqual(fresh.status, 1)
        XCTAssertEqual(fresh.out.split(separator: "\n").count, 1, fresh.out)
        XCTAssertTrue(fresh.out.contains("App/Domain/Folder.swift:1:1: error: "), fresh.out)

        // SARIF leaves baselined findings out too.
        let sarif = project.run(["App", "--baseline", "archlint-baseline.json", "--format", "sarif"])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any]
        let results = (log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        XCTAssertEqual(results?.count, 1)
    }

    func testALayerDependencyStaysBaselinedWhenItsFirstUseMovesToAnotherDeclaration() throws {
        // layer-dependency reports a symbol once per file, at its first use: reordering the
        // methods, or removing the first of two uses, moves that finding into another method.
        let project = try ScratchProject()
        try project.write("App/Data/OrderDTO.swift", "struct OrderDTO {}\n")
        let load = "    func load() -> OrderDTO? { nil }\n"
        let save = "    func save(_ order: OrderDTO) {}\n"
        try project.write("App/Presentation/OrderViewModel.swift", "final class OrderViewModel {\n" + load + save + "}\n")
        XCTAssertEqual(project.run(["App", "--write-baseline", "b.json", "--quiet"]).status, 1)

        try project.write("App/Presentation/OrderViewModel.swift", "final class OrderViewModel {\n" + save + load + "}\n")
        let reordered = project.run(["App", "--baseline", "b.json", "--format", "json"])
        XCTAssertEqual(reordered.out, "[]\n", "the same dependency, now first seen in save(_:)")
        XCTAssertEqual(reordered.status, 0)

        try project.write("App/Presentation/OrderViewModel.swift", "final class OrderViewModel {\n" + load + "}\n")
        XCTAssertEqual(project.run(["App", "--baseline", "b.json", "--format", "json"]).out, "[]\n", "one use of two removed")
    }

    func testABaselineWrittenWithTheFormerLayerDependencyFingerprintStillMatches() throws {
        let project = try ScratchProject()
        try project.write("App/Data/OrderDTO.swift", "struct OrderDTO {}\n")
        try project.write("App/Presentation/OrderViewModel.swift", "final class OrderViewModel {\n    func load() -> OrderDTO? { nil }\n}\n")
        // Until layer-dependency left the enclosing declaration out, it was part of the fingerprint.
        let path = "App/Presentation/OrderViewModel.swift"
        let former = StableHash.hex(["layer-dependency", path, "OrderViewModel.load", "OrderDTO"].joined(separator: "\u{1F}"))
        XCTAssertEqual(former, "6f3e0fbd3b9b69b2", "what the previous release wrote for this finding")
        try project.write("old.json", """
            {"version": 1, "findings": [{"rule": "layer-dependency", "path": "\(path)", "fingerprint": "\(former)", "message": ""}]}
            """)
        let current = project.run(["App", "--format", "json"])
        XCTAssertFalse(current.out.contains(former), "the fingerprint did change")
        let old = project.run(["App", "--baseline", "old.json", "--format", "json"])
        XCTAssertEqual(old.out, "[]\n", old.out)
        XCTAssertEqual(old.status, 0)
        // Refreshing it records the new fingerprint.
        XCTAssertEqual(project.run(["App", "--baseline", "old.json", "--write-baseline", "old.json", "--quiet"]).status, 0)
        XCTAssertFalse(try Baseline.load(path: project.path("old.json")).get().fingerprints.contains(former))
        XCTAssertEqual(project.run(["App", "--baseline", "old.json"]).status, 0)
    }

    func testCRLFAndLFCheckoutsGiveTheSameFindings() throws {
        let source = "let banner = \"\"\"\n    Coming soon\n    to your pantry\n    \"\"\"\nfunc load() {\n    fatalError(\"\"\"\n    not\n    yet\n    \"\"\")\n}\n"
        var reports: [[[String: Any]]] = []
        for lineBreak in ["\n", "\r\n"] {
            let project = try ScratchProject()
            try project.write("App/Banner.swift", source.replacingOccurrences(of: "\n", with: lineBreak))
            let result = project.run(["App", "--format", "json"])
            reports.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]]))
        }
        XCTAssertEqual(reports[0].count, 2)
        XCTAssertEqual(reports[0].map { $0["fingerprint"] as? String }, reports[1].map { $0["fingerprint"] as? String },
                       "a baseline written on one checkout matches the other")
        XCTAssertEqual(reports[0].map { $0["message"] as? String }, reports[1].map { $0["message"] as? String })
        for message in reports[1].compactMap({ $0["message"] as? String }) {
            XCTAssertFalse(message.contains("\r") || message.contains("\n"), message)
        }
    }

    func testABaselineBesideAConfigurationInASubfolderWorksInAnotherCheckout() throws {
        // The configuration and the baseline live in ci/, the sources beside it: paths climb
        // out of ci/ with `..` instead of being absolute, so the baseline carries over.
        func checkout() throws -> ScratchProject {
            let project = try ScratchProject()
            try project.write("ci/archlint.json", #"{ "profile": "arcana" }"#)
            try project.write("Domain/Trail.swift", "import SwiftUI\n\nstruct Trail {\n    let name: String\n}\n")
            return project
        }
        let laptop = try checkout()
        let written = laptop.run([".", "--config", "ci/archlint.json", "--write-baseline", "ci/baseline.json", "--format", "json"])
        XCTAssertTrue(written.out.contains(#""path": "../Domain/Trail.swift""#), written.out)
        let runner = try checkout()
        try FileManager.default.copyItem(atPath: laptop.path("ci/baseline.json"), toPath: runner.path("ci/baseline.json"))
        let checked = runner.run([".", "--config", "ci/archlint.json", "--baseline", "ci/baseline.json", "--format", "xcode"])
        XCTAssertEqual(checked.status, 0, checked.out + checked.err)
        XCTAssertEqual(checked.out, "")
        // Absolute paths (xcode) are plain, without `..`.
        let xcode = runner.run([".", "--config", "ci/archlint.json", "--format", "xcode"])
        XCTAssertTrue(xcode.out.hasPrefix(runner.root.standardizedFileURL.path + "/Domain/Trail.swift:1:1: error: "), xcode.out)
    }

    func testSuppressingOneOfTwoIdenticalFindingsLeavesTheOtherBaselined() throws {
        func view(_ buttons: String) -> String {
            "import SwiftUI\n\nstruct SettingsView: View {\n    var body: some View {\n        Form {\n" + buttons + "        }\n    }\n}\n"
        }
        let button = "            Button(\"Reset\") { }\n"
        let silenced = "            // archlint:disable:next empty-action - design pending\n" + button
        let project = try ScratchProject()
        try project.write("App/Presentation/SettingsView.swift", view(button))
        XCTAssertEqual(project.run(["App", "--write-baseline", "baseline.json", "--quiet"]).status, 0)
        // A silenced copy above the baselined button: nothing new.
        try project.write("App/Presentation/SettingsView.swift", view(silenced + button))
        let added = project.run(["App", "--baseline", "baseline.json", "--strict", "--format", "xcode"])
        XCTAssertEqual(added.status, 0, added.out)
        XCTAssertEqual(added.out, "")
        // The other way round: recorded while the first of two is silenced, then the
        // silenced one is deleted.
        XCTAssertEqual(project.run(["App", "--write-baseline", "baseline.json", "--quiet"]).status, 0)
        try project.write("App/Presentation/SettingsView.swift", view(button))
        let removed = project.run(["App", "--baseline", "baseline.json", "--strict", "--format", "xcode"])
        XCTAssertEqual(removed.status, 0, removed.out)
        // Every finding keeps a fingerprint of its own, suppressed or not.
        try project.write("App/Presentation/SettingsView.swift", view(silenced + button + silenced))
        let all = project.run(["App", "--format", "json"])
        let fingerprints = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(fingerprints.count, 3)
        XCTAssertEqual(Set(fingerprints).count, 3)
    }

    func testReindentingAMultiLineStringKeepsItsFindings() throws {
        // Swift strips a multi-line string's indentation up to its closing delimiter, so
        // wrapping the code in another block changes no text: the findings stay the same.
        func body(_ indent: String) -> String {
            ["Text(\"\"\"", "    Sync across devices is", "    coming soon!", "    \"\"\")",
             "fatalError(\"\"\"", "    Sync needs", "    a server", "    \"\"\")"].map { indent + $0 + "\n" }.joined()
        }
        var reports: [[[String: Any]]] = []
        for indent in ["        ", "            "] {
            let project = try ScratchProject()
            try project.write("App/Presentation/SyncView.swift", "struct SyncView {\n    func make() {\n" + body(indent) + "    }\n}\n")
            let result = project.run(["App", "--format", "json"])
            reports.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]]))
        }
        XCTAssertEqual(reports[0].count, 2)
        XCTAssertEqual(reports[0].map { $0["fingerprint"] as? String }, reports[1].map { $0["fingerprint"] as? String })
        let messages = reports[0].compactMap { $0["message"] as? String }
        XCTAssertTrue(messages.contains { $0.hasPrefix("String \"Sync across devices is coming soon!\" in 'SyncView.make()'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("`fatalError` (\"Sync needs a server\") in 'SyncView.make()'") }, "\(messages)")
    }

    func testRewritingABaselineOverItselfRecordsEverythingCurrent() throws {
        let project = try makeProject()
        XCTAssertEqual(project.run(["App", "--write-baseline", "b.json", "--quiet"]).status, 1)
        try project.write("App/Domain/Folder.swift", "import SwiftUI\n")
        let refreshed = project.run(["App", "--baseline", "b.json", "--write-baseline", "b.json", "--quiet"])
        XCTAssertEqual(refreshed.status, 1, "the new finding is reported once more")
        XCTAssertEqual(refreshed.err, "", "--quiet also silences the confirmation")
        XCTAssertEqual(try Baseline.load(path: project.path("b.json")).get().entries.count, 3)
        XCTAssertEqual(project.run(["App", "--baseline", "b.json"]).status, 0)
    }

    func testRefreshingFromANarrowedRunKeepsWhatTheRunDidNotCheck() throws {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        try project.write("App/Presentation/NoteScreen.swift", "struct NoteScreen { let dto: NoteDTO }\n")
        try project.write("App/Domain/NoteService.swift", "import UIKit\nstruct NoteService {}\n")
        try project.write("App/Domain/Clock.swift", "@MainActor final class Clock {}\n")
        XCTAssertEqual(project.run(["App", "--write-baseline", "b.json", "--quiet"]).status, 1)
        let all = try Baseline.load(path: project.path("b.json")).get()
        XCTAssertEqual(all.entries.map(\.rule), ["blanket-main-actor", "layer-dependency", "layer-dependency"])

        // One rule: the other rule's entries stay.
        let oneRule = project.run(["App", "--only-rule", "layer-dependency", "--write-baseline", "b.json"])
        XCTAssertTrue(oneRule.err.contains("recorded 3 findings in the baseline b.json (1 of them kept from the previous baseline"), oneRule.err)
        XCTAssertEqual(try Baseline.load(path: project.path("b.json")).get(), all)

        // One folder: the other folders' entries stay, while a finding fixed in it goes.
        try project.write("App/Domain/Clock.swift", "final class Clock {}\n")
        let oneFolder = project.run(["App/Domain", "--write-baseline", "b.json", "--quiet"])
        XCTAssertEqual(oneFolder.status, 1, "writing a baseline still reports: \(oneFolder.err)")
        let entries = try Baseline.load(path: project.path("b.json")).get().entries
        XCTAssertEqual(entries.map(\.path), ["App/Domain/NoteService.swift", "App/Presentation/NoteScreen.swift"])
        XCTAssertEqual(project.run(["App", "--baseline", "b.json"]).status, 0)

        // A run over the whole project records exactly what it finds.
        try project.write("App/Presentation/NoteScreen.swift", "struct NoteScreen {}\n")
        let full = project.run(["App", "--write-baseline", "b.json"])
        XCTAssertTrue(full.err.contains("recorded 1 finding in the baseline b.json\n"), full.err)

        // No path, in a folder of a configured project: that folder is the one checked, as
        // with `.`, and the other folders' entries stay.
        try project.write(".archlint.json", "{}")
        try project.write("App/Presentation/NoteScreen.swift", "struct NoteScreen { let dto: NoteDTO }\n")
        XCTAssertEqual(project.run(["--write-baseline", "b.json", "--quiet"]).status, 1)
        XCTAssertEqual(try Baseline.load(path: project.path("b.json")).get().entries.count, 2)
        try project.write("App/Domain/NoteService.swift", "struct NoteService {}\n")
        XCTAssertEqual(project.run(["--write-baseline", "../../b.json", "--quiet"], in: "App/Domain").status, 0)
        XCTAssertEqual(try Baseline.load(path: project.path("b.json")).get().entries.map(\.path), ["App/Presentation/NoteScreen.swift"])
    }

    func testMissingOrInvalidBaselineIsAnErrorNamingTheFile() throws {
        let project = try makeProject()
        let missing = project.run(["App", "--baseline", "nope.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.out, "")
        XCTAssertTrue(missing.err.contains("baseline file nope.json does not exist"), missing.err)

        try project.write("broken.json", "{ \"version\": 1, \"findings\": [ 3 ] }")
        let invalid = project.run(["App", "--baseline", "broken.json"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.err.contains("broken.json: not a valid archlint baseline: 'findings[0]': expected an object, found a number"), invalid.err)

        try project.write("garbage.json", "not json")
        XCTAssertTrue(project.run(["App", "--baseline", "garbage.json"]).err.contains("garbage.json: not a valid archlint baseline"))
        XCTAssertEqual(project.run(["App", "--baseline", "App"]).status, 2, "a directory")

        let unwritable = project.run(["App", "--write-baseline", "missing/dir/b.json"])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.err.contains("cannot write the baseline to missing/dir/b.json"), unwritable.err)
    }
}
