/// Paths as text: the `/`-separated segments of a relative or absolute path.
public enum PathText {
    /// The segments of `path`, empty ones left out (`Sources//App/` → `["Sources", "App"]`):
    /// `split(separator: "/")` by bytes rather than characters, many times faster. A file
    /// system splits paths at every `/` byte, so this is also how it reads them, even where
    /// a combining mark after a `/` would make the two one character.
    public static func segments(_ path: String) -> [String] {
        var path = path
        return path.withUTF8 { bytes in
            var result: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2F {
                if index > start { result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return result
        }
    }
}
