import Foundation

/// Where the tool writes: standard output and standard error, or buffers in tests.
public struct OutputStreams: Sendable {
    public var writeBytes: @Sendable ([UInt8]) -> Void
    public var writeErrorBytes: @Sendable ([UInt8]) -> Void

    public init(writeBytes: @escaping @Sendable ([UInt8]) -> Void, writeErrorBytes: @escaping @Sendable ([UInt8]) -> Void) {
        self.writeBytes = writeBytes
        self.writeErrorBytes = writeErrorBytes
    }

    /// The process's standard output and standard error.
    ///
    /// A reader that goes away early (`archlint lint . | head -1`) is not an error: once a
    /// write fails with `EPIPE`, further output to that stream is dropped, nothing is
    /// printed, and the run finishes with the exit status it has anyway (0, 1 or 2, as if
    /// the reader had read everything), so `set -o pipefail` scripts see the lint result,
    /// not the plumbing. The executable ignores `SIGPIPE` so that such a write returns
    /// `EPIPE` instead of killing the process. Any other failure to write standard output
    /// (a full disk, an I/O error) is an I/O problem: it is reported on standard error and
    /// the process exits with status 2 at once.
    public static let standard = OutputStreams(
        writeBytes: { StandardStream.output.write($0) },
        writeErrorBytes: { StandardStream.error.write($0) }
    )

    public func write(_ text: String) { writeBytes(Array(text.utf8)) }
    public func write(_ bytes: [UInt8]) { writeBytes(bytes) }
    /// Messages for the terminal: control characters in them (from a file name, a path on the
    /// command line, a configuration value) are shown, not sent (`showingControlCharacters()`).
    public func writeError(_ text: String) { writeErrorBytes(Array(text.showingControlCharacters().utf8)) }
}

/// One of the process's standard streams, written with `write(2)` so that failures are
/// seen (Foundation's `FileHandle.write(_:)` traps on them).
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
    static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

    let descriptor: Int32
    let name: String
    /// Set once the reader has gone away; later writes are dropped. Guarded by `lock`.
    private var isClosed = false
    private let lock = NSLock()

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Writes all of `bytes`, retrying after interruptions and partial writes.
    func write(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        switch StandardStream.writeAll(bytes, to: descriptor) {
        case 0:
            break
        case EPIPE:
            isClosed = true
        case let failure:
            isClosed = true
            guard descriptor != STDERR_FILENO else { return }  // nowhere left to say so
            let reason = String(cString: strerror(failure))
            StandardStream.error.write(Array("error: cannot write to \(name): \(reason) (check the disk or the program reading archlint's output)\n".utf8))
            exit(2)
        }
    }

    /// Writes every byte to `descriptor`; returns 0, or the `errno` of the failed write.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}

/// `write(2)`, declared out here where `StandardStream.write(_:)` does not hide it.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
