import Foundation
import SwiftLexer

/// The `archlint` command line: argument parsing by hand, dispatch to subcommands,
/// exit codes of DESIGN §3 (0 clean, 1 error findings, 2 usage, configuration or I/O problem).
public enum CommandLineTool {
    public static let version = "0.1.0"

    public static let usage = """
        USAGE: archlint [lint] [PATH ...] [options]
               archlint <command> [arguments]

        Lints Swift files against Clean Architecture rules. PATH defaults to the current directory.

        COMMANDS:
          lint [PATH ...]        Lint files and directories (the default command)
          rules                  List the rules with their default severities
          explain RULE-ID        Show a rule's rationale, options and examples
          init [--profile NAME]  Write a commented starter .archlint.json (--stdout to print it, --force to overwrite)
          tokens FILE            Print the tokens of a Swift file as JSON lines
          outline FILE           Print the declarations of a Swift file as JSON
          schema                 Print the JSON Schema of .archlint.json
          graph [PATH ...]       Print the layer dependency graph (Mermaid, DOT or JSON), violations in red;
                                 `archlint graph --help` lists its options (--level, --format, --focus, --output)

        LINT OPTIONS:
          --config FILE          Configuration file (default: nearest .archlint.json walking up from the first path)
          --profile NAME         Built-in profile: arcana (default) or arc-labs
          --format FORMAT        text (default), xcode, sarif, github or json
          --output FILE          Write the report to FILE (atomically) instead of standard output
          --report FORMAT:PATH   Also write a report in FORMAT to PATH, atomically (repeatable),
                                 e.g. --format text --report sarif:archlint.sarif
          --baseline FILE        Report only findings not recorded in FILE (see --write-baseline)
          --write-baseline FILE  Record this run's findings in FILE, to accept them as known
          --changed-since REF    Report only findings in files changed since the git ref REF
                                 (committed, staged, modified or new); the whole project is still indexed
          --only-rule ID         Run only this rule (repeatable)
          --strict               Warnings fail the run too (exit 1)
          --quiet                Print findings only, no summary line
          --jobs N               Files and rules processed in parallel (default: the number of cores)
          --timings              Print the time of each phase and each rule on standard error
          --no-color             No ANSI colours (the default when output is not a terminal
                                 or NO_COLOR is set); --color forces them

        EXIT CODES: 0 no error findings, 1 error findings (or warnings with --strict), 2 usage, configuration or I/O problem.
        """

    static let commands: Set<String> = ["lint", "rules", "explain", "init", "tokens", "outline", "schema", "graph", "help"]

    /// Runs the tool and returns its exit code.
    public static func run(arguments: [String], rules: [any Rule.Type] = [], output: OutputStreams = .standard) -> Int32 {
        let command = arguments.first ?? "lint"
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
            return runFileCommand("outline", Array(arguments.dropFirst()), output: output) { OutlineDump.json(for: $0) }
        case "rules":
            return InfoCommands.listRules(rules, output: output)
        case "explain":
            return InfoCommands.explain(Array(arguments.dropFirst()), rules: rules, output: output)
        case "init":
            return InfoCommands.initialize(Array(arguments.dropFirst()), rules: rules, output: output)
        case "schema":
            output.write(ConfigurationSchema.json(rules: descriptions(of: rules)))
            return 0
        case "lint":
            return LintCommand.run(Array(arguments.dropFirst()), rules: rules, output: output)
        case "graph":
            return GraphCommand.run(Array(arguments.dropFirst()), rules: rules, output: output)
        default:
            if command.hasPrefix("-") || !commands.contains(command) && (command.contains("/") || command.hasSuffix(".swift") || FileManager.default.fileExists(atPath: command)) {
                return LintCommand.run(arguments, rules: rules, output: output)
            }
            // Not a command, and no such path: a typo in either.
            let names = commands.subtracting(["help"]).sorted()
            let hint = ConfigurationLoader.suggestion(command, among: names)
            output.writeError("error: '\(command)' is neither a command\(hint) nor an existing file or folder; the commands are \(names.joined(separator: ", "))\n\n\(usage)\n")
            return 2
        }
    }

    /// Rule descriptions including the engine's own.
    static func descriptions(of rules: [any Rule.Type]) -> [RuleDescription] {
        rules.map { $0.description } + EngineRules.all
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
