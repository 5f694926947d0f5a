import ArchLintKit
import Foundation
import XCTest

/// `--changed-since REF` keeps findings of changed files only, while the whole project is
/// still indexed (a change in one file can make a finding in another, unchanged file —
/// which is then not reported, by design).
final class ChangedSinceTests: XCTestCase {
    func git(_ arguments: [String], in project: ScratchProject) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = project.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    func makeRepository() throws -> ScratchProject {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        try project.write("App/Presentation/OldScreen.swift", "struct OldScreen { let dto: NoteDTO }\n")
        try git(["init", "-q"], in: project)
        try git(["add", "."], in: project)
        try git(["commit", "-q", "-m", "start"], in: project)
        try git(["tag", "base"], in: project)
        return project
    }

    func testOnlyFindingsInChangedFilesAreReported() throws {
        let project = try makeRepository()
        // Committed since the ref, staged, modified and untracked changes all count.
        try project.write("App/Presentation/Committed.swift", "struct Committed { let dto: NoteDTO }\n")
        try git(["add", "."], in: project)
        try git(["commit", "-q", "-m", "more"], in: project)
        try project.write("App/Presentation/Staged.swift", "struct Staged { let dto: NoteDTO }\n")
        try git(["add", "App/Presentation/Staged.swift"], in: project)
        try project.write("App/Presentation/Untracked.swift", "struct Untracked { let dto: NoteDTO }\n")

        // Each finding is followed by a related `note:` line for the declaration it uses.
        func findings(_ out: String) -> [Substring] { out.split(separator: "\n").filter { !$0.contains(": note: ") } }
        let all = project.run(["App", "--format", "xcode"])
        XCTAssertEqual(findings(all.out).count, 4, all.out)
        let changed = project.run(["App", "--format", "xcode", "--changed-since", "base"])
        XCTAssertEqual(changed.status, 1, changed.err)
        let files = findings(changed.out).map { String($0.split(separator: ":")[0]).components(separatedBy: "/").last! }
        XCTAssertEqual(files.sorted(), ["Committed.swift", "Staged.swift", "Untracked.swift"])
    }

    func testCommitsMadeOnTheRefAfterTheBranchLeftItAreNotTheBranchs() throws {
        let project = try makeRepository()
        try git(["branch", "-M", "main"], in: project)
        try git(["checkout", "-q", "-b", "feature"], in: project)
        try project.write("App/Presentation/Feature.swift", "struct Feature { let dto: NoteDTO }\n")
        try git(["add", "."], in: project)
        try git(["commit", "-q", "-m", "feature"], in: project)
        // Meanwhile main changes a file the branch never touched.
        try git(["checkout", "-q", "main"], in: project)
        try project.write("App/Presentation/OldScreen.swift", "struct OldScreen { let dto: NoteDTO; let id = 1 }\n")
        try git(["commit", "-q", "-am", "main moves on"], in: project)
        try git(["checkout", "-q", "feature"], in: project)

        let changed = project.run(["App", "--format", "xcode", "--changed-since", "main"])
        let files = changed.out.split(separator: "\n").filter { !$0.contains(": note: ") }.map { String($0.split(separator: ":")[0]).components(separatedBy: "/").last! }
        XCTAssertEqual(files, ["Feature.swift"], changed.out)
    }

    func testRefreshingABaselineKeepsTheEntriesOfUnchangedFiles() throws {
        let project = try makeRepository()
        try project.write("App/Presentation/Second.swift", "struct Second { let dto: NoteDTO }\n")
        XCTAssertEqual(project.run(["App", "--write-baseline", "b.json", "--quiet"]).status, 1)
        try git(["add", "."], in: project)
        try git(["commit", "-q", "-m", "baseline"], in: project)

        // Second.swift is fixed and a new screen appears; OldScreen.swift is not looked at.
        try project.write("App/Presentation/Second.swift", "struct Second {}\n")
        try project.write("App/Presentation/Third.swift", "struct Third { let dto: NoteDTO }\n")
        let refresh = project.run(["App", "--changed-since", "HEAD", "--baseline", "b.json", "--write-baseline", "b.json", "--format", "json"])
        XCTAssertEqual(refresh.status, 1, "Third.swift is new")
        XCTAssertTrue(refresh.err.contains("recorded 2 findings in the baseline b.json (1 of them kept from the previous baseline"), refresh.err)
        let paths = try Baseline.load(path: project.path("b.json")).get().entries.map(\.path)
        XCTAssertEqual(paths, ["App/Presentation/OldScreen.swift", "App/Presentation/Third.swift"])
        XCTAssertEqual(project.run(["App", "--baseline", "b.json"]).status, 0, "a full run is clean again")
    }

    func testCrossFileRulesStillSeeUnchangedFiles() throws {
        let project = try makeRepository()
        // Only this file changes; the Data type it uses is declared in an unchanged file.
        try project.write("App/Presentation/NewScreen.swift", "struct NewScreen { let dto: NoteDTO }\n")
        let result = project.run(["App", "--format", "xcode", "--changed-since", "HEAD"])
        XCTAssertTrue(result.out.contains("NewScreen.swift"), result.out)
        XCTAssertTrue(result.out.contains("NoteDTO"), result.out)
        XCTAssertFalse(result.out.contains("OldScreen.swift"))
    }

    func testRepositoryIsFoundFromThePathsNotFromASharedConfiguration() throws {
        let project = try makeRepository()
        try project.write("App/Presentation/NewScreen.swift", "struct NewScreen { let dto: NoteDTO }\n")
        // The team's configuration lives outside the clone (no git repository around it).
        let shared = try ScratchProject()
        try shared.write("archlint.json", #"{ "profile": "arcana" }"#)
        let result = project.run(["App", "--format", "xcode", "--config", shared.path("archlint.json"), "--changed-since", "HEAD"])
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.out.contains("NewScreen.swift"), result.out)
        XCTAssertFalse(result.out.contains("OldScreen.swift"), result.out)
    }

    func testBeforeTheFirstCommitEveryFileIsNew() throws {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        try project.write("App/Presentation/OldScreen.swift", "struct OldScreen { let dto: NoteDTO }\n")
        try git(["init", "-q", "--initial-branch=main"], in: project)
        try git(["add", "App/Data"], in: project)
        // HEAD, and the branch it will be, name no commit yet: staged and untracked files count.
        for ref in ["HEAD", "main"] {
            let first = project.run(["App", "--changed-since", ref, "--format", "xcode"])
            XCTAssertEqual(first.status, 1, "\(ref): \(first.err)")
            XCTAssertTrue(first.out.contains("/App/Presentation/OldScreen.swift:1:"), first.out)
        }
        XCTAssertEqual(project.run(["App", "--changed-since", "develop"]).status, 2, "another ref is still unknown")
    }

    func testUnknownRefAndNoRepositoryAreClearErrors() throws {
        let project = try makeRepository()
        let unknown = project.run(["App", "--changed-since", "no-such-branch"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("unknown git ref 'no-such-branch'"), unknown.err)

        let plain = try ScratchProject()
        try plain.write("App/a.swift", "let x = 1\n")
        let outside = plain.run(["App", "--changed-since", "main"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.err.contains("is not inside a git repository"), outside.err)
    }
}
