import ArchLintKit
@testable import ArchLintRules  // UnimplementedCodeRule.Scan
import Foundation
import XCTest

/// Files read from disk keep no text once they are outlined (DESIGN §9): rules and
/// findings read them again, what rules search every file for is recorded while the bytes
/// are at hand, and a file that changes or vanishes before it is read again is named.
final class SourceReloadTests: XCTestCase {
    static let files: [(path: String, text: String)] = [
        ("App/Data/RemoteNotesRepository.swift", """
            import Foundation

            final class RemoteNotesRepository: NotesRepository {
                func fetchNotes() async throws -> [Note] {
                    fatalError("fetchNotes is not implemented yet")
                }

                func archive(_ note: Note) async throws {
                    // archlint:disable:next unimplemented-code - tracked in NOTES-12
                    fatalError("archive is not implemented yet")
                }

                // archlint:disable:next unimplemented-cod
                func delete(_ note: Note) async throws {}

                func sync() async throws {
                    // TODO: implement sync with the server
                }
            }

            """),
        ("App/Domain/Note.swift", """
            import Foundation

            struct Note: Identifiable, Equatable {
                enum Kind { case `default`, archived }

                let id: UUID
                var title: String
                var body: String
                var kind: Kind
            }

            """),
        ("App/Domain/NoteFormatter.swift", """
            import UIKit

            struct NoteFormatter {
                func title(of note: Note) -> String { note.title.isEmpty ? "Untitled" : note.title }
            }

            """),
        ("App/Presentation/SettingsView.swift", """
            import SwiftUI

            struct SettingsView: View {
                let viewModel: SettingsViewModel

                var body: some View {
                    VStack {
                        Text("Settings")
                        Button("Sign out") {}
                    }
                }
            }

            """),
    ]

    private func project() throws -> ScratchProject {
        let project = try ScratchProject()
        for file in Self.files { try project.write(file.path, file.text) }
        return project
    }

    private func outlined(_ project: ScratchProject, store: SourceStore) -> [IndexedFile] {
        let configuration = Profiles.configuration("arcana")!
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        let (files, problems) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 2,
                                                        clues: TextClues(rules: RuleRegistry.all), store: store)
        XCTAssertEqual(problems, [])
        return files
    }

    private func lint(_ files: [IndexedFile], jobs: Int = 1) -> [Finding] {
        Linter.run(index: ProjectIndex(files: files), configuration: Profiles.configuration("arcana")!, rules: RuleRegistry.all, jobs: jobs)
    }

    func testFilesReadFromDiskAreReadAgainWhenTheirTextIsNeeded() throws {
        let project = try project()
        let store = SourceStore()
        let files = outlined(project, store: store)
        XCTAssertEqual(files.map(\.path), Self.files.map(\.path))
        for (file, original) in zip(files, Self.files) {
            XCTAssertEqual(file.byteCount, original.text.utf8.count, file.path)
            let first = try XCTUnwrap(file.loadSource(), file.path)
            let second = try XCTUnwrap(file.loadSource(), file.path)
            XCTAssertEqual(first.bytes, Array(original.text.utf8), file.path)
            XCTAssertEqual(first.path, file.path)
            XCTAssertFalse(first === second, "\(file.path): the text is read again, not kept")
        }
        XCTAssertEqual(store.problems, [])
    }

    func testCluesRecordedWhileOutliningAreWhatASearchOfTheTextFinds() throws {
        let project = try project()
        let files = outlined(project, store: SourceStore())
        let inMemory = ProjectIndex.build(sources: Self.files.map { ($0.path, Array($0.text.utf8)) }, configuration: Profiles.configuration("arcana")!)
        let searching = RuleRegistry.all.filter { $0.textClues != nil }
        XCTAssertEqual(Set(searching.map { $0.description.id }), ["unimplemented-code", "empty-action", "navigation-route-destination"])
        for (file, original) in zip(files, Self.files) {
            for rule in searching {
                let expected = rule.textClues!.occurringWords(in: Array(original.text.utf8))
                XCTAssertEqual(file.clueWords(of: rule), expected, "\(file.path), \(rule.description.id)")
            }
        }
        for (disk, memory) in zip(files, inMemory.files) {
            for rule in RuleRegistry.all {
                XCTAssertEqual(disk.clueWords(of: rule), memory.clueWords(of: rule), "\(disk.path), \(rule.description.id)")
            }
        }
        // What the rules rely on: the repository says `fatalError`, the view `Button`, the model neither.
        XCTAssertNotEqual(files[0].clueWords(of: UnimplementedCodeRule.self), 0)
        XCTAssertEqual(files[1].clueWords(of: UnimplementedCodeRule.self), 0)
        XCTAssertEqual(files[1].clueWords(of: EmptyActionRule.self), 0)
        XCTAssertNotEqual(files[3].clueWords(of: EmptyActionRule.self), 0)
        XCTAssertEqual(files[1].clueWords(of: LayerDependencyRule.self), ~0, "a rule without clues may find something anywhere")
        XCTAssertEqual(files.map(\.mayHaveSuppressions), [true, false, false, false])
        // Backticked names are recorded while the text is at hand, alike from disk and from memory.
        let note = files[1]
        XCTAssertEqual(note.outline.declarations.indices.filter(note.hasBacktickedName).map { note.outline.declarations[$0].name }, ["default"])
        for (disk, memory) in zip(files, inMemory.files) {
            XCTAssertEqual(disk.outline.declarations.indices.map(disk.hasBacktickedName), memory.outline.declarations.indices.map(memory.hasBacktickedName), disk.path)
        }
    }

    func testEmptyActionsAreFoundWhileOutliningSoTheRuleReadsNoFileAgain() throws {
        let project = try project()
        let files = outlined(project, store: SourceStore())
        // The per-file stage ran the rule's token scan; `check` only drops previews and
        // sets the file (the finding's place is checked in the test below).
        let found = try XCTUnwrap(files[3].scan(of: EmptyActionRule.self) as? [Violation])
        XCTAssertEqual(found.map(\.fingerprintText), ["Button Sign out"])
        let text = Self.files[3].text
        let button = text.utf8.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: "Button(")).lowerBound)
        XCTAssertEqual(found.first?.location.range, button..<(button + 6))
        XCTAssertEqual((files[1].scan(of: EmptyActionRule.self) as? [Violation])?.count, 0, "no clue word: nothing scanned")
        XCTAssertNil(files[1].scan(of: LayerDependencyRule.self), "a rule that does not scan files")
        // Text in memory is not scanned while outlining: the rule scans it in `check`.
        let inMemory = ProjectIndex.build(sources: Self.files.map { ($0.path, Array($0.text.utf8)) }, configuration: Profiles.configuration("arcana")!)
        XCTAssertNil(inMemory.files[3].scan(of: EmptyActionRule.self))
    }

    func testStopCallsScannedWhileOutliningFollowTheRunsOptions() throws {
        // The scan in the per-file stage reads `allowedMessages` from the run's
        // configuration, as `check` reads it for text in memory.
        let project = try project()
        var configuration = Profiles.configuration("arcana")!
        configuration.rules["unimplemented-code"] = RuleSettings(options: ["allowedMessages": .strings(["fetchNotes is not"])])
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        let (files, _) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 1,
                                                 clues: TextClues(rules: RuleRegistry.all, configuration: configuration), store: SourceStore())
        let scanned = try XCTUnwrap(files[0].scan(of: UnimplementedCodeRule.self) as? UnimplementedCodeRule.Scan).found
        XCTAssertEqual(scanned.map(\.fingerprintText), ["fatalError archive is not implemented yet", "TODO TODO: implement sync with the server"])
        let fromDisk = Linter.run(index: ProjectIndex(files: files), configuration: configuration, rules: [UnimplementedCodeRule.self])
        let inMemory = Linter.run(index: ProjectIndex.build(sources: Self.files.map { ($0.path, Array($0.text.utf8)) }, configuration: configuration),
                                  configuration: configuration, rules: [UnimplementedCodeRule.self])
        XCTAssertEqual(fromDisk, inMemory)
        XCTAssertEqual(fromDisk.filter { $0.ruleID == "unimplemented-code" }.map(\.position.line), [10, 17], "line 10 is reported, though suppressed")
    }

    func testLintingFilesReadFromDiskFindsWhatTheSameFilesInMemoryFind() throws {
        let project = try project()
        let store = SourceStore()
        let outlinedFiles = outlined(project, store: store)
        let fromDisk = lint(outlinedFiles)
        // Findings are placed file by file on several threads: the same findings, in order.
        XCTAssertEqual(lint(outlinedFiles, jobs: 3), fromDisk)
        let inMemory = Linter.run(index: ProjectIndex.build(sources: Self.files.map { ($0.path, Array($0.text.utf8)) }, configuration: Profiles.configuration("arcana")!),
                                  configuration: Profiles.configuration("arcana")!, rules: RuleRegistry.all)
        XCTAssertEqual(fromDisk, inMemory)
        let summary = fromDisk.map { "\($0.ruleID) \($0.path):\($0.position.line):\($0.position.column) suppressed: \($0.isSuppressed)" }
        XCTAssertEqual(summary, [
            "unimplemented-code App/Data/RemoteNotesRepository.swift:5:9 suppressed: false",
            "unimplemented-code App/Data/RemoteNotesRepository.swift:10:9 suppressed: true",
            "invalid-suppression App/Data/RemoteNotesRepository.swift:13:30 suppressed: false",
            "unimplemented-code App/Data/RemoteNotesRepository.swift:17:9 suppressed: false",
            "layer-dependency App/Domain/NoteFormatter.swift:1:1 suppressed: false",
            "empty-action App/Presentation/SettingsView.swift:9:13 suppressed: false",
        ])
        XCTAssertEqual(fromDisk.first?.sourceLine, "        fatalError(\"fetchNotes is not implemented yet\")")
        XCTAssertEqual(store.problems, [])
    }

    func testFileChangedBeforeItIsReadAgainIsNamedAndItsFindingsAreLeftOut() throws {
        let project = try project()
        let store = SourceStore()
        let files = outlined(project, store: store)
        try project.write("App/Data/RemoteNotesRepository.swift", "// Moved to NotesKit.\n")
        // Its finding (the `UIKit` import) needs no text to be found, but would be placed in text that is gone.
        try project.write("App/Domain/NoteFormatter.swift", "import Foundation\n")

        let findings = lint(files)
        XCTAssertEqual(findings.map(\.ruleID), ["empty-action"], "the changed files get no findings")
        XCTAssertEqual(lint(files, jobs: 3), findings, "whichever thread places them")
        XCTAssertEqual(store.problems.map(\.path), ["App/Data/RemoteNotesRepository.swift", "App/Domain/NoteFormatter.swift"])
        XCTAssertEqual(store.problems.first?.message,
                       "App/Data/RemoteNotesRepository.swift: changed while it was being linted; lint again for exact positions and findings")
    }

    func testChangeThatKeepsTheSizeIsSeenByTheModificationTime() throws {
        let project = try project()
        let store = SourceStore()
        let files = outlined(project, store: store)
        let path = project.path("App/Domain/Note.swift")
        try project.write("App/Domain/Note.swift", Self.files[1].text.replacingOccurrences(of: "title", with: "label"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)

        XCTAssertEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int), files[1].byteCount)
        XCTAssertNil(files[1].loadSource())
        XCTAssertEqual(store.problems.map(\.path), ["App/Domain/Note.swift"])
    }

    func testFileDeletedBeforeItIsReadAgainIsNamedOnce() throws {
        let project = try project()
        let store = SourceStore()
        let files = outlined(project, store: store)
        try FileManager.default.removeItem(atPath: project.path("App/Presentation/SettingsView.swift"))

        XCTAssertNil(files[3].loadSource())
        XCTAssertNil(files[3].loadSource())
        XCTAssertEqual(lint(files).map(\.ruleID), ["unimplemented-code", "unimplemented-code", "invalid-suppression", "unimplemented-code", "layer-dependency"])
        XCTAssertEqual(store.problems.map(\.message), [
            "App/Presentation/SettingsView.swift: cannot be read again: no such file or directory (check that it still exists and its permissions)",
        ])
    }

    func testStubNamesAreScannedWhileOutliningAndPlacedWithTheIndex() throws {
        // Uses of a stub name are found in the per-file stage; the index then drops those
        // inside the stub type's own declaration and extensions, and those in previews.
        let project = try ScratchProject()
        let sources: [(path: String, text: String)] = [
            ("App/Presentation/Shared/PlaceholderView.swift", """
                import SwiftUI

                struct PlaceholderView: View {
                    var body: some View { Text("Soon") }
                }

                extension PlaceholderView {
                    static let shared = PlaceholderView()
                }

                """),
            ("App/Presentation/Navigation/AppRouter.swift", """
                import SwiftUI

                struct AppRouter {
                    @ViewBuilder
                    func view(for route: Route) -> some View {
                        switch route {
                        case .home: HomeView()
                        case .reports: PlaceholderView()
                        }
                    }
                }

                #Preview {
                    PlaceholderView()
                }

                """),
        ]
        for file in sources { try project.write(file.path, file.text) }
        let store = SourceStore()
        let files = outlined(project, store: store)
        let scan = try XCTUnwrap(files[0].scan(of: UnimplementedCodeRule.self) as? UnimplementedCodeRule.Scan)
        XCTAssertEqual(scan.stubCandidates.count, 2, "the route's use and the preview's, before the index drops one")
        let configuration = Profiles.configuration("arcana")!
        let fromDisk = Linter.run(index: ProjectIndex(files: files), configuration: configuration, rules: [UnimplementedCodeRule.self])
        let inMemory = Linter.run(index: ProjectIndex.build(sources: sources.map { ($0.path, Array($0.text.utf8)) }, configuration: configuration),
                                  configuration: configuration, rules: [UnimplementedCodeRule.self])
        XCTAssertEqual(fromDisk, inMemory)
        XCTAssertEqual(fromDisk.map { "\($0.path):\($0.position.line)" }, ["App/Presentation/Navigation/AppRouter.swift:8"])
        XCTAssertEqual(store.problems, [])
    }

    func testBacktickedNamesAreReportedWithTheirBackticksFromDisk() throws {
        let project = try ScratchProject()
        try project.write("App/Presentation/Navigation/NavigationRouter.swift", """
            import SwiftUI

            enum Route: Hashable {
                case pantry
                case `default`
            }

            struct NavigationRouter {
                @ViewBuilder
                func destination(for route: Route) -> some View {
                    switch route {
                    case .pantry:
                        PantryView()
                    default:
                        EmptyView()
                    }
                }
            }

            """)
        let store = SourceStore()
        let findings = lint(outlined(project, store: store)).filter { $0.ruleID == "navigation-route-destination" }
        XCTAssertEqual(findings.map { "\($0.position.line):\($0.position.column)-\($0.position.endColumn)" }, ["5:10-19"], "`default` with its backticks")
        XCTAssertEqual(store.problems, [])
    }
}
