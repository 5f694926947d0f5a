/// The one reading of "this `#if` branch is never compiled" that every part of archlint
/// shares: a condition that is `false`, `never`, `NEVER` or `0`, alone or in parentheses
/// (`#if (false)`, `#if ( ( 0 ) )`), its negations of `true` and `1` (`#if !true`), and a
/// conjunction with such a part (`#if DEBUG && false`, not `#if DEBUG && false || TESTING`).
/// `never` is no keyword, but `#if never` is a common way to park code, and no project
/// defines such a flag; any other condition may be true in some build, so its code is
/// analysed.
public enum InactiveCondition {
    /// Whether the condition's text (as written after `#if` or `#elseif`, without a comment)
    /// is never true. Spaces and tabs around it and inside its parentheses do not matter.
    @inlinable
    public static func isNeverTrue<Text: BidirectionalCollection>(_ condition: Text) -> Bool where Text.Element == UInt8 {
        // Parked code is marked by a short condition; unwrapping parentheses is quadratic in
        // their depth, so a line of thousands of them is not read.
        guard condition.count <= 1_000 else { return false }
        let text = unwrapped(condition[...])
        if words.contains(where: { $0.elementsEqual(text) }) { return true }
        if text.first == 0x21 {  // `!true`, `!(1)`
            let operand = unwrapped(text.dropFirst())
            return negatedWords.contains { $0.elementsEqual(operand) }
        }
        // Most conditions are one flag (`DEBUG`, `os(iOS)`): only one with `&` may be a
        // conjunction.
        guard text.contains(0x26) else { return false }
        return isNeverTrueConjunction(ArraySlice(text))
    }

    /// Parts joined by `&&` (at the outer level, with no `||` there) of which one is never true.
    @usableFromInline
    static func isNeverTrueConjunction(_ text: ArraySlice<UInt8>) -> Bool {
        var parts: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == 0x28 { depth += 1 } else if byte == 0x29 { depth -= 1 }
            if depth == 0, index + 1 < text.endIndex, byte == text[index + 1], byte == 0x26 || byte == 0x7C {
                if byte == 0x7C { return false }  // `||`: one side may hold
                parts.append(text[start..<index])
                index += 2
                start = index
                continue
            }
            index += 1
        }
        guard !parts.isEmpty else { return false }
        parts.append(text[start...])
        return parts.contains { isNeverTrue($0) }
    }

    /// The text without blanks around it and without parentheses that wrap all of it.
    @inlinable
    static func unwrapped<Text: BidirectionalCollection>(_ condition: Text) -> Text where Text.Element == UInt8, Text.SubSequence == Text {
        var text = condition
        while true {
            while let first = text.first, first == 0x20 || first == 0x09 { text.removeFirst() }
            while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
            guard text.first == 0x28, text.last == 0x29, text.count >= 2, closesAtEnd(text) else { break }  // "(" … ")"
            text.removeFirst()
            text.removeLast()
        }
        return text
    }

    /// Whether the `(` that starts the text is closed by its last byte (`(a) && (b)` is not
    /// wrapped in one pair).
    @inlinable
    static func closesAtEnd<Text: BidirectionalCollection>(_ text: Text) -> Bool where Text.Element == UInt8 {
        var depth = 0
        var remaining = text.count
        for byte in text {
            remaining -= 1
            if byte == 0x28 { depth += 1 } else if byte == 0x29 { depth -= 1 }
            if depth == 0 { return remaining == 0 }
        }
        return false
    }

    @usableFromInline static let words: [[UInt8]] = ["false", "never", "NEVER", "0"].map { Array($0.utf8) }
    @usableFromInline static let negatedWords: [[UInt8]] = ["true", "1"].map { Array($0.utf8) }
}
