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
                                 or NO_COLOR is set or TERM=dumb); --color forces them

        OTHER OPTIONS:
          --version              Print archlint's version
          --help                 Print this help; `archlint help COMMAND` (or COMMAND --help) for one command

        EXIT CODES: 0 no error findings, 1 error findings (or warnings with --strict), 2 usage, configuration or I/O problem.
        """

    /// The help of the commands that have no options of their own to list (`lint` and
    /// `graph` print their full usage).
    static let commandHelp: [String: String] = [
        "rules": """
            USAGE: archlint rules

            Lists every rule: its id, its severity in each profile (arcana, arc-labs) and a summary.
            `archlint explain RULE-ID` tells more about one.
            """,
        "explain": """
            USAGE: archlint explain RULE-ID

            Prints a rule's rationale, default severities, options and examples (which run as tests).
            `archlint rules` lists the rule ids.
            """,
        "init": """
            USAGE: archlint init [--profile NAME] [--stdout] [--force]

            Writes a commented starter .archlint.json in the current directory that restates a profile.
              --profile NAME   arcana (default) or arc-labs
              --stdout         Print it instead of writing the file
              --force          Replace an existing .archlint.json
            """,
        "tokens": """
            USAGE: archlint tokens FILE

            Prints the tokens of a Swift file as JSON lines (kind, offset, length, line, column, text).
            FILE may be a pipe (`archlint tokens <(pbpaste)`); `--` before a name that starts with `-`.
            """,
        "outline": """
            USAGE: archlint outline FILE

            Prints the declarations of a Swift file (imports, types, members, attributes) as JSON.
            FILE may be a pipe; `--` before a name that starts with `-`.
            """,
        "schema": """
            USAGE: archlint schema

            Prints the JSON Schema of .archlint.json (the same as archlint.schema.json), for editors.
            """,
    ]

    static let commands: Set<String> = ["lint", "rules", "explain", "init", "tokens", "outline", "schema", "graph", "help"]

    /// Runs the tool and returns its exit code.
    public static func run(arguments: [String], rules: [any Rule.Type] = [], output: OutputStreams = .standard) -> Int32 {
        let command = arguments.first ?? "lint"
        switch command {
        case "--version", "-V":
            guard arguments.count == 1 else {
                output.writeError("error: '\(command)' takes no arguments, got '\(arguments[1])'\n")
                return 2
            }
            output.write("archlint \(version)\n")
            return 0
        case "--help", "-h", "help":
            // `archlint help graph` is `archlint graph --help`.
            if command == "help", arguments.count == 2, commands.contains(arguments[1]), arguments[1] != "help" {
                return run(arguments: [arguments[1], "--help"], rules: rules, output: output)
            }
            if command == "help", arguments.count > 1, !["help", "--help", "-h"].contains(arguments[1]) || arguments.count > 2 {
                let names = commands.subtracting(["help"]).sorted()
                let problem = arguments.count == 2
                    ? "there is no command '\(arguments[1])'\(ConfigurationLoader.suggestion(arguments[1], among: names))"
                    : "'archlint help' takes one command, got '\(arguments.dropFirst().joined(separator: " "))'"
                output.writeError("error: \(problem); the commands are \(names.joined(separator: ", "))\n")
                return 2
            }
            output.write(usage + "\n")
            return 0
        case _ where commandHelp[command] != nil && arguments.dropFirst().prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }):
            output.write(commandHelp[command]! + "\n")
            return 0
        case "tokens":
            return runFileCommand("tokens", Array(arguments.dropFirst()), output: output, TokenDump.jsonLines(for:))
        case "outline":
            return runFileCommand("outline", Array(arguments.dropFirst()), output: output) { OutlineDump.json(for: $0) }
        case _ where (command == "rules" || command == "schema") && arguments.count > 1:
            output.writeError("error: 'archlint \(command)' takes no arguments, got '\(arguments[1])'\n\n\(commandHelp[command]!)\n")
            return 2
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
        // `--` ends the options: `archlint tokens -- -draft.swift`.
        let endsOptions = arguments.first == "--"
        let arguments = endsOptions ? Array(arguments.dropFirst()) : arguments
        guard arguments.count == 1, let path = arguments.first, endsOptions || !path.hasPrefix("-") else {
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
