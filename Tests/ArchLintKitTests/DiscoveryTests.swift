@testable import ArchLintKit
import Foundation
import XCTest

/// A walked file's relative path is made from its directory's, once per directory: it is
/// what making the whole path relative gives, inside the root and outside it.
final class DiscoveredPathTests: XCTestCase {
    func testRelativePathsAreThoseOfTheWholePaths() throws {
        let project = try ScratchProject()
        for path in ["Root/App/Domain/Note.swift", "Root/App/Data/Remote/NotesAPI.swift", "Root/a.swift", "Elsewhere/Shared/Tag.swift", "Elsewhere/b.swift"] {
            try project.write(path, "let x = 1\n")
        }
        let configuration = try XCTUnwrap(Profiles.configuration(Profiles.defaultName))
        let root = project.path("Root")
        let walker = FileDiscovery.Walker(base: root + "/", configuration: configuration)
        let result = FileDiscovery.discover(paths: [root, project.path("Elsewhere")], root: root, configuration: configuration)
        XCTAssertEqual(result.files.count, 5)
        for file in result.files { XCTAssertEqual(file.relativePath, walker.relative(file.absolutePath)) }
        // Outside the root, paths climb out of it to the folder both share.
        XCTAssertEqual(result.files.map(\.relativePath).sorted(),
                       ["../Elsewhere/Shared/Tag.swift", "../Elsewhere/b.swift", "App/Data/Remote/NotesAPI.swift", "App/Domain/Note.swift", "a.swift"])
        XCTAssertEqual(FileDiscovery.Walker.climbing(to: "/home/shared/Tag.swift", from: "/home/ci/Root/"), "../../shared/Tag.swift")
        XCTAssertEqual(FileDiscovery.Walker.climbing(to: "/Tag.swift", from: "/home/ci/Root/"), "/Tag.swift", "nothing shared but /")
        XCTAssertEqual(FileDiscovery.Walker.climbing(to: "/home/ci/", from: "/home/ci/Root/"), "../")
    }
}

/// With several jobs, files are read, lexed and outlined while the walk goes on
/// (`Pipeline.discoverAndOutline`); what a run gets (the files, their outlines, and the
/// problems in their order) is what discovery and then the per-file stage give, whatever
/// the number of jobs.
final class OverlappedDiscoveryTests: XCTestCase {
    let configuration = Profiles.configuration("arcana")!

    /// A tree whose walk order is not path order: `Data.swift` sorts before `Data/…`, but
    /// the walk lists `Data` (a directory, walked later) and `Data.swift` in one go.
    func makeProject() throws -> ScratchProject {
        let project = try ScratchProject()
        for (path, type) in [("App/Data/Remote/NotesAPI.swift", "NotesAPI"), ("App/Data.swift", "DataModule"),
                             ("App/Data/Local/NoteStore.swift", "NoteStore"), ("App/Domain/Note.swift", "Note"),
                             ("App/Domain/Note+Title.swift", "NoteTitle"), ("App/Presentation/Notes/NotesView.swift", "NotesView"),
                             ("App/Pods/Lib/Vendored.swift", "Vendored"), ("App/a.swift", "A"), ("Elsewhere/Shared.swift", "Shared")] {
            try project.write(path, "struct \(type) {}\n")
        }
        try project.write("App/readme.md", "not Swift\n")
        return project
    }

    func assertSameAsDiscoveryThenReading(_ paths: [String], root: String, file: StaticString = #filePath, line: UInt = #line) {
        let discovery = FileDiscovery.discover(paths: paths, root: root, configuration: configuration)
        let (files, problems) = Pipeline.readAndOutline(discovery.files, configuration: configuration, jobs: 1, store: SourceStore())
        XCTAssertFalse(files.isEmpty, file: file, line: line)
        for jobs in [1, 2, 3, 4, 8] {
            let outcome = Pipeline.discoverAndOutline(paths: paths, root: root, configuration: configuration, jobs: jobs, store: SourceStore())
            XCTAssertEqual(outcome.discovery.files, discovery.files, "jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(outcome.discovery.problems, discovery.problems, "jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(outcome.files.map(\.path), files.map(\.path), "jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(outcome.files.map { $0.outline.declarations.map(\.name) }, files.map { $0.outline.declarations.map(\.name) },
                           "each file's outline is its own, jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(outcome.readProblems, problems, "jobs \(jobs)", file: file, line: line)
        }
    }

    func testATreeWithoutLinksIsDiscoveredTheSameWhileItsFilesAreRead() throws {
        let project = try ScratchProject()
        for path in ["App/a.swift", "App/Data/Remote/Notes.swift", "App/Data/Local/Store.swift", "App/Domain/Note.swift",
                     "App/Domain/Note+Title.swift", "App/Presentation/Notes/NotesView.swift", "App/Tests/NoteTests.swift",
                     "App/Pods/Lib/p.swift", "App/Presentation.swift", "App/readme.md"] {
            try project.write(path, "let x = 1\n")
        }
        try FileManager.default.createDirectory(atPath: project.path("App/Locked"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: project.path("App/Locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: project.path("App/Locked")) }

        let result = FileDiscovery.discover(paths: [project.path("App")], root: project.root.path, configuration: configuration)
        XCTAssertEqual(result.files.count, 7, "Tests and Pods are excluded by the profile")
        assertSameAsDiscoveryThenReading([project.path("App")], root: project.root.path)
        assertSameAsDiscoveryThenReading([project.path("App/Domain"), project.path("App"), project.path("App/a.swift")], root: project.root.path)
    }

    func testADirectoryReachedTwiceIsWalkedOnceByItsRealPath() throws {
        let project = try ScratchProject()
        try project.write("App/Real/Note.swift", "struct Note {}\n")
        try project.write("App/Real/Deeper/Tag.swift", "struct Tag {}\n")
        try project.write("App/Other/Thing.swift", "struct Thing {}\n")
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Alias"), withDestinationPath: project.path("App/Real"))
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Other/Up"), withDestinationPath: project.path("App"))

        assertSameAsDiscoveryThenReading([project.path("App")], root: project.root.path)
        let result = FileDiscovery.discover(paths: [project.path("App")], root: project.root.path, configuration: configuration)
        XCTAssertEqual(result.files.map(\.relativePath), ["App/Other/Thing.swift", "App/Real/Deeper/Tag.swift", "App/Real/Note.swift"])
    }

    func testOverlappedRunsGiveWhatDiscoveryThenReadingGives() throws {
        let project = try makeProject()
        let root = project.root.path
        let discovery = FileDiscovery.discover(paths: [project.path("App")], root: root, configuration: configuration)
        XCTAssertEqual(discovery.files.map(\.relativePath), ["App/Data.swift", "App/Data/Local/NoteStore.swift", "App/Data/Remote/NotesAPI.swift",
                                                             "App/Domain/Note+Title.swift", "App/Domain/Note.swift",
                                                             "App/Presentation/Notes/NotesView.swift", "App/a.swift"],
                       "path order, Pods excluded by the profile")
        assertSameAsDiscoveryThenReading([project.path("App")], root: root)
        // Several paths: one inside another, a file given twice, a missing path, a path outside the root.
        assertSameAsDiscoveryThenReading([project.path("App/Domain"), project.path("App"), project.path("App/Domain/Note.swift"),
                                          project.path("Missing"), project.path("Elsewhere")], root: root)
    }

    func testEmptyFilesAndFilesWithoutCommentsOrDeclarationsGoThroughTheStage() throws {
        let project = try ScratchProject()
        try project.write("App/Empty.swift", "")
        try project.write("App/Statement.swift", "print(1)\n")
        try project.write("App/Note.swift", "// A note.\nstruct Note {}\n")
        guard case .success(let empty) = SourceReader.contents(atPath: project.path("App/Empty.swift")) else {
            return XCTFail("an empty file can be read")
        }
        XCTAssertEqual(empty.bytes, [])
        for jobs in [1, 2] {
            let outcome = Pipeline.discoverAndOutline(paths: [project.path("App")], root: project.root.path, configuration: configuration,
                                                      jobs: jobs, store: SourceStore())
            XCTAssertEqual(outcome.files.map(\.path), ["App/Empty.swift", "App/Note.swift", "App/Statement.swift"])
            XCTAssertEqual(outcome.files.map(\.byteCount), [0, 26, 9])
            XCTAssertEqual(outcome.files.map { $0.outline.declarations.map(\.name) }, [[], ["Note"], []])
            XCTAssertEqual(outcome.readProblems, [])
        }
    }

    func testNoMoreHelpersThanFilesHoweverManyJobs() throws {
        let project = try ScratchProject()
        try project.write("App/Note.swift", "struct Note {}\n")
        try project.write("App/Domain/Tag.swift", "struct Tag {}\n")
        for (jobs, helpers) in [(2, 1), (3, 2), (1_000_000, 2)] {
            let outcome = Pipeline.discoverAndOutline(paths: [project.path("App")], root: project.root.path, configuration: configuration,
                                                      jobs: jobs, store: SourceStore())
            XCTAssertEqual(outcome.files.map(\.path), ["App/Domain/Tag.swift", "App/Note.swift"])
            XCTAssertEqual(outcome.helperCount, helpers, "\(jobs) jobs: at most one helper a file")
        }
    }

    func testFilesAreHandedOverOnceADirectoryAtATimeInWalkOrder() throws {
        let project = try makeProject()
        try FileManager.default.createSymbolicLink(atPath: project.path("App/Domain/Loop"), withDestinationPath: project.path("App"))
        var batches: [[String]] = []
        let result = FileDiscovery.discover(paths: [project.path("App"), project.path("App/Domain")], root: project.root.path,
                                            configuration: configuration) { batches.append($0.map(\.relativePath)) }
        XCTAssertEqual(batches, [["App/Data.swift", "App/a.swift"], ["App/Data/Local/NoteStore.swift"], ["App/Data/Remote/NotesAPI.swift"],
                                 ["App/Domain/Note+Title.swift", "App/Domain/Note.swift"], ["App/Presentation/Notes/NotesView.swift"]],
                       "each directory's new files as it is listed; the link back and the second path add nothing")
        XCTAssertEqual(result.files.map(\.relativePath), batches.joined().sorted())
        XCTAssertEqual(result.files, FileDiscovery.discover(paths: [project.path("App"), project.path("App/Domain")], root: project.root.path,
                                                            configuration: configuration).files)
    }
}
