import Foundation

/// Where the tool writes: standard output and standard error, or buffers in tests.
public struct OutputStreams: Sendable {
    public var writeBytes: @Sendable ([UInt8]) -> Void
    public var writeErrorBytes: @Sendable ([UInt8]) -> Void

    public init(writeBytes: @escaping @Sendable ([UInt8]) -> Void, writeErrorBytes: @escaping @Sendable ([UInt8]) -> Void) {
        self.writeBytes = writeBytes
        self.writeErrorBytes = writeErrorBytes
    }

    public static let standard = OutputStreams(
        writeBytes: { FileHandle.standardOutput.write(Data($0)) },
        writeErrorBytes: { FileHandle.standardError.write(Data($0)) }
    )

    public func write(_ text: String) { writeBytes(Array(text.utf8)) }
    public func write(_ bytes: [UInt8]) { writeBytes(bytes) }
    public func writeError(_ text: String) { writeErrorBytes(Array(text.utf8)) }
}
