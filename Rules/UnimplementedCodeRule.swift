import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `unimplemented-code` flags what a stub leaves behind in production sources:
///
/// - a `fatalError(…)` or `preconditionFailure(…)` call whose message does not contain one
///   of the `allowedMessages` (default: "unreachable");
/// - a `TODO`/`FIXME` comment that says something is still to be implemented;
/// - a reference to a type or enum case whose name contains `NotImplemented`
///   (`throw NotImplementedError()`, `.failure(.notImplemented)`);
/// - a reference to `PlaceholderView`;
/// - a string literal containing "coming soon".
///
/// **Why:** seed 000 asks that every repository method return real or mock data and that
/// no placeholder screen ship: its placeholder check `grep -rn "PlaceholderView\|fatalError\|
/// TODO.*implement\|Coming Soon" Sources/` "MUST return empty for production-ready code".
/// A stub compiles, so nothing else notices it until a user taps into a crash, an error
/// alert or a "Coming soon" screen.
///
/// ```swift
/// // Data/Repositories/OrderRepositoryImpl.swift
/// func fetchOrders() async throws -> [Order] {
///     fatalError("Not yet implemented")      // reported at `fatalError`
/// }
/// ```
///
/// **Instead:** implement the method (a mock repository returns realistic mock data); put
/// the real screen in the navigation destination. A crash on a path that truly cannot be
/// taken says so in its message: `fatalError("unreachable: the list is never empty here")`.
///
/// Not reported: previews (`#Preview` bodies, `PreviewProvider` types), test sources
/// (folders `Tests/` or `…Tests/`), code under `#if false`; the declaration of a
/// `NotImplemented…` type or case, its extensions and the code inside them, and patterns
/// and casts that handle such an error (`catch is NotImplementedError`, `case .notImplemented:`);
/// a case the project declares only as a status code, in an enum with an integer raw type
/// that is no error (`enum HTTPStatus: Int { case notImplemented = 501 }`);
/// `fatalError` in `init(coder:)` or in a declaration marked `@available(*, unavailable)`,
/// which are deliberately unavailable rather than unfinished; mentions in comments (other than
/// the `TODO` comments themselves) and strings; `PlaceholderViewModifier` and other names
/// that merely contain `PlaceholderView`.
public struct UnimplementedCodeRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 4

    public static let description = RuleDescription(
        id: "unimplemented-code",
        name: "Unimplemented code",
        summary: "A `fatalError`/`preconditionFailure` stub, a `TODO … implement` comment, a `NotImplemented` error, a `PlaceholderView` or a \"coming soon\" text left in production code.",
        rationale: """
            Seed 000 treats unfinished code as a release blocker. Its placeholder check \
            `grep -rn "PlaceholderView\\|fatalError\\|TODO.*implement\\|Coming Soon" Sources/` \
            "MUST return empty for production-ready code", and its check for unimplemented \
            repositories `grep -rn "fatalError\\|TODO.*implement\\|throw.*NotImplemented" Sources/` \
            "MUST be empty": "Every Repository method MUST return valid mock data. NEVER leave methods \
            with fatalError() or throw NotImplementedError", and "Placeholder views are ONLY allowed as \
            a temporary navigation target during active development. They are FORBIDDEN as a final \
            state." A stub compiles and passes review at a glance; the user meets it as a crash, an \
            error alert or an empty "Coming soon" screen. This rule reads tokens and comments instead of \
            lines, so the words in a string or a doc comment, a test that calls `fatalError`, a \
            `NotImplementedError` type's own declaration and a deliberate \
            `fatalError("unreachable")` are not mistaken for stubs. Every `#if` branch counts, \
            `#if DEBUG` included (only `#if false` code is skipped); previews and tests never count.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .warning],
        options: [
            RuleOption(name: "allowedMessages", type: .stringList,
                       summary: "A `fatalError`/`preconditionFailure` whose message contains one of these texts (case-insensitive) is deliberate and not reported.",
                       defaultValue: .strings(["unreachable"])),
        ],
        triggeringExamples: UnimplementedCodeRule.triggeringExamples,
        nonTriggeringExamples: UnimplementedCodeRule.nonTriggeringExamples
    )

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let owners = StubOwners(index: context.index)
        var violations: [Violation] = []
        for fileIndex in context.index.files.indices {
            // Test sources are never reported: passed over before their text is searched.
            let file = context.index.files[fileIndex]
            guard !file.isTestSource else { continue }
            // Every finding needs one of the clue words in the file's text (most files have
            // none; they were searched for in the per-file stage), and each check runs only
            // where its own words occur; a `todo` needs a comment that also says "implement".
            guard file.clueWords(of: Self.self) != 0 else { continue }
            // The checks ran in the per-file stage (`scanFile`) for files read from disk; files
            // in memory are scanned here. What needs the index is done here: stub names are
            // reported only outside their owners' own declarations, and nothing in a preview.
            guard let scanned = file.scanned(by: Self.self, options: context.options) as? Scan else { continue }
            var stubs = scanned.stubCandidates
            if !stubs.isEmpty {
                let ownRanges = owners.ownRanges(in: file.outline)
                // A stub candidate's fingerprint text is the name it uses (`stubCandidates(in:)`).
                stubs.removeAll { stub in
                    ownRanges.contains { $0.contains(stub.location.range.lowerBound) } || owners.statusCodes.contains(stub.fingerprintText)
                }
            }
            violations += ProductionSource.placed(stubs + scanned.found, file: fileIndex, index: context.index)
        }
        return violations
    }

    /// What the per-file stage finds in one file: the stop calls, `TODO` comments and
    /// "coming soon" strings (`found`), and the uses of stub names, before the index says
    /// which of them are inside the stub types' own declarations (`stubCandidates`).
    struct Scan: Sendable {
        var found: [Violation]
        var stubCandidates: [Violation]
    }

    /// The stop calls, `TODO` comments, "coming soon" strings and uses of stub names of one
    /// file, all but what needs the index, at a placeholder file index that `check`
    /// replaces. Each offset a check tests for an exemption is where its finding starts.
    static func scan(_ file: ScannedFile, clueWords words: UInt64, options: ResolvedOptions) -> Scan {
        let stops = words & Clue.stopCalls != 0
        let comingSoon = words & Clue.comingSoon != 0
        let stubs = words & Clue.stubNames != 0
        let todos = words & Clue.todoMarkers != 0 && file.comments.contains {
            Self.mayHoldTodo(file.source.bytes[$0.range]) || Self.isBareLineMarker(file.source.bytes[$0.range])
        }
        guard stops || comingSoon || todos || stubs,
              let code = ProductionSource(file: 0, path: file.path, outline: file.outline, source: file.source, lexed: file.lexed, previews: []) else {
            return Scan(found: [], stubCandidates: [])
        }
        let rule = UnimplementedCodeRule()
        var found: [Violation] = []
        if stops {
            let allowedMessages = options.strings("allowedMessages").map { Self.caseFolded($0) }.filter { !$0.isEmpty }
            found += rule.stopCalls(in: code, allowedMessages: allowedMessages)
        }
        if todos { found += rule.todoComments(in: code) }
        if comingSoon { found += rule.comingSoonStrings(in: code) }
        return Scan(found: found, stubCandidates: stubs ? stubCandidates(in: code) : [])
    }

    /// All four checks run in the per-file stage, where the file's tokens are at hand
    /// (`scan`); `check` adds what needs the index.
    public static var scansFiles: Bool { true }

    public static func scanFile(_ file: ScannedFile, clueWords: UInt64, options: ResolvedOptions) -> any Sendable {
        scan(file, clueWords: clueWords, options: options)
    }

    /// Words without which a file has nothing to report: the stop calls, the comment
    /// markers, the stub names and the "coming soon" phrase (any case, as matched below).
    static let clueWords = ["fatalError", "preconditionFailure", "todo", "fixme", "notImplemented", "PlaceholderView", "coming soon"]
    static let clues = ByteSearch(clueWords, ignoringCase: true)
    public static var textClues: ByteSearch? { clues }

    /// Bits of `clues.occurringWords(in:)`, by the check that needs them.
    enum Clue {
        static let stopCalls = bits("fatalError", "preconditionFailure")
        static let todoMarkers = bits("todo", "fixme")
        static let stubNames = bits("notImplemented", "PlaceholderView")
        static let comingSoon = bits("coming soon")

        private static func bits(_ words: String...) -> UInt64 {
            words.reduce(0) { $0 | 1 << UInt64(clueWords.firstIndex(of: $1)!) }
        }
    }

    // MARK: - fatalError and preconditionFailure

    /// `fatalError(…)` and `preconditionFailure(…)` calls, also spelled `Swift.fatalError(…)`.
    /// A member of some other receiver (`logger.fatalError(…)`) and the declaration of a
    /// same-named function are not the standard library's and are left alone.
    private func stopCalls(in code: ProductionSource, allowedMessages: [[UInt8]]) -> [Violation] {
        var violations: [Violation] = []
        for index in Self.stopCallNames(in: code) {
            // `fatalError ("…")` is a call too; a `(` on the next line starts another statement.
            guard code.token(index + 1, is: "("), !code.hasNewline(before: index + 1), let close = code.closer(of: index + 1) else { continue }
            if code.token(index - 1, is: ".") {
                guard code.token(index - 2, is: "Swift") else { continue }
            } else if code.token(index - 1, is: "func") {
                continue
            }
            let offset = code.tokens[index].start
            guard !code.isExempt(offset) else { continue }

            let message = Self.collapsingWhitespace(code.stringText(in: (index + 2)..<close))
            // What the message itself says: a variable named `unreachableReason` says nothing.
            let lowered = Self.caseFolded(code.stringText(in: (index + 2)..<close, interpolations: false))
            if allowedMessages.contains(where: { Self.contains(lowered, $0) }) { continue }
            // In an unavailable declaration, or a member of an unavailable type.
            var enclosing = code.innermostDeclaration(containing: offset)
            var unavailable = false
            while let number = enclosing, !unavailable {
                unavailable = Self.isDeliberatelyUnavailable(code.outline.declarations[number])
                enclosing = code.outline.declarations[number].parent
            }
            if unavailable { continue }

            let name = code.text(index)
            let place = code.describeEnclosingDeclaration(of: offset).map { " in \($0)" } ?? ""
            let said = message.isEmpty ? "" : " (\"\(Self.abbreviated(message))\")"
            violations.append(Violation(
                location: Location(file: code.fileIndex, range: code.tokens[index].range),
                message: "`\(name)`\(said)\(place) stops the app when this code runs: an unimplemented stub, or a crash used in place of error handling. Implement it (return real or mock data, or throw a domain error the caller can show); if the path truly cannot be taken, say so in the message (\"unreachable: …\").",
                fingerprintText: "\(name) \(message)"))
        }
        return violations
    }

    /// The identifier tokens spelled `fatalError` or `preconditionFailure`, in order. The
    /// names are looked for in the text by a rare byte (`memchr`, many bytes at a time) and
    /// each place is looked up among the tokens: most files that mention them do so a few
    /// times among thousands of tokens, and comparing every identifier cost a large part of
    /// the rule's time.
    static func stopCallNames(in code: ProductionSource) -> [Int] {
        var found: [Int] = []
        code.source.bytes.withUnsafeBufferPointer { text in
            for (name, anchor) in stopNames {
                ByteSearch.forEachOccurrence(of: name, anchor: anchor, in: text) { offset in
                    let index = code.tokens.firstIndex(startingAtOrAfter: offset)
                    if index < code.tokens.count, code.tokens[index].start == offset, code.tokens[index].kind == .identifier,
                       code.tokens[index].length == name.count {
                        found.append(index)
                    }
                    return false
                }
            }
        }
        return found.sorted()
    }

    /// The names `stopCallNames(in:)` looks for, each with the position of its rarest byte.
    private static let stopNames: [(name: [UInt8], anchor: Int)] = [(Array("fatalError".utf8), 5), (Array("preconditionFailure".utf8), 12)]

    /// `required init?(coder:)` and declarations marked `@available(*, unavailable)` (with or
    /// without a message) crash on purpose: they exist only because the compiler asks for
    /// them. Unavailable on one platform only (`@available(macOS, unavailable)`), or a message
    /// that merely mentions the word, leaves the code live elsewhere.
    static func isDeliberatelyUnavailable(_ declaration: Declaration) -> Bool {
        if declaration.kind == .`init`, declaration.labels == ["coder"] { return true }
        return declaration.attributes.contains { attribute in
            guard attribute.name == "available", let arguments = attribute.arguments else { return false }
            let parts = arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.first == "*" && parts.dropFirst().contains("unavailable")
        }
    }

    // MARK: - TODO comments

    /// A comment whose `TODO`/`FIXME` line says "implement" (also "implementation",
    /// "implemented"). The marker is matched in upper case as a whole word (`// TODO:`,
    /// `// FIXME(ana):`, `// [TODO] implement`), but not as a file name (`TODO.md`) or a word
    /// of a sentence that a `,` or `;` follows ("not a TODO, the implementation…") or that
    /// follows a determiner without a `:` or `(` after it ("the TODO screen is implemented
    /// in…"), or as
    /// Swift Markup's `- ToDo:` callout in any case, so that the word "todo" in a to-do app's
    /// comments is not a marker. "implement" must follow the
    /// marker on its line, as in the seed's `TODO.*implement`, or, when the marker stands alone
    /// (`/* TODO:⏎ implement paging */`, or a `// TODO:` with the line comment below it),
    /// on the line right after it: a `FIXME` whose
    /// explanation goes on to mention "the old implementation", or a long doc comment that
    /// mentions an implementation and, paragraphs later, a `TODO` about something else, is
    /// not a stub.
    private func todoComments(in code: ProductionSource) -> [Violation] {
        var violations: [Violation] = []
        let bytes = code.source.bytes
        for comment in code.comments where !code.isExempt(comment.start) {
            // A marker line holds both words (any case): comments without them are passed
            // over without being split into lines.
            let text = bytes[comment.range]
            guard Self.mayHoldTodo(text) else { continue }
            var lineStart = comment.start
            // The trimmed marker line whose text is on the next line (`TODO:` alone).
            var bareMarker: String?
            while lineStart < comment.end {
                var lineEnd = lineStart
                while lineEnd < comment.end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let line = Array(bytes[lineStart..<lineEnd])
                let trimmed = Self.trimmedCommentLine(line)
                var item: [String]?
                var said = line[...]
                if let markerEnd = Self.todoMarkerEnd(line) {
                    item = [trimmed]
                    said = line[markerEnd...]
                    bareMarker = Self.isBareMarker(trimmed) ? trimmed : nil
                } else if let marker = bareMarker {
                    item = [marker, trimmed]
                    bareMarker = nil
                }
                if let item, Self.contains(Self.asciiLowercased(Array(said)), Array("implement".utf8)) {
                    violations.append(todoViolation(at: comment, saying: item.joined(separator: " "), in: code))
                    break
                }
                lineStart = lineEnd + 1
            }
        }
        // `// TODO:` alone on its line, its text in the line comment right below it.
        let comments = code.comments
        for (number, comment) in comments.enumerated() where number + 1 < comments.count && !code.isExempt(comment.start) {
            let text = bytes[comment.range]
            guard Self.isBareLineMarker(text) else { continue }
            let next = comments[number + 1]
            let nextText = bytes[next.range]
            guard nextText.starts(with: [0x2F, 0x2F]), Self.implementWord.occurs(in: nextText),
                  Self.isNextLine(next.start, after: comment.end, in: bytes) else { continue }
            let said = Self.trimmedCommentLine(Array(text)) + " " + Self.trimmedCommentLine(Array(nextText))
            violations.append(todoViolation(at: comment, saying: said, in: code))
        }
        return violations
    }

    /// The finding for a `TODO`/`FIXME` comment, at its first line.
    private func todoViolation(at comment: Comment, saying said: String, in code: ProductionSource) -> Violation {
        let bytes = code.source.bytes
        var firstLineEnd = comment.start
        while firstLineEnd < comment.end, bytes[firstLineEnd] != 0x0A, bytes[firstLineEnd] != 0x0D { firstLineEnd += 1 }
        let place = code.describeEnclosingDeclaration(of: comment.start).map { " in \($0)" } ?? ""
        return Violation(
            location: Location(file: code.fileIndex, range: comment.start..<firstLineEnd),
            message: "Comment \"\(Self.abbreviated(said))\"\(place) marks code that is still to be implemented. Implement it before merging (a repository returns real or mock data, a screen does its work), or track the work in an issue and remove the comment.",
            fingerprintText: "TODO " + said)
    }

    /// Whether only blanks and one line break lie between `end` and `start`.
    static func isNextLine(_ start: Int, after end: Int, in bytes: [UInt8]) -> Bool {
        var breaks = 0
        for byte in bytes[end..<start] {
            switch byte {
            case 0x0A: breaks += 1
            case 0x20, 0x09, 0x0D: continue
            default: return false
            }
        }
        return breaks == 1
    }

    static let todoWords = ByteSearch(["todo", "fixme"], ignoringCase: true)
    static let implementWord = ByteSearch(["implement"], ignoringCase: true)

    /// Whether a comment's text has both words a marker line needs (any case).
    static func mayHoldTodo(_ text: ArraySlice<UInt8>) -> Bool {
        todoWords.occurs(in: text) && implementWord.occurs(in: text)
    }

    /// Whether a comment is a line comment that holds a marker and nothing else (`// TODO:`),
    /// whose text may be in the line comment below it.
    static func isBareLineMarker(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.starts(with: [0x2F, 0x2F]), todoWords.occurs(in: text), !implementWord.occurs(in: text) else { return false }
        let line = Array(text)
        return isBareMarker(trimmedCommentLine(line)) && todoMarkerEnd(line) != nil
    }

    /// Where the first marker of a comment line ends: `TODO` or `FIXME` as an upper-case
    /// word, not followed by `,`, `;` or a dot and a name (`TODO.md`), or a Markup `- todo:`
    /// callout in any case. `nil` without one.
    static func todoMarkerEnd(_ line: [UInt8]) -> Int? {
        var ends: [Int] = []
        for marker in [Array("TODO".utf8), Array("FIXME".utf8)] {
            var start = 0
            while let found = firstIndex(of: marker, in: line, from: start) {
                let before = found == 0 ? nil : line[found - 1]
                let afterIndex = found + marker.count
                let after = afterIndex < line.count ? line[afterIndex] : nil
                let afterNext = afterIndex + 1 < line.count ? line[afterIndex + 1] : nil
                let isFileName = after == 0x2E && isIdentifierByte(afterNext)
                if !isIdentifierByte(before), !isIdentifierByte(after), !isFileName, after != 0x2C, after != 0x3B,
                   after == 0x3A || after == 0x28 || !followsDeterminer(found, in: line) {
                    ends.append(afterIndex)
                    break
                }
                start = found + 1
            }
        }
        if let callout = firstIndex(of: Array("- todo:".utf8), in: asciiLowercased(line), from: 0) { ends.append(callout + 7) }
        return ends.min()
    }

    /// Words that make the `TODO` after them a noun (`the TODO screen`, `a FIXME comment`).
    static let determiners: Set<String> = ["the", "a", "an", "this", "that", "these", "those", "our", "my", "your", "its", "their"]

    /// Whether the word before `index` (past blanks) is a determiner.
    static func followsDeterminer(_ index: Int, in line: [UInt8]) -> Bool {
        var end = index
        while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        var start = end
        while start > 0, (0x41...0x5A).contains(line[start - 1]) || (0x61...0x7A).contains(line[start - 1]) { start -= 1 }
        guard start < end, end - start <= 5, start == 0 || !isIdentifierByte(line[start - 1]) else { return false }
        return determiners.contains(String(decoding: asciiLowercased(Array(line[start..<end])), as: UTF8.self))
    }

    /// Whether a trimmed marker line holds nothing but the marker: `TODO:`, `FIXME(ana):`,
    /// `- ToDo:`.
    static func isBareMarker(_ trimmed: String) -> Bool {
        var rest = Substring(trimmed.lowercased())
        if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        guard let marker = ["todo", "fixme"].first(where: { rest.hasPrefix($0) }) else { return false }
        rest = rest.dropFirst(marker.count)
        if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
        return rest.allSatisfy { $0 == ":" || $0 == " " || $0 == "\t" || $0 == "-" }
    }

    /// The comment line without its delimiters and surrounding blanks, for messages.
    static func trimmedCommentLine(_ line: [UInt8]) -> String {
        var text = Substring(String(decoding: line, as: UTF8.self))
        while let first = text.first, first == " " || first == "\t" || first == "/" || first == "*" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" || last == "/" || last == "*" { text.removeLast() }
        return String(text)
    }

    // MARK: - NotImplemented and PlaceholderView references

    /// References to a type or case whose name contains `NotImplemented` (in any case), and
    /// to `PlaceholderView` (that exact name).
    ///
    /// Heuristic, since tokens carry no types: a capitalised name is a type; a lower-case
    /// name is a case only as an implicit member (`.notImplemented`) or after a capitalised
    /// qualifier (`FeatureError.notImplemented`). `error.isNotImplemented` (a property) and
    /// `notImplementedCount` (a variable) are therefore not reported, and a static property
    /// written like a case is (it is used the same way).
    /// Uses of stub names in one file (without the index: `check` drops those inside the
    /// stub types' own declarations and in previews), at a placeholder file index.
    static func stubCandidates(in code: ProductionSource) -> [Violation] {
        var violations: [Violation] = []
        let declaredNames = Set(code.outline.declarations.map(\.nameOffset))
        for index in code.tokens.indices where code.tokens[index].kind == .identifier {
            // Every stub name holds one of the clue words: other names are ruled out by their
            // bytes, without building a string for each identifier of the file.
            let token = code.tokens[index]
            guard StubOwners.nameClues.occurs(in: code.source.bytes[token.range]) else { continue }
            let name = code.text(index)
            let isPlaceholder = name == "PlaceholderView"
            guard isPlaceholder || Self.namesNotImplemented(name) else { continue }
            let offset = code.tokens[index].start
            guard !code.isExempt(offset), !declaredNames.contains(offset), !code.isDeclaredName(index) else { continue }

            let place = code.describeEnclosingDeclaration(of: offset).map { " in \($0)" } ?? ""
            if isPlaceholder {
                violations.append(Violation(
                    location: Location(file: code.fileIndex, range: code.tokens[index].range),
                    message: "'PlaceholderView'\(place) stands in for a screen that was never built: placeholder views are only a temporary navigation target during development. Build the real view (with its ViewModel) and show it here, or remove the route until the screen exists.",
                    fingerprintText: "PlaceholderView"))
                continue
            }
            guard Self.isTypeOrCaseReference(index, in: code), !Self.isHandled(index, in: code),
                  !Self.isTypeAnnotation(index, in: code) else { continue }
            violations.append(Violation(
                location: Location(file: code.fileIndex, range: code.tokens[index].range),
                message: "'\(name)'\(place) marks a method that was left unimplemented: callers get an error instead of data. Implement it (a mock repository returns realistic mock data, an implementation calls its data source), and delete the not-implemented error once nothing uses it.",
                fingerprintText: name))
        }
        return violations
    }

    /// A type written after `:` or `->` and not used as a value there (`let last:
    /// NotImplementedError?`, `func log(_ error: NotImplementedError)`, `-> NotImplementedError`):
    /// code that handles the error, not code that raises it. `default: NotImplementedError()`
    /// and `cond ? a : NotImplementedError.generic` are values.
    static func isTypeAnnotation(_ index: Int, in code: ProductionSource) -> Bool {
        guard code.token(index - 1, is: ":") || code.token(index - 1, is: "->") else { return false }
        return !code.token(index + 1, is: "(") && !code.token(index + 1, is: ".")
    }

    static func namesNotImplemented(_ name: String) -> Bool {
        contains(asciiLowercased(Array(name.utf8)), Array("notimplemented".utf8))
    }

    /// A capitalised name, or a lower-case one used as a case: `.name` with no expression
    /// before the dot, or `Type.name`.
    static func isTypeOrCaseReference(_ index: Int, in code: ProductionSource) -> Bool {
        if let first = code.source.bytes[code.tokens[index].start...].first, first >= 0x41, first <= 0x5A { return true }
        guard code.token(index - 1, is: ".") else { return false }
        // A key path's lower-case components are properties (`\.isNotImplemented`,
        // `\Feature.notImplementedCount`, `\.flags?.notImplemented`), never cases.
        var start = index
        while code.token(start - 1, is: "."), start >= 2 {
            var before = start - 2
            while code.token(before, is: "?") || code.token(before, is: "!") { before -= 1 }
            if code.token(before, is: "\\") { return false }
            guard before >= 0, code.tokens[before].kind == .identifier else { break }
            start = before
        }
        if code.token(start - 1, is: "\\") { return false }
        guard code.endsExpression(index - 2) else { return true }  // implicit member
        guard code.tokens[index - 2].kind == .identifier, let first = code.source.bytes[code.tokens[index - 2].start...].first else { return false }
        return first >= 0x41 && first <= 0x5A
    }

    /// Whether the name is part of a `case`/`catch` pattern, the type of an `is`/`as` cast
    /// or an operand of `==`/`!=`: code that handles the error rather than raising it.
    /// Walks back over what a pattern may hold (names, dots, commas, parentheses, `let`,
    /// `is`, `as`, literals) to the `case` or `catch` that starts it.
    static let patternKeywords: [StaticString] = ["let", "var", "is", "as", "_", "true", "false", "nil"]

    static func isHandled(_ index: Int, in code: ProductionSource) -> Bool {
        if code.token(index + 1, is: "==") || code.token(index + 1, is: "!=") { return true }
        var position = index - 1
        // `X.Y.notImplemented`: step over the qualifier, or the dot of `.notImplemented`.
        while code.token(position, is: "."), position - 1 >= 0, code.tokens[position - 1].kind == .identifier { position -= 2 }
        if code.token(position, is: ".") { position -= 1 }
        if code.token(position, is: "==") || code.token(position, is: "!=") || code.token(position, is: "~=") { return true }
        if code.token(position, is: "?") || code.token(position, is: "!"), code.token(position - 1, is: "as") { return true }
        if code.token(position, is: "is") || code.token(position, is: "as") { return true }
        // A comparison with a value that wraps the case (`state == .failed(.notImplemented)`,
        // `error != .some(.notImplemented)`) handles it too, unless a `,` was crossed on the
        // way (then the case is another argument: `report(a == b, .notImplemented)`).
        var crossedComma = false
        while position >= 0 {
            let token = code.tokens[position]
            switch token.kind {
            case .keyword:
                if code.token(position, is: "case") || code.token(position, is: "catch") { return true }
                guard Self.patternKeywords.contains(where: { code.source.token(token, is: $0) }) else { return false }
            case .punctuation:
                if code.token(position, is: ",") { crossedComma = true }
                guard code.token(position, is: ",") || code.token(position, is: "(") || code.token(position, is: ")") else { return false }
            case .operator:
                if !crossedComma, code.token(position, is: "==") || code.token(position, is: "!=") { return true }
                // A ternary's `?` (spaced, not glued to an optional pattern like `.x?`): what
                // came before is its condition, not a comparison with this case.
                if code.token(position, is: "?"), position > 0, code.tokens[position - 1].end < token.start { return false }
                guard code.token(position, is: ".") || code.token(position, is: "?") || code.token(position, is: "-") else { return false }
            case .identifier, .integer, .float, .stringQuote, .stringSegment:
                break  // a tuple pattern's other elements: `case (1, "GET", .notImplemented):`
            default:
                return false
            }
            position -= 1
        }
        return false
    }

    // MARK: - "Coming soon" strings

    /// String literals with a segment containing "coming soon" (any case), once per
    /// literal, located at the opening quote. Multi-line and raw strings count; a literal
    /// inside another literal's interpolation is its own literal.
    private func comingSoonStrings(in code: ProductionSource) -> [Violation] {
        var violations: [Violation] = []
        var openQuotes: [Int] = []
        var reported = Set<Int>()
        let needle = Array("coming soon".utf8)
        for index in code.tokens.indices {
            let token = code.tokens[index]
            switch token.kind {
            case .stringQuote:
                if token.flags.contains(.closing) { _ = openQuotes.popLast() } else { openQuotes.append(index) }
            case .stringSegment:
                guard let open = openQuotes.last, !reported.contains(open) else { continue }
                let segment = Self.asciiLowercased(Array(code.source.bytes[token.range]))
                guard Self.contains(segment, needle), !code.isExempt(code.tokens[open].start) else { continue }
                reported.insert(open)
                let text = Self.collapsingWhitespace(code.stringText(in: index..<(index + 1)))
                let place = code.describeEnclosingDeclaration(of: code.tokens[open].start).map { " in \($0)" } ?? ""
                violations.append(Violation(
                    location: Location(file: code.fileIndex, range: code.tokens[open].range),
                    message: "String \"\(Self.abbreviated(text))\"\(place) tells users a feature is \"coming soon\": a placeholder left in production. Implement the feature, or hide its entry point until it exists.",
                    fingerprintText: "coming soon " + text))
            default:
                continue
            }
        }
        return violations
    }

    // MARK: - Bytes

    /// A message's or an allowed text's bytes in lower case: ASCII folded in place, any other
    /// text through Unicode's lower-casing (`État` matches `état`).
    static func caseFolded(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy { $0 < 0x80 } ? asciiLowercased(bytes) : Array(text.lowercased().utf8)
    }

    static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    static func isIdentifierByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// A message or comment shortened for a finding's text, on one line.
    /// The text with every run of spaces and line breaks made one space, and none at either
    /// end: a multi-line string's lines without their indentation, which Swift strips and
    /// re-indenting the code changes, so that messages and fingerprints do not depend on it.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A string segment with its simple escapes read: `\"`, `\'` and `\\` as the character,
    /// `\n`, `\r` and `\t` as a space, and a backslash before a line break (a multi-line
    /// string's continuation) dropped. Others (`\u{…}`, `\0`) stay as written.
    static func readingEscapes(_ segment: String) -> String {
        guard segment.utf8.contains(0x5C) else { return segment }
        var out = ""
        var characters = segment.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                out.append(character)
                continue
            }
            guard let next = characters.next() else {
                out.append(character)
                break
            }
            switch next {
            case "\"", "'", "\\": out.append(next)
            case "n", "r", "t": out.append(" ")
            case _ where next.isNewline: out.append("\n")
            default:
                out.append(character)
                out.append(next)
            }
        }
        return out
    }

    static func abbreviated(_ text: String) -> String {
        // Most messages are short printable ASCII, one character per byte and no line
        // break: already what the general case makes of them, without splitting characters.
        if text.utf8.count <= 80, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        // Every line break: "\r\n" (one Character), vertical tab, form feed, U+0085, U+2028…
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "…" : oneLine
    }
}

// MARK: - Stub owners

/// The declarations that own a stub name: types whose name contains `NotImplemented`,
/// enums with a case whose name does, and `PlaceholderView` — with every extension of
/// them in the project. Code inside them (an error's `errorDescription`, a placeholder's
/// own body) describes the stub and is not a use of it.
private struct StubOwners {
    /// Last components of the owning types' names.
    let names: Set<String>
    /// Case names that the project declares only as status codes: in enums with an integer
    /// raw type that are not errors (`enum HTTPStatus: Int { case notImplemented = 501 }`).
    /// Passing such a code on (`.server(.notImplemented)`) reports a server's answer; it
    /// marks nothing as left unimplemented.
    let statusCodes: Set<String>

    init(index: ProjectIndex) {
        var names = Set<String>()
        var statusCodes = Set<String>()
        var stubCases = Set<String>()
        for file in index.files {
            // A file whose text never says either word (searched while it was outlined)
            // declares no such name.
            guard file.clueWords(of: UnimplementedCodeRule.self) & UnimplementedCodeRule.Clue.stubNames != 0 else { continue }
            let declarations = file.outline.declarations
            // Most names mention neither word. They are ruled out by the file's qualified
            // names, which end with the declarations' names and sit side by side in one
            // array, instead of a visit to every declaration's own storage.
            let qualified = file.qualifiedNames
            for number in qualified.indices where StubOwners.nameClues.occurs(in: qualified[number]) {
                let declaration = declarations[number]
                guard StubOwners.nameClues.occurs(in: declaration.name) else { continue }
                if declaration.kind.hasMembers, StubOwners.isStubName(ProjectIndex.lastComponent(declaration.name)) {
                    names.insert(ProjectIndex.lastComponent(declaration.name))
                }
                if declaration.kind == .case, UnimplementedCodeRule.namesNotImplemented(declaration.name),
                   let parent = declaration.parent, declarations[parent].kind == .enum {
                    names.insert(ProjectIndex.lastComponent(declarations[parent].name))
                    let inherits = declarations[parent].inherits
                    if let rawType = inherits.first, StubOwners.integerTypes.contains(rawType), !inherits.contains(where: { $0.hasSuffix("Error") }) {
                        statusCodes.insert(declaration.name)
                    } else {
                        stubCases.insert(declaration.name)
                    }
                }
            }
        }
        self.names = names
        self.statusCodes = statusCodes.subtracting(stubCases)
    }

    static let integerTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// Byte ranges of the owners' declarations and extensions in one file.
    func ownRanges(in outline: FileOutline) -> [Range<Int>] {
        outline.declarations.filter { $0.kind.hasMembers && names.contains(ProjectIndex.lastComponent($0.name)) }.map(\.range)
    }

    /// The words a stub name or stub case contains (any case: a generous first look).
    static let nameClues = ByteSearch(["notImplemented", "PlaceholderView"], ignoringCase: true)

    static func isStubName(_ name: String) -> Bool {
        name == "PlaceholderView" || UnimplementedCodeRule.namesNotImplemented(name)
    }
}

// MARK: - Production source (shared with empty-action)

extension UnimplementedCodeRule {
    /// One file as `unimplemented-code` and `empty-action` read it: its tokens with matched
    /// brackets, its comments, and the byte ranges that are never reported — `#Preview`
    /// bodies, `PreviewProvider` types (with their extensions) and `#if false` code. Test
    /// sources get no `ProductionSource` at all.
    struct ProductionSource {
        let fileIndex: Int
        let outline: FileOutline
        let source: SourceFile
        let tokens: [Token]
        let comments: [Comment]
        /// The file's matched brackets, made on first use: `empty-action` walks them, while
        /// `unimplemented-code` only needs the closer of a few calls' `(` (`closer(of:)`).
        private let brackets: Brackets
        /// Sorted, non-overlapping byte ranges that are never reported.
        private let exempt: [Range<Int>]

        /// `nil` for test sources. `source` is the file's text (`IndexedFile.loadSource()`),
        /// `lexed` its tokens if they are at hand.
        init?(file fileIndex: Int, source: SourceFile, lexed: LexedSource? = nil, index: ProjectIndex) {
            let file = index.files[fileIndex]
            self.init(file: fileIndex, path: file.path, outline: file.outline, source: source, lexed: lexed ?? Lexer.tokenize(source),
                      previews: ProductionSource.previewRanges(file.outline, index: index))
        }

        /// Without the index (a rule's `scanFile`): `previews` are the preview ranges if known,
        /// else empty, and the caller drops what falls in a preview itself
        /// (`previewRanges(_:index:)`, `contains(_:_:)`).
        init?(file fileIndex: Int, path: String, outline: FileOutline, source: SourceFile, lexed: LexedSource, previews: [Range<Int>]) {
            guard !ProductionSource.isTestSource(path) else { return nil }
            self.fileIndex = fileIndex
            self.outline = outline
            self.source = source
            self.tokens = lexed.tokens
            self.comments = lexed.comments
            brackets = Brackets(tokens: lexed.tokens)
            exempt = ProductionSource.merge(previews + InactiveCode.ranges(in: lexed.tokens, source: source))
        }

        /// Paths with a folder named `Tests` or ending in `Tests` (`AppTests/`, `UITests/`): the
        /// test sources known from the path alone, passed over before their text is scanned.
        /// The rules' checks also pass over the rest of what the index counts as test code
        /// (`IndexedFile.isTestSource`: `…Tests.swift`, `import XCTest`), as every seed-check rule does.
        static func isTestSource(_ path: String) -> Bool {
            ProjectIndex.hasTestsFolder(path)
        }

        // MARK: Exempt ranges

        /// `#Preview { … }` expansions, and types that are `PreviewProvider`s (declared in the
        /// type, in an extension or through a refined protocol) with their extensions.
        static func previewRanges(_ outline: FileOutline, index: ProjectIndex) -> [Range<Int>] {
            var ranges = outline.macroExpansions.filter { $0.name == "Preview" }.map(\.range)
            let mayBePreviews = index.namesMayConform(to: ["PreviewProvider"])
            for (number, declaration) in outline.declarations.enumerated()
            where declaration.kind.hasMembers && mayBePreviews.contains(ProjectIndex.lastComponent(declaration.name)) {
                let name = declaration.kind == .extension ? declaration.name : outline.qualifiedName(of: number)
                let supertypes = declaration.inherits.flatMap(ProjectIndex.normalisedTypeNames) + index.allSupertypes(of: name)
                if supertypes.contains(where: { $0 == "PreviewProvider" || $0.hasSuffix(".PreviewProvider") }) {
                    ranges.append(declaration.range)
                }
            }
            return ranges
        }

        /// Findings of a file scanned without the index (`scan(_:clueWords:options:)`), placed in it:
        /// those in a preview are dropped, the others get the file's index.
        static func placed(_ found: [Violation], file fileIndex: Int, index: ProjectIndex) -> [Violation] {
            guard !found.isEmpty else { return [] }
            let previews = merge(previewRanges(index.files[fileIndex].outline, index: index))
            return found.compactMap { violation in
                guard !contains(previews, violation.location.range.lowerBound) else { return nil }
                var placed = violation
                placed.location = Location(file: fileIndex, range: violation.location.range)
                return placed
            }
        }

        static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
            var merged: [Range<Int>] = []
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            return merged
        }

        /// Whether a byte offset lies in a preview or in `#if false` code.
        func isExempt(_ offset: Int) -> Bool {
            ProductionSource.contains(exempt, offset)
        }

        /// Whether `offset` lies in one of `ranges` (sorted, not overlapping: `merge`).
        static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(offset)
        }

        // MARK: Brackets

        /// The `BracketTables` of a file's tokens, made when first asked for.
        private final class Brackets {
            let tokens: [Token]
            private var matched: BracketTables?

            init(tokens: [Token]) { self.tokens = tokens }

            var tables: BracketTables {
                if let matched { return matched }
                let made = BracketTables(tokens: tokens)
                matched = made
                return made
            }
        }

        /// The matching bracket of a bracket token.
        func partner(of index: Int) -> Int? {
            brackets.tables.partner(of: index)
        }

        /// The innermost open bracket around a token.
        func enclosingBracket(of index: Int) -> Int? {
            brackets.tables.enclosingBracket(of: index)
        }

        /// The closer of the opening bracket at `open`: what `partner(of:)` answers, found by
        /// walking forward from it (every closer closes the innermost open bracket, whatever
        /// its kind, as in `BracketTables`) rather than by matching the whole file's brackets.
        /// `nil` when `open` is no opening bracket or is never closed.
        func closer(of open: Int) -> Int? {
            guard tokens.indices.contains(open), tokens[open].opensBracket else { return nil }
            var depth = 0
            var index = open + 1
            while index < tokens.count {
                let token = tokens[index]
                if token.closesBracket {
                    if depth == 0 { return index }
                    depth -= 1
                } else if token.opensBracket {
                    depth += 1
                }
                index += 1
            }
            return nil
        }

        /// The innermost open bracket around the token at `index`: what
        /// `enclosingBracket(of:)` answers, found by walking back from it (each closer passed
        /// hides one opener further back, as in `BracketTables`) rather than by matching the
        /// whole file's brackets. A closer's is the one around its own pair.
        func opener(enclosing index: Int) -> Int? {
            var depth = index < tokens.count && tokens[index].closesBracket ? 1 : 0
            var position = min(index, tokens.count) - 1
            while position >= 0 {
                let token = tokens[position]
                if token.closesBracket {
                    depth += 1
                } else if token.opensBracket {
                    if depth == 0 { return position }
                    depth -= 1
                }
                position -= 1
            }
            return nil
        }

        // MARK: Tokens

        func text(_ index: Int) -> String { source.text(of: tokens[index]) }

        /// Whether the token at `index` exists and is spelled `text` (in any token kind that
        /// can spell it: `.` is an operator, `(` punctuation, `case` a keyword).
        func token(_ index: Int, is text: StaticString) -> Bool {
            guard tokens.indices.contains(index) else { return false }
            let kind = tokens[index].kind
            guard kind != .stringSegment, kind != .stringQuote, kind != .regex else { return false }
            return source.token(tokens[index], is: text)
        }

        func hasTrivia(before index: Int) -> Bool {
            tokens.indices.contains(index) && tokens[index].flags.contains(.triviaBefore)
        }

        /// Whether a line break comes before token `index`.
        func hasNewline(before index: Int) -> Bool {
            tokens.indices.contains(index) && tokens[index].flags.contains(.newlineBefore)
        }

        /// Whether the token can end an expression, so that a `.` after it is a member access
        /// rather than an implicit member (`.notImplemented`).
        func endsExpression(_ index: Int) -> Bool {
            guard tokens.indices.contains(index) else { return false }
            let token = tokens[index]
            switch token.kind {
            case .identifier, .integer, .float, .regex, .interpolationEnd:
                return true
            case .stringQuote:
                return token.flags.contains(.closing)
            case .keyword:
                return self.token(index, is: "self") || self.token(index, is: "Self") || self.token(index, is: "super") || self.token(index, is: "init")
                    || self.token(index, is: "nil") || self.token(index, is: "true") || self.token(index, is: "false")
            case .punctuation:
                return self.token(index, is: ")") || self.token(index, is: "]") || self.token(index, is: "}")
            case .operator:
                return token.flags.contains(.postfixOperator)
            default:
                return false
            }
        }

        /// Whether the name at `index` is being declared: it follows a declaring keyword
        /// (`struct`, `case`, `func`, `extension`, …), possibly after a qualifier
        /// (`extension Errors.NotImplemented`). `case .notImplemented` (a pattern) is not.
        func isDeclaredName(_ index: Int) -> Bool {
            var position = index - 1
            while token(position, is: "."), position - 1 >= 0, tokens[position - 1].kind == .identifier { position -= 2 }
            guard tokens.indices.contains(position) else { return false }
            if tokens[position].kind == .identifier { return token(position, is: "actor") }
            return Self.declaringKeywords.contains { token(position, is: $0) }
        }

        static let declaringKeywords: [StaticString] = ["struct", "class", "enum", "protocol", "extension", "typealias", "associatedtype", "func", "case", "var", "let"]

        /// The text of the string segments among a range of tokens (escapes as written).
        /// The text of the string literals among tokens `range` as a message shows it: escapes
        /// read (`\"` is `"`, a backslash that ends a line of a multi-line string continues
        /// it), except in raw strings, and interpolations as written (`\(state)`) or, without
        /// `interpolations`, left out (the text the literal itself says).
        func stringText(in range: Range<Int>, interpolations: Bool = true) -> String {
            var text = ""
            var depth = 0
            var interpolationStart = 0
            var raw = false
            for index in range where index < tokens.count {
                let token = tokens[index]
                switch token.kind {
                case .stringQuote where depth == 0:
                    if !token.flags.contains(.closing) { raw = source.bytes[token.start] == 0x23 }  // `#"`
                case .stringSegment where depth == 0:
                    text += raw ? source.text(of: token) : UnimplementedCodeRule.readingEscapes(source.text(of: token))
                case .interpolationStart:
                    if depth == 0 { interpolationStart = token.start }
                    depth += 1
                case .interpolationEnd where depth > 0:
                    depth -= 1
                    if depth == 0, interpolations { text += source.text(interpolationStart..<token.end) }
                default:
                    break
                }
            }
            return text
        }

        // MARK: Declarations

        /// The innermost declaration of the outline whose range holds `offset`.
        func innermostDeclaration(containing offset: Int) -> Int? {
            outline.innermostDeclaration(containing: offset)
        }

        /// `'OrderRepositoryImpl.fetchOrders()'`, `'SettingsView.body'`: where a finding is,
        /// for messages.
        func describeEnclosingDeclaration(of offset: Int) -> String? {
            guard let number = innermostDeclaration(containing: offset) else { return nil }
            let declaration = outline.declarations[number]
            let owner = declaration.parent.map { outline.qualifiedName(of: $0) + "." } ?? ""
            return "'" + owner + declaration.signatureName + "'"
        }
    }
}
