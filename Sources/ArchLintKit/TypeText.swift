/// A declared type as written (`any NoteRepository`, `(NoteStore & Sendable)?`), cleaned up
/// byte by byte for the rules that look for the protocols behind a stored property or a
/// parameter. Type texts are asked about for every property of every view model and
/// service, so nothing here goes character by character or through Foundation.
public enum TypeText {
    /// Ownership and existential words that do not change which protocols a type names.
    static let prefixes: [[UInt8]] = ["any ", "some ", "inout ", "borrowing ", "consuming ", "sending "].map { Array($0.utf8) }

    /// `Optional<…>` spelled out, as `stripped(_:)` removes it.
    static let optionalWrappers: [[UInt8]] = ["Optional<", "Swift.Optional<"].map { Array($0.utf8) }

    /// `text` without spaces at either end, trailing `?`/`!`, parentheses around the
    /// whole of it, `Optional<…>` around the whole of it, and the leading words `any`,
    /// `some`, `inout`, `borrowing`, `consuming`, `sending`, removed again and again until
    /// none is left: `(any NoteStore)?` and `Optional<any NoteStore>` → `NoteStore`.
    public static func stripped(_ text: String) -> String {
        var bytes = trimmed(Array(text.utf8)[...])
        while true {
            let before = bytes
            while let last = bytes.last, last == 0x3F || last == 0x21 { bytes = trimmed(bytes.dropLast()) }
            if bytes.first == 0x28, bytes.last == 0x29, closesAtEnd(bytes) { bytes = trimmed(bytes.dropFirst().dropLast()) }
            for prefix in prefixes where bytes.starts(with: prefix) { bytes = trimmed(bytes.dropFirst(prefix.count)) }
            for wrapper in optionalWrappers where bytes.starts(with: wrapper) && bytes.last == 0x3E {
                let inner = bytes.dropFirst(wrapper.count - 1)  // from the `<`
                if closesAtEnd(inner, open: 0x3C, close: 0x3E) { bytes = trimmed(inner.dropFirst().dropLast()) }
            }
            if bytes.elementsEqual(before) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The plain type name (`ProjectIndex.isPlainTypeName`) that `text` is once spaces,
    /// trailing `?`/`!` and one leading `any` or `some` are removed (`Note.Status?`,
    /// `any NoteRepository`), else nil. It is then what `stripped(_:)` gives, found without
    /// copying the text: most property types written in apps have this shape.
    public static func plainName(of text: String) -> String? {
        var text = text
        let trimmed = text.withUTF8 { bytes -> String? in
            var start = 0
            var end = bytes.count
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x3F || bytes[end - 1] == 0x21 { end -= 1 }
            while start < end, bytes[start] == 0x20 { start += 1 }
            for prefix in ["any ", "some "] as [StaticString] where end - start > prefix.utf8CodeUnitCount {
                let length = prefix.utf8CodeUnitCount
                if (0..<length).allSatisfy({ bytes[start + $0] == prefix.utf8Start[$0] }) {
                    start += length
                    while start < end, bytes[start] == 0x20 { start += 1 }
                    break
                }
            }
            guard start < end else { return nil }
            return start == 0 && end == bytes.count ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        let name = trimmed ?? text
        return ProjectIndex.isPlainTypeName(name) ? name : nil
    }

    /// `text` without spaces at either end.
    public static func trimmed(_ text: String) -> String {
        String(decoding: trimmed(Array(text.utf8)[...]), as: UTF8.self)
    }

    /// Whether the bytes of `needle` occur in `text`'s.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        // Read in place: both are usually native strings, whose bytes are one buffer.
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard !needle.isEmpty else { return true }
                guard haystack.count >= needle.count else { return false }
                return (0...(haystack.count - needle.count)).contains { start in
                    UnsafeBufferPointer(rebasing: haystack[start..<(start + needle.count)]).elementsEqual(needle)
                }
            }
        }
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while bytes.first == 0x20 { bytes = bytes.dropFirst() }
        while bytes.last == 0x20 { bytes = bytes.dropLast() }
        return bytes
    }

    /// Whether the `(` that starts `bytes` is closed by its last byte.
    static func closesAtEnd(_ bytes: ArraySlice<UInt8>, open: UInt8 = 0x28, close: UInt8 = 0x29) -> Bool {
        var depth = 0
        for index in bytes.indices {
            if bytes[index] == open { depth += 1 }
            if bytes[index] == close {
                depth -= 1
                if depth == 0 { return index == bytes.index(before: bytes.endIndex) }
            }
        }
        return false
    }
}
