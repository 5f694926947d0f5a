import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `repository-stub-return`: a repository implementation or mock whose method returns an
/// empty collection or `nil` without touching any data.
///
/// **What it flags.** In a type that conforms to a repository protocol of the project (a
/// protocol named with a `Repository`, `RepositoryProtocol` or `RepositoryType` suffix, or
/// declared under a `Repositories/` folder; conformance in the declaration or any extension,
/// through a refined protocol or a project superclass): a function or computed property whose
/// body does no data access and returns a bare empty literal, `[]`, `[:]`, `nil`, `Array()`,
/// `Dictionary()`, `Set()` (also with generic arguments), `[T]()` or `[K: V]()`. Data access is
/// any call, trailing closure or member access other than the allowed calls (`Task.sleep` by
/// default, arguments included), and any read of a name that is neither a parameter nor a
/// local: `self`'s stored and computed properties, globals. Reported at the `return` keyword,
/// or at the literal when the body is that literal alone (implicit return).
///
/// **Why.** Seed 000's Zero-Null Policy is its first critical rule: "Repository stubs NEVER
/// return nil/empty". An implementation or mock that answers `[]` makes the screen render its
/// empty state (or a blank chart) while everything looks wired up, and nobody notices until
/// the real backend arrives. The seed's `grep "\[\]|return nil" *Impl.swift` also hits
/// comments, strings, `?? []` fallbacks after a real fetch and local `var result = []`; this
/// rule looks at what each body actually returns and whether it touched any data first.
///
/// **Example.**
/// ```swift
/// final class MockNoteRepository: NoteRepository {
///     func fetchNotes() async throws -> [Note] {
///         try await Task.sleep(for: .milliseconds(300))
///         return []                                   // flagged
///     }
/// }
/// ```
///
/// **Instead.** Return 5–10 realistic, varied sample items (seed 000: "Mock data (NEVER return
/// [] or nil!)"), or read them from the store. Empty states for previews belong in a preview
/// type (`PreviewNoteRepository`, or a type under `Preview Content/`).
///
/// Never reported: preview types (name starting with `Preview`, declared under a `Preview/`,
/// `Previews/` or `Preview Content/` folder, `PreviewProvider` types and what they nest,
/// `#Preview` bodies), test sources, code under `#if false`, initializers and subscripts,
/// `return` inside closures and local functions, and any body that reads data before it gives
/// up (`guard isSignedIn else { return [] }`, `(try? context.fetch(d)) ?? []`).
public struct RepositoryStubReturnRule: Rule {
    public static let description = RuleDescription(
        id: "repository-stub-return",
        name: "Repository stub returns nothing",
        summary: "A repository implementation or mock returns an empty collection or `nil` without touching any data.",
        rationale: """
            Seed 000 puts the Zero-Null Policy first among its critical rules ("Zero-Null Policy Repository \
            stubs NEVER return nil/empty grep \"\\\\[\\\\]|return nil\" *Impl.swift"), repeats it in its repository \
            checklist ("5. Mock data (NEVER return [] or nil!)") and in "📊 Mock Data Requirements for \
            Repository Stubs" ("NEVER return empty arrays for data that powers UI charts or visualizations"), \
            and its feature recipe asks for a mock repository that returns "5-10 varied items, Task.sleep() \
            latency". A repository that answers `[]` or `nil` without looking at any data makes the screen \
            show its empty state or a blank chart while everything looks wired up. The seed's greps \
            (`grep -rn "\\[\\]\\|Array()" Sources/**/Repositories/*RepositoryImpl.swift`) also match \
            comments, strings, `?? []` fallbacks after a real fetch and local accumulators, and miss mocks \
            in other files; this rule checks what each body of a repository conformer returns and whether \
            it read any data first.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .off],
        options: [
            RuleOption(name: "repositorySuffixes", type: .stringList, summary: "Name suffixes of repository protocols.", defaultValue: .strings(["Repository", "RepositoryProtocol", "RepositoryType"])),
            RuleOption(name: "repositoryFolders", type: .stringList, summary: "Folders, inside the layer's own folder, whose protocols are repository protocols whatever their name.", defaultValue: .strings(["Repositories"])),
            RuleOption(name: "previewPrefixes", type: .stringList, summary: "Name prefixes of preview types, which may return empty data.", defaultValue: .strings(["Preview"])),
            RuleOption(name: "previewFolders", type: .stringList, summary: "Folders whose types are preview types.", defaultValue: .strings(["Preview", "Previews", "Preview Content"])),
            RuleOption(name: "allowedCalls", type: .stringList, summary: "Calls (`Name` or `Receiver.name`) that do not count as data access; their arguments are not looked at.", defaultValue: .strings(["Task.sleep"])),
        ],
        triggeringExamples: RepositoryStubReturnRule.triggeringExamples,
        nonTriggeringExamples: RepositoryStubReturnRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var checker = Checker(context: context)
        return checker.run()
    }
}

// MARK: - Settings

/// The rule's options, read once.
private struct Settings {
    var repositorySuffixes: [String]
    var repositoryFolders: Set<String>
    var previewPrefixes: [String]
    var previewFolders: Set<String>
    /// Allowed calls split at dots: `["Task", "sleep"]`.
    var allowedCalls: [[String]]

    var layerFolders: LayerFolders

    init(_ options: ResolvedOptions, configuration: Configuration) {
        layerFolders = LayerFolders(configuration)
        repositorySuffixes = options.strings("repositorySuffixes").filter { !$0.isEmpty }
        repositoryFolders = Set(options.strings("repositoryFolders"))
        previewPrefixes = options.strings("previewPrefixes").filter { !$0.isEmpty }
        previewFolders = Set(options.strings("previewFolders"))
        allowedCalls = options.strings("allowedCalls").map { $0.split(separator: ".").map(String.init) }.filter { !$0.isEmpty }
    }

    func isInFolder(_ path: String, _ folders: Set<String>) -> Bool {
        PathText.segments(path).dropLast().contains { folders.contains($0) }
    }
}

/// `Outer.Inner` → `Inner`.
// MARK: - Where the rule never looks

/// Test sources, previews (`#Preview` bodies, `PreviewProvider` types and what they nest) and
/// code under `#if false` are never findings (DESIGN §5.2).
private struct Exemptions {
    let index: ProjectIndex
    private let testFiles: [Bool]

    init(index: ProjectIndex) {
        self.index = index
        testFiles = index.files.map(ProjectIndex.isTestSource)
    }

    /// Whether the declaration, or a type it is nested in, is exempt.
    func isExempt(_ id: DeclarationID) -> Bool {
        if testFiles[id.file] { return true }
        return index.isPreviewOrInactive(id)
    }
}

// MARK: - Repository protocols

/// Recognises repository protocols (DESIGN §5.1: a project protocol named with a repository
/// suffix or declared under a `Repositories/` folder), the way `service-repository-method` and
/// `protocol-impl-parity` do.
private struct RepositoryCatalog {
    let index: ProjectIndex
    let settings: Settings

    /// Whether `name` is a protocol of the project and nothing else: a same-named class,
    /// struct or type alias (another module's) would make the name ambiguous.
    func isProjectProtocol(_ name: String) -> Bool {
        let declarations = index.declarations(named: name)
        guard declarations.contains(where: { index[$0].kind == .protocol }) else { return false }
        return declarations.allSatisfy { index[$0].kind == .protocol || !(index[$0].kind.isNominalType || index[$0].kind == .typealias) }
    }

    func isRepositoryProtocol(_ name: String) -> Bool {
        guard isProjectProtocol(name) else { return false }
        let last = lastComponent(name)
        if settings.repositorySuffixes.contains(where: { last.hasSuffix($0) }) { return true }
        // A `Repositories/` folder inside the protocol's layer, not a feature of that name above it.
        return index.protocols(named: name).contains { id in
            let file = index.file(of: id)
            return settings.layerFolders.isInFolder(file.path, layer: file.layer, folders: settings.repositoryFolders)
        }
    }

    /// `ArcanaDomain.NoteRepository` → `NoteRepository` when only the shorter name is declared.
    func dropModuleQualifier(_ name: String) -> String {
        droppingModuleQualifier(name, declares: index.declares)
    }

    /// The repository protocols a type conforms to: in its declaration or an extension,
    /// through refined protocols and project superclasses.
    func repositoryProtocols(of type: String) -> [String] {
        index.allSupertypes(of: type).map(dropModuleQualifier).filter(isRepositoryProtocol)
    }
}

// MARK: - Reading a body

/// The statements of one function or getter body: where it returns an empty literal, and
/// whether it touches any data.
///
/// Heuristic, on tokens without a parser: braces are told apart as statement blocks (after
/// `if`, `guard … else`, `for`, `while`, `switch`, `do`, `catch`, `defer`, `repeat`) or closures
/// and local declarations (anything else). A closure mistaken for a statement block would let
/// its `return` count as the function's; but a closure in a body almost always comes with a
/// call, and any call makes the body data access, so the mistake cannot produce a finding on its
/// own.
private struct BodyReader {
    let view: TokenView
    /// The body's braces (token indices).
    let open: Int
    let close: Int
    /// Parameter names of the function, which are not data.
    let parameters: Set<String>
    let allowedCalls: [[String]]

    /// An empty literal returned by the body: its first token and the token after it.
    struct EmptyReturn {
        /// The `return` keyword, or `nil` for an implicit return.
        var keyword: Int?
        var literal: Range<Int>
        var text: String
    }

    /// The empty literals the body returns, or `[]` when it returns none or touches data.
    func emptyReturns() -> [EmptyReturn] {
        guard open + 1 < close else { return [] }
        var returns: [EmptyReturn] = []
        var excluded: [Range<Int>] = []
        // An implicit return: the body is the literal and nothing else.
        if let literal = emptyLiteral(at: open + 1), literal.end == close {
            returns.append(EmptyReturn(keyword: nil, literal: (open + 1)..<literal.end, text: literal.text))
            excluded.append((open + 1)..<literal.end)
        } else {
            for keyword in ownReturns() {
                guard let literal = emptyLiteral(at: keyword + 1), endsStatement(at: literal.end) else { continue }
                returns.append(EmptyReturn(keyword: keyword, literal: (keyword + 1)..<literal.end, text: literal.text))
                excluded.append((keyword + 1)..<literal.end)
            }
        }
        guard !returns.isEmpty, !touchesData(excluding: excluded) else { return [] }
        return returns
    }

    // MARK: Empty literals

    /// The empty literal starting at `index`: `[]`, `[:]`, `nil`, `Array()`, `Set<Int>()`,
    /// `Dictionary()`, `[T]()`, `[K: V]()`. Returns the index after it and its text.
    func emptyLiteral(at index: Int) -> (end: Int, text: String)? {
        guard index < close else { return nil }
        if view.isKeyword(index, "nil") { return (index + 1, "nil") }
        if view.isPunctuation(index, "["), let partner = view.partners[index], partner < close {
            if partner == index + 1 { return (partner + 1, "[]") }
            if partner == index + 2, view.isPunctuation(index + 1, ":") { return (partner + 1, "[:]") }
            // `[T]()`, `[K: V]()`: a type between the brackets, then empty parentheses.
            guard ((index + 1)..<partner).allSatisfy(isTypeToken), emptyCall(at: partner + 1) else { return nil }
            return (partner + 3, text(from: index, to: partner + 3))
        }
        guard let name = view.name(index), ["Array", "Dictionary", "Set"].contains(name) else { return nil }
        var next = index + 1
        if view.isOperator(next, "<"), !view.hasTriviaBefore(next) {
            guard let end = genericClauseEnd(from: next) else { return nil }
            next = end
        }
        guard emptyCall(at: next) else { return nil }
        return (next + 2, text(from: index, to: next + 2))
    }

    /// `()` right after a type, with nothing inside.
    private func emptyCall(at index: Int) -> Bool {
        index + 1 < close && view.isPunctuation(index, "(") && !view.hasTriviaBefore(index) && view.partners[index] == index + 1
    }

    /// Tokens that may spell a type inside `[…]`.
    private func isTypeToken(_ index: Int) -> Bool {
        let token = view.tokens[index]
        switch token.kind {
        case .identifier:
            return true
        case .keyword:
            return view.isText(index, "Any") || view.isText(index, "Self")
        case .punctuation:
            return view.isText(index, ":") || view.isText(index, ",") || view.isText(index, "[") || view.isText(index, "]")
                || view.isText(index, "(") || view.isText(index, ")")
        case .operator:
            return view.text(index).allSatisfy { ".?!<>&".contains($0) }
        default:
            return false
        }
    }

    /// After `<` at `index`: the index after its closing `>` (`>>` closes two).
    private func genericClauseEnd(from index: Int) -> Int? {
        var depth = 0
        var cursor = index
        while cursor < close {
            guard isTypeToken(cursor) else { return nil }
            if view.tokens[cursor].kind == .operator {
                for character in view.text(cursor) {
                    if character == "<" { depth += 1 }
                    if character == ">" { depth -= 1 }
                }
                if depth == 0 { return cursor + 1 }
                if depth < 0 { return nil }
            }
            cursor += 1
        }
        return nil
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: view.bytes[view.tokens[start].start..<view.tokens[end - 1].end], as: UTF8.self)
    }

    /// Whether the statement ends at `index`: the body's end, `;`, `}`, or a new line that does
    /// not continue the expression (`?? fallback`, `.sorted()`).
    private func endsStatement(at index: Int) -> Bool {
        if index >= close { return true }
        if view.isPunctuation(index, ";") || view.isPunctuation(index, "}") { return true }
        return view.hasNewlineBefore(index) && view.tokens[index].kind != .operator
    }

    // MARK: Returns that belong to the body

    /// `return` keywords of the body itself, not of closures or local functions in it.
    func ownReturns() -> [Int] {
        var result: [Int] = []
        // Per open brace inside the body: whether it opens a closure or local declaration.
        var nested: [Bool] = []
        var index = open + 1
        while index < close {
            defer { index += 1 }
            if view.isPunctuation(index, "{") {
                nested.append(!isStatementBlock(index))
            } else if view.isPunctuation(index, "}") {
                _ = nested.popLast()
            } else if view.isKeyword(index, "return"), !nested.contains(true) {
                result.append(index)
            }
        }
        return result
    }

    /// Keywords whose braces are statement blocks of the same function.
    private static let controlKeywords: Set<String> = ["if", "guard", "while", "for", "switch", "catch", "else", "do", "defer", "repeat"]
    /// Keywords that open a declaration: the braces that follow belong to it.
    private static let declarationKeywords: Set<String> = ["func", "init", "subscript", "class", "struct", "enum", "extension", "protocol"]

    /// Whether the `{` at `brace` opens a statement block (see the type's comment): walks back
    /// over the statement that leads to it, looking for a control keyword.
    func isStatementBlock(_ brace: Int) -> Bool {
        if view.isOperator(brace - 1, "=") { return false }
        var index = brace - 1
        while index > open {
            let token = view.tokens[index]
            switch token.kind {
            case .keyword:
                let word = view.text(index)
                if Self.controlKeywords.contains(word) { return true }
                if Self.declarationKeywords.contains(word) || word == "return" { return false }
                if word == "let" || word == "var" {
                    // `if let x = y {` binds in a condition; `let x = make {` declares.
                    let before = index - 1
                    let inCondition = view.isKeyword(before, "if") || view.isKeyword(before, "guard") || view.isKeyword(before, "while")
                        || view.isKeyword(before, "case") || view.isKeyword(before, "for") || view.isKeyword(before, "catch")
                        || view.isPunctuation(before, ",")
                    if !inCondition { return false }
                }
            case .punctuation:
                if view.isText(index, ")") || view.isText(index, "]"), let partner = view.partners[index], partner > open {
                    index = partner
                } else if view.isText(index, "{") || view.isText(index, "}") || view.isText(index, ";") || view.isText(index, "(") || view.isText(index, "[") {
                    return false
                }
            default:
                break
            }
            // The statement started on this line unless something before continues into it.
            if view.hasNewlineBefore(index) && !continuesLine(at: index) { return false }
            index -= 1
        }
        return false
    }

    /// Whether the line starting at `index` continues the expression of the line before: that
    /// line ends with an infix operator, `,`, `(`, `[` or `:`, or this one starts with an operator.
    private func continuesLine(at index: Int) -> Bool {
        if view.tokens[index].kind == .operator { return true }
        let previous = index - 1
        guard previous > open else { return false }
        if view.tokens[previous].kind == .operator { return !view.tokens[previous].flags.contains(.postfixOperator) }
        return view.isPunctuation(previous, ",") || view.isPunctuation(previous, "(") || view.isPunctuation(previous, "[") || view.isPunctuation(previous, ":")
    }

    // MARK: Data access

    /// Contextual keywords and implicit names that read no data.
    private static let neutralWords: Set<String> = [
        "await", "async", "any", "some", "get", "set", "lazy", "weak", "unowned", "consume", "copy", "each",
        "isolated", "nonisolated", "mutating", "newValue", "oldValue", "_",
    ]

    /// Whether the body calls anything, accesses a member, or reads a name that is not a
    /// parameter or a local, outside the `excluded` token ranges (the returned literals) and the
    /// allowed calls.
    func touchesData(excluding excluded: [Range<Int>]) -> Bool {
        let locals = localNames()
        // The first `catch` of the body, looked for once, when a name `error` is met.
        var firstCatch: Int?
        var index = open + 1
        while index < close {
            if let range = excluded.first(where: { $0.contains(index) }) {
                index = range.upperBound
                continue
            }
            if let end = allowedCallEnd(at: index) {
                index = end
                continue
            }
            let token = view.tokens[index]
            switch token.kind {
            case .pound:
                // `#if DEBUG`: the condition is not code.
                if view.isText(index, "#if") || view.isText(index, "#elseif") {
                    index += 1
                    while index < close, !view.hasNewlineBefore(index) { index += 1 }
                    continue
                }
            case .punctuation:
                if view.isText(index, "("), isCall(openParenthesis: index) { return true }
                if view.isText(index, "{"), isTrailingClosure(index) { return true }
            case .operator:
                if view.isText(index, "."), isMemberAccess(dot: index) { return true }
            case .keyword:
                // `self[0]`: a subscript of the type itself.
                if view.isText(index, "self") || view.isText(index, "super"), view.isPunctuation(index + 1, "["), !view.hasTriviaBefore(index + 1) { return true }
            case .identifier:
                guard let name = view.name(index) else { break }
                // A member name after `.` (judged at the dot), an attribute (`@unknown`).
                if view.isOperator(index - 1, ".") || view.isPunctuation(index - 1, "@"), index - 1 > open { break }
                if name.first?.isUppercase == true || name.hasPrefix("$") { break }
                if Self.neutralWords.contains(name) || parameters.contains(name) || locals.contains(name) { break }
                // `error` is the implicit name of a `catch` block after one; elsewhere it is a
                // name like any other (`var error: Error?` of a mock, read by `if let error`).
                if name == "error" {
                    if firstCatch == nil { firstCatch = (open + 1..<close).first { view.isKeyword($0, "catch") } ?? close }
                    if index > firstCatch! { break }
                }
                // An argument label or tuple label: `(title: …, body: …)`.
                if view.isPunctuation(index + 1, ":"), view.isPunctuation(index - 1, "(") || view.isPunctuation(index - 1, ",") { break }
                return true
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// `Task.sleep(…)` (or another allowed call) starting at `index`: the index after it.
    private func allowedCallEnd(at index: Int) -> Int? {
        guard !view.isOperator(index - 1, ".") else { return nil }
        for components in allowedCalls {
            var cursor = index
            var matched = true
            for (position, component) in components.enumerated() {
                if position > 0 {
                    // `Task<Never, Never>.sleep`: generic arguments of the receiver.
                    if view.isOperator(cursor, "<"), !view.hasTriviaBefore(cursor), let end = genericClauseEnd(from: cursor) { cursor = end }
                    guard view.isOperator(cursor, ".") else {
                        matched = false
                        break
                    }
                    cursor += 1
                }
                guard view.name(cursor) == component else {
                    matched = false
                    break
                }
                cursor += 1
            }
            guard matched else { continue }
            if view.isPunctuation(cursor, "("), let partner = view.partners[cursor], partner < close { return partner + 1 }
            return cursor
        }
        return nil
    }

    /// `name(…)`, `x.f(…)`, `list[0](…)`, `Array<Int>()`: a `(` applied to what comes before it.
    private func isCall(openParenthesis index: Int) -> Bool {
        guard index - 1 > open, !view.hasNewlineBefore(index) else { return false }
        let previous = view.tokens[index - 1]
        switch previous.kind {
        case .identifier:
            return true
        case .keyword:
            return view.isText(index - 1, "self") || view.isText(index - 1, "super") || view.isText(index - 1, "Self") || view.isText(index - 1, "init")
        case .punctuation:
            return view.isText(index - 1, ")") || view.isText(index - 1, "]") || view.isText(index - 1, "}")
        case .operator:
            return view.isText(index - 1, ">") && !view.hasTriviaBefore(index)
        default:
            return false
        }
    }

    /// `Task { … }`, `items.forEach { … }`, `run() { … }`: a closure passed after a call.
    private func isTrailingClosure(_ brace: Int) -> Bool {
        guard brace - 1 > open, !view.hasNewlineBefore(brace) else { return false }
        let previous = view.tokens[brace - 1]
        let follows = previous.kind == .identifier || view.isPunctuation(brace - 1, ")") || view.isPunctuation(brace - 1, "]")
            || (previous.kind == .operator && view.isText(brace - 1, ">"))
        return follows && !isStatementBlock(brace) && !isDeclarationBody(brace)
    }

    /// The braces of a local declaration on the same line (`func helper() {`, `var x: Int {`).
    private func isDeclarationBody(_ brace: Int) -> Bool {
        var index = brace - 1
        while index > open {
            if view.tokens[index].kind == .keyword,
               Self.declarationKeywords.contains(view.text(index)) || view.isText(index, "var") || view.isText(index, "let") { return true }
            if view.isPunctuation(index, "{") || view.isPunctuation(index, "}") || view.isPunctuation(index, ";") { return false }
            if view.isPunctuation(index, ")") || view.isPunctuation(index, "]"), let partner = view.partners[index], partner > open { index = partner }
            if view.hasNewlineBefore(index) { return false }
            index -= 1
        }
        return false
    }

    /// `x.member` (also on a new line, `x\n.member`), not an implicit member (`.seconds(1)`,
    /// `case .pinned`, `order == .title`).
    private func isMemberAccess(dot index: Int) -> Bool {
        guard index - 1 > open else { return false }
        if view.hasTriviaBefore(index) && !view.hasNewlineBefore(index) { return false }
        let previous = view.tokens[index - 1]
        switch previous.kind {
        case .identifier, .integer, .float, .stringQuote, .interpolationEnd:
            return true
        case .keyword:
            return ["self", "super", "Self", "true", "false", "nil"].contains(view.text(index - 1))
        case .punctuation:
            return view.isText(index - 1, ")") || view.isText(index - 1, "]") || view.isText(index - 1, "}")
        case .operator:
            return previous.flags.contains(.postfixOperator) || view.isText(index - 1, ">")
        default:
            return false
        }
    }

    /// `if let draft {` or `guard let draft = draft else`: a condition that unwraps the
    /// outer `draft` (a stored property, unless a parameter or another local has the name)
    /// under the same name. The binding reads that name rather than introducing a new one
    /// in its place, so it is left out of the locals and its reads count as data access.
    private func rebindsOuterName(_ name: String, at nameIndex: Int) -> Bool {
        let binding = nameIndex - 1
        guard view.isKeyword(binding - 1, "if") || view.isKeyword(binding - 1, "guard") || view.isKeyword(binding - 1, "while")
                || view.isPunctuation(binding - 1, ",") else { return false }
        var end = nameIndex + 1
        if view.isOperator(end, "="), view.name(end + 1) == name { end += 2 }
        return view.isPunctuation(end, ",") || view.isPunctuation(end, "{") || view.isKeyword(end, "else")
    }

    /// Names the body binds itself: `let`/`var` names and patterns, `for` variables, closure
    /// parameters. A name missed here counts as data access, which only silences the rule, so
    /// the scan errs on that side: a closure signature must sit on the line of its `{`.
    func localNames() -> Set<String> {
        var names = Set<String>()
        var loopIns = Set<Int>()
        var index = open + 1
        while index < close {
            defer { index += 1 }
            if view.isKeyword(index, "let") || view.isKeyword(index, "var") {
                var next = index + 1
                if let name = view.name(next) {
                    if !rebindsOuterName(name, at: next) { names.insert(name) }
                    continue
                }
                if view.isOperator(next, "."), view.name(next + 1) != nil { next += 2 }
                if view.isPunctuation(next, "("), let partner = view.partners[next], partner < close {
                    for inner in (next + 1)..<partner {
                        if let name = view.name(inner), !view.isPunctuation(inner + 1, ":") { names.insert(name) }
                    }
                }
            } else if view.isKeyword(index, "for") {
                var cursor = index + 1
                var pattern: [String] = []
                while cursor < close, !view.isKeyword(cursor, "in"), !view.isPunctuation(cursor, "{") {
                    if let name = view.name(cursor) { pattern.append(name) }
                    cursor += 1
                }
                guard view.isKeyword(cursor, "in") else { continue }
                names.formUnion(pattern)
                loopIns.insert(cursor)
            } else if view.isKeyword(index, "in"), !loopIns.contains(index) {
                // A closure signature: `{ note, index in`, `{ (note: Note) -> Bool in`.
                var cursor = index - 1
                var signature: [String] = []
                while cursor > open, !view.isPunctuation(cursor, "{"), !view.hasNewlineBefore(cursor + 1) {
                    if let name = view.name(cursor), !view.isPunctuation(cursor - 1, ":") { signature.append(name) }
                    cursor -= 1
                }
                if view.isPunctuation(cursor, "{"), !view.hasNewlineBefore(cursor + 1) { names.formUnion(signature) }
            }
        }
        return names
    }
}

// MARK: - The check

private struct Checker {
    let index: ProjectIndex
    let settings: Settings
    let exemptions: Exemptions
    let catalog: RepositoryCatalog
    var tokenViews: [Int: TokenView] = [:]
    /// The texts of the files read again, each once.
    let sources: SourceCache
    var violations: [Violation] = []

    init(context: RuleContext) {
        index = context.index
        settings = Settings(context.options, configuration: context.configuration)
        exemptions = Exemptions(index: context.index)
        catalog = RepositoryCatalog(index: context.index, settings: settings)
        sources = SourceCache(files: context.index.files)
    }

    mutating func run() -> [Violation] {
        for (type, protocols) in repositoryTypes() { check(type: type, protocols: protocols) }
        return violations
    }

    mutating func tokenView(of file: Int) -> TokenView? {
        if let view = tokenViews[file] { return view }
        guard let source = sources.source(of: file) else { return nil }
        let view = TokenView(source: source)
        tokenViews[file] = view
        return view
    }

    /// Types (declared or only extended here) that conform to a repository protocol and are
    /// not preview types, in file order, with the repository protocols they implement.
    func repositoryTypes() -> [(String, [String])] {
        let clues = conformanceClues()
        guard !clues.isEmpty else { return [] }
        var seen = Set<String>()
        var result: [(String, [String])] = []
        for file in index.files {
            for number in file.kinds.indices
            where (file.kinds[number].isNominalType && file.kinds[number] != .protocol) || file.kinds[number] == .extension {
                guard clues.contains(ProjectIndex.lastComponent(file.outline.declarations[number].name)) else { continue }
                // `extension MyApp.MockOrderRepository` is a part of `MockOrderRepository`.
                var name = file.qualifiedNames[number]
                if file.kinds[number] == .extension { name = droppingModuleQualifier(name, declares: index.declares) }
                // Extensions of protocols hold default implementations, not a conformer's code.
                guard seen.insert(name).inserted, index.protocols(named: name).isEmpty, !isPreviewType(name) else { continue }
                let protocols = catalog.repositoryProtocols(of: name)
                if !protocols.isEmpty { result.append((name, protocols)) }
            }
        }
        return result
    }

    /// The names that may conform to a repository protocol (`ProjectIndex.namesMayConform`):
    /// a quick filter before the exact conformance check, which is costly on big projects.
    func conformanceClues() -> Set<String> {
        index.namesMayConform(toProtocolsWhere: catalog.isRepositoryProtocol)
    }

    /// A type named `Preview…` or declared under a preview folder.
    func isPreviewType(_ name: String) -> Bool {
        let last = lastComponent(name)
        if settings.previewPrefixes.contains(where: { last.hasPrefix($0) }) { return true }
        return index.types(named: name).contains { settings.isInFolder(index.file(of: $0).path, settings.previewFolders) }
    }

    // MARK: One repository

    mutating func check(type: String, protocols: [String]) {
        let typeName = lastComponent(type)
        for part in index.parts(of: type) {
            guard !exemptions.isExempt(part), !settings.isInFolder(index.file(of: part).path, settings.previewFolders) else { continue }
            for member in index[part].members {
                let id = DeclarationID(file: part.file, declaration: member)
                let declaration = index[id]
                guard declaration.kind == .func || declaration.kind == .var, !exemptions.isExempt(id),
                      let source = sources.source(of: part.file), EmptyLiteralClue.mayReturnEmpty(source.bytes, from: declaration.nameOffset, to: declaration.range.upperBound),
                      let view = tokenView(of: part.file), let body = body(of: declaration, in: view) else { continue }
                let reader = BodyReader(view: view, open: body.open, close: body.close,
                                        parameters: Set(declaration.parameters.map(\.name)), allowedCalls: settings.allowedCalls)
                for found in reader.emptyReturns() {
                    let what = declaration.kind == .func ? "`\(declaration.signatureName)`" : "the property `\(declaration.name)`"
                    let protocolList = protocols.prefix(2).map { "`\($0)`" }.joined(separator: " and ")
                    let advice = found.text == "nil"
                        ? "Return a realistic sample value, or read it from the data source"
                        : "Return 5–10 realistic, varied sample items, or read them from the data source"
                    let message = "\(what) of `\(typeName)`, which implements \(protocolList), returns `\(found.text)` without touching any data, "
                        + "so the screens it feeds stay empty (the zero-null policy: a repository stub never returns nil or an empty result). "
                        + "\(advice); keep empty data for previews in a `Preview…` type."
                    let location: Range<Int>
                    if let keyword = found.keyword {
                        location = view.tokens[keyword].range
                    } else {
                        location = view.tokens[found.literal.lowerBound].start..<view.tokens[found.literal.upperBound - 1].end
                    }
                    violations.append(Violation(location: Location(file: part.file, range: location), message: message,
                                                fingerprintText: declaration.signatureName + " returns " + found.text))
                }
            }
        }
    }

    /// The braces of a function's body or of a computed property's getter, as token indices.
    func body(of declaration: Declaration, in view: TokenView) -> (open: Int, close: Int)? {
        let last = view.firstToken(atOrAfter: declaration.range.upperBound) - 1
        guard last > 0, view.isPunctuation(last, "}"), let outer = view.partners[last], view.tokens[outer].start > declaration.nameOffset else { return nil }
        switch declaration.kind {
        case .func:
            return declaration.hasBody ? (outer, last) : nil
        case .var:
            guard !declaration.isStored, let getter = declaration.accessors.first(where: { $0.kind == "get" }) else { return nil }
            let start = view.firstToken(atOrAfter: getter.offset)
            if start == outer { return (outer, last) }
            // `get async throws { … }`: the first brace after the accessor's name.
            var index = start + 1
            while index < last, !view.isPunctuation(index, "{") {
                if view.isPunctuation(index, "("), let partner = view.partners[index] { index = partner }
                index += 1
            }
            guard index < last, let close = view.partners[index] else { return nil }
            return (index, close)
        default:
            return nil
        }
    }
}

// MARK: - Empty literals from the bytes

/// Which bodies need their tokens read: a quick look at the bytes before lexing a file.
enum EmptyLiteralClue {
    /// Whether a body may return an empty literal, as far as the file's bytes tell: each
    /// literal `BodyReader.emptyLiteral(at:)` knows starts with the keyword `nil`, a `[` or
    /// the name `Array`, `Dictionary` or `Set`, so a body whose bytes hold none of them
    /// returns none. The bytes looked at run from the first `{` after `start` (the
    /// declaration's name; a return type's `[` comes before the brace) to `end` (the end of
    /// the declaration, which holds the body). True when there is no `{`.
    static func mayReturnEmpty(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let end = min(end, bytes.count)
        var index = max(start, 0)
        while index < end, bytes[index] != UInt8(ascii: "{") { index += 1 }
        guard index < end else { return true }
        func spells(_ word: StaticString, at position: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= end else { return false }
            return (0..<count).allSatisfy { bytes[position + $0] == word.utf8Start[$0] }
        }
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "["): return true
            case UInt8(ascii: "n"): if spells("nil", at: index) { return true }
            case UInt8(ascii: "A"): if spells("Array", at: index) { return true }
            case UInt8(ascii: "D"): if spells("Dictionary", at: index) { return true }
            case UInt8(ascii: "S"): if spells("Set", at: index) { return true }
            default: break
            }
            index += 1
        }
        return false
    }
}
