/// Paths as text: the `/`-separated segments of a relative or absolute path.
public enum PathText {
    /// The segments of `path`, empty ones left out (`Sources//App/` → `["Sources", "App"]`).
    /// A file system splits paths at every `/` byte, so this is also how it reads them,
    /// even where a combining mark after a `/` would make the two one character.
    public static func segments(_ path: String) -> [String] {
        pieces(of: path, separatedBy: 0x2F)
    }

    /// The pieces of `text` between the bytes `separator` (an ASCII byte), empty ones left
    /// out: `split(separator:)` by bytes rather than characters, many times faster, since
    /// it finds the separators in the string's buffer instead of breaking it into
    /// characters. Paths (`/`) and dotted names (`.`) are split this way.
    static func pieces(of text: String, separatedBy separator: UInt8) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == separator {
                if index > start { result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return result
        }
    }
}
