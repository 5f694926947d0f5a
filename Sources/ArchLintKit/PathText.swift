import Foundation

/// Paths as text: the `/`-separated segments of a relative or absolute path.
public enum PathText {
    /// The nearest folder at or above `folder` that holds an entry named `name` (a file or a
    /// folder: `.archlint.json`, `Package.swift`, `.git`), if any.
    static func nearestFolder(from folder: URL, holding name: String) -> URL? {
        var directory = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) { return directory }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// The SwiftPM target a relative or absolute path lies in: the folder after the last
    /// `Sources/` or `Tests/` among its folders (`Packages/Kit/Sources/Kit/Note.swift` →
    /// `Kit`), with the path up to and including that folder (`Packages/Kit/Sources/Kit/`).
    public static func packageTarget(of path: String) -> (name: String, folder: String)? {
        let folders = segments(path).dropLast()
        guard let sources = folders.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), sources + 1 < folders.endIndex else { return nil }
        let prefix = path.hasPrefix("/") ? "/" : ""
        return (folders[sources + 1], prefix + folders[...(sources + 1)].joined(separator: "/") + "/")
    }

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
