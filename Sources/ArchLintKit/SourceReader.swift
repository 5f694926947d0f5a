import Foundation
import SwiftLexer

/// A file that could not be read (or, with `isWrite`, a report or baseline that could not be
/// written), with a message that names it and says why.
public struct ReadProblem: Error, Sendable, Equatable {
    public var path: String
    public var message: String
    public var isWrite = false

    public init(path: String, message: String, isWrite: Bool = false) {
        self.path = path
        self.message = message
        self.isWrite = isWrite
    }
}

/// Reads source files from disk into `SourceFile`s.
public enum SourceReader {
    /// A file named on the command line (`tokens`, `outline`): a pipe (`<(…)`) or device
    /// is read too. The message says why one cannot be read, as the system tells it.
    public static func read(path: String) -> Result<SourceFile, ReadProblem> {
        switch contents(atPath: path) {
        case .success(let contents):
            return .success(SourceFile(path: path, bytes: contents.bytes))
        case .failure(let failure) where failure.code == ENOENT:
            let hint = path.contains("\u{FFFD}") ? " (a name that is not valid UTF-8 must be renamed)" : ""
            return .failure(ReadProblem(path: path, message: "\(path): no such file\(hint)"))
        case .failure(let failure) where failure.code == EISDIR:
            return .failure(ReadProblem(path: path, message: "\(path): is a directory, not a Swift file"))
        case .failure(let failure):
            return .failure(ReadProblem(path: path, message: "\(path): cannot be read: \(failure.reason)"))
        }
    }

    /// The bytes of a regular file, read with one `read` per chunk straight into the
    /// array (no intermediate `Data`), with the file's size and modification time when it
    /// was opened (a later read can tell whether the file changed meanwhile); or the reason
    /// it cannot be read (`strerror` text: "No such file or directory", "Permission denied",
    /// "Is a directory").
    public static func contents(atPath path: String) -> Result<(bytes: [UInt8], stamp: FileStamp), ReadFailure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadFailure(errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { return .failure(ReadFailure(EISDIR)) }
        let stamp = FileStamp(status)
        // The size is a hint: a file that grows or shrinks meanwhile is read to its end.
        let size = max(Int(status.st_size), 0)
        var failure: Int32 = 0
        var bytes = [UInt8](unsharedUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            while initialized < size {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, size - initialized)
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno }
                if count <= 0 { break }
                initialized += count
            }
        }
        if failure != 0 { return .failure(ReadFailure(failure)) }
        // Usually one empty read that confirms the end of the file.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { chunk in
            while true {
                let count = systemRead(descriptor, chunk.baseAddress!, chunk.count)
                if count < 0, errno == EINTR { continue }
                if count < 0 { return .failure(ReadFailure(errno)) }
                if count == 0 { return .success((bytes, stamp)) }
                bytes += chunk[..<count]
            }
        }
    }

    /// A file's size and modification time, as `fstat` tells them.
    public struct FileStamp: Sendable, Equatable {
        public var size: Int
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int

        init(_ status: stat) {
            size = Int(status.st_size)
            #if canImport(Darwin)
            modifiedSeconds = Int(status.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
            #else
            modifiedSeconds = Int(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
            #endif
        }
    }

    /// Why a file could not be read: the system's words for an `errno`.
    public struct ReadFailure: Error, Sendable, Equatable {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        /// The system's words, lower-cased to follow a colon: "permission denied".
        public var reason: String {
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}

/// The system's `read(2)` (inside `SourceReader` the name means the static method).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
