import Foundation
import SwiftLexer

/// A file that could not be read, with a message that names it and says why.
public struct ReadProblem: Error, Sendable, Equatable {
    public var path: String
    public var message: String
}

/// Reads source files from disk into `SourceFile`s.
public enum SourceReader {
    public static func read(path: String) -> Result<SourceFile, ReadProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadProblem(path: path, message: "\(path): no such file"))
        }
        if isDirectory.boolValue {
            return .failure(ReadProblem(path: path, message: "\(path): is a directory, not a Swift file"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ReadProblem(path: path, message: "\(path): cannot be read (check its permissions)"))
        }
        return .success(SourceFile(path: path, bytes: [UInt8](data)))
    }
}
