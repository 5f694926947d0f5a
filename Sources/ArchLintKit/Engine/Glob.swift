/// Glob patterns on `/`-separated relative paths: `*` matches within a segment, `**`
/// matches any number of segments, `?` one character, `{a,b}` alternatives.
///
/// Patterns are anchored anywhere, as DESIGN §4 asks: a pattern without a leading `/`
/// may match starting at any directory (`Domain/` is `**/Domain/**`), a pattern ending
/// in `/` matches everything below that directory, and a pattern with no `/` at all
/// (`*App.swift`) matches a file or directory name at any depth.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let segments: [String]

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
        return .success(Glob(pattern))
    }

    init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        let anchored = text.hasPrefix("/")
        if anchored { text.removeFirst() }
        if text.hasPrefix("./") { text.removeFirst(2) }
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if text.hasSuffix("/") || text.hasSuffix("/**") { if parts.last != "**" { parts.append("**") } }
        if !anchored && parts.first != "**" { parts.insert("**", at: 0) }
        if !text.contains("/") && !text.hasSuffix("/") {
            // A bare name matches that name anywhere, and everything inside it if it is a directory.
            parts.append("**")
        }
        segments = parts
    }

    public func matches(_ path: String) -> Bool {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return Glob.match(segments[...], pathSegments[...])
    }

    /// Iterative matching of segment lists with `**` backtracking (no recursion on path depth).
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let p = Array(pattern), s = Array(path)
        var pi = 0, si = 0
        var starP = -1, starS = -1
        while si < s.count {
            if pi < p.count, p[pi] == "**" {
                starP = pi
                starS = si
                pi += 1
            } else if pi < p.count, matchSegment(p[pi], s[si]) {
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
        while pi < p.count, p[pi] == "**" { pi += 1 }
        return pi == p.count
    }

    /// Matches one segment against a pattern with `*`, `?` and `{a,b}`.
    static func matchSegment(_ pattern: String, _ text: String) -> Bool {
        for alternative in expandBraces(pattern) where wildcard(Array(alternative.unicodeScalars), Array(text.unicodeScalars)) {
            return true
        }
        return false
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

    private static func wildcard(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < text.count {
            if pi < pattern.count, pattern[pi] == "?" || pattern[pi] == text[ti] {
                pi += 1
                ti += 1
            } else if pi < pattern.count, pattern[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < pattern.count, pattern[pi] == "*" { pi += 1 }
        return pi == pattern.count
    }
}

public struct GlobError: Error, Sendable {
    public var reason: String
}
