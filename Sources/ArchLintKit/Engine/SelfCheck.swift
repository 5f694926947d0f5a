import Foundation
import SwiftLexer
import SwiftOutline

/// Runs one input through every stage of archlint and checks what must hold for any
/// bytes whatsoever, valid Swift or not (DESIGN §8: the lexer never crashes and never
/// drops a byte; §5: findings point into the file they name).
///
/// The fuzz target in `Fuzz/` calls `run(_:rules:)` on every input libFuzzer makes up, and
/// `FuzzRegressionTests` on every input that once broke it, so both check the same
/// things. A broken invariant is thrown as a `SelfCheck.Failure`; crashes and endless
/// loops show themselves.
///
/// One input can be a small project: a line holding only `//---` starts the next file, and
/// the files go, in turn, to the Domain, Data, Presentation, Core and composition-root
/// layers of the `arcana` profile and to a folder in no layer, so that cross-file and
/// layer rules have work to do.
public enum SelfCheck {
    /// A broken invariant: the stage that broke it and what was wrong.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public enum Stage: String, Sendable { case lexer, outline, rule, finding, report }
        public var stage: Stage
        public var message: String

        public var description: String { "\(stage.rawValue) invariant broken: \(message)" }
    }

    /// What a run saw, for tests that assert more than "nothing broke".
    public struct Summary: Sendable {
        public var paths: [String]
        public var tokenCount: Int
        public var declarationCount: Int
        public var findings: [Finding]
    }

    /// The line that separates two files of one input.
    public static let fileSeparator = "//---"
    /// At most this many files are made from one input; later separators stay in the last file.
    public static let maximumFileCount = 8
    /// Folders the files of an input go to, in turn: the layers of `arcana`, then no layer.
    public static let folders = ["App/Domain", "App/Data", "App/Presentation", "App/Core", "App/Infrastructure", "App/Shared"]

    /// Lexes, outlines and indexes `input`, runs every rule in `rules` (all switched on),
    /// renders every report format, and checks each stage's output.
    public static func run(_ input: [UInt8], rules: [any Rule.Type]) throws(Failure) -> Summary {
        let configuration = configuration(enabling: rules)
        let sources = files(of: input)
        var tokenCount = 0
        for source in sources {
            let lexed = Lexer.tokenize(source.bytes)
            if let problem = lexerProblem(in: source.bytes, lexed: lexed) { throw Failure(stage: .lexer, message: "\(source.path): \(problem)") }
            tokenCount += lexed.tokens.count
        }
        let index = ProjectIndex.build(sources: sources, configuration: configuration)
        var declarationCount = 0
        for (source, file) in zip(sources, index.files) {
            if let problem = outlineProblem(file.outline, byteCount: file.byteCount) {
                throw Failure(stage: .outline, message: "\(file.path): \(problem)")
            }
            // The index outlined the files one after another in one workspace (as a thread
            // of a run does); what the previous file left in its memory must change nothing.
            let text = SourceFile(path: source.path, bytes: source.bytes)
            if OutlineDump.json(for: text, outline: file.outline) != OutlineDump.json(for: text) {
                throw Failure(stage: .outline, message: "\(file.path): the outline built in a reused workspace differs from the file's own")
            }
            declarationCount += file.outline.declarations.count
        }
        try checkViolations(index: index, configuration: configuration, rules: rules)
        let findings = Linter.run(index: index, configuration: configuration, rules: rules)
        let knownRules = Set(rules.map { $0.description.id } + EngineRules.all.map(\.id))
        if let problem = findingsProblem(findings, files: index.files, knownRules: knownRules) { throw Failure(stage: .finding, message: problem) }
        try checkReports(findings, files: index.files.count, rules: rules, configuration: configuration)
        return Summary(paths: sources.map(\.path), tokenCount: tokenCount, declarationCount: declarationCount, findings: findings)
    }

    /// The `arcana` profile (its layers) with every rule switched on.
    public static func configuration(enabling rules: [any Rule.Type]) -> Configuration {
        var configuration = Profiles.configuration("arcana")!
        for description in rules.map({ $0.description }) + EngineRules.all {
            var severity = configuration.severity(of: description)
            if severity == .off { severity = .warning }
            configuration.rules[description.id] = RuleSettings(severity: severity)
        }
        return configuration
    }

    // MARK: - Splitting an input into files

    /// The files of one input: split at separator lines, each given a path in the next folder.
    public static func files(of input: [UInt8]) -> [(path: String, bytes: [UInt8])] {
        var parts: [[UInt8]] = []
        var start = 0
        var lineStart = 0
        let separator = Array(fileSeparator.utf8)
        while lineStart < input.count, parts.count < maximumFileCount - 1 {
            let lineEnd = input[lineStart...].firstIndex(of: 0x0A) ?? input.count
            if input[lineStart..<lineEnd].elementsEqual(separator) {
                parts.append(Array(input[start..<lineStart]))
                start = min(lineEnd + 1, input.count)
            }
            lineStart = lineEnd + 1
        }
        parts.append(Array(input[start...]))
        return parts.enumerated().map { number, bytes in
            ("\(folders[number % folders.count])/Input\(number).swift", bytes)
        }
    }

    // MARK: - Lexer

    /// Why the tokens and trivia of `lexed` do not rebuild `bytes` exactly, or nil.
    ///
    /// Tokens must be non-empty, in order, inside the input, and of the shape their kind
    /// promises; the bytes between them must be trivia: whitespace, a comment of the side
    /// table, the shebang, a byte-order mark or U+00A0. Every comment must lie between tokens.
    public static func lexerProblem(in bytes: [UInt8], lexed: LexedSource) -> String? {
        if let shebang = lexed.shebang, shebang.lowerBound != (lexed.hasByteOrderMark ? 3 : 0) || shebang.upperBound > bytes.count {
            return "the shebang \(shebang) is not at the start of the file"
        }
        var position = 0
        var nextComment = 0
        var openInterpolations = 0
        for (number, token) in lexed.tokens.enumerated() {
            guard token.length > 0, token.start >= position, token.end <= bytes.count else {
                return "token \(number) (\(token.kind.name) at \(token.start), length \(token.length)) is empty, out of order or past the end (\(bytes.count) bytes)"
            }
            if let problem = triviaProblem(in: position..<token.start, of: bytes, lexed: lexed, nextComment: &nextComment) {
                return "before token \(number): \(problem)"
            }
            if let problem = shapeProblem(of: token, in: bytes, openInterpolations: &openInterpolations) {
                return "token \(number) at \(token.start): \(problem)"
            }
            position = token.end
        }
        if let problem = triviaProblem(in: position..<bytes.count, of: bytes, lexed: lexed, nextComment: &nextComment) {
            return "after the last token: \(problem)"
        }
        if nextComment != lexed.comments.count {
            let comment = lexed.comments[nextComment]
            return "comment \(nextComment) (\(comment.start)..<\(comment.end)) overlaps a token or another comment"
        }
        return nil
    }

    /// Why `range` is not trivia only, or nil; consumes the comments it holds.
    static func triviaProblem(in range: Range<Int>, of bytes: [UInt8], lexed: LexedSource, nextComment: inout Int) -> String? {
        var index = range.lowerBound
        while index < range.upperBound {
            if let shebang = lexed.shebang, shebang.lowerBound == index, shebang.upperBound <= range.upperBound {
                index = shebang.upperBound
                continue
            }
            if nextComment < lexed.comments.count, lexed.comments[nextComment].start == index {
                let comment = lexed.comments[nextComment]
                guard comment.end <= range.upperBound else { return "comment at \(index) runs into a token" }
                if let problem = commentProblem(comment, in: bytes) { return "comment at \(index): \(problem)" }
                index = comment.end
                nextComment += 1
                continue
            }
            let width = whitespaceWidth(at: index, in: bytes, limit: range.upperBound)
            guard width > 0 else { return "byte 0x\(String(bytes[index], radix: 16)) at \(index) is in no token and is not trivia" }
            index += width
        }
        return nil
    }

    /// Bytes of whitespace trivia starting at `index`: 1 for ASCII whitespace, 2 for U+00A0,
    /// 3 for a byte-order mark, 0 for anything else.
    static func whitespaceWidth(at index: Int, in bytes: [UInt8], limit: Int) -> Int {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return 1
        case 0xC2 where index + 1 < limit && bytes[index + 1] == 0xA0: return 2
        case 0xEF where index + 2 < limit && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF: return 3
        default: return 0
        }
    }

    /// Why a comment's bytes are not a comment of its kind, or nil.
    static func commentProblem(_ comment: Comment, in bytes: [UInt8]) -> String? {
        let text = bytes[comment.range]
        switch comment.kind {
        case .line, .docLine:
            guard text.starts(with: [0x2F, 0x2F]) else { return "a line comment that does not start with //" }
            if text.contains(0x0A) || text.contains(0x0D) { return "a line comment that spans lines" }
        case .block, .docBlock:
            guard text.starts(with: [0x2F, 0x2A]) else { return "a block comment that does not start with /*" }
            if comment.isUnterminated {
                if comment.end != bytes.count { return "an unterminated block comment that ends before the end of the file" }
            } else if text.count < 4 || !text.reversed().starts(with: [0x2F, 0x2A]) {
                return "a terminated block comment that does not end with */"
            }
        }
        return nil
    }

    /// Why a token's bytes do not fit its kind (DESIGN §8), or nil. Also checks that every
    /// `interpolation-end` closes an `interpolation-start`, and that `symbol` is the byte
    /// of exactly the one-byte punctuation and operator tokens.
    static func shapeProblem(of token: Token, in bytes: [UInt8], openInterpolations: inout Int) -> String? {
        let first = bytes[token.start]
        let isSymbol = (token.kind == .punctuation || token.kind == .operator) && token.length == 1
        if token.symbol != (isSymbol ? first : 0) { return "a \(token.kind.name) token with symbol \(token.symbol)" }
        switch token.kind {
        case .stringQuote:
            if !bytes[token.range].allSatisfy({ $0 == 0x22 || $0 == 0x23 || $0 == 0x27 }) { return "a string delimiter with bytes other than \", # and '" }
        case .interpolationStart:
            if first != 0x5C || bytes[token.end - 1] != 0x28 { return "an interpolation start that is not \\( or \\#(" }
            openInterpolations += 1
        case .interpolationEnd:
            if token.length != 1 || first != 0x29 { return "an interpolation end that is not )" }
            if openInterpolations == 0 { return "an interpolation end with no interpolation open" }
            openInterpolations -= 1
        case .pound:
            if first != 0x23 || token.length < 2 { return "a pound keyword that is not # and a name" }
        case .regex:
            if first != 0x2F && first != 0x23 { return "a regex literal that starts with neither / nor #" }
        default:
            break
        }
        return nil
    }

    // MARK: - Outline

    /// Why an outline does not fit its file, or nil: declaration ranges and names inside
    /// the file, parents before their members, and `members` and `parent` agreeing.
    public static func outlineProblem(_ outline: FileOutline, byteCount: Int) -> String? {
        let declarations = outline.declarations
        for (number, declaration) in declarations.enumerated() {
            let range = declaration.range
            if range.lowerBound < 0 || range.upperBound > byteCount {
                return "declaration \(number) '\(declaration.name)' has range \(range) outside the file (\(byteCount) bytes)"
            }
            if declaration.nameOffset < 0 || declaration.nameOffset > byteCount {
                return "declaration \(number) '\(declaration.name)' has its name at \(declaration.nameOffset), outside the file"
            }
            if let parent = declaration.parent, parent >= number || !declarations[parent].members.contains(number) {
                return "declaration \(number) '\(declaration.name)' has parent \(parent), which does not precede it or list it as a member"
            }
            for member in declaration.members where member <= number || member >= declarations.count || declarations[member].parent != number {
                return "declaration \(number) '\(declaration.name)' lists member \(member), which does not follow it or name it as parent"
            }
        }
        for top in outline.topLevel where top < 0 || top >= declarations.count || declarations[top].parent != nil {
            return "top-level entry \(top) is not a top-level declaration"
        }
        return nil
    }

    // MARK: - Rules

    /// Runs each rule on its own and checks the byte ranges it reports before the engine
    /// turns them into lines and columns (which clamps offsets to the file and so would
    /// hide a range past its end).
    static func checkViolations(index: ProjectIndex, configuration: Configuration, rules: [any Rule.Type]) throws(Failure) {
        for rule in rules {
            let description = rule.description
            let context = RuleContext(index: index, configuration: configuration, options: configuration.options(of: description))
            for violation in rule.init().check(context) {
                let locations = [violation.location] + violation.related.map(\.location)
                for location in locations {
                    if let problem = locationProblem(location, files: index.files) {
                        throw Failure(stage: .rule, message: "\(description.id): \(problem) (message: \(violation.message))")
                    }
                }
                if violation.message.isEmpty { throw Failure(stage: .rule, message: "\(description.id): a violation with an empty message") }
            }
        }
    }

    /// Why a rule's location does not point into a file of the index, or nil.
    public static func locationProblem(_ location: Location, files: [IndexedFile]) -> String? {
        guard files.indices.contains(location.file) else { return "location in file \(location.file), but the project has \(files.count) files" }
        let byteCount = files[location.file].byteCount
        if location.range.lowerBound < 0 || location.range.upperBound > byteCount {
            return "range \(location.range) outside \(files[location.file].path) (\(byteCount) bytes)"
        }
        return nil
    }

    // MARK: - Findings

    /// Why the findings of a run are not well formed, or nil: each names a file of the
    /// project, a known rule and an active severity; its start and end lie on lines of
    /// that file in order; related locations likewise; order and fingerprints as promised.
    public static func findingsProblem(_ findings: [Finding], files: [IndexedFile], knownRules: Set<String>) -> String? {
        let numbers = Dictionary(files.indices.map { (files[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        // Each named file's text is read once, when a finding first names it.
        let cache = SourceCache(files: files)
        func source(_ path: String) -> SourceFile? {
            guard let number = numbers[path] else { return nil }
            return cache.source(of: number) ?? SourceFile(path: path, bytes: [])
        }
        var fingerprints = Set<String>()
        for (number, finding) in findings.enumerated() {
            let label = "finding \(number) (\(finding.ruleID) at \(finding.path):\(finding.position.line):\(finding.position.column))"
            if !knownRules.contains(finding.ruleID) { return "\(label): unknown rule id" }
            if finding.severity == .off { return "\(label): reported with severity off" }
            if finding.message.isEmpty { return "\(label): empty message" }
            for position in [finding.position] + finding.related.map(\.position) {
                guard let source = source(position.path) else { return "\(label): names \(position.path), which is not a file of the project" }
                if let problem = positionProblem(position, in: source) { return "\(label): \(problem)" }
            }
            if !fingerprints.insert(finding.fingerprint).inserted { return "\(label): fingerprint \(finding.fingerprint) is not unique" }
            if number > 0, Finding.ordered(finding, findings[number - 1]) { return "\(label): out of order" }
        }
        return nil
    }

    /// Why a position does not lie in `file`, or nil. Columns are 1-based UTF-8 columns and
    /// may point just past a line's last byte (its line break included).
    public static func positionProblem(_ position: FindingPosition, in file: SourceFile) -> String? {
        let starts = file.lineStarts
        func lineWidth(_ line: Int) -> Int {
            (line < starts.count ? starts[line] : file.bytes.count) - starts[line - 1]
        }
        for (name, line, column) in [("start", position.line, position.column), ("end", position.endLine, position.endColumn)] {
            guard line >= 1, line <= starts.count else { return "\(name) line \(line) is not a line of the file (\(starts.count) lines)" }
            guard column >= 1, column <= lineWidth(line) + 1 else { return "\(name) column \(column) is not on line \(line) (\(lineWidth(line)) bytes)" }
        }
        if (position.endLine, position.endColumn) < (position.line, position.column) { return "ends before it starts" }
        if position.utf16Column < 1 || position.utf16EndColumn < 1
            || (position.line == position.endLine && position.utf16EndColumn < position.utf16Column) {
            return "UTF-16 columns \(position.utf16Column)–\(position.utf16EndColumn) are not in order"
        }
        return nil
    }

    // MARK: - Reports

    /// Renders every format; the SARIF and JSON reports must parse as JSON. Only the rules
    /// that found something are described (SARIF's rule metadata, with every rule's help
    /// text, would otherwise cost more than the rest of the run).
    static func checkReports(_ findings: [Finding], files: Int, rules: [any Rule.Type], configuration: Configuration) throws(Failure) {
        let reported = Set(findings.map(\.ruleID))
        let descriptions = (rules.map { $0.description } + EngineRules.all).filter { reported.contains($0.id) }
        let input = ReportInput(findings: findings, filesChecked: files, seconds: 0, root: "/project", rules: descriptions,
                                exitCode: findings.contains { $0.severity == .error } ? 1 : 0,
                                ruleSeverities: Dictionary(descriptions.map { ($0.id, configuration.severity(of: $0)) }, uniquingKeysWith: { first, _ in first }))
        for format in ReportFormat.allCases {
            let text = format.render(input, color: format == .text, quiet: false)
            guard format == .sarif || format == .json else { continue }
            do {
                _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
            } catch {
                throw Failure(stage: .report, message: "the \(format.rawValue) report is not valid JSON: \(error)")
            }
        }
    }
}
