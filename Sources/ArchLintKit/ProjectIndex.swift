import Foundation
import SwiftLexer
import SwiftOutline

/// One file of the project as the index sees it.
///
/// A class, fixed once built: rules read `index.files[n]` all the time, and sharing one
/// object costs one reference count where copying a struct of a dozen arrays and strings
/// cost a dozen (contended ones, when rules run side by side).
///
/// A file read from disk by the lint pipeline keeps no text once its outline is built
/// (DESIGN §9: memory proportional to the largest file plus the index): `loadSource()`
/// reads it again for the few files a rule or a finding needs, and what rules look for
/// in every file's text (`Rule.textClues`, suppression commands, inactive `#if` code) is
/// recorded in the per-file stage while the bytes are at hand. Files given in memory
/// (`ProjectIndex.build(sources:)`, tests, examples) keep their text.
public final class IndexedFile: Sendable {
    /// The path as reported (relative to the project root where there is one).
    public let path: String
    /// The architecture layer the file belongs to, if any.
    public let layer: String?
    public let outline: FileOutline
    /// Where the file's text comes from when it is needed again.
    private let origin: SourceOrigin
    /// The file's length in bytes.
    public let byteCount: Int
    /// The comments of a file whose text is kept; a file read from disk lexes its text
    /// again for them (`comments(in:)`), as only the few files a rule reads need them.
    private let keptComments: [Comment]
    /// Whether some comment mentions `archlint` (only those can hold a suppression command).
    public let mayHaveSuppressions: Bool
    /// `InactiveCode.mayHaveInactiveCode` of the file's text.
    public let mayHaveInactiveCode: Bool
    /// The declarations whose name is written with backticks (`` `default` ``, `` Mocks.`Default` ``),
    /// in order, with how many: reported with their backticks, without reading the text again.
    private let backtickedNames: [(number: Int, backticks: Int)]
    /// The run's rules' clue searches (`Rule.textClues`) and what each found here, if they
    /// were searched in the per-file stage.
    private let clues: TextClues?
    private let clueWords: [UInt64]
    /// What the run's scanning rules (`Rule.scanFile`) made of the file in the per-file
    /// stage, by `clues.scanSlot(of:)`.
    private let scans: [any Sendable]

    /// The qualified name of each declaration of the outline (`Outer.Inner.method`), by
    /// index (see `QualifiedNames`).
    public let qualifiedNames: QualifiedNames
    /// The kind of each declaration of the outline, by index, side by side: rules that look
    /// for one kind (every protocol, every extension) pick them out here without visiting
    /// each declaration's own storage.
    public let kinds: [DeclarationKind]
    /// Whether the file is test or preview-only code (`ProjectIndex.isTestSource`), decided
    /// once: the rules from the seeds' verification lists pass over it.
    public let isTestSource: Bool

    /// A file whose text, if given, stays in memory.
    public convenience init(path: String, layer: String?, outline: FileOutline, source: SourceFile? = nil, comments: [Comment] = []) {
        self.init(path: path, layer: layer, outline: outline, bytes: source?.bytes ?? [], comments: comments,
                  origin: source.map(SourceOrigin.memory) ?? .none, clues: nil, clueWords: [], scans: [])
    }

    /// `clueWords` and `scans`: what the per-file stage found for `clues` (empty without).
    init(path: String, layer: String?, outline: FileOutline, bytes: [UInt8], comments: [Comment], origin: SourceOrigin, clues: TextClues?,
         clueWords: [UInt64], scans: [any Sendable]) {
        self.path = path
        // A package manifest is built against PackageDescription alone, in no module of
        // the project, whatever folder it sits in (`Packages/ArcanaCore/Package.swift`):
        // no layer's source, so its `Package(…)` is never a project type.
        self.layer = outline.imports.contains { $0.module == "PackageDescription" } ? nil : layer
        self.outline = outline
        self.origin = origin
        self.byteCount = bytes.count
        // The per-file stage searched the text for the engine's words with the rules' clues.
        let engineWords = clues.map { clueWords[$0.engineSlot] }
        let mayHoldCommand = engineWords.map { $0 & TextClues.commandWord != 0 } ?? Suppressions.mayHoldCommand(bytes[...])
        self.mayHaveSuppressions = mayHoldCommand && comments.contains { Suppressions.mayHoldCommand(bytes[$0.range]) }
        if case .disk = origin { self.keptComments = [] } else { self.keptComments = comments }
        self.mayHaveInactiveCode = (engineWords.map { $0 & TextClues.conditionWords != 0 } ?? true) && InactiveCode.mayHaveInactiveCode(bytes)
        self.backtickedNames = outline.declarations.indices.compactMap { number in
            let declaration = outline.declarations[number]
            let offset = declaration.nameOffset
            // Only a name that starts with a backtick, or an extension's dotted one
            // (`` extension Outer.`Inner` ``), may have any.
            guard offset < bytes.count, bytes[offset] == 0x60 || (declaration.kind == .extension && declaration.name.utf8.contains(0x2E)) else { return nil }
            let backticks = IndexedFile.backticks(in: bytes, at: offset, spelling: declaration.name)
            return backticks > 0 ? (number, backticks) : nil
        }
        self.clues = clues
        self.clueWords = clueWords
        self.scans = scans
        self.qualifiedNames = IndexedFile.qualifiedNames(of: outline)
        self.kinds = outline.declarations.map(\.kind)
        self.isTestSource = ProjectIndex.isTestSource(path: path, outline: outline)
    }

    /// The file's text and line table: kept in memory, or read again from disk (each call
    /// reads it; callers that need it twice keep the result). `nil` when the file has no
    /// text here, or when it can no longer be read as it was (the problem goes to the
    /// run's `SourceStore`).
    public func loadSource() -> SourceFile? {
        switch origin {
        case .memory(let source):
            return source
        case .none:
            return nil
        case .disk(let absolutePath, let stamp, let store):
            switch SourceReader.contents(atPath: absolutePath) {
            case .success(let contents) where contents.stamp == stamp && contents.bytes.count == byteCount:
                return SourceFile(path: path, bytes: contents.bytes)
            case .success:
                store.record(ReadProblem(path: path, message: "\(path): changed while it was being linted; lint again for exact positions and findings"))
            case .failure(let failure):
                store.record(ReadProblem(path: path, message: "\(path): cannot be read again: \(failure.reason) (check that it still exists and its permissions)"))
            }
            return nil
        }
    }

    /// The file's comments (suppression commands, `TODO`s); `source` is the file's text
    /// from `loadSource()`.
    public func comments(in source: SourceFile) -> [Comment] {
        readsTextFromDisk ? Lexer.tokenize(source).comments : keptComments
    }

    /// Whether declaration `number`'s name is written with backticks.
    public func hasBacktickedName(_ number: Int) -> Bool {
        backtickedNames.contains { $0.number == number }
    }

    /// The length in bytes of declaration `number`'s name as written, backticks included:
    /// 9 for `` `default` ``, 15 for `` Mocks.`Default` ``.
    public func writtenNameLength(_ number: Int) -> Int {
        let backticks = backtickedNames.first { $0.number == number }?.backticks ?? 0
        return outline.declarations[number].name.utf8.count + backticks
    }

    /// How many backticks the name written at `offset` holds around the parts of `name`
    /// (`` Mocks.`Default` `` spells `Mocks.Default` with two). Stops where the text and the
    /// name part ways.
    static func backticks(in bytes: [UInt8], at offset: Int, spelling name: String) -> Int {
        var position = offset
        var count = 0
        for byte in name.utf8 {
            while position < bytes.count, bytes[position] == 0x60 {
                count += 1
                position += 1
            }
            guard position < bytes.count, bytes[position] == byte else { return count }
            position += 1
        }
        if position < bytes.count, bytes[position] == 0x60 { count += 1 }
        return count
    }

    /// Whether the file's text is read again from disk when needed (not kept in memory).
    var readsTextFromDisk: Bool {
        if case .disk = origin { return true }
        return false
    }

    /// Which of `rule`'s clue words (`Rule.textClues`) occur in the file's text: bit `i`
    /// for word `i`, as `ByteSearch.occurringWords`. Recorded in the per-file stage for
    /// the run's rules; otherwise searched now. All bits are set (anything may be there)
    /// for a rule without clues and for a file without text to search.
    public func clueWords(of rule: any Rule.Type) -> UInt64 {
        guard let search = rule.textClues else { return ~0 }
        if let clues, let slot = clues.slot(of: rule) { return clueWords[slot] }
        guard let source = loadSource() else { return ~0 }
        return search.occurringWords(in: source.bytes)
    }

    /// What `rule.scanFile` made of this file in the per-file stage; nil when it did not
    /// scan it (the rule does not scan files, or the index was built from text in memory),
    /// and the rule scans the file itself.
    public func scan(of rule: any Rule.Type) -> (any Sendable)? {
        guard let clues, let slot = clues.scanSlot(of: rule), slot < scans.count else { return nil }
        return scans[slot]
    }

    /// What `rule.scanFile` makes of this file: the per-file stage's result (`scan(of:)`),
    /// else the file's text read and lexed again and scanned now, with `options`, as
    /// `clueWords(of:)` searches now. Nil when the text cannot be read again.
    public func scanned(by rule: any Rule.Type, options: ResolvedOptions) -> (any Sendable)? {
        if let made = scan(of: rule) { return made }
        guard let source = loadSource() else { return nil }
        let file = ScannedFile(path: path, source: source, outline: outline, lexed: Lexer.tokenize(source))
        return rule.scanFile(file, clueWords: clueWords(of: rule), options: options)
    }

    /// Parents precede members, so a parent's name is ready when its members need it; past
    /// the depth limit names are built (bounded) from scratch instead of growing. Only the
    /// names the index files declarations by are built here (see `QualifiedNames`).
    static func qualifiedNames(of outline: FileOutline) -> QualifiedNames {
        var slots = [UInt32](repeating: 0, count: outline.declarations.count)
        var names: [String] = []
        var depth = [Int](repeating: 0, count: outline.declarations.count)
        for (index, declaration) in outline.declarations.enumerated() {
            depth[index] = declaration.parent.map { depth[$0] + 1 } ?? 0
            let name: String
            if depth[index] >= FileOutline.qualifiedNameDepthLimit {
                name = outline.qualifiedName(of: index)
            } else if let parent = declaration.parent {
                guard QualifiedNames.isNamedByType(declaration.kind) || outline.declarations[parent].name.isEmpty else { continue }
                name = dotted(slots[parent] == 0 ? "" : names[Int(slots[parent]) - 1], declaration.name)
            } else {
                name = declaration.name
            }
            names.append(name)
            slots[index] = UInt32(names.count)
        }
        return QualifiedNames(slots: slots, names: names, outline: outline)
    }

    /// `outer + "." + name`, built in one allocation of the right size (about half the
    /// instructions of `+`, for every member of every type of the project).
    static func dotted(_ outer: String, _ name: String) -> String {
        var outer = outer
        var name = name
        return outer.withUTF8 { first in
            name.withUTF8 { second in
                String(unsafeUninitializedCapacity: first.count + 1 + second.count) { buffer in
                    guard let base = buffer.baseAddress else { return 0 }
                    if let start = first.baseAddress { base.initialize(from: start, count: first.count) }
                    base[first.count] = 0x2E
                    if let start = second.baseAddress { (base + first.count + 1).initialize(from: start, count: second.count) }
                    return first.count + 1 + second.count
                }
            }
        }
    }
}

/// The qualified names of a file's declarations (`Outer.Inner.method`), by index.
///
/// Types, extensions, type aliases, associated types and top-level declarations have
/// theirs built once, in the per-file stage: the index files declarations by them. A
/// member (a method, a property, a case: most declarations of a project) has its name
/// built when asked, from its type's; the index finds members through their types
/// (`ProjectIndex.declarations(named:)`), so a project's hundreds of thousands of member
/// names are never all in memory at once.
public struct QualifiedNames: Sendable {
    /// Per declaration: 0 for a member, else the position in `names` of its name, plus one.
    private let slots: [UInt32]
    /// The names built in the per-file stage, in declaration order.
    private let names: [String]
    private let outline: FileOutline

    init(slots: [UInt32], names: [String], outline: FileOutline) {
        self.slots = slots
        self.names = names
        self.outline = outline
    }

    public var indices: Range<Int> { slots.indices }

    public subscript(number: Int) -> String {
        if let name = stored(number) { return name }
        let declaration = outline.declarations[number]
        guard let parent = declaration.parent else { return declaration.name }
        return IndexedFile.dotted(self[parent], declaration.name)
    }

    /// The name of declaration `number` if it was built in the per-file stage (the
    /// declaration is filed by it in the index), nil for a member.
    public func stored(_ number: Int) -> String? {
        let slot = slots[number]
        return slot == 0 ? nil : names[Int(slot) - 1]
    }

    /// Kinds of members whose qualified name is built in the per-file stage: those that
    /// name a type (`Outer.Inner`, `Outer.Alias`), looked up by their qualified name.
    static func isNamedByType(_ kind: DeclarationKind) -> Bool {
        kind.hasMembers || kind == .typealias || kind == .associatedtype
    }
}

/// A declaration in the index: which file, which entry of its outline.
public struct DeclarationID: Sendable, Hashable, Comparable {
    public var file: Int
    public var declaration: Int

    public init(file: Int, declaration: Int) {
        self.file = file
        self.declaration = declaration
    }

    public static func < (lhs: DeclarationID, rhs: DeclarationID) -> Bool {
        (lhs.file, lhs.declaration) < (rhs.file, rhs.declaration)
    }
}

/// The project-wide symbol table built once from every file's outline and shared by all
/// rules: declarations by qualified name, extensions merged with their types across
/// files, conformances (direct, through extensions, refined protocols and superclasses
/// declared in the project), protocol requirements and protocol-extension members.
///
/// Names are as written in source, qualified by enclosing types (`Outer.Inner`). Types
/// are matched by name, not by module: two same-named types in different modules are one
/// name here, and rules that care (layers) look at where each declaration lives.
public final class ProjectIndex: @unchecked Sendable {
    public let files: [IndexedFile]
    /// The name tables, in two halves by the parity of a name's length in bytes, so that two
    /// threads can build them at once (see `NameTables`); `tables(of:)` picks a name's half.
    private let halves: [NameTables]
    /// `allSupertypes(of:)` answers, filled on first use (rules ask the same questions many
    /// times). Guarded by `cacheLock`: the index is shared by rules running on any thread.
    private var supertypeCache: [String: [String]] = [:]
    /// `namesMayConform(to:)` answers and the word table behind them, under `cacheLock` too.
    private var reachCache: [String: Set<String>] = [:]
    /// The word table behind `namesMayConform(to:)`, built on first use, under `cacheLock` too.
    private var inheritanceWordTable: InheritanceWords?
    /// The declarations that name `PreviewProvider` in their inheritance lists, found on
    /// first use (see `previewProviders`), under `cacheLock` too.
    private var previewProvidersTable: PreviewProviders?
    private let cacheLock = NSLock()

    /// - Parameter jobs: how many threads may build the name tables (at most two are used).
    public init(files: [IndexedFile], jobs: Int = 1) {
        self.files = files
        let halves = Parallel.map(count: 2, jobs: jobs) { NameTables(files: files, half: $0) }
        self.halves = halves
        aliasesByTarget = Self.typealiasesByTarget(halves: halves, files: files)
        qualifiedExtensions = Self.extensionsThroughModuleNames(halves: halves, files: files)
    }

    /// Extensions that name a project type with its module (`extension MyApp.OrderService`),
    /// by the type's name (`moduleQualifiedExtensions(of:)`), in file order.
    private let qualifiedExtensions: [String: [DeclarationID]]

    /// Resolves every dotted extension once: dropping leading components of its written name,
    /// the first name the project declares is what it extends; one whose written name is
    /// declared itself extends that (a nested type) and is no module-qualified extension.
    private static func extensionsThroughModuleNames(halves: [NameTables], files: [IndexedFile]) -> [String: [DeclarationID]] {
        func declared(_ name: String) -> Bool { halves[name.utf8.count & 1].declarations.contains(name) }
        var result: [String: [DeclarationID]] = [:]
        for half in halves {
            for ids in half.dottedExtensions.values {
                for id in ids {
                    let written = files[id.file].qualifiedNames[id.declaration]
                    guard !declared(written) else { continue }
                    var parts = nameComponents(written)[...]
                    while parts.count > 1 {
                        parts = parts.dropFirst()
                        let candidate = parts.joined(separator: ".")
                        if declared(candidate) {
                            result[candidate, default: []].append(id)
                            break
                        }
                    }
                }
            }
        }
        for key in result.keys { result[key]!.sort { ($0.file, $0.declaration) < ($1.file, $1.declaration) } }
        return result
    }

    /// Top-level typealiases of a project type by the type's name (`typealias CartVM =
    /// CartViewModel`: `CartViewModel` → `["CartVM"]`), in name order.
    private let aliasesByTarget: [String: [String]]

    private static func typealiasesByTarget(halves: [NameTables], files: [IndexedFile]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for half in halves {
            for alias in half.typealiasNames.sorted() where !alias.utf8.contains(0x2E) {
                let declared = half.declarations[alias]
                guard declared.count == 1, case let id = declared[0], files[id.file].kinds[id.declaration] == .typealias,
                      let text = files[id.file].outline.declarations[id.declaration].typeText,
                      let target = TypeText.plainName(of: text), target != alias,
                      !halves[target.utf8.count & 1].types[target].isEmpty else { continue }
                result[target, default: []].append(alias)
            }
        }
        return result
    }

    /// The top-level typealiases that stand for the project type `name`
    /// (`typealias CartVM = CartViewModel` for `CartViewModel`).
    public func typealiases(of name: String) -> [String] {
        aliasesByTarget[name] ?? []
    }

    /// The tables that hold `name`.
    private func tables(of name: String) -> NameTables { halves[name.utf8.count & 1] }

    /// One half of the index's name tables: every name whose length in bytes has the
    /// half's parity. Names stay in one half, so each name's declarations keep file order.
    ///
    /// A class, so that a look-up takes the half without copying its four tables; nothing
    /// changes a half once it is built.
    private final class NameTables: Sendable {
        /// Nominal types, typealiases, functions, properties… by qualified name (no extensions).
        let declarations: DeclarationTable
        /// Extensions by the qualified name of the type they extend (as written).
        let extensions: DeclarationTable
        /// Nominal types (class, struct, enum, actor, protocol) and protocols by qualified name.
        let types: DeclarationTable
        let protocols: DeclarationTable
        /// The qualified names of typealiases (few in most projects).
        let typealiasNames: Set<String>
        /// Extensions whose written name has a dot (`extension ArcanaDomain.NoteRepository`,
        /// `extension Note.Status`), by the last component of that name; filed in the half of
        /// the whole name.
        let dottedExtensions: [String: [DeclarationID]]

        init(files: [IndexedFile], half: Int) {
            // Sized up front (growing a table of a million names rehashes it a dozen times),
            // each for about half of its kind's declarations.
            var typeCount = 0
            var extensionCount = 0
            var count = 0
            for file in files {
                count += file.kinds.count
                for kind in file.kinds {
                    if kind.isNominalType { typeCount += 1 } else if kind == .extension { extensionCount += 1 }
                }
            }
            var declarations = DeclarationTable.Builder(minimumCapacity: count / 2)
            var extensions = DeclarationTable.Builder(minimumCapacity: extensionCount * 5 / 8)
            // Types and protocols are filed as they are met, in the same (file) order, so the
            // much larger table of all declarations need not be walked a second time.
            var types = DeclarationTable.Builder(minimumCapacity: typeCount * 5 / 8)
            var protocols = DeclarationTable.Builder(minimumCapacity: 0)
            var typealiasNames = Set<String>()
            var dottedExtensions: [String: [DeclarationID]] = [:]
            for (fileIndex, file) in files.enumerated() {
                let qualified = file.qualifiedNames
                // The other half's names are passed over without visiting their declarations;
                // members are found through their types (`ProjectIndex.members(named:)`).
                for index in qualified.indices {
                    guard let name = qualified.stored(index), name.utf8.count & 1 == half else { continue }
                    let declaration = file.outline.declarations[index]
                    // Code under `#if false` is never compiled: it declares nothing.
                    guard !declaration.name.isEmpty, !declaration.conditions.contains(where: \.isInactive) else { continue }
                    let id = DeclarationID(file: fileIndex, declaration: index)
                    let kind = file.kinds[index]
                    if kind == .extension {
                        extensions.add(id, named: name)
                        if name.utf8.contains(0x2E) { dottedExtensions[ProjectIndex.lastComponent(name), default: []].append(id) }
                    } else {
                        declarations.add(id, named: name)
                        if kind.isNominalType { types.add(id, named: name) }
                        if kind == .protocol { protocols.add(id, named: name) }
                        if kind == .typealias { typealiasNames.insert(name) }
                    }
                }
            }
            self.declarations = DeclarationTable(declarations)
            self.extensions = DeclarationTable(extensions)
            self.types = DeclarationTable(types)
            self.protocols = DeclarationTable(protocols)
            self.typealiasNames = typealiasNames
            self.dottedExtensions = dottedExtensions
        }
    }

    /// Declarations by name, in the order they were added. Most names are declared once:
    /// their one declaration is kept in the table itself (a file and a declaration number
    /// packed in 64 bits), and only names declared more than once get a list.
    ///
    /// Names are numbered (`NameNumbers`) rather than filed in a dictionary: look-ups by
    /// name, many thousand in a run, cost a fraction there. A class, so that a look-up does
    /// not copy the table; `Builder` fills it.
    private final class DeclarationTable: Sendable {
        private let numbers: NameNumbers
        /// Each name's value, by its number: a packed declaration, or a list's index.
        private let values: [UInt64]
        private let lists: [[DeclarationID]]
        /// Marks a value that is the index of a list.
        private static let listFlag: UInt64 = 1 << 63

        struct Builder {
            private(set) var numbers: NameNumbers
            /// Each name's value, by its number: a packed declaration, or a list's index.
            private(set) var values: [UInt64] = []
            private(set) var lists: [[DeclarationID]] = []

            init(minimumCapacity: Int) {
                numbers = NameNumbers(capacity: minimumCapacity)
                values.reserveCapacity(minimumCapacity)
            }

            mutating func add(_ id: DeclarationID, named name: String) {
                let packed = UInt64(truncatingIfNeeded: id.file) << 32 | UInt64(truncatingIfNeeded: id.declaration)
                let (number, inserted) = numbers.insert(name)
                if inserted {
                    values.append(packed)
                    return
                }
                let previous = values[number]
                if previous & DeclarationTable.listFlag != 0 {
                    lists[Int(truncatingIfNeeded: previous & ~DeclarationTable.listFlag)].append(id)
                } else {
                    lists.append([DeclarationTable.unpack(previous), id])
                    values[number] = DeclarationTable.listFlag | UInt64(lists.count - 1)
                }
            }
        }

        init(_ builder: Builder) {
            numbers = builder.numbers
            values = builder.values
            lists = builder.lists
        }

        private static func unpack(_ packed: UInt64) -> DeclarationID {
            DeclarationID(file: Int(truncatingIfNeeded: packed >> 32), declaration: Int(truncatingIfNeeded: packed & 0xFFFF_FFFF))
        }

        /// The declarations of `name`, in the order they were added; empty if there are none.
        subscript(name: String) -> [DeclarationID] {
            guard let number = numbers.number(of: name) else { return [] }
            let value = values[number]
            return value & Self.listFlag != 0 ? lists[Int(truncatingIfNeeded: value & ~Self.listFlag)] : [Self.unpack(value)]
        }

        func contains(_ name: String) -> Bool { numbers.number(of: name) != nil }

        /// Every name with a declaration, in no particular order.
        var names: [String] { (0..<numbers.count).map(numbers.name) }
    }

    // MARK: - Looking things up

    public subscript(id: DeclarationID) -> Declaration {
        files[id.file].outline.declarations[id.declaration]
    }

    public func file(of id: DeclarationID) -> IndexedFile { files[id.file] }

    public func qualifiedName(of id: DeclarationID) -> String {
        files[id.file].qualifiedNames[id.declaration]
    }

    /// Declarations (not extensions) with this qualified name, in file order.
    public func declarations(named name: String) -> [DeclarationID] {
        let filed = tables(of: name).declarations[name]
        guard name.utf8.contains(0x2E) else { return filed }
        let members = members(named: name, stopAtFirst: false)
        if members.isEmpty { return filed }
        return filed.isEmpty ? members : (filed + members).sorted()
    }

    /// The members (not filed by name in the tables: methods, properties, cases…) whose
    /// qualified name is `name`: `Type.member` is a member named `member` of a declaration
    /// or extension of `Type`. Every dot is tried, as an operator's name may hold one.
    private func members(named name: String, stopAtFirst: Bool) -> [DeclarationID] {
        var found: [DeclarationID] = []
        let bytes = Array(name.utf8)
        for dot in bytes.indices.reversed() where bytes[dot] == 0x2E && dot > 0 && dot + 1 < bytes.count {
            let owner = String(decoding: bytes[..<dot], as: UTF8.self)
            let member = String(decoding: bytes[(dot + 1)...], as: UTF8.self)
            for id in members(of: owner) where files[id.file].qualifiedNames.stored(id.declaration) == nil {
                let declaration = self[id]
                guard declaration.name == member, !declaration.conditions.contains(where: \.isInactive) else { continue }
                found.append(id)
                if stopAtFirst { return found }
            }
        }
        return found.sorted()
    }

    /// The declarations filed under the qualified name `name` (types, type aliases,
    /// associated types, top-level declarations), without looking among the members of
    /// types as `declarations(named:)` does for `Type.member`: what a type name written in
    /// code can mean (a method or property is never meant there), found by one lookup.
    public func filedDeclarations(named name: String) -> [DeclarationID] {
        tables(of: name).declarations[name]
    }

    /// Whether `filedDeclarations(named:)` finds any.
    public func declaresFiled(_ name: String) -> Bool {
        tables(of: name).declarations.contains(name)
    }

    /// Nominal types (class, struct, enum, actor, protocol) with this qualified name.
    public func types(named name: String) -> [DeclarationID] {
        tables(of: name).types[name]
    }

    /// Whether the project declares a typealias of this qualified name.
    public func declaresTypealias(_ name: String) -> Bool {
        tables(of: name).typealiasNames.contains(name)
    }

    /// What the project's typealias of this qualified name stands for, as written
    /// (`NoteRepository` for `typealias NoteRepo = NoteRepository`); nil when the name is no
    /// typealias, is also a type's, or is declared as several typealiases (`#if` branches).
    public func typealiasTarget(of name: String) -> String? {
        guard declaresTypealias(name), types(named: name).isEmpty else { return nil }
        let aliases = declarations(named: name).filter { self[$0].kind == .typealias }
        return aliases.count == 1 ? self[aliases[0]].typeText : nil
    }

    /// The qualified names of the project's typealiases, sorted.
    public var typealiasNames: [String] {
        (halves[0].typealiasNames.union(halves[1].typealiasNames)).sorted()
    }

    /// Extensions whose written name has more than one component and ends with `.` and
    /// `component` (`extension ArcanaDomain.NoteRepository` for `NoteRepository`), in file
    /// order.
    public func dottedExtensions(endingWith component: String) -> [DeclarationID] {
        (halves[0].dottedExtensions[component] ?? []) + (halves[1].dottedExtensions[component] ?? [])
    }

    public func protocols(named name: String) -> [DeclarationID] {
        tables(of: name).protocols[name]
    }

    /// Extensions of the type with this qualified name, in any file.
    public func extensions(of name: String) -> [DeclarationID] {
        tables(of: name).extensions[name]
    }

    /// Whether some declaration of the project has this qualified name.
    public func declares(_ name: String) -> Bool {
        tables(of: name).declarations.contains(name) || (name.utf8.contains(0x2E) && !members(named: name, stopAtFirst: true).isEmpty)
    }

    /// The layers of the files that declare `name` (`nil` for files in no layer), one per
    /// declaration, in file order. Extensions do not declare a name.
    public func layersDeclaring(_ name: String) -> [String?] {
        declarations(named: name).map { files[$0.file].layer }
    }

    /// Paths of the files that declare `name`.
    public func filesDeclaring(_ name: String) -> [String] {
        declarations(named: name).map { files[$0.file].path }
    }

    /// The type's declarations and all its extensions: where its members and
    /// conformances may be written. Extensions that name the type with its module
    /// (`extension MyApp.OrderService`) or through a typealias (`extension CartVM`) are parts too.
    public func parts(of name: String) -> [DeclarationID] {
        types(named: name) + extensions(of: name) + moduleQualifiedExtensions(of: name) + typealiases(of: name).flatMap(extensions(of:))
    }

    /// Extensions of `name` written with a module qualifier (`extension MyApp.OrderService`
    /// for `OrderService`): dropping leading components of the written name, `name` is the
    /// first one the project declares (so not `extension Checkout.OrderService`, the project's
    /// nested type, nor `extension MyApp.Checkout.OrderService`). Resolved once, when the index
    /// is built.
    public func moduleQualifiedExtensions(of name: String) -> [DeclarationID] {
        qualifiedExtensions[name] ?? []
    }

    /// Members declared in the type or in any extension of it (not inherited ones).
    public func members(of name: String) -> [DeclarationID] {
        parts(of: name).flatMap { part in
            self[part].members.map { DeclarationID(file: part.file, declaration: $0) }
        }
    }

    // MARK: - Conformance

    /// Names in the inheritance lists of the type and its extensions, normalised
    /// (`any P`, `Base<T>`, `A & B` → `P`, `Base`, `A`, `B`), in order, without repeats.
    public func directSupertypes(of name: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for part in parts(of: name) {
            var entries = self[part].inherits
            // `protocol P where Self: Q` refines `Q` as `protocol P: Q` does.
            if self[part].kind == .protocol, let clause = self[part].whereClause {
                for requirement in clause.split(separator: ",") {
                    let sides = requirement.split(separator: ":", maxSplits: 1)
                    if sides.count == 2, sides[0].trimmingSpaces == "Self" { entries.append(sides[1].trimmingSpaces) }
                }
            }
            for entry in entries {
                for written in ProjectIndex.normalisedTypeNames(entry) {
                    for supertype in resolvedSupertype(written, inheritedBy: name) where seen.insert(supertype).inserted {
                        result.append(supertype)
                    }
                }
            }
        }
        return result
    }

    /// The names an inheritance entry of type `name` stands for: a type nested in `name` or
    /// in a type around it wins over a top-level one of that name (`enum Settings { class
    /// Repository; class Store: Repository }` inherits `Settings.Repository`), and a typealias
    /// declared in the project is replaced by what it names (`typealias NoteRepo =
    /// NoteRepository`, a composition gives each protocol). Otherwise the name as written.
    func resolvedSupertype(_ written: String, inheritedBy name: String, depth: Int = 0) -> [String] {
        var resolved = written
        // Only nested types look in enclosing scopes: most names are top-level.
        if name.utf8.contains(0x2E) {
            var scope = Substring(name)
            while !scope.isEmpty {
                let candidate = scope + "." + written
                if !types(named: candidate).isEmpty || !declarations(named: candidate).isEmpty {
                    resolved = candidate
                    break
                }
                scope = scope.lastIndex(of: ".").map { scope[..<$0] } ?? ""
            }
        }
        guard depth < 4, let aliased = typealiasTarget(of: resolved) else { return [resolved] }
        let scope = resolved.utf8.contains(0x2E) ? String(resolved[..<resolved.lastIndex(of: ".")!]) : ""
        return ProjectIndex.normalisedTypeNames(aliased).flatMap { resolvedSupertype($0, inheritedBy: scope.isEmpty ? $0 : scope + "." + $0, depth: depth + 1) }
    }

    /// Every supertype reachable from `name`: its direct supertypes, and for those declared
    /// in the project, theirs (refined protocols, superclasses), breadth first. Cycles are
    /// tolerated.
    public func allSupertypes(of name: String) -> [String] {
        cached(\.supertypeCache, name) { computeAllSupertypes(of: name) }
    }

    /// The answer stored under `key` in the cache table `table`, computed by `compute` the
    /// first time. `compute` runs outside the lock, so it may ask other cached questions;
    /// two threads may both compute a missing answer, and both get the same one.
    private func cached<Value>(_ table: ReferenceWritableKeyPath<ProjectIndex, [String: Value]>, _ key: String,
                               _ compute: () -> Value) -> Value {
        cacheLock.lock()
        if let known = self[keyPath: table][key] {
            cacheLock.unlock()
            return known
        }
        cacheLock.unlock()
        let value = compute()
        cacheLock.lock()
        self[keyPath: table][key] = value
        cacheLock.unlock()
        return value
    }

    private func computeAllSupertypes(of name: String) -> [String] {
        var seen: Set<String> = [name]
        var result: [String] = []
        var queue = directSupertypes(of: name)
        var position = 0
        while position < queue.count {
            let next = queue[position]
            position += 1
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            if !types(named: next).isEmpty || !extensions(of: next).isEmpty {
                queue += directSupertypes(of: next)
            }
        }
        return result
    }

    /// Whether `type` conforms to (or inherits from) `supertype`, directly, through an
    /// extension, a refined protocol or a superclass declared in the project.
    public func conforms(_ type: String, to supertype: String) -> Bool {
        allSupertypes(of: type).contains(supertype)
    }

    /// Qualified names of the project's nominal types that conform to `protocolName`.
    public func conformingTypes(to protocolName: String) -> [String] {
        let candidates = namesMayConform(to: [protocolName])
        var result: [String] = []
        let names = halves.flatMap(\.types.names).sorted()
        for name in names where candidates.contains(ProjectIndex.lastComponent(name)) {
            guard types(named: name).contains(where: { self[$0].kind != .protocol }) else { continue }
            if conforms(name, to: protocolName) { result.append(name) }
        }
        return result
    }

    /// `namesMayConform(to:)` for the project's protocols whose qualified names `isChosen`
    /// accepts (the repository protocols of a rule's settings); empty when it accepts none.
    public func namesMayConform(toProtocolsWhere isChosen: (String) -> Bool) -> Set<String> {
        var protocols: [String] = []
        for file in files {
            for number in file.kinds.indices where file.kinds[number] == .protocol && isChosen(file.qualifiedNames[number]) {
                protocols.append(file.qualifiedNames[number])
            }
        }
        return protocols.isEmpty ? [] : namesMayConform(to: protocols)
    }

    /// A quick, generous answer to "which types may conform to one of `supertypes`": the
    /// last name components of the declarations (types, protocols, extensions, type
    /// aliases) whose inheritance list, `where` clause or aliased type names one of them,
    /// or names such a declaration, and so on. A type whose last name component is not in
    /// the set cannot conform (`conforms` says no); one in the set may. Words are compared,
    /// not resolved names, so the set errs on the large side, never on the small one.
    /// Rules ask it before `conforms`, which is costly when asked for every type.
    public func namesMayConform(to supertypes: [String]) -> Set<String> {
        let key = supertypes.map(ProjectIndex.lastComponent).sorted().joined(separator: ",")
        return cached(\.reachCache, key) {
            var reached = Set(supertypes.map(ProjectIndex.lastComponent))
            let table = inheritanceWords
            // Words and names by number: each is followed once.
            var followed = [Bool](repeating: false, count: table.namedBy.count)
            var pending = reached.compactMap { table.words.number(of: $0) }
            for word in pending { followed[word] = true }
            while let word = pending.popLast() {
                for naming in table.namedBy[word].lazy.map(Int.init) where !followed[naming] {
                    followed[naming] = true
                    pending.append(naming)
                    reached.insert(table.words.name(naming))
                }
            }
            return reached
        }
    }

    /// The declarations that say they conform to `PreviewProvider`, found on first use.
    var previewProviders: PreviewProviders {
        // Asked for by most declarations rules look at: one lock, no look-up by name.
        builtOnce(\.previewProvidersTable) { PreviewProviders(files: files) }
    }

    /// The word table behind `namesMayConform(to:)`, built on first use.
    private var inheritanceWords: InheritanceWords {
        builtOnce(\.inheritanceWordTable) { InheritanceWords(files: files) }
    }

    /// A table of the whole project, built on first use and kept in `slot`, which is read
    /// and filled under `cacheLock` (a rule that asks while another builds it waits). The
    /// slot is named by a key path, not passed `inout`: an `inout` access would begin before
    /// the lock is taken, and two rules on two threads would access it at once.
    @inline(__always)
    private func builtOnce<Table>(_ slot: ReferenceWritableKeyPath<ProjectIndex, Table?>, _ build: () -> Table) -> Table {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let built = self[keyPath: slot] { return built }
        let table = build()
        self[keyPath: slot] = table
        return table
    }

    /// Word of an inheritance list, `where` clause or aliased type → the last name
    /// components of the declarations that write it. Words and names are numbered together
    /// (a name is followed as a word in turn) by their bytes, so no string is made or
    /// hashed for a word; the project writes the same few words (`View`, `Equatable`,
    /// `NoteRepository`) over and over.
    final class InheritanceWords: Sendable {
        /// Every word and name.
        let words: NameNumbers
        /// By the number of a word: the numbers of the names whose declarations write it,
        /// once per declaration.
        let namedBy: [[Int32]]

        init(files: [IndexedFile]) {
            var builder = Builder()
            for file in files {
                for index in file.kinds.indices where file.kinds[index].hasMembers || file.kinds[index] == .typealias {
                    let declaration = file.outline.declarations[index]
                    let aliased = declaration.kind == .typealias ? declaration.typeText : nil
                    guard !declaration.inherits.isEmpty || declaration.whereClause != nil || aliased != nil else { continue }
                    builder.begin(name: declaration.name)
                    for text in declaration.inherits { builder.add(text) }
                    if let clause = declaration.whereClause { builder.add(clause) }
                    if let aliased { builder.add(aliased) }
                    builder.end()
                }
            }
            words = builder.words
            namedBy = builder.namedBy
        }

        /// The table being filled, one declaration at a time.
        private struct Builder {
            var words = NameNumbers()
            var namedBy: [[Int32]] = []
            /// The declaration's name, by number.
            var name: Int32 = 0
            /// The words the declaration writes, each once: they are few, so a list compares.
            var written: [Int32] = []

            mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
                let number = words.insert(bytes).number
                if number == namedBy.count { namedBy.append([]) }
                return Int32(number)
            }

            /// Starts a declaration named `qualifiedName` (its last component is filed).
            mutating func begin(name qualifiedName: String) {
                name = ProjectIndex.withLastComponent(of: qualifiedName) { number($0) }
                written.removeAll(keepingCapacity: true)
            }

            /// The words of one of the declaration's texts.
            mutating func add(_ text: String) {
                ProjectIndex.forEachWord(inBytesOf: text) { bytes in
                    let word = number(bytes)
                    if word != name, !written.contains(word) { written.append(word) }
                }
            }

            /// Files the declaration's name under each word it writes.
            mutating func end() {
                for word in written { namedBy[Int(word)].append(name) }
            }
        }
    }

    /// Calls `body` with each identifier-like word of `text`, in order: `Domain.NoteRepository<Int>`
    /// → `Domain`, `NoteRepository`, `Int`.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        forEachWord(inBytesOf: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `forEachWord(in:_:)` with each word's UTF-8 bytes, valid during the call.
    static func forEachWord(inBytesOf text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = -1
            for offset in 0..<bytes.count {
                if isWordByte(bytes[offset]) {
                    if start < 0 { start = offset }
                } else if start >= 0 {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                    start = -1
                }
            }
            if start >= 0 { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
    }

    /// Bytes of identifiers: ASCII letters, digits, `_`, and every byte of a non-ASCII
    /// character (generous: a Unicode punctuation mark joins two words, never splits one).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// `Outer.Inner<T>` → `Inner`.
    public static func lastComponent(_ name: String) -> String {
        // Asked for every declaration by several rules: bytes, not characters, and no copy
        // when the name is already its own last component. Native strings are read as one
        // buffer (stepping through `utf8` costs a bounds and encoding check per byte).
        let fast: String?? = name.utf8.withContiguousStorageIfAvailable { bytes in
            let end = bytes.firstIndex(of: 0x3C) ?? bytes.count
            var start = end
            while start > 0, bytes[start - 1] != 0x2E { start -= 1 }
            if start == 0 && end == bytes.count { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        if let fast { return fast ?? name }
        let utf8 = name.utf8
        let end = utf8.firstIndex(of: 0x3C) ?? utf8.endIndex
        let start = utf8[..<end].lastIndex(of: 0x2E).map { utf8.index(after: $0) } ?? utf8.startIndex
        if start == utf8.startIndex && end == utf8.endIndex { return name }
        return String(name[start..<end])
    }

    /// `lastComponent(_:)` of `name` as UTF-8 bytes, handed to `body` (valid during the call).
    static func withLastComponent<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var name = name
        return name.withUTF8 { bytes in
            let end = bytes.firstIndex(of: 0x3C) ?? bytes.count
            var start = end
            while start > 0, bytes[start - 1] != 0x2E { start -= 1 }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// The protocol's own requirements: members of its declarations (not of extensions).
    public func requirements(of protocolName: String) -> [DeclarationID] {
        protocols(named: protocolName).flatMap { id in
            self[id].members.map { DeclarationID(file: id.file, declaration: $0) }
        }
    }

    /// Members declared in extensions of the protocol (default implementations, helpers).
    public func protocolExtensionMembers(of protocolName: String) -> [DeclarationID] {
        extensions(of: protocolName).flatMap { id in
            self[id].members.map { DeclarationID(file: id.file, declaration: $0) }
        }
    }

    /// Splits an inheritance entry into the type names it names: `any P & Q` → `P`, `Q`;
    /// `Base<T>` → `Base`; `Swift.Equatable` stays qualified; `@unchecked Sendable` → `Sendable`.
    public static func normalisedTypeNames(_ entry: String) -> [String] {
        // Most entries are one plain name: nothing to split, strip or trim.
        if isPlainTypeName(entry) { return [entry] }
        return entry.split(separator: "&").compactMap { part -> String? in
            var text = part.trimmingSpaces
            // Attributes (`@unchecked`, `@retroactive`, `@MainActor`…) and prefixes do not name the supertype.
            var changed = true
            while changed {
                changed = false
                if text.hasPrefix("@"), let space = text.firstIndex(of: " ") {
                    text = text[space...].trimmingSpaces
                    changed = true
                }
                for prefix in ["nonisolated ", "any ", "some ", "~"] where text.hasPrefix(prefix) {
                    text = text.dropFirst(prefix.count).trimmingSpaces
                    changed = true
                }
            }
            if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
            while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            text = text.trimmingSpaces
            return text.isEmpty ? nil : text
        }
    }
}

extension ProjectIndex {
    /// Whether `text` is a plain, possibly dotted, ASCII type name (`NoteRepository`,
    /// `API.Endpoint`): letters, digits, `_` and single dots between names. Such text needs
    /// none of the clean-up that written types get (spaces, `any`, `?`, `&`, generics).
    public static func isPlainTypeName(_ text: String) -> Bool {
        var previous: UInt8 = 0x2E  // as if after a dot: a leading dot is not plain
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: break
            case 0x2E where previous != 0x2E: break
            default: return false
            }
            previous = byte
        }
        return previous != 0x2E
    }

    /// The names of a dotted name (`Outer.Inner` → `["Outer", "Inner"]`), empty ones left
    /// out: `split(separator: ".")` by bytes rather than characters (a dot in a name is
    /// never part of a larger character), several times faster.
    public static func nameComponents(_ name: String) -> [String] {
        // Most names have no dot: they are their own only component. A native string is
        // searched as one buffer (stepping through `utf8` checks every byte).
        let dotted = name.utf8.withContiguousStorageIfAvailable { $0.contains(0x2E) } ?? true
        if !dotted { return name.isEmpty ? [] : [name] }
        return PathText.pieces(of: name, separatedBy: 0x2E)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces (`TypeText.trimmed`).
    var trimmingSpaces: String { TypeText.trimmed(String(self)) }
}
