import SwiftLexer

/// Builds a `FileOutline` from tokens in one forward pass. It never fails: code it cannot
/// read is skipped up to the next declaration keyword at the same brace depth, and
/// containers are tracked on an explicit stack, so nesting depth is limited only by memory.
public enum OutlineBuilder {
    public static func build(_ file: SourceFile) -> FileOutline {
        build(file, lexed: Lexer.tokenize(file))
    }

    public static func build(_ file: SourceFile, lexed: LexedSource) -> FileOutline {
        file.bytes.withUnsafeBufferPointer { bytes in
            lexed.tokens.withUnsafeBufferPointer { tokens in
                lexed.structure.withUnsafeBufferPointer { structure in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: tokens.count) { pairs in
                        build(bytes: bytes, tokens: tokens, structure: structure, pairs: pairs)
                    }
                }
            }
        }
    }

    /// Lexes and outlines `file` in `workspace`'s memory, and gives the file's comments too
    /// (what `Lexer.tokenize` would give). What the per-file stage of a run does, file after
    /// file on each thread.
    public static func build(_ file: SourceFile, workspace: OutlineWorkspace) -> (outline: FileOutline, comments: [Comment]) {
        file.bytes.withUnsafeBufferPointer { build(bytes: $0, workspace: workspace) }
    }

    /// Lexes and outlines raw bytes in `workspace`'s memory (benchmarks, fuzzing, the
    /// per-file stage).
    public static func build(bytes: UnsafeBufferPointer<UInt8>, workspace: OutlineWorkspace) -> (outline: FileOutline, comments: [Comment]) {
        let lexed = Lexer.tokenize(bytes, reusing: workspace.lexer)
        let outline = build(bytes: bytes, tokens: lexed.tokens, structure: lexed.structure, pairs: workspace.pairs(for: lexed.tokens.count),
                            strings: workspace.strings, lists: workspace.lists, records: workspace.records)
        return (outline, lexed.comments)
    }

    /// Lexes and outlines raw bytes, with memory of their own (benchmarks, fuzzing).
    public static func build(bytes: UnsafeBufferPointer<UInt8>) -> FileOutline {
        build(bytes: bytes, workspace: OutlineWorkspace()).outline
    }

    private static func build(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, structure: UnsafeBufferPointer<UInt32>,
                              pairs: UnsafeMutableBufferPointer<Int32>, strings: StringCache? = nil, lists: BuilderLists? = nil,
                              records: DeclarationRecords = DeclarationRecords()) -> FileOutline {
        var builder = Builder(stream: TokenStream(bytes: bytes, tokens: tokens, structure: structure, pairs: pairs, strings: strings), records: records)
        if let lists { builder.swapLists(with: lists) }
        builder.run()
        if let lists { builder.swapLists(with: lists) }
        return builder.outline
    }
}

/// Memory for outlining one file after another on one thread: the lexer's token and
/// structure blocks and the bracket pairs, grown to the largest file seen and reused for
/// every file, instead of allocated and freed again for each (which costs more than
/// their size suggests: large blocks come back from the allocator cold or new). Not for
/// sharing between threads; each keeps its own. The outlines built in it own all their
/// memory and outlive it.
public final class OutlineWorkspace {
    let lexer = LexerScratch()
    /// Token texts made into strings, for the files after (see `StringCache`).
    let strings = StringCache()
    /// The builder's working lists, which keep their capacity from file to file.
    let lists = BuilderLists()
    /// The records of the declarations being built, kept from file to file.
    let records = DeclarationRecords()
    private var pairs: UnsafeMutablePointer<Int32>
    private var pairCapacity: Int

    /// The pair block a workspace starts with, and starts again with after `trim()`.
    private static let initialPairs = 1024

    public init() {
        pairCapacity = OutlineWorkspace.initialPairs
        pairs = .allocate(capacity: pairCapacity)
    }

    deinit { pairs.deallocate() }

    /// The tokens of the file built last, valid until the next build in this workspace
    /// (or `trim()`).
    public var tokens: UnsafeBufferPointer<Token> { lexer.lastTokens }

    /// The most tokens whose blocks a workspace keeps from one file to the next: about
    /// 16 MB of tokens and pairs, for a source file of several megabytes.
    public static let keptTokens = 1 << 20

    /// Gives back the blocks of a file with more than `keptTokens` tokens, once it is done
    /// with: what a thread keeps between files stays bounded, and a huge file's blocks are
    /// not held while the rest of its work allocates more.
    public func trim() {
        lexer.trim(toTokens: OutlineWorkspace.keptTokens)
        lists.trim(toEntries: OutlineWorkspace.keptTokens / 16)
        if pairCapacity > OutlineWorkspace.keptTokens {
            pairs.deallocate()
            pairCapacity = OutlineWorkspace.initialPairs
            pairs = .allocate(capacity: pairCapacity)
        }
    }

    /// Room for the pairs of `count` tokens.
    fileprivate func pairs(for count: Int) -> UnsafeMutableBufferPointer<Int32> {
        if count > pairCapacity {
            pairs.deallocate()
            pairCapacity = max(count, pairCapacity * 2)
            pairs = .allocate(capacity: pairCapacity)
        }
        return UnsafeMutableBufferPointer(start: pairs, count: count)
    }
}

/// The lists the builder works with while it reads a file (open containers, their members
/// so far, a declaration's modifiers, inheritance clause and parameter bounds), lent by a
/// workspace to each file's builder, so that they keep their capacity from file to file
/// instead of growing again in every file. Empty between files.
final class BuilderLists {
    fileprivate var containers: [Container] = []
    fileprivate var openMembers: [Int] = []
    fileprivate var modifierScratch: [String] = []
    fileprivate var inheritScratch: [String] = []
    fileprivate var parameterStops: [Int] = []

    /// Gives back lists grown past `entries` entries (a file far larger than most).
    func trim(toEntries entries: Int) {
        if containers.capacity > entries { containers = [] }
        if openMembers.capacity > entries { openMembers = [] }
        if modifierScratch.capacity > entries { modifierScratch = [] }
        if inheritScratch.capacity > entries { inheritScratch = [] }
        if parameterStops.capacity > entries { parameterStops = [] }
    }
}

/// A declaration whose braces the builder is inside.
private struct Container {
    var declaration: Int
    /// Index of the token that ends the body: the closing `}` or where it was cut off.
    var end: Int
    /// Whether `end` is the body's own `}` (to be consumed).
    var closed: Bool
    /// Depth of the `#if` stack when the body opened.
    var conditionDepth: Int
    /// Where the declaration's members start in `Builder.openMembers`.
    var membersStart: Int
}

/// What precedes a declaring keyword.
private struct Prefix {
    var start: Int
    var attributes: [Attribute] = []
    /// The `(` of each attribute's arguments (`@Environment(NotesStore.self)`), whose code
    /// is the declaration's: scanned for facts once the declaration exists.
    var argumentGroups: [Int] = []
    /// A list shared with the file's other declarations that have the same modifiers
    /// (`Builder.sharedModifiers`).
    var modifiers: [String] = []
}

/// The yes-or-no fields of a declaration's record.
private typealias RecordFlag = Declaration.Storage.Flag

private struct Builder {
    let s: TokenStream
    var outline = FileOutline()
    /// The file's declarations so far, given to `outline` in one store at the end.
    let records: DeclarationRecords
    var conditions: [ConditionClause] = []
    var containers: [Container] = []
    /// The members found so far of every open container, the innermost's last: each
    /// container's list is given to its declaration in one array, of the right size, when
    /// it closes (instead of an array grown member by member).
    var openMembers: [Int] = []
    /// Modifier lists already given to a declaration of this file: a file writes the same
    /// few (`public`, `private`, `static`) over and over, and declarations with equal lists
    /// share one array instead of holding one each.
    var modifierLists: [[String]] = []
    /// The modifiers `parsePrefix` is collecting, in an array kept from one declaration to
    /// the next: a declaration takes a shared list, so most need no array of their own.
    var modifierScratch: [String] = []
    /// The inheritance clause `parseInheritance` is reading, kept from one declaration to
    /// the next, so that each list is made once, of its size.
    var inheritScratch: [String] = []
    /// How many declarations are not members of another.
    var topLevelCount = 0
    /// Where each parameter of the list `parseParameters` reads ends, kept from one list
    /// to the next.
    var parameterStops: [Int] = []

    /// Takes `lists`' arrays in exchange for its own, emptied (see `BuilderLists`): once
    /// before a file, to start with their capacity, and once after, to give them back.
    mutating func swapLists(with lists: BuilderLists) {
        containers.removeAll(keepingCapacity: true)
        openMembers.removeAll(keepingCapacity: true)
        modifierScratch.removeAll(keepingCapacity: true)
        inheritScratch.removeAll(keepingCapacity: true)
        parameterStops.removeAll(keepingCapacity: true)
        swap(&containers, &lists.containers)
        swap(&openMembers, &lists.openMembers)
        swap(&modifierScratch, &lists.modifierScratch)
        swap(&inheritScratch, &lists.inheritScratch)
        swap(&parameterStops, &lists.parameterStops)
    }

    init(stream: TokenStream, records: DeclarationRecords) {
        self.s = stream
        self.records = records
    }

    // MARK: - Driver

    mutating func run() {
        var index = 0
        while index < s.count {
            if let top = containers.last, index >= top.end {
                closeContainer()
                if top.closed, index == top.end { index += 1 }
                continue
            }
            let next = parseMember(at: index)
            assert(next > index, "outline builder made no progress")
            index = max(next, index + 1)
        }
        while !containers.isEmpty { closeContainer() }
        // The top-level list, made once of its size (appended to as declarations came, it
        // was allocated again at every doubling).
        if topLevelCount > 0 {
            var topLevel: [Int] = []
            topLevel.reserveCapacity(topLevelCount)
            for index in 0..<records.count where records[index].storedParent < 0 { topLevel.append(index) }
            outline.topLevel = topLevel
        }
        let store = s.factStore
        if store.hasScattered {
            for declaration in 0..<records.count { store.gather(&records[declaration].facts) }
            store.gather(&outline.topLevelFacts)
        }
        store.seal()
        outline.declarations = records.take().declarations()
    }

    mutating func closeContainer() {
        let top = containers.removeLast()
        if openMembers.count > top.membersStart {
            records[top.declaration].members = exactCopy(of: openMembers[top.membersStart...])
            openMembers.removeSubrange(top.membersStart...)
        }
        let endOffset = top.closed ? s.tokens[top.end].end : (top.end < s.count ? s.tokens[top.end].start : s.tokens.last?.end ?? 0)
        let start = Int(records[top.declaration].rangeStart)
        records[top.declaration].range = start..<max(start, endOffset)
        if conditions.count > top.conditionDepth { conditions.removeLast(conditions.count - top.conditionDepth) }
    }

    /// The end of the region the builder may read at this level (the current container's
    /// closing brace, or the end of the file).
    var limit: Int { containers.last?.end ?? s.count }

    var containerKind: DeclarationKind? {
        guard let top = containers.last else { return nil }
        return records[top.declaration].kind
    }

    /// Facts of code that belongs to no member: to the enclosing type, or the file's top level.
    mutating func scanFactsOfCurrentContainer(from start: Int, to end: Int) {
        if let top = containers.last {
            s.scanFacts(from: start, to: end, into: &records[top.declaration].facts)
        } else {
            s.scanFacts(from: start, to: end, into: &outline.topLevelFacts)
        }
    }

    // MARK: - One member

    /// Parses whatever starts at `index` at declaration level; returns where to go on.
    mutating func parseMember(at index: Int) -> Int {
        let token = s.tokens[index]
        if token.kind == .pound { return parsePound(at: index) }
        if token.symbol == 0x3B || token.symbol == 0x7D { return index + 1 }  // `;`, a stray `}`
        // Bytes that form no token (a stray invalid byte): passed over alone, so that a
        // declaration after them on the same line is still read.
        if token.kind == .unknown { return index + 1 }
        var prefix = Prefix(start: index)
        var position = parsePrefix(from: index, into: &prefix)
        let word = s.word(position)
        if word == .import { return parseImport(at: position, prefix: prefix) }
        if let kind = word.declarationKind, isDeclaringKeyword(position, kind) {
            switch kind {
            case .class, .struct, .enum, .actor, .protocol, .extension:
                return parseTypeDeclaration(kind, at: position, prefix: prefix)
            case .func, .`init`, .subscript, .macro, .deinit:
                return parseFunction(kind, at: position, prefix: prefix)
            case .var, .let:
                return parseProperty(kind, at: position, prefix: prefix)
            case .case:
                return parseEnumCase(at: position, prefix: prefix)
            case .typealias, .associatedtype:
                return parseTypeAlias(kind, at: position, prefix: prefix)
            case .operator:
                return parseOperatorDeclaration(at: position, prefix: prefix)
            case .precedencegroup:
                return parsePrecedenceGroup(at: position, prefix: prefix)
            }
        }
        // Not a declaration: statements (top-level code) or something unreadable.
        if position == index { position = index }
        return skipStatement(from: index)
    }

    /// Whether the keyword at `index` really declares something (`actor` and `macro` are
    /// also ordinary names; `case` only declares inside enums; `class` may be a modifier).
    func isDeclaringKeyword(_ index: Int, _ kind: DeclarationKind) -> Bool {
        switch kind {
        case .actor, .macro:
            return s.isName(index + 1) && !s.newlineBefore(index + 1)
        case .class:
            return s.word(index + 1).declarationKind == nil || s.word(index + 1) == .class
        default:
            return true
        }
    }

    /// Attributes whose arguments are names for the compiler or the runtime (an Objective-C
    /// name, an SPI group, platforms, a macro's roles and names), not code that uses types.
    static let declarativeAttributes: Set<String> = [
        "available", "objc", "_spi", "_spi_available", "_silgen_name", "_cdecl", "_expose", "backDeployed",
        "_originallyDefinedIn", "inline", "_semantics", "_effects", "_documentation", "_objcRuntimeName",
        "_implements", "_dynamicReplacement", "attached", "freestanding", "_section", "_extern",
    ]

    /// Attributes and modifiers before a declaring keyword.
    mutating func parsePrefix(from start: Int, into prefix: inout Prefix) -> Int {
        modifierScratch.removeAll(keepingCapacity: true)
        var index = start
        let end = limit
        // Attributes (and argument groups) collected before the latest `#if`-family
        // directive inside the prefix.
        var attributesBeforeDirective = 0
        var groupsBeforeDirective = 0
        while index < end {
            // `#if canImport(UIKit)` `@MainActor` `#endif` `final class …`: a directive inside
            // the attribute list. Its attributes belong to the declaration that follows (all
            // branches count, as everywhere), except those under `#if false`.
            if s.tokens[index].kind == .pound, !prefix.attributes.isEmpty, let after = directiveLineEnd(index), after < end,
               s.isByte(after, 0x40) || s.word(after).isModifier || s.word(after).declarationKind != nil {
                if conditions.last?.isInactive == true {
                    prefix.attributes.removeSubrange(attributesBeforeDirective...)
                    prefix.argumentGroups.removeSubrange(groupsBeforeDirective...)
                }
                index = parsePound(at: index)
                attributesBeforeDirective = prefix.attributes.count
                groupsBeforeDirective = prefix.argumentGroups.count
                continue
            }
            if s.isByte(index, 0x40), s.tokens[index].kind == .punctuation, s.isName(index + 1) || s.kind(index + 1) == .keyword {
                let at = s.tokens[index].start
                var nameEnd = index + 2
                while s.isByte(nameEnd, 0x2E), !s.triviaBefore(nameEnd), s.isName(nameEnd + 1) { nameEnd += 2 }
                let name = s.text(from: index + 1, to: nameEnd)
                var arguments: String? = nil
                index = nameEnd
                // Generic arguments of a macro, result builder or property wrapper
                // (`@Tagged<Int>`, `@UserDefault<Bool>(key: "flag")`) are part of the attribute.
                if !s.triviaBefore(index), let after = s.afterAngles(index) { index = after }
                if s.isByte(index, 0x28), s.tokens[index].kind == .punctuation, !s.newlineBefore(index) {
                    arguments = s.text(from: index + 1, to: s.contentEnd(index))
                    if !Self.declarativeAttributes.contains(name) { prefix.argumentGroups.append(index) }
                    index = s.afterGroup(index)
                }
                prefix.attributes.append(Attribute(name: name, arguments: arguments, offset: at))
                continue
            }
            let word = s.word(index)
            let isModifier: Bool
            if word == .class {
                isModifier = s.word(index + 1).declarationKind != nil || s.word(index + 1).isModifier
            } else if word.isModifier {
                // Contextual modifiers are names elsewhere: require a declaration to follow.
                let next = s.word(index + 1)
                isModifier = s.tokens[index].kind == .keyword || next.declarationKind != nil || next.isModifier
                    || next == .import || s.isByte(index + 1, 0x40) || s.isByte(index + 1, 0x28)
            } else {
                isModifier = false
            }
            guard isModifier else { break }
            var text = s.text(index)
            index += 1
            if s.isByte(index, 0x28), !s.triviaBefore(index) {  // private(set), nonisolated(unsafe)
                text += "(" + s.text(from: index + 1, to: s.contentEnd(index)) + ")"
                index = s.afterGroup(index)
            }
            modifierScratch.append(text)
        }
        if !modifierScratch.isEmpty { prefix.modifiers = sharedModifiers(modifierScratch) }
        return index
    }

    // MARK: - Helpers to create declarations

    mutating func addDeclaration(_ kind: DeclarationKind, name: String, nameIndex: Int, keyword: Int, prefix: Prefix) -> Int {
        let nameOffset = nameIndex < s.count ? s.tokens[nameIndex].start : s.tokens[keyword].start
        let startOffset = s.tokens[prefix.start].start
        let parent = containers.last?.declaration
        let index = records.count
        records.append(kind: kind, name: name, nameOffset: nameOffset, keywordOffset: s.tokens[keyword].start,
                       range: startOffset..<max(startOffset, s.tokens[keyword].end))
        // A new record's lists are empty: assigning an empty one would only cost a retain
        // and a release.
        if !prefix.attributes.isEmpty { records[index].attributes = prefix.attributes }
        for open in prefix.argumentGroups {
            s.scanFacts(from: open + 1, to: s.contentEnd(open), into: &records[index].facts)
        }
        if !prefix.modifiers.isEmpty { records[index].modifiers = prefix.modifiers }
        if !conditions.isEmpty { records[index].conditions = conditions }
        records[index].parent = parent
        if parent != nil {
            openMembers.append(index)
        } else {
            topLevelCount += 1
        }
        return index
    }

    /// The declaration of one binding of a list (`var a = 1, b = 2`, `case a, b`): the first
    /// takes the prefix as it is (a copy of it would cost a retain and a release of its
    /// lists), the others start at their own name.
    mutating func addBinding(_ kind: DeclarationKind, name: String, nameIndex: Int, keyword: Int, prefix: Prefix, first: Bool) -> Int {
        if first { return addDeclaration(kind, name: name, nameIndex: nameIndex, keyword: keyword, prefix: prefix) }
        return addDeclaration(kind, name: name, nameIndex: nameIndex, keyword: keyword,
                              prefix: Prefix(start: nameIndex, attributes: prefix.attributes, modifiers: prefix.modifiers))
    }

    /// `modifiers`, or an equal list a declaration of this file already holds.
    mutating func sharedModifiers(_ modifiers: [String]) -> [String] {
        guard !modifiers.isEmpty else { return modifiers }
        if let shared = modifierLists.first(where: { $0 == modifiers }) { return shared }
        // A list of its own, not the scratch list's buffer: that keeps the capacity of the
        // longest list any file had, and would be copied at its next use anyway.
        let list = exactCopy(of: modifiers)
        // A bounded list: a file with many different combinations shares the first few.
        if modifierLists.count < 16 { modifierLists.append(list) }
        return list
    }

    /// `elements` in an array of their number: `Array(elements)` of a scratch list or of
    /// a slice of all of it would share the list's buffer, capacity and all, and leave the
    /// list to copy itself at its next change.
    func exactCopy<Elements: Collection>(of elements: Elements) -> [Elements.Element] {
        var copy: [Elements.Element] = []
        copy.reserveCapacity(elements.count)
        copy.append(contentsOf: elements)
        return copy
    }

    mutating func finish(_ declaration: Int, endToken: Int) {
        let start = Int(records[declaration].rangeStart)
        let last = min(max(endToken - 1, 0), s.count - 1)
        let end = last >= 0 ? s.tokens[last].end : start
        records[declaration].range = start..<max(start, end)
    }

    /// `<T, U: P, each V>`: names of generic parameters; constraints become references.
    mutating func parseGenericParameters(at index: Int, into declaration: Int) -> Int {
        guard s.kind(index) == .operator, s.firstByte(index) == 0x3C, let after = s.afterAngles(index) else { return index }
        records[declaration].genericParameters = genericParameterNames(from: index + 1, to: after - 1, into: declaration)
        return after
    }

    /// Names of the generic parameters in tokens `start..<end` (inside `<…>`).
    mutating func genericParameterNames(from start: Int, to end: Int, into declaration: Int) -> [String] {
        var names: [String] = []
        var position = start
        var expectName = true
        let after = end + 1
        while position < end {
            if expectName, s.word(position) == .each { position += 1; continue }
            if expectName, s.isName(position) {
                names.append(s.nameText(position))
                expectName = false
            } else if s.isByte(position, 0x2C) {
                expectName = true
            } else if s.isByte(position, 0x3A) {
                let typeEnd = s.typeEnd(from: position + 1)
                s.collectTypeReferences(from: position + 1, to: min(typeEnd, after - 1), role: .constraint, into: &records[declaration].facts)
                position = max(typeEnd, position + 1)
                continue
            }
            position += 1
        }
        return names
    }

    /// `: A, B<C>` up to `where` or `{`.
    mutating func parseInheritance(at index: Int, into declaration: Int) -> Int {
        guard s.isByte(index, 0x3A) else { return index }
        var position = index + 1
        inheritScratch.removeAll(keepingCapacity: true)
        while position < limit {
            let end = s.typeEnd(from: position)
            if end == position { break }
            inheritScratch.append(s.text(from: position, to: end))
            s.collectTypeReferences(from: position, to: end, role: .inheritance, into: &records[declaration].facts)
            position = end
            guard s.isByte(position, 0x2C) else { break }
            position += 1
        }
        if !inheritScratch.isEmpty { records[declaration].inherits = exactCopy(of: inheritScratch) }
        return position
    }

    /// `where A: B, C == D` up to `{` or the end of the line.
    mutating func parseWhereClause(at index: Int, into declaration: Int) -> Int {
        guard s.word(index) == .where else { return index }
        var position = index + 1
        while position < limit {
            if s.isByte(position, 0x7B) || s.isByte(position, 0x7D) || s.isByte(position, 0x3B) { break }
            if position > index + 1, s.newlineBefore(position), !s.isByte(position, 0x2C), !s.isByte(position - 1, 0x2C),
               s.word(position).declarationKind != nil || s.word(position).isModifier || s.isByte(position, 0x40) { break }
            if s.isOpener(position) { position = s.afterGroup(position); continue }
            position += 1
        }
        records[declaration].whereClause = s.text(from: index + 1, to: position)
        s.collectTypeReferences(from: index + 1, to: position, role: .constraint, into: &records[declaration].facts)
        return position
    }

    // MARK: - Types and extensions

    mutating func parseTypeDeclaration(_ kind: DeclarationKind, at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        let declaration: Int
        if kind == .extension {
            let typeEnd = s.typeEnd(from: position)
            let name = extendedTypeName(from: position, to: typeEnd)
            declaration = addDeclaration(kind, name: name, nameIndex: position, keyword: keyword, prefix: prefix)
            if typeEnd > position {
                s.collectTypeReferences(from: position, to: typeEnd, role: .extended, into: &records[declaration].facts)
            }
            position = max(typeEnd, position)
        } else {
            let hasName = s.isName(position) || (s.kind(position) == .keyword && !s.isOpener(position))
            let name = hasName ? s.nameText(position) : ""
            declaration = addDeclaration(kind, name: name, nameIndex: hasName ? position : keyword, keyword: keyword, prefix: prefix)
            if hasName { position += 1 }
            position = parseGenericParameters(at: position, into: declaration)
        }
        position = parseInheritance(at: position, into: declaration)
        position = parseWhereClause(at: position, into: declaration)
        if s.isByte(position, 0x7B), s.tokens[position].kind == .punctuation {
            let end = s.contentEnd(position)
            containers.append(Container(declaration: declaration, end: end, closed: s.closer(of: position) != nil, conditionDepth: conditions.count,
                                        membersStart: openMembers.count))
            return position + 1
        }
        finish(declaration, endToken: position)
        return position
    }

    /// The name an extension is known by: the extended type as written without generic
    /// arguments (`Rope<Chunk>.Builder` → `Rope.Builder`), sugar kept as written
    /// (`[Int]`, `[String: Int]`, `String?`), so that `extension String?` is not `String`.
    func extendedTypeName(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        guard s.isName(start) else { return s.text(from: start, to: end) }
        var name = ""
        var position = start
        while position < end {
            if s.isName(position) {
                name += s.nameText(position)
                position += 1
            } else if s.isByte(position, 0x2E), s.kind(position) == .operator {
                name += "."
                position += 1
            } else if s.kind(position) == .operator, s.firstByte(position) == 0x3C, let after = s.afterAngles(position), after <= end {
                position = after  // generic arguments are not part of the name
            } else if s.kind(position) == .operator {
                name += s.text(position)  // `?`, `!`
                position += 1
            } else {
                break
            }
        }
        return name
    }

    // MARK: - Functions, initializers, subscripts, macros

    mutating func parseFunction(_ kind: DeclarationKind, at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        var name = kind.rawValue
        var nameIndex = keyword
        // `func ||<T>(…)` lexes `||<` as one operator: the `<` opens the generic clause.
        var gluedGenericClause = false
        if kind == .func || kind == .macro {
            if s.isName(position) || s.kind(position) == .operator || s.kind(position) == .keyword {
                name = s.nameText(position)
                nameIndex = position
                if s.kind(position) == .operator, name.count > 1, name.hasSuffix("<"), s.isName(position + 1) || s.word(position + 1) == .each {
                    name.removeLast()
                    gluedGenericClause = true
                }
                position += 1
            } else {
                name = ""
            }
        }
        let declaration = addDeclaration(kind, name: name, nameIndex: nameIndex, keyword: keyword, prefix: prefix)
        if gluedGenericClause, let after = s.afterAngles(from: position, depth: 1) {
            records[declaration].genericParameters = genericParameterNames(from: position, to: after - 1, into: declaration)
            position = after
        }
        if kind == .`init`, s.kind(position) == .operator, !s.triviaBefore(position), s.isByte(position, 0x3F) || s.isByte(position, 0x21) {
            records[declaration][flag: RecordFlag.isFailable] = true
            position += 1
        }
        position = parseGenericParameters(at: position, into: declaration)
        if s.isByte(position, 0x28), s.tokens[position].kind == .punctuation {
            records[declaration].parameters = parseParameters(at: position, for: kind, into: declaration)
            position = s.afterGroup(position)
        }
        position = parseEffects(at: position, into: declaration)
        if s.isOperator(position, "->") {
            let typeStart = position + 1
            let typeEnd = s.typeEnd(from: typeStart)
            records[declaration].returnType = s.text(from: typeStart, to: typeEnd)
            s.collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: &records[declaration].facts)
            position = max(typeEnd, typeStart)
        }
        position = parseWhereClause(at: position, into: declaration)
        if kind == .macro, s.isOperator(position, "=") {
            let end = expressionEnd(from: position + 1)
            s.scanFacts(from: position + 1, to: end, into: &records[declaration].facts)
            position = end
        }
        if s.isByte(position, 0x7B), s.tokens[position].kind == .punctuation {
            if kind == .subscript {
                position = parseAccessorBlock(at: position, into: declaration)
            } else {
                records[declaration][flag: RecordFlag.hasBody] = true
                s.scanFacts(from: position + 1, to: s.contentEnd(position), into: &records[declaration].facts)
                position = s.afterGroup(position)
            }
        }
        finish(declaration, endToken: position)
        return position
    }

    mutating func parseEffects(at index: Int, into declaration: Int) -> Int {
        var position = index
        while position < limit {
            switch s.word(position) {
            case .async, .reasync:
                records[declaration].effects.isAsync = true
            case .throws:
                records[declaration].effects.isThrowing = true
                if s.isByte(position + 1, 0x28), !s.triviaBefore(position + 1) {
                    let open = position + 1
                    records[declaration].effects.thrownType = s.text(from: open + 1, to: s.contentEnd(open))
                    s.collectTypeReferences(from: open + 1, to: s.contentEnd(open), role: .annotation, into: &records[declaration].facts)
                    position = s.afterGroup(open)
                    continue
                }
            case .rethrows:
                records[declaration].effects.isThrowing = true
                records[declaration].effects.isRethrowing = true
            default:
                return position
            }
            position += 1
        }
        return position
    }

    /// The parameter clause at `open`. Function and initializer parameters are labelled by
    /// their first name; subscript parameters only when two names are given; enum case
    /// associated values may be unnamed.
    mutating func parseParameters(at open: Int, for kind: DeclarationKind, into declaration: Int) -> [Parameter] {
        let end = s.contentEnd(open)
        // The parameters' bounds first, so that the array is made once, of its size
        // (appending one by one would allocate it again at the second and third).
        parameterStops.removeAll(keepingCapacity: true)
        var start = open + 1
        while start < end {
            var stop = start
            while stop < end, !s.isByte(stop, 0x2C) {
                if s.isOpener(stop) { stop = s.afterGroup(stop); continue }
                if s.kind(stop) == .operator, s.firstByte(stop) == 0x3C, !s.triviaBefore(stop), let after = s.afterAngles(stop), after <= end {
                    stop = after
                    continue
                }
                stop += 1
            }
            parameterStops.append(stop)
            start = stop + 1
        }
        guard !parameterStops.isEmpty else { return [] }
        var parameters: [Parameter] = []
        parameters.reserveCapacity(parameterStops.count)
        start = open + 1
        for index in parameterStops.indices {
            let stop = parameterStops[index]
            if stop > start, let parameter = parseParameter(from: start, to: stop, for: kind, into: declaration) {
                parameters.append(parameter)
            }
            start = stop + 1
        }
        return parameters
    }

    mutating func parseParameter(from start: Int, to end: Int, for kind: DeclarationKind, into declaration: Int) -> Parameter? {
        var position = start
        while s.isByte(position, 0x40), position < end {  // parameter attributes
            // A custom one (`@ViewBuilder content:`, `@Clamped value:`) names a result
            // builder or property wrapper type: a use of that type.
            if s.kind(position + 1) == .identifier, s.nameText(position + 1).first?.isUppercase == true {
                s.collectTypeReferences(from: position + 1, to: position + 2, role: .annotation, into: &records[declaration].facts)
            }
            position += 2
            if s.isByte(position, 0x28), !s.triviaBefore(position) { position = s.afterGroup(position) }
        }
        // The label and name, or the name alone (two locals, not an array: one per parameter).
        var names: (first: String?, second: String?) = (nil, nil)
        let nameOffset = position < s.count ? s.tokens[position].start : 0
        while position < end, names.second == nil, s.kind(position) == .identifier || s.kind(position) == .keyword, !s.isByte(position + 1, 0x2E) {
            if s.isByte(position + 1, 0x3A) || s.isName(position + 1) || s.kind(position + 1) == .keyword {
                if names.first == nil { names.first = s.nameText(position) } else { names.second = s.nameText(position) }
                position += 1
                if s.isByte(position, 0x3A) { break }
            } else {
                break
            }
        }
        var typeStart = position
        if s.isByte(position, 0x3A) {
            typeStart = position + 1
        } else {
            // No `:`: a type alone (`case value(Int)`, an unnamed associated value, or broken code).
            names = (nil, nil)
            typeStart = start
        }
        let typeEnd = min(s.typeEnd(from: typeStart), end)
        var parameter = Parameter(label: "_", name: "_", type: s.text(from: typeStart, to: typeEnd), hasDefaultValue: false,
                                  isVariadic: false, isInout: false, offset: nameOffset)
        s.collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: &records[declaration].facts)
        parameter.isInout = s.word(typeStart) == .inout
        // `Int...`, or a parameter pack (`repeat each T`, after any ownership specifier):
        // both take any number of arguments, none included.
        var packStart = typeStart
        while packStart < typeEnd, [.borrowing, .consuming, .sending, .__owned].contains(s.word(packStart)) { packStart += 1 }
        parameter.isVariadic = typeEnd > typeStart && (s.isOperator(typeEnd - 1, "...") || s.word(packStart) == .repeat)
        var rest = typeEnd
        if s.isOperator(rest, "=") {
            parameter.hasDefaultValue = true
            s.scanFacts(from: rest + 1, to: end, into: &records[declaration].facts)
            rest = end
        }
        switch names {
        case let (label?, name?):
            parameter.label = label
            parameter.name = name
        case let (name?, nil):
            parameter.name = name
            parameter.label = kind == .subscript ? "_" : name
        default:
            break
        }
        return parameter
    }

    // MARK: - Properties

    mutating func parseProperty(_ kind: DeclarationKind, at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        var first = true
        var lastDeclaration: Int? = nil
        // Names of the list with neither type nor value yet: `let primary, backup: Repo`
        // gives each the type written after the last.
        var untyped: [Int] = []
        while position < limit {
            // The pattern: a name, `_`, or a tuple of names (only a tuple makes an array).
            var name: String? = nil
            var tupleNames: [String]? = nil
            var nameIndex = position
            if s.isByte(position, 0x28), s.tokens[position].kind == .punctuation {
                let close = s.contentEnd(position)
                var names: [String] = []
                var inner = position + 1
                while inner < close {
                    if s.isName(inner), !s.isByte(inner + 1, 0x3A) { names.append(s.nameText(inner)) }
                    inner += 1
                }
                tupleNames = names
                nameIndex = min(position + 1, close)
                position = s.afterGroup(position)
            } else if s.isName(position) || s.word(position) == .`_` {
                name = s.nameText(position)
                position += 1
            } else if !first {
                break
            }
            let declaration = addBinding(kind, name: name ?? tupleNames?.first ?? "", nameIndex: nameIndex, keyword: keyword, prefix: prefix, first: first)
            lastDeclaration = declaration
            if let tupleNames {
                records[declaration].names = tupleNames
            } else if name != nil {
                records[declaration].setNamesToOwnName()
            }
            first = false

            if s.isByte(position, 0x3A) {
                let typeStart = position + 1
                let typeEnd = s.typeEnd(from: typeStart)
                let typeText = s.text(from: typeStart, to: typeEnd)
                records[declaration].typeText = typeText
                for earlier in untyped { records[earlier].typeText = typeText }
                untyped.removeAll()
                s.collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: &records[declaration].facts)
                position = max(typeEnd, typeStart)
            } else if name != nil, s.isByte(position, 0x2C) {
                untyped.append(declaration)
            } else {
                untyped.removeAll()
            }
            var isStored = true
            if s.isOperator(position, "=") {
                records[declaration][flag: RecordFlag.hasInitializer] = true
                let end = expressionEnd(from: position + 1)
                s.scanFacts(from: position + 1, to: end, into: &records[declaration].facts)
                position = end
            }
            if s.isByte(position, 0x7B), s.tokens[position].kind == .punctuation, !s.newlineBefore(position) || records[declaration].typeText != nil {
                position = parseAccessorBlock(at: position, into: declaration)
                isStored = records[declaration].accessors.allSatisfy { $0.kind == "willSet" || $0.kind == "didSet" }
            }
            records[declaration][flag: RecordFlag.isStored] = isStored
            finish(declaration, endToken: position)
            guard s.isByte(position, 0x2C) else { break }
            position += 1
        }
        if lastDeclaration == nil {
            _ = addDeclaration(kind, name: "", nameIndex: keyword, keyword: keyword, prefix: prefix)
        }
        return position
    }

    /// `{ get set }`, `{ get { … } set { … } }`, `{ willSet { … } didSet { … } }`, or an
    /// implicit getter `{ … }`. Records accessors and their bodies' facts.
    mutating func parseAccessorBlock(at open: Int, into declaration: Int) -> Int {
        let end = s.contentEnd(open)
        var position = open + 1
        // Skip attributes and modifiers to see whether an accessor keyword follows.
        var probe = position
        while probe < end {
            if s.isByte(probe, 0x40) { probe += 2; if s.isByte(probe, 0x28) { probe = s.afterGroup(probe) }; continue }
            if s.word(probe) == .mutating || s.word(probe) == .nonmutating || s.word(probe) == .__consuming || s.word(probe) == .consuming || s.word(probe) == .borrowing { probe += 1; continue }
            break
        }
        let isAccessorList = s.word(probe).isAccessor || (s.word(probe) == .`init` && (s.isByte(probe + 1, 0x7B) || s.isByte(probe + 1, 0x28)))
        if !isAccessorList {
            records[declaration].accessors.append(Accessor(kind: "get", offset: s.tokens[open].start, effects: Effects()))
            records[declaration][flag: RecordFlag.hasBody] = true
            s.scanFacts(from: open + 1, to: end, into: &records[declaration].facts)
            return s.afterGroup(open)
        }
        while position < end {
            if s.isByte(position, 0x40) { position += 2; if s.isByte(position, 0x28) { position = s.afterGroup(position) }; continue }
            let word = s.word(position)
            if word == .mutating || word == .nonmutating || word == .__consuming || word == .consuming || word == .borrowing { position += 1; continue }
            guard word.isAccessor || word == .`init` else { position += 1; continue }
            var accessor = Accessor(kind: s.text(position), offset: s.tokens[position].start, effects: Effects())
            position += 1
            if s.isByte(position, 0x28) { position = s.afterGroup(position) }  // set(newValue)
            while position < end {
                let effect = s.word(position)
                if effect == .async { accessor.effects.isAsync = true } else if effect == .throws { accessor.effects.isThrowing = true } else { break }
                position += 1
                if effect == .throws, s.isByte(position, 0x28), !s.triviaBefore(position) {
                    // `get throws(DataError)`: the thrown type is referenced like a function's.
                    accessor.effects.thrownType = s.text(from: position + 1, to: s.contentEnd(position))
                    s.collectTypeReferences(from: position + 1, to: s.contentEnd(position), role: .annotation, into: &records[declaration].facts)
                    position = s.afterGroup(position)
                }
            }
            if s.isByte(position, 0x7B) {
                records[declaration][flag: RecordFlag.hasBody] = true
                s.scanFacts(from: position + 1, to: s.contentEnd(position), into: &records[declaration].facts)
                position = s.afterGroup(position)
            }
            records[declaration].accessors.append(accessor)
        }
        return s.afterGroup(open)
    }

    /// Where an initializer expression ends: at a `,` `;` or closing bracket of this
    /// level, or at a line break unless the expression obviously continues (a binary
    /// operator or `.member` starts the next line, or an operator ends this one).
    func expressionEnd(from start: Int) -> Int {
        var position = start
        let end = limit
        while position < end {
            let token = s.tokens[position]
            if position > start, token.flags.contains(.newlineBefore) {
                let continues: Bool
                if token.kind == .operator {
                    continues = !token.flags.contains(.prefixOperator) || s.isByte(position, 0x2E)
                } else if let previous = position > 0 ? s.tokens[position - 1] : nil, previous.kind == .operator {
                    continues = !previous.flags.contains(.postfixOperator)
                } else {
                    continues = s.word(position) == .as || s.word(position) == .is
                }
                if !continues { return position }
            }
            switch token.kind {
            case .punctuation:
                switch token.symbol {
                case 0x2C, 0x3B, 0x29, 0x5D, 0x7D: return position
                case 0x28, 0x5B: position = s.afterGroup(position); continue
                case 0x7B:
                    // `= 0 { didSet … }` ends the initializer; `= make { … }` is a trailing closure.
                    if isObserverBlock(position) { return position }
                    position = s.afterGroup(position)
                    continue
                default: break
                }
            case .interpolationStart:
                position = s.afterGroup(position)
                continue
            default:
                break
            }
            position += 1
        }
        return position
    }

    func isObserverBlock(_ open: Int) -> Bool {
        var probe = open + 1
        while s.isByte(probe, 0x40) { probe += 2; if s.isByte(probe, 0x28) { probe = s.afterGroup(probe) } }
        return s.word(probe) == .willSet || s.word(probe) == .didSet
    }

    // MARK: - Enum cases, type aliases, operators

    mutating func parseEnumCase(at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        var first = true
        while position < limit, s.isName(position) || s.kind(position) == .keyword {
            let declaration = addBinding(.case, name: s.nameText(position), nameIndex: position, keyword: keyword, prefix: prefix, first: first)
            first = false
            position += 1
            if s.isByte(position, 0x28), s.tokens[position].kind == .punctuation {
                records[declaration].parameters = parseParameters(at: position, for: .case, into: declaration)
                position = s.afterGroup(position)
            }
            if s.isOperator(position, "=") {
                let end = expressionEnd(from: position + 1)
                records[declaration].typeText = s.text(from: position + 1, to: end)
                position = end
            }
            finish(declaration, endToken: position)
            guard s.isByte(position, 0x2C) else { break }
            position += 1
        }
        if first { return skipStatement(from: keyword) }  // `case` with no element: not a declaration
        return position
    }

    mutating func parseTypeAlias(_ kind: DeclarationKind, at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        let hasName = s.isName(position)
        let declaration = addDeclaration(kind, name: hasName ? s.nameText(position) : "", nameIndex: hasName ? position : keyword, keyword: keyword, prefix: prefix)
        if hasName { position += 1 }
        position = parseGenericParameters(at: position, into: declaration)
        if kind == .associatedtype { position = parseInheritance(at: position, into: declaration) }
        if s.isOperator(position, "=") {
            let typeStart = position + 1
            let typeEnd = s.typeEnd(from: typeStart)
            records[declaration].typeText = s.text(from: typeStart, to: typeEnd)
            s.collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: &records[declaration].facts)
            position = max(typeEnd, typeStart)
        }
        position = parseWhereClause(at: position, into: declaration)
        finish(declaration, endToken: position)
        return position
    }

    /// `infix operator <+> : AdditionPrecedence`: recognised and skipped to the end of the line.
    mutating func parseOperatorDeclaration(at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        let hasSymbol = position < limit && !s.newlineBefore(position)
        let declaration = addDeclaration(.operator, name: hasSymbol ? s.text(position) : "", nameIndex: hasSymbol ? position : keyword, keyword: keyword, prefix: prefix)
        while position < limit, position == keyword + 1 || !s.newlineBefore(position) {
            if s.isByte(position, 0x7B) || s.isByte(position, 0x7D) || s.isByte(position, 0x3B) { break }
            position += 1
        }
        finish(declaration, endToken: position)
        return position
    }

    /// `precedencegroup Name { … }`: recognised, its body skipped.
    mutating func parsePrecedenceGroup(at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        let hasName = s.isName(position)
        let declaration = addDeclaration(.precedencegroup, name: hasName ? s.nameText(position) : "", nameIndex: hasName ? position : keyword, keyword: keyword, prefix: prefix)
        if hasName { position += 1 }
        if s.isByte(position, 0x7B) { position = s.afterGroup(position) }
        finish(declaration, endToken: position)
        return position
    }

    // MARK: - Imports

    mutating func parseImport(at keyword: Int, prefix: Prefix) -> Int {
        var position = keyword + 1
        var kind: String? = nil
        switch s.word(position) {
        case .struct, .class, .enum, .protocol, .typealias, .func, .var, .let:
            kind = s.text(position)
            position += 1
        default:
            break
        }
        // The module is the first part of the path (`import struct Module.Type`).
        var module: String? = nil
        var path = ""
        var partCount = 0
        while position < limit, s.isName(position) || s.kind(position) == .keyword || s.kind(position) == .operator && partCount == 1 && kind != nil {
            if partCount > 0, s.newlineBefore(position) { break }
            let part = s.nameText(position)
            if module == nil { module = part } else { path += "." }
            path += part
            partCount += 1
            position += 1
            guard s.isByte(position, 0x2E), !s.newlineBefore(position) else { break }
            position += 1
        }
        if let module {
            outline.imports.append(Import(module: module, path: path, kind: kind,
                                          attributes: prefix.attributes, modifiers: prefix.modifiers,
                                          offset: s.tokens[keyword].start, conditions: conditions))
        }
        return position
    }

    // MARK: - Compiler directives and macros

    /// If token `index` is `#if`, `#elseif`, `#else` or `#endif`, the index after its line.
    func directiveLineEnd(_ index: Int) -> Int? {
        guard s.kind(index) == .pound else { return nil }
        let directive = s.text(index)
        guard directive == "#if" || directive == "#elseif" || directive == "#else" || directive == "#endif" else { return nil }
        var end = index + 1
        while end < s.count, !s.newlineBefore(end) {
            if s.isOpener(end) { end = s.afterGroup(end); continue }
            end += 1
        }
        return end
    }

    mutating func parsePound(at index: Int) -> Int {
        let directive = s.text(index)
        switch directive {
        case "#if", "#elseif", "#else", "#endif":
            let end = directiveLineEnd(index) ?? index + 1
            let condition = s.text(from: index + 1, to: end)
            switch directive {
            case "#if":
                conditions.append(ConditionClause(directive: .if, condition: condition))
            case "#elseif":
                if !conditions.isEmpty { conditions[conditions.count - 1] = ConditionClause(directive: .elseif, condition: condition) }
            case "#else":
                if let last = conditions.last {
                    let original = last.directive == .else ? last.condition : last.condition
                    conditions[conditions.count - 1] = ConditionClause(directive: .else, condition: original)
                }
            default:
                let floor = containers.last?.conditionDepth ?? 0
                if conditions.count > floor { conditions.removeLast() }
            }
            return end
        default:
            // A freestanding macro among declarations: `#Preview { … }`, `#warning("…")`.
            var position = index + 1
            if s.kind(position) == .operator, s.firstByte(position) == 0x3C, !s.triviaBefore(position), let after = s.afterAngles(position) { position = after }
            if s.isByte(position, 0x28), !s.newlineBefore(position) { position = s.afterGroup(position) }
            while s.isByte(position, 0x7B), !s.newlineBefore(position) { position = s.afterGroup(position) }
            let end = min(position, limit)
            scanFactsOfCurrentContainer(from: index + 1, to: end)
            let name = String(directive.dropFirst())
            let lastEnd = end > index ? s.tokens[end - 1].end : s.tokens[index].end
            outline.macroExpansions.append(MacroExpansion(name: name, offset: s.tokens[index].start, range: s.tokens[index].start..<lastEnd, conditions: conditions))
            return max(end, index + 1)
        }
    }

    // MARK: - Statements and recovery

    /// Skips code that declares nothing (top-level statements, or text the builder cannot
    /// read) up to the next declaration at this brace depth, collecting its facts.
    mutating func skipStatement(from start: Int) -> Int {
        let end = limit
        var position = start
        while position < end {
            if position > start {
                if s.isByte(position, 0x3B) { position += 1; break }
                if startsDeclaration(position) { break }
                if s.kind(position) == .pound, s.newlineBefore(position) { break }
            }
            if s.isByte(position, 0x7D), s.tokens[position].kind == .punctuation { break }
            if s.isOpener(position) {
                position = s.afterGroup(position)
                continue
            }
            position += 1
        }
        scanFactsOfCurrentContainer(from: start, to: position)
        return max(position, start + 1)
    }

    /// Whether a declaration (or its attributes or modifiers) starts at `index` on a new
    /// statement. Inside a type's braces, where statements are never valid, any declaring
    /// keyword resynchronises, even in the middle of a line.
    func startsDeclaration(_ index: Int) -> Bool {
        if let container = containerKind, container.hasMembers {
            let word = s.word(index)
            if let kind = word.declarationKind, kind != .case || container == .enum, kind != .operator, isDeclaringKeyword(index, kind) {
                return true
            }
        }
        guard s.newlineBefore(index) || s.isByte(index - 1, 0x3B) || s.isByte(index - 1, 0x7D) else { return false }
        let previous = s.tokens[index - 1]
        if previous.kind == .operator, !previous.flags.contains(.postfixOperator) { return false }
        if s.isByte(index - 1, 0x2C) { return false }
        let word = s.word(index)
        if let kind = word.declarationKind { return isDeclaringKeyword(index, kind) }
        if word == .import { return true }
        if word.isModifier { return s.tokens[index].kind == .keyword || s.word(index + 1).declarationKind != nil || s.word(index + 1).isModifier }
        if s.isByte(index, 0x40), s.tokens[index].kind == .punctuation { return true }
        return false
    }
}
