import SwiftLexer
import SwiftOutline

/// How much a finding matters. `off` disables a rule.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case error, warning, note, off

    private var rank: Int {
        switch self {
        case .error: return 3
        case .warning: return 2
        case .note: return 1
        case .off: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The type of a rule option, for validation, docs and the JSON Schema.
public enum OptionType: Sendable, Equatable {
    case bool
    case string
    case stringList
    /// A list of layer names defined by the configuration.
    case layerList

    public var schemaDescription: String {
        switch self {
        case .bool: return "a boolean"
        case .string: return "a string"
        case .stringList, .layerList: return "an array of strings"
        }
    }
}

/// A typed, documented rule option with its default.
public struct RuleOption: Sendable {
    public var name: String
    public var type: OptionType
    public var summary: String
    public var defaultValue: OptionValue
    /// For a list: whether an empty one is a configuration error, because it would leave the
    /// rule nothing to look at (`protocol-impl-parity`'s `layers`). Turning a rule off is its
    /// severity's job, and an empty list means "every layer" elsewhere.
    public var requiresItems: Bool

    public init(name: String, type: OptionType, summary: String, defaultValue: OptionValue, requiresItems: Bool = false) {
        self.name = name
        self.type = type
        self.summary = summary
        self.defaultValue = defaultValue
        self.requiresItems = requiresItems
    }
}

/// A value of a rule option.
public enum OptionValue: Sendable, Equatable, CustomStringConvertible {
    case bool(Bool)
    case string(String)
    case strings([String])

    public var description: String {
        switch self {
        case .bool(let value): return String(value)
        case .string(let value): return JSONText.quoted(value)
        case .strings(let values): return "[" + values.map(JSONText.quoted).joined(separator: ", ") + "]"
        }
    }
}

/// One example source file of a rule. Triggering examples mark each expected finding
/// with `↓` right before its location (single file) or with a `// expect: RULE-ID`
/// comment on its line (multi-file examples).
public struct ExampleFile: Sendable {
    public var path: String
    public var source: String

    public init(_ path: String, _ source: String) {
        self.path = path
        self.source = source
    }
}

/// An example: one or more files linted together, under a profile and options.
public struct RuleExample: Sendable {
    public var files: [ExampleFile]
    /// The profile whose layers and defaults apply (`arcana` unless said otherwise).
    public var profile: String
    /// Option overrides for the rule under test.
    public var options: [String: OptionValue]
    /// Whether the example is re-run wrapped in a comment, in a string, after a
    /// multi-byte character and after a disable command (single-file examples only).
    public var rerunsInContexts: Bool
    /// A note for `archlint explain`.
    public var note: String?

    public init(_ source: String, path: String = "Sources/App/Domain/Example.swift", profile: String = "arcana",
                options: [String: OptionValue] = [:], note: String? = nil, rerunsInContexts: Bool = true) {
        self.files = [ExampleFile(path, source)]
        self.profile = profile
        self.options = options
        self.rerunsInContexts = rerunsInContexts
        self.note = note
    }

    public init(files: [ExampleFile], profile: String = "arcana", options: [String: OptionValue] = [:], note: String? = nil) {
        self.files = files
        self.profile = profile
        self.options = options
        self.rerunsInContexts = false
        self.note = note
    }
}

/// Everything about a rule except its check: what `archlint rules` and `archlint explain`
/// print, what the configuration validates against, what the example tests run.
public struct RuleDescription: Sendable {
    /// Kebab-case id, used in configuration, suppressions and output.
    public var id: String
    /// A short human name.
    public var name: String
    /// One sentence, ending with a period.
    public var summary: String
    /// Why it matters, quoting the seed document it enforces.
    public var rationale: String
    /// Severity per built-in profile; a profile not listed gets `off`.
    public var defaultSeverity: [String: Severity]
    public var options: [RuleOption]
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(id: String, name: String, summary: String, rationale: String, defaultSeverity: [String: Severity],
                options: [RuleOption] = [], triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.options = options
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    public func option(named name: String) -> RuleOption? { options.first { $0.name == name } }
}

/// A place in a file of the project.
public struct Location: Sendable, Hashable {
    /// Index of the file in `ProjectIndex.files`.
    public var file: Int
    /// Byte range of the located text.
    public var range: Range<Int>

    public init(file: Int, range: Range<Int>) {
        self.file = file
        self.range = range
    }
}

/// What a rule reports; the engine adds severity, positions, suppression and fingerprint.
public struct Violation: Sendable {
    public var location: Location
    public var message: String
    /// Other places that explain the finding (the missing requirement, the declaration
    /// of a forbidden symbol), each with a short message.
    public var related: [(location: Location, message: String)]
    /// Stable text identifying the finding within its file and enclosing declaration
    /// (a symbol, a member name): with the rule id, the file and the enclosing
    /// declaration it makes the fingerprint that survives line shifts.
    public var fingerprintText: String
    /// Whether the rule reports `fingerprintText` at most once per file (at its first
    /// occurrence): then the enclosing declaration stays out of the fingerprint, since it
    /// changes whenever the first occurrence moves into another declaration (methods
    /// reordered, the earlier of two uses removed) while the finding stays the same.
    public var isOncePerFile: Bool
    /// For a once-per-file finding, its later occurrences in the file, in order: a
    /// suppression that covers the first occurrence covers only that line, so the finding
    /// moves to the first occurrence no suppression covers (reported once, as before).
    public var laterRanges: [Range<Int>]

    public init(location: Location, message: String, related: [(location: Location, message: String)] = [], fingerprintText: String,
                isOncePerFile: Bool = false, laterRanges: [Range<Int>] = []) {
        self.location = location
        self.message = message
        self.related = related
        self.fingerprintText = fingerprintText
        self.isOncePerFile = isOncePerFile
        self.laterRanges = laterRanges
    }
}

/// What a rule's check can read: the project index, the configuration, its options.
public struct RuleContext: Sendable {
    public let index: ProjectIndex
    public let configuration: Configuration
    public let options: ResolvedOptions

    public init(index: ProjectIndex, configuration: Configuration, options: ResolvedOptions) {
        self.index = index
        self.configuration = configuration
        self.options = options
    }

    /// The text of a file, for rules that need tokens or text: read again from disk for
    /// files of a lint run (`IndexedFile.loadSource()`), so a rule keeps what it uses twice.
    public func source(of file: Int) -> SourceFile? { index.files[file].loadSource() }
}

/// A rule: a description and a check over the whole project. Rules that look at one file
/// at a time simply loop over `context.index.files`; rules that relate files read the
/// shared index (collected once), never rescan sources.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// A rough weight of `check` on a large project, for scheduling only (default 1):
    /// rules run side by side and heavier ones are started first, so that a slow rule
    /// does not start last and leave the other threads idle. It never changes findings.
    static var relativeCost: Int { get }
    /// Words without which a file's text holds nothing for this rule (default: none, the
    /// rule reads no text or decides otherwise). The per-file stage searches every file
    /// for them while its bytes are at hand; `IndexedFile.clueWords(of:)` tells the rule
    /// which occur, so it reads again only the files that mention one.
    static var textClues: ByteSearch? { get }
    /// Whether the rule does part of its work on each file in the per-file stage
    /// (`scanFile`); default false.
    static var scansFiles: Bool { get }
    /// The rule's work on one file, done in the per-file stage while the file's text and
    /// tokens are at hand, so that `check` need not read and lex the file again: whatever
    /// `check` needs from this file, which it gets back from `IndexedFile.scan(of:)`. It
    /// sees the one file only (no index, no other file). Called for every file of a run
    /// when `scansFiles` is true; `clueWords` are the rule's clue words found in the file,
    /// as `IndexedFile.clueWords(of:)` gives them, and `options` the rule's options.
    static func scanFile(_ file: ScannedFile, clueWords: UInt64, options: ResolvedOptions) -> any Sendable
    init()
    func check(_ context: RuleContext) -> [Violation]
}

extension Rule {
    public static var relativeCost: Int { 1 }
    public static var textClues: ByteSearch? { nil }
    public static var scansFiles: Bool { false }
    public static func scanFile(_ file: ScannedFile, clueWords: UInt64, options: ResolvedOptions) -> any Sendable { () }
}

/// One file as a rule's `scanFile` sees it: its path, text, outline and tokens. Only for
/// the duration of the call (the tokens may live in memory that the next file reuses).
public final class ScannedFile {
    public let path: String
    public let source: SourceFile
    public let outline: FileOutline
    public let comments: [Comment]
    private let tokenBuffer: UnsafeBufferPointer<Token>?
    private var madeTokens: [Token]?

    /// A file of the per-file stage: `tokens` is the lexer's output in reused memory.
    init(path: String, source: SourceFile, outline: FileOutline, tokens: UnsafeBufferPointer<Token>, comments: [Comment]) {
        self.path = path
        self.source = source
        self.outline = outline
        self.comments = comments
        tokenBuffer = tokens
    }

    /// A file read and lexed again (a rule's `check` scanning a file that the per-file
    /// stage did not, as in an index built from text in memory).
    public init(path: String, source: SourceFile, outline: FileOutline, lexed: LexedSource) {
        self.path = path
        self.source = source
        self.outline = outline
        comments = lexed.comments
        tokenBuffer = nil
        madeTokens = lexed.tokens
    }

    /// The file's tokens (copied out of the lexer's memory on first use, as one block:
    /// `Array.init` of a buffer copies a `Token` at a time).
    public var tokens: [Token] {
        if let madeTokens { return madeTokens }
        var tokens: [Token] = []
        if let buffer = tokenBuffer, let base = buffer.baseAddress {
            tokens = [Token](unsharedUninitializedCapacity: buffer.count) { storage, count in
                storage.baseAddress!.initialize(from: base, count: buffer.count)
                count = buffer.count
            }
        }
        madeTokens = tokens
        return tokens
    }

    /// Calls `body` with the tokens where they are, without copying them out of the
    /// lexer's memory (a quick look before deciding whether `tokens` is needed at all).
    public func withTokens<Result>(_ body: (UnsafeBufferPointer<Token>) throws -> Result) rethrows -> Result {
        if let madeTokens { return try madeTokens.withUnsafeBufferPointer(body) }
        if let tokenBuffer { return try body(tokenBuffer) }
        return try body(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The tokens and comments as `Lexer.tokenize` gives them.
    public var lexed: LexedSource { LexedSource(tokens: tokens, comments: comments) }
}

/// A rule's options after applying configuration over defaults, with typed accessors.
public struct ResolvedOptions: Sendable {
    public var values: [String: OptionValue]

    public init(values: [String: OptionValue]) {
        self.values = values
    }

    /// The rule's options at their default values.
    public init(defaultsOf rule: RuleDescription) {
        var values: [String: OptionValue] = [:]
        for option in rule.options { values[option.name] = option.defaultValue }
        self.values = values
    }

    public func bool(_ name: String) -> Bool {
        if case .bool(let value)? = values[name] { return value }
        return false
    }

    public func string(_ name: String) -> String {
        if case .string(let value)? = values[name] { return value }
        return ""
    }

    public func strings(_ name: String) -> [String] {
        if case .strings(let value)? = values[name] { return value }
        return []
    }
}
