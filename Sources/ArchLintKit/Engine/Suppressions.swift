import SwiftLexer

/// The inline commands of one file (DESIGN §6): `archlint:disable RULE…`,
/// `archlint:enable RULE…`, `archlint:disable:next`, `archlint:disable:this`,
/// `archlint:disable:previous`, with `all` for every rule. Text after the rule ids (set
/// apart by ` - `, or starting with a word that is no rule id) is a free-form reason.
public struct Suppressions: Sendable {
    /// A rule id (or `all`) silenced on the lines `lines`.
    struct Region {
        var rule: String
        var lines: ClosedRange<Int>
    }

    /// A rule id in a command that names no known rule.
    public struct UnknownRule: Sendable {
        public var id: String
        public var range: Range<Int>
    }

    /// A comment that starts an `archlint:` command but says nothing archlint can follow: an
    /// unknown action (`archlint:disable-next-line`) or no rule id at all. It silences nothing,
    /// so it is reported (`invalid-suppression`) rather than passed over.
    public struct MalformedCommand: Sendable {
        public var range: Range<Int>
        public var message: String
    }

    private var regions: [Region] = []
    /// The regions' lines per rule id, for `isSuppressed`: built once the commands are read.
    private var linesByRule: [String: SilencedLines]?
    public private(set) var unknownRules: [UnknownRule] = []
    public private(set) var malformedCommands: [MalformedCommand] = []

    /// The lines silenced for one rule id: its regions sorted by first line, with the
    /// furthest last line reached by any region so far, so that whether a line is silenced
    /// takes a binary search. A file with thousands of suppressed findings stays linear.
    struct SilencedLines {
        var starts: [Int] = []
        var furthestEnds: [Int] = []

        init(_ ranges: [ClosedRange<Int>]) {
            var furthest = Int.min
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                furthest = max(furthest, range.upperBound)
                starts.append(range.lowerBound)
                furthestEnds.append(furthest)
            }
        }

        func contains(_ line: Int) -> Bool {
            // The last region starting at or before the line; any of those that reach it.
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= line { low = middle + 1 } else { high = middle }
            }
            return low > 0 && furthestEnds[low - 1] >= line
        }
    }

    public init() {}

    public init(file: SourceFile, comments: [Comment], knownRules: Set<String>) {
        var open: [String: Int] = [:]  // rule → line where `disable` started
        for comment in comments {
            let text = file.bytes[comment.range]
            // Most comments are prose: only those that say `archlint` can hold a command.
            guard Suppressions.mayHoldCommand(text) else { continue }
            guard let command = Suppressions.parseCommand(Array(text), baseOffset: comment.start, knownRules: knownRules) else {
                if let malformed = Suppressions.malformedCommand(Array(text), baseOffset: comment.start, knownRules: knownRules) {
                    malformedCommands.append(malformed)
                }
                continue
            }
            if command.rules.isEmpty {
                malformedCommands.append(MalformedCommand(range: command.range,
                                                          message: "The suppression command 'archlint:\(command.action)' names no rule\(command.prose.map { " ('\($0)' is not a rule id)" } ?? ""), so it silences nothing; name the rule ids (or `all`) after it."))
                continue
            }
            let line = file.location(of: comment.start).line
            for (rule, range) in command.rules {
                if rule != "all", !knownRules.contains(rule) {
                    unknownRules.append(UnknownRule(id: rule, range: range))
                    continue
                }
                switch command.action {
                case "disable":
                    if open[rule] == nil { open[rule] = line }
                case "enable":
                    if let start = open.removeValue(forKey: rule) { regions.append(Region(rule: rule, lines: start...max(start, line))) }
                    if rule == "all" {
                        for (other, start) in open { regions.append(Region(rule: other, lines: start...max(start, line))) }
                        open.removeAll()
                    }
                case "disable:next":
                    let endLine = file.location(of: comment.end).line
                    regions.append(Region(rule: rule, lines: (endLine + 1)...(endLine + 1)))
                case "disable:this":
                    regions.append(Region(rule: rule, lines: line...file.location(of: comment.end).line))
                case "disable:previous":
                    // On the first line there is no previous line to silence.
                    if line > 1 { regions.append(Region(rule: rule, lines: (line - 1)...(line - 1))) }
                default:
                    break
                }
            }
        }
        for (rule, start) in open { regions.append(Region(rule: rule, lines: start...max(start, file.lineCount))) }
        linesByRule = Dictionary(grouping: regions, by: \.rule).mapValues { SilencedLines($0.map(\.lines)) }
    }

    private static let archlint: [UInt8] = Array("archlint".utf8)

    /// Whether a comment's text (or a whole file) can hold a command: only one that says
    /// `archlint`. Asked of every file and every comment, so the word is looked for by its
    /// `h`, a rare letter (`ByteSearch.forEachOccurrence`).
    static func mayHoldCommand(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { ByteSearch.forEachOccurrence(of: archlint, anchor: 3, in: $0) { _ in true } }
    }

    /// Whether the file silences nothing (most files: no command at all).
    public var silencesNothing: Bool { regions.isEmpty }

    /// Whether a finding of `rule` on `line` is silenced.
    public func isSuppressed(rule: String, line: Int) -> Bool {
        if let linesByRule {
            return linesByRule[rule]?.contains(line) == true || linesByRule["all"]?.contains(line) == true
        }
        return regions.contains { ($0.rule == rule || $0.rule == "all") && $0.lines.contains(line) }
    }

    struct Command {
        var action: String
        var rules: [(String, Range<Int>)]
        /// `archlint:` and the action, in the file.
        var range: Range<Int> = 0..<0
        /// The first word after the command that is no rule id, when it names none: prose.
        var prose: String? = nil
    }

    /// Whether a word may be a rule id, known or misspelled: lowercase letters and digits in
    /// parts joined by single hyphens, at least two parts (`layer-dependancy`), as every
    /// rule id is. Any other word ends the ids: it and what follows are a reason
    /// (`empty-action (the list handles taps)`), whether or not ` - ` sets it apart.
    static func mayBeRuleID(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
    }

    /// `archlint:` followed, maybe after spaces, by a word that starts like an action but is
    /// none (`disable-next-line`, `disabled`, `enable:next`), at the start of the comment's
    /// text: a command that was meant and is misspelled. Prose that mentions archlint
    /// (`// see archlint: docs`) is left alone.
    static func malformedCommand(_ bytes: [UInt8], baseOffset: Int, knownRules: Set<String>) -> MalformedCommand? {
        let marker = Array("archlint:".utf8)
        guard let start = commandStart(in: bytes) else { return nil }
        var index = start + marker.count
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let wordStart = index
        while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0A, bytes[index] != 0x0D {
            index += 1
        }
        var word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
        if word.hasSuffix("*/") { word = String(word.dropLast(2)) }
        let lowered = word.lowercased()
        // The action as written, up to its first `:` or `-`: an action (`disabled`), a
        // misspelling of one (`disabel`, `enabel:next`), or another tool's word for it
        // (`ignore`, `noqa`).
        let head = String(lowered.prefix { $0 != ":" && $0 != "-" })
        let likeEnable = lowered.hasPrefix("enable") || Self.isMisspelling(head, of: "enable")
        let likeDisable = lowered.hasPrefix("disable") || Self.isMisspelling(head, of: "disable")
        let otherTool = Self.otherToolsWords.contains(lowered)
        guard likeEnable || likeDisable || otherTool else { return nil }
        // A command-like spelling (`disable-next-line`, `enable:all`), nothing after it, or a
        // rule id after it; not prose that goes on in words (`archlint: enables layer checks`).
        // Another tool's word needs nothing or rule ids after it (`archlint: off by one` is prose).
        let rest = String(decoding: bytes[index...], as: UTF8.self).split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" || $0 == "\r" }
            .prefix { $0 != "-" && $0 != "*/" }.map { $0.hasSuffix("*/") ? String($0.dropLast(2)) : String($0) }
        let namesRules = rest.isEmpty || rest.contains(where: { $0 == "all" || knownRules.contains($0) })
        guard namesRules || !otherTool && (word.contains(":") || word.contains("-")) else { return nil }
        let meant: String
        if likeEnable {
            meant = "enable"
        } else if lowered.contains("next") {
            meant = "disable:next"
        } else if lowered.contains("prev") {
            meant = "disable:previous"
        } else if lowered.contains("this") || lowered.contains("line") {
            meant = "disable:this"
        } else {
            meant = "disable"
        }
        let spaced = wordStart > start + marker.count ? " (with no space after the colon)" : ""
        // Quoted as written, spaces after the colon included.
        let written = String(decoding: bytes[start..<wordStart], as: UTF8.self) + word
        return MalformedCommand(range: (baseOffset + start)..<(baseOffset + wordStart + word.utf8.count),
                                message: "Unknown suppression command '\(written)'; did you mean 'archlint:\(meant)'\(spaced)? "
                                    + "The commands are disable, enable, disable:next, disable:this and disable:previous, each followed by rule ids or `all`.")
    }

    static let actions = ["disable:previous", "disable:next", "disable:this", "disable", "enable"]

    /// Whether `word` is `action` mistyped: its first letter right and one letter off, or two
    /// letters swapped (`disble`, `disabel`); not another word (`table`, `unable`).
    static func isMisspelling(_ word: String, of action: String) -> Bool {
        guard word.first == action.first else { return false }
        let distance = EditDistance.between(word, action)
        return distance == 1 || distance == 2 && word.count == action.count && word.sorted() == action.sorted()
    }

    /// What other linters call disabling (`swiftlint:disable`, `# noqa`, `prettier-ignore`),
    /// written after `archlint:` by habit.
    static let otherToolsWords: Set<String> = ["ignore", "noqa", "skip", "suppress", "off"]

    /// Where a command's `archlint:` starts in a comment's text: at the start of one of the
    /// comment's lines (only comment markers and spaces before it on its line: `//`, `///`,
    /// `/*`, `/**`, `*`), or after a `//` that starts a comment within the comment
    /// (`// keeps the order // archlint:…`). Prose that mentions a command mid-sentence
    /// (`// never write archlint:disable here`) holds none.
    static func commandStart(in bytes: [UInt8]) -> Int? {
        let marker = Array("archlint:".utf8)
        var from = 0
        while let found = firstIndex(of: marker, in: bytes, from: from) {
            var lineStart = found
            while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
            var before = found
            while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
            if bytes[lineStart..<found].allSatisfy({ $0 == 0x2F || $0 == 0x2A || $0 == 0x20 || $0 == 0x09 || $0 == 0x21 })
                || before >= 2 && bytes[before - 1] == 0x2F && bytes[before - 2] == 0x2F {
                return found
            }
            from = found + 1
        }
        return nil
    }

    /// Parses `archlint:ACTION id id … [- reason]` in a comment's text (see `commandStart`).
    /// After the first rule id, an unknown word that is no near miss of a rule id starts the
    /// reason (`empty-action long-standing design`); one that is (`empty-actoin`) is an
    /// unknown rule.
    static func parseCommand(_ bytes: [UInt8], baseOffset: Int, knownRules: Set<String>) -> Command? {
        let marker = Array("archlint:".utf8)
        guard let start = commandStart(in: bytes) else { return nil }
        var index = start + marker.count
        var action: String? = nil
        for candidate in actions {
            let candidateBytes = Array(candidate.utf8)
            if bytes.count >= index + candidateBytes.count, Array(bytes[index..<(index + candidateBytes.count)]) == candidateBytes {
                let after = index + candidateBytes.count
                if after == bytes.count || bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x2A || bytes[after] == 0x0A || bytes[after] == 0x0D {
                    action = candidate
                    index = after
                    break
                }
            }
        }
        guard let action else { return nil }
        let commandRange = (baseOffset + start)..<(baseOffset + index)
        // In a block comment, ids may start on the next line (`/* archlint:disable:next` ⏎
        // `layer-dependency */`) if that line starts with one (or `all`); otherwise it, like
        // every line after the ids, is prose.
        let isBlock = bytes.starts(with: [0x2F, 0x2A])
        var rules: [(String, Range<Int>)] = []
        var prose: String?
        while index < bytes.count {
            if isBlock, rules.isEmpty {
                var next = index
                while next < bytes.count, bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x2A && next + 1 < bytes.count && bytes[next + 1] != 0x2F {
                    next += 1
                }
                var end = next
                while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != 0x2C, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                var first = String(decoding: bytes[next..<end], as: UTF8.self)
                if first.hasSuffix("*/") { first = String(first.dropLast(2)) }
                let sameLine = !bytes[index..<next].contains { $0 == 0x0A || $0 == 0x0D }
                guard sameLine || first == "all" || knownRules.contains(first) else { break }
                index = next
            }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x2C { index += 1 }
            let wordStart = index
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x2C, bytes[index] != 0x0A, bytes[index] != 0x0D {
                index += 1
            }
            guard index > wordStart else { break }
            let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
            if word == "-" || word == "--" || word.hasPrefix("*/") { break }  // a reason follows, or the comment ends
            let id = word.hasSuffix("*/") ? String(word.dropLast(2)) : word
            guard id.isEmpty || id == "all" || knownRules.contains(id) || mayBeRuleID(id) else {
                if rules.isEmpty { prose = id }
                break
            }
            if !rules.isEmpty, !id.isEmpty, id != "all", !knownRules.contains(id),
               ConfigurationLoader.suggestion(id, among: Array(knownRules)).isEmpty {
                break
            }
            if word.hasSuffix("*/") {
                if !id.isEmpty { rules.append((id, (baseOffset + wordStart)..<(baseOffset + index - 2))) }
                break
            }
            rules.append((word, (baseOffset + wordStart)..<(baseOffset + index)))
            if index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { break }
        }
        return Command(action: action, rules: rules, range: commandRange, prose: prose)
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
