import Foundation

/// Glob patterns on `/`-separated relative paths: `*` matches within a segment, `**`
/// matches any number of segments, `?` one character, `{a,b}` alternatives.
///
/// Patterns are anchored anywhere, as DESIGN §4 asks: a pattern without a leading `/`
/// may match starting at any directory (`Domain/` is `**/Domain/**`); a pattern matches
/// the file or folder it names and everything inside such a folder (`Sources/Generated`
/// covers `Sources/Generated/API.swift`, as in `.gitignore`); a pattern ending in `/` (or
/// `/**`) matches only what is inside a folder of that name, not a file so named
/// (`.build*/` skips `.build-release/x.swift`, not `.build.swift`); and a pattern with no
/// `/` at all (`*App.swift`) matches a file or folder name at any depth.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// The pattern compiled once: per path segment, `**` or its brace alternatives as bytes.
    private let segments: [Segment]
    /// The one segment of a pattern that is `**/Name/**` once compiled (`Tests/`, `Domain`,
    /// `{Data,Net}/`, `*App.swift`, `.build*/`: most exclude and layer patterns), nil for
    /// other patterns. A path matches such a pattern when some segment matches it, which
    /// is looked for directly.
    private let anySegment: Segment?
    /// The pattern ends in `/` or `/**`: it matches only what lies inside a folder it
    /// names, so a path's last segment (a file's own name) never counts towards it.
    private let insideOnly: Bool

    /// One `/`-separated piece of a pattern.
    private enum Segment: Sendable, Hashable {
        /// `**`: any number of path segments.
        case anyDepth
        /// A segment with `*`, `?` and literal bytes; several after `{a,b}` expansion.
        /// `literal`: none of them has `*` or `?` (`Domain`, `{Notes,Tags}`), so a path
        /// segment matches when it is one of them. Most layer and exclude patterns are such
        /// names, and most path segments differ from them in length: told apart at once.
        ///
        /// (One case with a payload, not two: an enum with several payload cases keeps its
        /// tag in the spare bits of the arrays' pointers, which leak checkers such as
        /// LeakSanitizer cannot follow, so the fuzzer reported the static globs as leaks.)
        case alternatives([[UInt8]], literal: Bool)
    }

    public var description: String { pattern }

    /// Returns nil (with a reason) for a malformed pattern.
    public static func parse(_ pattern: String) -> Result<Glob, GlobError> {
        if pattern.isEmpty { return .failure(GlobError(reason: "the pattern is empty")) }
        var depth = 0
        for character in pattern {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1; if depth < 0 { break } }
            if character == "[" || character == "]" {
                return .failure(GlobError(reason: "character classes ([...]) are not supported"))
            }
        }
        if depth != 0 { return .failure(GlobError(reason: "unbalanced braces")) }
        // Paths are matched as written, never normalized: `Domain/../Domain/` matches nothing.
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        if let up = segments.firstIndex(of: ".."), segments[..<up].contains(where: { $0 != ".." && $0 != "." && !$0.isEmpty }) {
            return .failure(GlobError(reason: "a '..' after a folder name never matches (paths are not normalized); write the folder it leads to"))
        }
        return .success(Glob(pattern))
    }

    init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        let anchored = text.hasPrefix("/")
        if anchored { text.removeFirst() }
        if text.hasPrefix("./") { text.removeFirst(2) }
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        insideOnly = text.hasSuffix("/") || text.hasSuffix("/**")
        if insideOnly { if parts.last != "**" { parts.append("**") } }
        if !anchored && parts.first != "**" { parts.insert("**", at: 0) }
        // A pattern matches what it names and, if that is a folder, everything inside it (as
        // in `.gitignore`): `Sources/App/Generated` and `**/Generated` cover the folder's
        // files as the bare name `Generated` does, and `Sources/*` means the same in
        // `include`, `exclude` and a layer's `paths`.
        if parts.last != "**" { parts.append("**") }
        segments = parts.map { part in
            guard part != "**" else { return .anyDepth }
            let alternatives = Glob.expandBraces(part).map { Array($0.utf8) }
            let isLiteral = alternatives.allSatisfy { !$0.contains(UInt8(ascii: "*")) && !$0.contains(UInt8(ascii: "?")) }
            return .alternatives(alternatives, literal: isLiteral)
        }
        if segments.count == 3, case .anyDepth = segments[0], case .anyDepth = segments[2], case .alternatives = segments[1] {
            anySegment = segments[1]
        } else {
            anySegment = nil
        }
    }

    public func matches(_ path: String) -> Bool {
        matches(Path(path))
    }

    /// A path split into its `/`-separated segments once, for matching against many globs.
    public struct Path: Sendable {
        let bytes: [UInt8]
        /// Byte ranges of the segments (empty segments skipped).
        let pieces: [Range<Int>]

        public init(_ path: String) {
            bytes = Array(path.utf8)
            // Every path of a run is split once per glob set (layers, excludes): one pass over
            // the bytes, without a bounds check per byte.
            pieces = bytes.withUnsafeBufferPointer { bytes in
                var pieces: [Range<Int>] = []
                pieces.reserveCapacity(8)
                var start = 0
                for index in 0..<bytes.count where bytes[index] == 0x2F {
                    if index > start { pieces.append(start..<index) }
                    start = index &+ 1
                }
                if bytes.count > start { pieces.append(start..<bytes.count) }
                return pieces
            }
        }
    }

    /// Matches the path's segments against the pattern's: iterative, with `**` backtracking
    /// (no recursion on path depth).
    public func matches(_ path: Path) -> Bool {
        path.bytes.withUnsafeBufferPointer { bytes in matches(path.pieces, of: bytes) }
    }

    private func matches(_ pieces: [Range<Int>], of path: UnsafeBufferPointer<UInt8>) -> Bool {
        // Inside a folder means with at least one segment after it: the pattern, whose last
        // segment is `**`, matches the path without its last segment.
        let count = insideOnly ? pieces.count - 1 : pieces.count
        guard count >= 0 else { return false }
        if let anySegment {
            for piece in pieces[..<count] where segmentMatches(anySegment, UnsafeBufferPointer(rebasing: path[piece])) { return true }
            return false
        }
        var pi = 0, si = 0
        var starP = -1, starS = -1
        while si < count {
            if pi < segments.count, case .anyDepth = segments[pi] {
                starP = pi
                starS = si
                pi += 1
            } else if pi < segments.count, segmentMatches(segments[pi], UnsafeBufferPointer(rebasing: path[pieces[si]])) {
                pi += 1
                si += 1
            } else if starP >= 0 {
                pi = starP + 1
                starS += 1
                si = starS
            } else {
                return false
            }
        }
        while pi < segments.count, case .anyDepth = segments[pi] { pi += 1 }
        return pi == segments.count
    }

    /// Whether one path segment matches one pattern segment other than `**`.
    private func segmentMatches(_ segment: Segment, _ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        switch segment {
        case .anyDepth:
            return false
        case .alternatives(let alternatives, let literal):
            for alternative in alternatives where literal ? Glob.equal(alternative, piece) : Glob.wildcard(alternative, piece) { return true }
            return false
        }
    }

    /// Whether a pattern's literal segment is spelled like a path segment (most differ in
    /// length and are told apart at once).
    private static func equal(_ name: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == text.count else { return false }
        guard !name.isEmpty else { return true }
        return name.withUnsafeBufferPointer { name in memcmp(name.baseAddress!, text.baseAddress!, name.count) == 0 }
    }

    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: String.Index? = nil
        var index = open
        while index < pattern.endIndex {
            if pattern[index] == "{" { depth += 1 }
            if pattern[index] == "}" { depth -= 1; if depth == 0 { close = index; break } }
            index = pattern.index(after: index)
        }
        guard let close else { return [pattern] }
        let head = String(pattern[..<open])
        let tail = String(pattern[pattern.index(after: close)...])
        let body = pattern[pattern.index(after: open)..<close]
        var options: [String] = []
        var current = ""
        depth = 0
        for character in body {
            if character == "," && depth == 0 { options.append(current); current = ""; continue }
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            current.append(character)
        }
        options.append(current)
        return options.flatMap { expandBraces(head + $0 + tail) }
    }

    /// `*` and `?` matching on UTF-8 bytes; `?` takes one whole character (a lead byte
    /// and its continuation bytes), so it matches `é` as it does `e`.
    private static func wildcard(_ pattern: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        // First the literal bytes before the first wildcard, which must start the text, and
        // those after the last, which must end it (`*App.swift`): most segments fail here.
        var head = 0
        while head < pattern.count, pattern[head] != star, pattern[head] != question { head += 1 }
        var tail = 0
        while tail < pattern.count - head, pattern[pattern.count - 1 - tail] != star, pattern[pattern.count - 1 - tail] != question { tail += 1 }
        guard text.count >= head, text.count >= tail else { return false }
        for index in 0..<head where text[index] != pattern[index] { return false }
        for index in 0..<tail where text[text.count - 1 - index] != pattern[pattern.count - 1 - index] { return false }
        var pi = 0, ti = 0, starAt = -1, mark = 0
        /// The index after the character starting at `index`.
        func next(_ index: Int) -> Int {
            var end = index + 1
            while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
            return end
        }
        while ti < text.count {
            if pi < pattern.count, pattern[pi] == question {
                pi += 1
                ti = next(ti)
            } else if pi < pattern.count, pattern[pi] == text[ti] {
                pi += 1
                ti += 1
            } else if pi < pattern.count, pattern[pi] == star {
                starAt = pi
                mark = ti
                pi += 1
            } else if starAt >= 0 {
                pi = starAt + 1
                mark = next(mark)
                ti = mark
            } else {
                return false
            }
        }
        while pi < pattern.count, pattern[pi] == star { pi += 1 }
        return pi == pattern.count
    }
}

public struct GlobError: Error, Sendable {
    public var reason: String
}
