/// The one reading of "this `#if` branch is never compiled" that every part of archlint
/// shares: a condition that is `false`, `never`, `NEVER` or `0`, alone or in parentheses
/// (`#if (false)`, `#if ( ( 0 ) )`). `never` is no keyword, but `#if never` is a common way to
/// park code, and no project defines such a flag; any other condition may be true in some
/// build, so its code is analysed.
public enum InactiveCondition {
    /// Whether the condition's text (as written after `#if` or `#elseif`, without a comment)
    /// is never true. Spaces and tabs around it and inside its parentheses do not matter.
    @inlinable
    public static func isNeverTrue<Text: BidirectionalCollection>(_ condition: Text) -> Bool where Text.Element == UInt8 {
        var text = condition[...]
        while true {
            while let first = text.first, first == 0x20 || first == 0x09 { text.removeFirst() }
            while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
            guard text.first == 0x28, text.last == 0x29, text.count >= 2 else { break }  // "(" … ")"
            text.removeFirst()
            text.removeLast()
        }
        return words.contains { $0.elementsEqual(text) }
    }

    @usableFromInline static let words: [[UInt8]] = ["false", "never", "NEVER", "0"].map { Array($0.utf8) }
}
