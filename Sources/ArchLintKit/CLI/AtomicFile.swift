import Foundation

/// Writes a file atomically: the bytes go to a temporary file in the destination's
/// directory, which is flushed and then renamed over the destination. A reader (or a
/// later CI step) sees either the old file or the complete new one, never half a report,
/// and a failed write leaves nothing behind. The temporary file must be in the same
/// directory because `rename` is atomic only within one file system.
public enum AtomicFile {
    /// Why a write failed, in words for an error message (the path is added by the caller).
    public struct WriteError: LocalizedError, Sendable, CustomStringConvertible {
        public var description: String
        public var errorDescription: String? { description }
    }

    /// What to check when a write to `path` failed, for the error message: a folder where
    /// the file should be, or else the folder it goes in.
    public static func hint(for path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "(it is a directory: name a file in it)"
        }
        return "(check that the directory exists and is writable)"
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        // A device or pipe (`/dev/stdout`, a FIFO) cannot be replaced by a rename; it is
        // written in place, as a shell redirection would.
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            try writeInPlace(bytes, to: path)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("cannot create a file in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)  // without the NUL
        var renamed = false
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            if !renamed { unlink(temporary) }
        }

        try writeAll(bytes, to: descriptor)
        // mkstemp creates the file readable by its owner only; a report gets the mode an
        // ordinary new file would get (or keeps the mode of the file it replaces).
        guard fchmod(descriptor, permissions(replacing: path)) == 0, fsync(descriptor) == 0 else { throw failure("cannot write") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure("cannot write") }
        guard rename(temporary, path) == 0 else { throw failure("cannot replace the file") }
        renamed = true
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw failure("cannot open") }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    /// `write` until every byte is out (it may write fewer than asked, or be interrupted).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            offset += written
        }
    }

    private static func permissions(replacing path: String) -> mode_t {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & 0o7777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    private static func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// The C `write`, which the `write(_:to:)` method above would otherwise shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(descriptor, buffer, count)
    #else
    return Glibc.write(descriptor, buffer, count)
    #endif
}
