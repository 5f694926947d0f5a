/// Paths as text: the `/`-separated segments of a relative or absolute path.
public enum PathText {
    /// The segments of `path`, empty ones left out (`Sources//App/` → `["Sources", "App"]`):
    /// `split(separator: "/")` by bytes rather than characters, several times faster. A
    /// file system splits paths at every `/` byte, so this is also how it reads them, even
    /// where a combining mark after a `/` would make the two one character.
    public static func segments(_ path: String) -> [Substring] {
        path.utf8.split(separator: 0x2F).map { Substring($0) }
    }
}
