import SwiftLexer
import SwiftOutline
import XCTest

final class CodeFactsTests: XCTestCase {
    func facts(_ body: String) -> CodeFacts {
        outline("func subject() {\n\(body)\n}").first("subject").facts
    }

    func testNamesUndecodedMatchTheDecodedFactsAndAreNumberedPerFile() {
        let file = outline("""
            struct NoteList {
                func load() -> [Note] {
                    let first: Note = makeNote(Draft.empty)
                    return [first, makeNote(Note.sample)] as [Note]
                }
                func save(_ note: Note) { store(note); makeNote(Draft.empty) }
            }
            """)
        let load = file.first("load").facts
        let save = file.first("save").facts
        for facts in [load, save] {
            XCTAssertEqual(facts.referenceNames.map { facts.text(of: $0.name) }, facts.references.map(\.name))
            XCTAssertEqual(facts.referenceNames.map(\.role), facts.references.map(\.role))
            XCTAssertEqual(facts.referenceNames.map(\.offset), facts.references.map(\.offset))
            XCTAssertEqual(facts.callNames.map { facts.text(of: $0.name) }, facts.calls.map(\.name))
            XCTAssertEqual(facts.callNames.map(\.offset), facts.calls.map(\.offset))
        }
        // One number per distinct name of the file, whichever body mentions it.
        let numbers = Dictionary(grouping: load.referenceNames + save.referenceNames, by: { load.text(of: $0.name) })
            .mapValues { Set($0.map(\.name)) }
        XCTAssertEqual(numbers["Note"]?.count, 1)
        XCTAssertEqual(numbers["Draft"]?.count, 1)
        XCTAssertNotEqual(numbers["Note"], numbers["Draft"])
        XCTAssertEqual(Set(load.callNames.map(\.name)), Set(save.callNames.filter { save.text(of: $0.name) == "makeNote" }.map(\.name)))
        XCTAssertTrue(CodeFacts().referenceNames.isEmpty)
        XCTAssertTrue(CodeFacts().callNames.isEmpty)

        // Every number of the file is below the limit both bodies give, so a pass can keep
        // what each name means in an array of that many slots.
        XCTAssertEqual(load.nameNumberLimit, save.nameNumberLimit)
        let everyNumber = (load.referenceNames + save.referenceNames).map(\.name.number) + (load.callNames + save.callNames).map(\.name.number)
        XCTAssertTrue(everyNumber.allSatisfy { Int($0) < load.nameNumberLimit }, "\(everyNumber) against \(load.nameNumberLimit)")
        XCTAssertEqual(CodeFacts().nameNumberLimit, 0)

        // The visiting forms see what the arrays hold, in the same order.
        var visited: [String] = []
        load.forEachReferenceName { name, role, offset in visited.append("\(load.text(of: name)) \(role) \(offset)") }
        XCTAssertEqual(visited, load.references.map { "\($0.name) \($0.role) \($0.offset)" })
        visited = []
        save.forEachCallName { name, offset in visited.append("\(save.text(of: name)) \(offset)") }
        XCTAssertEqual(visited, save.calls.map { "\($0.name) \($0.offset)" })
        XCTAssertEqual(visited.count, 2)
    }

    /// Names of every length, names that differ in one byte anywhere (the pool compares
    /// and hashes eight bytes at a time), and enough of them to grow the pool's table
    /// several times: each distinct name gets one number, and every number reads back as
    /// its name.
    func testEveryDistinctNameGetsOneNumberWhateverItsLength() {
        var names: [String] = []
        for length in 1...40 { names.append("load" + String(repeating: "x", count: length)) }
        for position in 0..<24 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: 24)
            bytes[position] = UInt8(ascii: "b")
            names.append("n" + String(decoding: bytes, as: UTF8.self))
        }
        for number in 0..<600 { names.append("fetchPage\(number)") }
        let body = (names + names.reversed()).map { "\($0)()" }.joined(separator: "\n")
        let facts = facts(body)
        let readBack = facts.callNames.map { facts.text(of: $0.name) }
        XCTAssertTrue(readBack == names + names.reversed(), "\(zip(readBack, names + names.reversed()).filter { $0 != $1 }.prefix(5))")
        let numbersByName = Dictionary(grouping: facts.callNames, by: { facts.text(of: $0.name) }).mapValues { Set($0.map(\.name)) }
        XCTAssertEqual(numbersByName.count, names.count)
        XCTAssertTrue(numbersByName.values.allSatisfy { $0.count == 1 })
        XCTAssertEqual(Set(facts.callNames.map(\.name)).count, names.count)
    }

    /// Names of one token are looked up in the pool straight from the file's bytes, eight
    /// at a time; a name in the file's last bytes, where eight-byte steps would run past
    /// the end, is copied first. Both ways must give a name the same number, whatever the
    /// bytes after it, and a name must not match a longer one that starts the same.
    func testNamesReadInPlaceAndCopiedShareNumbers() {
        for length in 1...20 {
            let name = "n" + String(repeating: "x", count: length - 1)
            let longer = name + "y"
            // In the body, each name is followed by other bytes (`()`, `.`, `)`); at the end
            // of the file it is followed by nothing.
            let file = outline("func subject() { \(longer)(); \(name)(); \(name).go(\(name): 1) }\n\(name)")
            let body = file.first("subject").facts
            let numbers = body.callNames.map(\.name)
            XCTAssertEqual(numbers.map { body.text(of: $0) }, [longer, name], "length \(length)")
            XCTAssertNotEqual(numbers[0], numbers[1], "length \(length)")
            let access = body.memberAccesses
            XCTAssertEqual(access.map(\.receiver), [name], "length \(length)")
            XCTAssertEqual(access.first?.call?.labels, [name], "length \(length)")
            // The same name in the file's last bytes (a top-level call), copied first.
            let both = outline("func subject() { \(name)() }\n\(name)()")
            XCTAssertEqual(both.topLevelFacts.callNames.map(\.name), both.first("subject").facts.callNames.map(\.name), "length \(length)")
            XCTAssertEqual(both.topLevelFacts.calls.map(\.name), [name])
        }
    }

    func testAccessesPickedByTheirReceiversBytesAreTheDecodedOnes() {
        let body = facts("""
            repository.save(note, tags: [tag.name])
            self.repository.fetch(id: id) { result in store.apply(result) }
            let n = repositoryX.count + repo.items.first!.title.count
            Self.repository.delete(_:)
            café.menu.items.map { $0.price }; self.store.reset()
            """)
        let all = body.memberAccesses
        XCTAssertGreaterThan(all.count, 8)
        func text(_ name: CodeFacts.PackedName) -> String {
            String(decoding: (0..<name.count).map { name[$0] }, as: UTF8.self)
        }
        let receivers = Set(all.map(\.receiver))
        // Every subset of up to two receivers, and names that are none of them.
        var choices: [Set<String>] = [[], ["nothing"], ["repo"], ["repository."]]
        for first in receivers {
            choices.append([first])
            for second in receivers where second > first { choices.append([first, second]) }
        }
        for chosen in choices {
            let picked = body.memberAccesses(whereReceiver: { chosen.contains(text($0)) })
            let expected = all.filter { chosen.contains($0.receiver) }
            XCTAssertEqual(picked.map(\.receiver), expected.map(\.receiver), "\(chosen)")
            XCTAssertEqual(picked.map(\.name), expected.map(\.name), "\(chosen)")
            XCTAssertEqual(picked.map(\.offset), expected.map(\.offset), "\(chosen)")
            XCTAssertEqual(picked.map(\.call), expected.map(\.call), "\(chosen)")
            XCTAssertEqual(picked.map(\.referencedLabels), expected.map(\.referencedLabels), "\(chosen)")
        }
    }

    func testMemberAccessReceivers() {
        let result = facts("""
            let a = try await repository.fetch(id: id)
            self.repository.save(note)
            Foo.shared.bar()
            let x = service?.repository!.count
            items.first?.title.uppercased()
            """)
        XCTAssertEqual(result.accessSummaries, [
            "repository.fetch(id:)", "self.repository", "self.repository.save(_:)", "Foo.shared", "Foo.shared.bar()",
            "service.repository", "service.repository.count", "items.first", "items.first.title", "items.first.title.uppercased()",
        ])
    }

    func testChainsAcrossLinesAndCallResults() {
        let result = facts("""
            repository
                .fetchAll()
                .filter { $0.isPinned }
            api.client(for: .notes).send(request)
            """)
        XCTAssertEqual(result.accessSummaries, [
            "repository.fetchAll()", "repository.fetchAll().filter()+1{}", "$0.isPinned", "api.client(for:)", ".notes", "api.client().send(_:)",
        ])
    }

    func testImplicitMembersHaveNoReceiver() {
        let result = facts("let order: SortOrder = .newest\nlist(sorted: .byDate(ascending: true))")
        XCTAssertEqual(result.accessSummaries, [".newest", ".byDate(ascending:)"])
    }

    func testAccessesInsideClosuresAndInterpolations() {
        let result = facts("""
            Task { await repository.sync() }
            print("Count: \\(repository.count(in: folder)) notes")
            items.forEach { item in self.repository.delete(item) }
            """)
        XCTAssertEqual(result.accessSummaries, [
            "repository.sync()", "repository.count(in:)", "items.forEach()+1{}", "self.repository", "self.repository.delete(_:)",
        ])
    }

    func testCallArgumentsAndTrailingClosures() {
        let result = facts("""
            sheet(isPresented: $show) { EditView() } onDismiss: { reload() }
            Button("Save", role: .cancel) { }
            NavigationLink(value: route) { Text("Go") }
            withAnimation { toggle() }
            if viewModel.isEmpty { show() }
            guard let note = notes.first(where: { $0.id == id }) else { return }
            for item in store.items { use(item) }
            """)
        let sheet = result.calls.first { $0.name == "sheet" }!
        XCTAssertEqual(sheet.arguments.labels, ["isPresented"])
        XCTAssertEqual(sheet.arguments.trailingClosures, 2)
        XCTAssertEqual(sheet.arguments.trailingClosureLabels, ["onDismiss"])
        let button = result.calls.first { $0.name == "Button" }!
        XCTAssertEqual(button.arguments.labels, ["_", "role"])
        XCTAssertEqual(button.arguments.trailingClosures, 1)
        XCTAssertEqual(result.calls.first { $0.name == "withAnimation" }?.arguments.trailingClosures, 1)
        XCTAssertEqual(result.calls.first { $0.name == "withAnimation" }?.arguments.hasParentheses, false)
        // A condition's `{` is the statement's body, not a trailing closure.
        let isEmpty = result.memberAccesses.first { $0.name == "isEmpty" }!
        XCTAssertNil(isEmpty.call)
        let first = result.memberAccesses.first { $0.name == "first" }!
        XCTAssertEqual(first.call?.labels, ["where"])
        XCTAssertEqual(first.call?.closureArguments, [true])
        XCTAssertEqual(first.call?.trailingClosures, 0)
        XCTAssertNil(result.memberAccesses.first { $0.name == "items" }?.call)
    }

    func testConditionsOpenInsideAnotherConditionsClosure() {
        // A closure in a condition holds statements with conditions of their own: each `{`
        // after a condition is a body, at whatever depth, and the outer condition is still
        // open when the closure ends.
        let result = facts("""
            if items.contains(where: { item in if item.isDone { return store.isEmpty }; return false }), store.isReady { refresh() }
            guard let next = queue.first(where: { job in while job.isPending { job.wait() }; return job.isReady }) else { return }
            while let page = pages.first(where: { $0.isLoaded }) { pages.remove(page) }
            items.forEach { item in if item.isDone { archive(item) } }
            """)
        let contains = result.memberAccesses.first { $0.name == "contains" }!
        XCTAssertEqual(contains.call?.labels, ["where"])
        XCTAssertEqual(contains.call?.trailingClosures, 0)
        XCTAssertEqual(result.memberAccesses.filter { $0.name == "isDone" }.map { $0.call == nil }, [true, true])
        XCTAssertNil(result.memberAccesses.first { $0.name == "isReady" }!.call, "the outer condition is still open")
        XCTAssertNil(result.memberAccesses.first { $0.name == "isPending" }!.call)
        XCTAssertEqual(result.memberAccesses.first { $0.name == "first" }!.call?.trailingClosures, 0)
        XCTAssertEqual(result.memberAccesses.filter { $0.name == "first" }.count, 2)
        XCTAssertEqual(result.memberAccesses.first { $0.name == "forEach" }!.call?.trailingClosures, 1, "not a condition: a trailing closure")
        XCTAssertEqual(result.calls.map(\.name), ["refresh", "archive"])
    }

    func testTypeReferenceRoles() {
        let result = outline("""
            final class NotesViewModel: BaseViewModel<NotesState>, ObservableObject {
                private let service: NotesServiceProtocol
                var cache: [Note.ID: Note] = [:]
                func load() -> Result<[Note], NotesError> {
                    let repository = LiveNoteRepository.shared
                    let mapped = items.compactMap { $0 as? NoteDTO }
                    if error is NetworkError { }
                    let type = NoteMapper.self
                    let local: Folder? = nil
                    return .success(NoteFactory.make())
                }
            }
            """)
        let model = result.first("NotesViewModel")
        XCTAssertEqual(model.facts.referenceSummaries, ["BaseViewModel:inheritance", "NotesState:genericArgument", "ObservableObject:inheritance"])
        XCTAssertEqual(result.first("service").facts.referenceSummaries, ["NotesServiceProtocol:annotation"])
        XCTAssertEqual(result.first("cache").facts.referenceSummaries, ["Note.ID:annotation", "Note:annotation"])
        XCTAssertEqual(result.first("load").facts.referenceSummaries, [
            "Result:annotation", "Note:genericArgument", "NotesError:genericArgument",
            "LiveNoteRepository:staticMember", "NoteDTO:cast", "NetworkError:cast", "NoteMapper:staticMember",
            "Folder:annotation", "NoteFactory:staticMember",
        ])
    }

    func testLabelsOfFunctionTypesAreNotTypeReferences() {
        // A name before `:` directly inside parentheses is a label; inside square brackets
        // it is a dictionary's key type. Also past 64 open brackets, where the builder
        // keeps the brackets' kinds in an array.
        let deep = String(repeating: "[", count: 70) + "(item: Note, folder: Folder) -> Void" + String(repeating: "]", count: 70)
        let result = outline("""
            struct NotesScreen {
                var onSelect: (_ note: Note, index: Int) -> Void
                var byID: [Note.ID: Note]
                var handlers: [[(tag: Tag) -> Void]]
                var nested: \(deep)
            }
            """)
        XCTAssertEqual(result.first("onSelect").facts.references.map(\.name), ["Note", "Int", "Void"])
        XCTAssertEqual(result.first("byID").facts.references.map(\.name), ["Note.ID", "Note"])
        XCTAssertEqual(result.first("handlers").facts.references.map(\.name), ["Tag", "Void"])
        XCTAssertEqual(result.first("nested").facts.references.map(\.name), ["Note", "Folder", "Void"])
    }

    func testNamesInCommentsAndStringsAreNotUses() {
        let result = facts("""
            // repository.delete(all)
            /* LegacyRepository() */
            let text = "repository.purge() and NotesRepository()"
            """)
        XCTAssertTrue(result.memberAccesses.isEmpty)
        XCTAssertTrue(result.calls.isEmpty)
        XCTAssertTrue(result.references.isEmpty)
    }

    func testLowercaseCallsAndGenericCalls() {
        let result = facts("let repo = makeRepository(kind: .live)\nlet list = Array<Note>()\nlet s = Set<Note.ID>(ids)")
        XCTAssertEqual(result.calls.map(\.name), ["makeRepository", "Array", "Set"])
        XCTAssertEqual(result.referenceSummaries, ["Array:call", "Note:genericArgument", "Set:call", "Note.ID:genericArgument"])
    }

    func testInitCallsOnTypes() {
        let result = facts("let view = NotesView.init(viewModel: model)")
        XCTAssertEqual(result.calls.map(\.name), ["NotesView"])
        XCTAssertEqual(result.calls[0].arguments.labels, ["viewModel"])
    }

    func testInitCallsOnGenericTypes() {
        let text = "let list = ItemList<Order>.init(items: orders)"
        let result = facts(text)
        XCTAssertEqual(result.calls.map(\.name), ["ItemList"])
        XCTAssertEqual(result.calls.first?.arguments.labels, ["items"])
        // At the type's name, as `Foo.init(…)`'s call is (the body starts after `func subject() {` and a line break).
        XCTAssertEqual(result.calls.first?.offset, "func subject() {\n".utf8.count + "let list = ".utf8.count)
        XCTAssertEqual(result.referenceSummaries, ["ItemList:staticMember", "Order:genericArgument"])
    }

    func testQualifiedCallBrokenBeforeItsDot() {
        let result = facts("let row = Checkout\n    .SummaryRow(total: 2)\nlet other = Checkout .SummaryRow")
        XCTAssertEqual(result.calls.map(\.name), ["Checkout.SummaryRow"])
        XCTAssertEqual(result.calls.first?.arguments.labels, ["total"])
        XCTAssertEqual(result.referenceSummaries.first, "Checkout.SummaryRow:call")
    }
}

final class CodeFactsRefinementTests: XCTestCase {
    func facts(_ body: String) -> CodeFacts {
        outline("func subject() {\n\(body)\n}").first("subject").facts
    }

    func testInactiveBranchesHaveNoFacts() {
        let result = facts("""
            #if false
            LegacyRepository().purge()
            #if DEBUG
            Nested()
            #endif
            #elseif DEBUG
            debugOnly()
            #else
            releaseOnly()
            #endif
            #if never
            hidden()
            #endif
            #if ( false ) // parked
            parked()
            #endif
            #if (false) || DEBUG
            maybe()
            #endif
            visible()
            """)
        XCTAssertEqual(result.calls.map(\.name), ["debugOnly", "releaseOnly", "maybe", "visible"])
        XCTAssertFalse(result.references.contains { $0.name == "LegacyRepository" || $0.name == "Nested" })
    }

    func testLocalTypesInheritanceIsNotACall() {
        let result = facts("struct Local: NoteRepository, Sendable { func save() { store.write() } }\nlet x = Local()")
        XCTAssertEqual(result.referenceSummaries, ["NoteRepository:inheritance", "Sendable:inheritance", "Local:call"])
        XCTAssertEqual(result.calls.map(\.name), ["Local"])
        XCTAssertEqual(result.accessSummaries, ["store.write()"])
    }

    func testFunctionReferencesByFullNameAreNotCalls() {
        let result = facts("let handler = repository.fetch(id:limit:)\nlet single = repository.save(_:)\nrepository.fetch(id: 1)")
        XCTAssertEqual(result.memberAccesses.map(\.referencedLabels), [["id", "limit"], ["_"], nil])
        XCTAssertEqual(result.memberAccesses.map { $0.call == nil }, [true, true, false])
    }

    // MARK: - Storage: names kept once per file, bodies written in stretches

    func testRepeatedNamesDecodeAsWrittenWherever() {
        // The same names as receivers, members, labels and references, in two declarations:
        // each is interned once and every record still reads back its own.
        let result = outline("""
            final class NotesService {
                func load() async throws -> [Note] {
                    let notes = try await repository.fetch(id: id, limit: limit)
                    repository.save(notes, id: id) { done in done(id) }
                    return notes.map { Note(id: $0.id, title: $0.title) }
                }
                func reload() {
                    repository.fetch(id: id, limit: 10)
                    _ = Note(id: id, title: "")
                }
            }
            """)
        let load = result.first("load").facts
        XCTAssertEqual(load.accessSummaries, ["repository.fetch(id:limit:)", "repository.save(_:id:)+1{}", "notes.map()+1{}", "$0.id", "$0.title"])
        XCTAssertEqual(load.calls.map(\.name), ["done", "Note"])
        XCTAssertEqual(load.calls.map(\.arguments.labels), [["_"], ["id", "title"]])
        XCTAssertEqual(load.referenceSummaries, ["Note:annotation", "Note:call"])
        let reload = result.first("reload").facts
        XCTAssertEqual(reload.accessSummaries, ["repository.fetch(id:limit:)"])
        XCTAssertEqual(reload.calls.map(\.arguments.labels), [["id", "title"]])
        // Equal facts are equal whichever file holds them, though each file numbers its
        // names its own way (here the first lines, equally long, intern different names),
        // and differ when the facts do.
        let reloadText = "func reload() {\n    repository.fetch(id: id, limit: 10)\n    _ = Note(id: id, title: \"\")\n}"
        let first = outline("func a() { abcdefghij() }\n" + reloadText).first("reload").facts
        let second = outline("func a() { abcd.efghi() }\n" + reloadText).first("reload").facts
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNotEqual(first, outline("func a() { abcd.efghi() }\n" + reloadText.replacingOccurrences(of: "limit", with: "count")).first("reload").facts)
        XCTAssertNotEqual(first, load)
    }

    func testManyDistinctNamesInOneFile() {
        // Enough names to grow the pool's table several times, with shared prefixes and
        // lengths around the four-byte word boundaries.
        let names = (0..<3000).map { "n" + String(repeating: "x", count: $0 % 11) + String($0) }
        let body = names.map { "store.\($0)()" }.joined(separator: "\n")
        let result = facts(body + "\n" + names.reversed().map { "store.\($0)()" }.joined(separator: "\n"))
        XCTAssertEqual(result.memberAccesses.map(\.name), names + names.reversed())
        XCTAssertEqual(Set(result.memberAccesses.map(\.receiver)), ["store"])
    }

    func testFactsWrittenInStretchesKeepSourceOrder() {
        // Top-level statements between declarations: the file's own facts are written
        // around the declarations' and read back as one list, in source order.
        var lines: [String] = []
        for number in 0..<300 {
            lines.append("let value\(number) = Factory.make\(number)()")
            lines.append("log.write\(number)(value\(number))")
        }
        let result = outline(lines.joined(separator: "\n"))
        XCTAssertEqual(result.topLevelFacts.memberAccesses.map(\.name), (0..<300).map { "write\($0)" })
        XCTAssertEqual(result.topLevelFacts.memberAccessCount, 300)
        XCTAssertEqual(result.first("value7").facts.accessSummaries, ["Factory.make7()"])
        XCTAssertEqual(result.first("value299").facts.referenceSummaries, ["Factory:staticMember"])
    }

    func testCallsTooLongForTheRecordHeader() {
        // More than a million words in one record: its length moves out of the header. The
        // `Store.init(…)` call is recorded twice (as a member access and as a call of
        // `Store`), both long, and the record after them still reads back.
        let count = 1_100_000
        let text = "func f() {\n    Store.init(" + String(repeating: "1,", count: count - 1) + "1)\n    done(true)\n}"
        let facts = outline(text).first("f").facts
        XCTAssertEqual(facts.memberAccesses.map(\.name), ["init"])
        XCTAssertEqual(facts.memberAccesses.first?.call?.labels.count, count)
        XCTAssertEqual(facts.memberAccesses.first?.call?.hasParentheses, true)
        XCTAssertEqual(facts.calls.map(\.name), ["Store", "done"])
        XCTAssertEqual(facts.calls.first?.arguments.labels.count, count)
        XCTAssertEqual(facts.calls.first?.arguments.labels.last, "_")
        XCTAssertEqual(facts.calls.last?.arguments.labels, ["_"])
        XCTAssertEqual(facts.referenceSummaries, ["Store:staticMember"])
    }
}
