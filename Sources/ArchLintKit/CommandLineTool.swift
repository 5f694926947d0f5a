import Foundation
import SwiftLexer

/// The `archlint` command line: argument parsing by hand, dispatch to subcommands,
/// exit codes of DESIGN §3 (0 clean, 1 findings, 2 usage or I/O problem).
public enum CommandLineTool {
    public static let version = "0.1.0"

    public static let usage = """
        USAGE: archlint <command> [options]

        COMMANDS:
          tokens FILE        Print the tokens of a Swift file as JSON lines
          outline FILE       Print the declarations of a Swift file as JSON
          --version          Print the version
          --help             Print this help
        """

    /// Runs the tool and returns its exit code.
    public static func run(arguments: [String], rules: [any Rule.Type] = [], output: OutputStreams = .standard) -> Int32 {
        guard let command = arguments.first else {
            output.writeError(usage + "\n")
            return 2
        }
        switch command {
        case "--version", "-V":
            output.write("archlint \(version)\n")
            return 0
        case "--help", "-h", "help":
            output.write(usage + "\n")
            return 0
        case "tokens":
            return runFileCommand("tokens", Array(arguments.dropFirst()), output: output, TokenDump.jsonLines(for:))
        case "outline":
            return runFileCommand("outline", Array(arguments.dropFirst()), output: output, OutlineDump.json(for:))
        default:
            output.writeError("error: unknown command '\(command)'\n\n\(usage)\n")
            return 2
        }
    }

    /// `archlint tokens FILE`, `archlint outline FILE`: one file in, JSON out.
    static func runFileCommand(_ name: String, _ arguments: [String], output: OutputStreams, _ render: (SourceFile) -> [UInt8]) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            output.writeError("error: 'archlint \(name)' takes exactly one file: archlint \(name) FILE\n")
            return 2
        }
        switch SourceReader.read(path: path) {
        case .success(let file):
            output.write(render(file))
            return 0
        case .failure(let problem):
            output.writeError("error: \(problem.message)\n")
            return 2
        }
    }
}
