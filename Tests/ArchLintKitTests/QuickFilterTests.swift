import ArchLintKit
import ArchLintRules
import Foundation
import SwiftLexer
import XCTest

/// The quick filters rules consult before their costly checks must never rule out a file
/// or a type that the full check would report: a filter that says "no" is always right.
final class QuickFilterTests: XCTestCase {
    // MARK: ByteSearch

    func testByteSearchFindsWordsAnywhereAndOnlyThose() {
        let search = ByteSearch(["fatalError", "TODO"])
        XCTAssertTrue(search.occurs(in: Array("func f() { fatalError() }".utf8)))
        XCTAssertTrue(search.occurs(in: Array("// TODO".utf8)), "a word at the very end")
        XCTAssertTrue(search.occurs(in: Array("TODO".utf8)), "the whole text")
        XCTAssertFalse(search.occurs(in: Array("// todo: fatal error".utf8)), "case matters unless asked")
        XCTAssertFalse(search.occurs(in: Array("fatalErro".utf8)), "a word cut short")
        XCTAssertFalse(search.occurs(in: []))
        XCTAssertFalse(search.occurs(in: Array("T".utf8)))
    }

    func testByteSearchIgnoringCase() {
        let search = ByteSearch(["notImplemented", "coming soon"], ignoringCase: true)
        XCTAssertTrue(search.occurs(in: Array("throw AppError.NOTIMPLEMENTED".utf8)))
        XCTAssertTrue(search.occurs(in: Array("Text(\"Coming Soon\")".utf8)))
        XCTAssertTrue(search.occurs(in: Array("é notimplemented ü".utf8)), "after multi-byte characters")
        XCTAssertFalse(search.occurs(in: Array("coming  soon".utf8)))
    }

    func testByteSearchWithOneByteWords() {
        let search = ByteSearch(["@", "switch"])
        XCTAssertTrue(search.occurs(in: Array("@MainActor".utf8)))
        XCTAssertTrue(search.occurs(in: Array("x switch".utf8)))
        XCTAssertFalse(search.occurs(in: Array("a b c".utf8)))
    }

    func testByteSearchTellsWhichWordsOccur() {
        let search = ByteSearch(["fatalError", "", "todo", "@", "coming soon"], ignoringCase: true)
        XCTAssertEqual(search.occurringWords(in: Array("// TODO: fatalError(\"Coming soon\")".utf8)), 0b1_0101, "every word, by its position in the list")
        XCTAssertEqual(search.occurringWords(in: Array("@MainActor // todo".utf8)), 0b1100)
        XCTAssertEqual(search.occurringWords(in: Array("let x = 1".utf8)), 0)
        XCTAssertEqual(search.occurringWords(in: []), 0)
    }

    func testByteSearchAgreesWithAPlainSearchOnRandomTexts() {
        // Short texts, words sharing first bytes, case folding and words at the very end:
        // the answer must be exactly that of looking at every position.
        var generator = SplitMix(seed: 7)
        let alphabet = Array("abcdeTODOtodo fixMEé\n".utf8)
        let wordSets = [["todo", "fixme", "coming soon"], ["Button", "action"], ["ab", "switch"], ["abc", "bcd", "cab"]]
        for words in wordSets {
            for (ignoringCase, wholeWords) in [(false, false), (true, false), (false, true), (true, true)] {
                let search = ByteSearch(words, ignoringCase: ignoringCase, wholeWords: wholeWords)
                let needles = words.map { Array((ignoringCase ? $0.lowercased() : $0).utf8) }
                for length in [0, 1, 2, 3, 5, 8, 9, 10, 13, 16, 17, 40, 200] {
                    for _ in 0..<60 {
                        let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                        let folded = ignoringCase ? text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } : text
                        // A whole word: no letter, digit, `_` or non-ASCII byte on either side.
                        func isNameByte(_ byte: UInt8) -> Bool {
                            byte >= 0x80 || byte == UInt8(ascii: "_") || Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber
                        }
                        func standsAlone(_ start: Int, _ end: Int) -> Bool {
                            !wholeWords || ((start == 0 || !isNameByte(text[start - 1])) && (end == text.count || !isNameByte(text[end])))
                        }
                        func occurs(_ needle: [UInt8]) -> Bool {
                            folded.count >= needle.count && (0...(folded.count - needle.count)).contains {
                                Array(folded[$0..<($0 + needle.count)]) == needle && standsAlone($0, $0 + needle.count)
                            }
                        }
                        let expected = needles.contains(where: occurs)
                        XCTAssertEqual(search.occurs(in: text), expected, "\(words) in \(String(decoding: text, as: UTF8.self).debugDescription)")
                        let expectedWords = needles.indices.reduce(UInt64(0)) { occurs(needles[$1]) ? $0 | 1 << UInt64($1) : $0 }
                        XCTAssertEqual(search.occurringWords(in: text), expectedWords, "\(words) in \(String(decoding: text, as: UTF8.self).debugDescription)")
                    }
                }
            }
        }
    }

    func testUnionOfSearchesAnswersWhatEachSearchAnswers() {
        // One pass for several searches, some ignoring case and some not, one with a
        // one-byte word: each answer must be that search's own. Words are found by their
        // rarest pair of bytes, which may sit at their start, middle or end.
        var generator = SplitMix(seed: 11)
        let alphabet = Array("abcdeTODOtodo fixMEé\nBut@on".utf8)
        let searches = [ByteSearch(["todo", "fixme", "coming soon"], ignoringCase: true), ByteSearch(["Button", "action"]),
                        ByteSearch(["@", "ab", "switch"]), ByteSearch(["TODO", "bcd"]), ByteSearch([])]
        let longerWords = [ByteSearch(["todo", "fixme", "coming soon"], ignoringCase: true), ByteSearch(["Button", "abc", "on@"]),
                           ByteSearch(["@", "bcd", "ToDo"]), ByteSearch(["dea", "TODO"], ignoringCase: true)]
        let wholeWords = [ByteSearch(["todo", "fixme", "coming soon"], ignoringCase: true, wholeWords: true), ByteSearch(["Button", "abc", "on@"]),
                          ByteSearch(["@", "bcd", "ToDo", "b"], wholeWords: true), ByteSearch(["dea", "TODO"], ignoringCase: true)]
        for searches in [searches, longerWords, wholeWords] {
            let union = ByteSearch.Union(searches)
            for length in [0, 1, 2, 3, 5, 8, 9, 10, 13, 16, 17, 40, 200] {
                for _ in 0..<80 {
                    let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                    XCTAssertEqual(union.occurringWords(in: text), searches.map { $0.occurringWords(in: text) }, String(decoding: text, as: UTF8.self).debugDescription)
                }
            }
        }
        let union = ByteSearch.Union(searches)
        XCTAssertEqual(union.occurringWords(in: Array("// TODO: a Button with an @action".utf8)), [0b1, 0b11, 0b1, 0b1, 0])

        // More than 64 words in all: still each search's own answer.
        let many = (0..<3).map { group in ByteSearch((0..<30).map { "w\(group)x\($0)" }, ignoringCase: group == 1) }
        let text = Array("w0x7 W1X29 w2x0 W2X1 w0x".utf8)
        XCTAssertEqual(ByteSearch.Union(many).occurringWords(in: text), many.map { $0.occurringWords(in: text) })
        XCTAssertEqual(ByteSearch.Union(many).occurringWords(in: text), [1 << 7, 1 << 29 | 1 << 2, 1], "w1x2 is the start of W1X29")

        // A word's anchor near the start or the end of the text: the word must still fit.
        let anchored = ByteSearch.Union([ByteSearch(["onTapGesture", "fixme"], ignoringCase: false), ByteSearch(["xm"])])
        XCTAssertEqual(anchored.occurringWords(in: Array("pGesture xm".utf8)), [0, 1], "`pG` found, but no room for `onTa` before it")
        XCTAssertEqual(anchored.occurringWords(in: Array("onTapGesture".utf8)), [1, 0])
        XCTAssertEqual(anchored.occurringWords(in: Array("a fixm".utf8)), [0, 1], "`fixme`'s anchor found, but its `e` is missing")
        XCTAssertEqual(anchored.occurringWords(in: Array("fixme".utf8)), [2, 1])

        // Only one-byte words, or none at all (no rule that runs has clues): no pass for
        // longer words, and the one-byte answers are still given.
        let shortOnly = [ByteSearch(["@", "#"]), ByteSearch([]), ByteSearch(["!"])]
        XCTAssertEqual(ByteSearch.Union(shortOnly).occurringWords(in: Array("@Published var x = #line".utf8)), [0b11, 0, 0])
        XCTAssertEqual(ByteSearch.Union(shortOnly).occurringWords(in: Array("let ok = !done".utf8)), [0, 0, 0b1])
        XCTAssertEqual(ByteSearch.Union([]).occurringWords(in: Array("switch route {}".utf8)), [])

        // Whole words beside words found anywhere, in one pass.
        let views = ByteSearch.Union([ByteSearch(["View", "switch"], wholeWords: true), ByteSearch(["View"])])
        XCTAssertEqual(views.occurringWords(in: Array("final class NotesViewModel { func send() { switch x {} } }".utf8)), [0b10, 0b1])
        XCTAssertEqual(views.occurringWords(in: Array("var body: some View {".utf8)), [0b1, 0b1])
    }

    // MARK: Inactive code

    func testMayHaveInactiveCodeIsGenerousButNotBlind() {
        let yes = [
            "#if false\nlet x = 1\n#endif\n",
            "#if  never // parked\n#endif\n",
            "#if DEBUG\n#elseif 0\n#endif\n",
            "#if NEVER\r\n#endif\r\n",
            "#if/* hidden */false\n#endif\n",
            "#if (false)\nimport UIKit\n#endif\n",
            "#if DEBUG\n#elseif ( (0) )\n#endif\n",
        ]
        for text in yes {
            XCTAssertTrue(InactiveCode.mayHaveInactiveCode(Array(text.utf8)), text)
        }
        let no = ["#if DEBUG\nlet x = 1\n#endif\n", "let falsehood = false\n", "#if os(iOS) || false_flag\n#endif\n", "#if (false) || DEBUG\n#endif\n", ""]
        for text in no {
            XCTAssertFalse(InactiveCode.mayHaveInactiveCode(Array(text.utf8)), text)
        }
    }

    /// The look at each `#if` line, which reads it in place, says what a plain reading of
    /// the line as an array says, on random lines of directives, words, comments and blanks.
    func testMayHaveInactiveCodeReadsEachLineAsAPlainReadingDoes() {
        func plainReading(_ text: [UInt8]) -> Bool {
            func starts(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool { bytes.starts(with: Array(word.utf8)) }
            func contains(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
                bytes.indices.contains { starts(bytes[$0...], word) }
            }
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
                for hash in line.indices where line[hash] == 0x23 {
                    let after = line[(hash + 1)...]
                    let directive = starts(after, "if") ? "if" : starts(after, "elseif") ? "elseif" : nil
                    guard let directive else { continue }
                    let condition = after.dropFirst(directive.utf8.count)
                    if contains(condition, "/*") { return true }
                    let comment = condition.indices.first { starts(condition[$0...], "//") }
                    var code = comment.map { condition[..<$0] } ?? condition
                    while let first = code.first, first == 0x20 || first == 0x09 { code = code.dropFirst() }
                    while let last = code.last, last == 0x20 || last == 0x09 { code = code.dropLast() }
                    while code.first == 0x28, code.last == 0x29, code.count >= 2 {
                        code = code.dropFirst().dropLast()
                        while let first = code.first, first == 0x20 || first == 0x09 { code = code.dropFirst() }
                        while let last = code.last, last == 0x20 || last == 0x09 { code = code.dropLast() }
                    }
                    if ["false", "never", "NEVER", "0"].contains(where: { Array($0.utf8) == Array(code) }) { return true }
                }
            }
            return false
        }
        let pieces = ["#if", "#elseif", "#else", "#endif", "#i", "#", " ", "\t", "false", "never", "NEVER", "0", "1", "DEBUG",
                      "// x", "/*", "*/", "/", "\n", "\r\n", "let x = 1", "f", "(", ")"]
        var generator = SplitMix(seed: 11)
        for _ in 0..<3_000 {
            let text = (0..<Int(generator.next() % 9)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            XCTAssertEqual(InactiveCode.mayHaveInactiveCode(Array(text.utf8)), plainReading(Array(text.utf8)), text.debugDescription)
        }
    }

    /// Every file of every rule example: where the filter says no, the lexer-based finder
    /// must find no inactive range either.
    func testMayHaveInactiveCodeNeverMissesWhatTheTokensFind() {
        let sources = RuleRegistry.all.flatMap { rule in
            (rule.description.triggeringExamples + rule.description.nonTriggeringExamples).flatMap(\.files).map(\.source)
        }
        XCTAssertGreaterThan(sources.count, 100)
        for text in sources {
            let source = SourceFile(path: "Example.swift", text: text.replacingOccurrences(of: "↓", with: ""))
            let found = InactiveCode.ranges(in: Lexer.tokenize(source).tokens, source: source)
            if !found.isEmpty {
                XCTAssertTrue(InactiveCode.mayHaveInactiveCode(source.bytes), text)
            }
        }
    }

    // MARK: Which types may conform

    func testNamesMayConformFollowsEveryRouteToAProtocol() {
        let index = makeIndex([
            ("Domain/NoteRepository.swift", "Domain", """
                protocol NoteRepository { func notes() async throws -> [Note] }
                protocol CachingNoteRepository: NoteRepository {}
                protocol Draftable where Self: NoteRepository {}
                typealias NoteStore = NoteRepository & Sendable
                """),
            ("Data/Notes.swift", "Data", """
                class BaseStore: CachingNoteRepository {}
                final class LiveStore: BaseStore {}
                struct AliasStore: NoteStore {}
                struct Plain {}
                struct Unrelated: Equatable {}
                """),
            ("Data/Later.swift", "Data", """
                extension Plain: Domain.NoteRepository {}
                enum Drafts: Draftable {}
                """),
        ])
        let reached = index.namesMayConform(to: ["NoteRepository"])
        for name in ["NoteRepository", "CachingNoteRepository", "Draftable", "NoteStore", "BaseStore", "LiveStore", "AliasStore", "Plain", "Drafts"] {
            XCTAssertTrue(reached.contains(name), name)
        }
        XCTAssertFalse(reached.contains("Unrelated"))
        // The filter is a superset of the exact answer.
        for name in ["BaseStore", "LiveStore", "AliasStore", "Plain", "Drafts", "Unrelated"] where index.conforms(name, to: "NoteRepository") {
            XCTAssertTrue(reached.contains(name), name)
        }
        XCTAssertTrue(index.conforms("LiveStore", to: "NoteRepository"))
        // `conformingTypes` uses the filter and still finds every conforming type.
        let everyType = ["BaseStore", "LiveStore", "AliasStore", "Plain", "Unrelated", "Drafts"]
        XCTAssertEqual(index.conformingTypes(to: "NoteRepository"), everyType.filter { index.conforms($0, to: "NoteRepository") }.sorted())
        XCTAssertTrue(index.conformingTypes(to: "NoteRepository").contains("Drafts"), "a refinement written as `where Self:`")
    }

    /// Files read from disk learn whether they may hold suppression commands or inactive
    /// code from the per-file stage's one search with the rules' clues; the answers are
    /// those of searching each text on its own.
    func testSuppressionAndInactiveCodeFlagsAreTheSameFromTheCluePass() throws {
        let texts = [
            "let a = 1 // archlint:disable:this layer-dependency\n",
            "let archlint = \"archlint:disable\" // no command in code\n",
            "#if false\nimport UIKit\n#endif\n",
            "#if DEBUG\nlet a = 1\n#elseif os(iOS)\nlet b = 2\n#endif\n",
            "let s = \"#if false\"\n",
            "/* #if false */ let a = 1\n",
            "#iffy\n#elseif false\n",
            "let a = #selector(tap)\n@available(*, unavailable) func f() {}\n",
            "struct Plain {}\n",
            "",
            "let a = 1\n#elseif false\n",
        ]
        let project = try ScratchProject()
        for (number, text) in texts.enumerated() { try project.write("Sources/File\(number).swift", text) }
        let configuration = Profiles.configuration(Profiles.defaultName)!
        let discovered = FileDiscovery.discover(paths: [project.root.path], root: project.root.path, configuration: configuration)
        let (read, _) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 1,
                                                clues: TextClues(rules: RuleRegistry.all, configuration: configuration), store: SourceStore())
        let inMemory = ProjectIndex.build(sources: texts.indices.map { ("Sources/File\($0).swift", Array(texts[$0].utf8)) }, configuration: configuration)
        XCTAssertEqual(read.count, texts.count)
        for file in read {
            let other = try XCTUnwrap(inMemory.files.first { $0.path == file.path })
            XCTAssertEqual(file.mayHaveSuppressions, other.mayHaveSuppressions, file.path)
            XCTAssertEqual(file.mayHaveInactiveCode, other.mayHaveInactiveCode, file.path)
        }
        let flags = read.sorted { $0.path.count == $1.path.count ? $0.path < $1.path : $0.path.count < $1.path.count }
        XCTAssertEqual(flags.map(\.mayHaveSuppressions), [true, false, false, false, false, false, false, false, false, false, false])
        XCTAssertEqual(flags.map(\.mayHaveInactiveCode), [false, false, true, false, false, false, true, false, false, false, true],
                       "`#if false`, and `#elseif false` with or without a `#if` before it")
    }

    // MARK: --timings

    func testTimingsGoToStandardErrorAndLeaveTheReportAlone() throws {
        let project = try ScratchProject()
        try project.write("Sources/App/Presentation/NotesView.swift", """
            import SwiftUI
            struct NotesView: View {
                var body: some View { Button("Save") {} }
            }
            """)
        let plain = project.run(["lint", ".", "--format", "json", "--jobs", "2"])
        let timed = project.run(["lint", ".", "--format", "json", "--jobs", "2", "--timings"])
        XCTAssertEqual(plain.status, timed.status)
        XCTAssertEqual(Self.withoutDurations(plain.out), Self.withoutDurations(timed.out))
        for phase in ["discover files", "read, lex and outline 1 file (after discovery)", "build the index", "rules and findings", "total",
                      "rule empty-action", "rule layer-dependency"] {
            XCTAssertTrue(timed.err.contains(" ms  \(phase)"), "missing \(phase) in\n\(timed.err)")
        }
        XCTAssertFalse(plain.err.contains("timings"))
    }

    /// A JSON report with its run time blanked out.
    static func withoutDurations(_ json: String) -> String {
        json.split(separator: "\n").filter { !$0.contains("\"seconds\"") && !$0.contains("duration") }.joined(separator: "\n")
    }
}
