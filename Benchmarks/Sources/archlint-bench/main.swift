import Foundation

// MARK: - Command line

/// `archlint-bench`: checks archlint's lexer and outline against swift-syntax and times them.
/// Exit status: 0 success, 1 disagreements found, 2 usage or I/O error.
let usage = """
    usage: archlint-bench crosscheck DIR... [--limit N]
               Lex every *.swift file under DIR with archlint and swift-syntax and report
               the first difference of each file that disagrees.
           archlint-bench pieces FILE
               Print both normalised token streams of one file side by side.
           archlint-bench lexer-throughput DIR... [--runs N]
               Time archlint's lexer, swift-syntax's lexer and swift-syntax's parser over
               all *.swift files under DIR (default 5 runs).
           archlint-bench outline-check DIR... [--limit N] [--verbose]
               Outline every *.swift file under DIR with archlint and parse it with
               swift-syntax; report files whose types, extensions and functions differ,
               and files that take archlint more than 5 ms per 1,000 lines. --verbose
               prints each path to stderr first, so a crash can be located.
           archlint-bench outline-entries FILE
               Print the types, extensions and functions of one file as archlint and
               swift-syntax see them, marking those only one side has.
           archlint-bench outline-throughput DIR... [--runs N]
               Time archlint's lexer, archlint's lexer + outline and swift-syntax's parser
               over all *.swift files under DIR (default 5 runs).
           archlint-bench suite [--runs N] [--corpus DIR] [--app-files N] [--archlint PATH]
                                [--skip-parse] [--markdown]
               The performance suite: reading, lexing, outlining, Parser.parse and whole
               `archlint lint` runs (1 and 2 jobs, wall time and peak memory) over the
               corpus DIR and over a generated app of N files (default 2000) at 1x, 2x and
               4x its size; prints one table with the targets (default 5 runs; --archlint
               defaults to /tmp/build-rel/release/archlint). --markdown prints the table as
               Markdown. See Benchmarks/README.md.
           archlint-bench pathological [--runs N] [--archlint PATH] [--markdown] [--keep]
               Lint each pathological input (a 50 MB line, 100,000-deep nesting, directives
               only, a 10,000-case enum, a 100,000-element array, 1,000 extensions, invalid
               UTF-8 and NULs, mixed line endings with Unicode) at 1/4, 1/2 and all of its
               size; print the times, whether they grow linearly, and whether the reported
               positions are right (default 3 runs; --keep keeps the inputs). Exit status 1
               if a run failed, a position is wrong or a time grows faster than the size.
           archlint-bench generate-app DIR [--app-files N] [--copies N]
               Write the suite's generated app (default 2000 files, 1 copy) into DIR.
    """

/// Directories, `--option N` values, `--option TEXT` texts and `--flag`s of a command line.
struct Arguments {
    var roots: [String] = []
    var values: [String: Int] = [:]
    var texts: [String: String] = [:]
    var flags: Set<String> = []
}

/// Splits `arguments` into directories, the values of the allowed `options` (each takes
/// a positive number), those of the allowed `textOptions` (each takes a word, such as a
/// path) and the allowed `flags`. Without `needsRoots`, no directory is required.
func parse(_ arguments: ArraySlice<String>, options: Set<String> = [], textOptions: Set<String> = [],
           flags: Set<String> = [], needsRoots: Bool = true) throws -> Arguments {
    var result = Arguments()
    var rest = arguments
    while let argument = rest.popFirst() {
        if options.contains(argument) {
            guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
                throw SourceCorpus.Failure(description: "\(argument) needs a positive number")
            }
            result.values[argument] = number
        } else if textOptions.contains(argument) {
            guard let text = rest.popFirst(), !text.isEmpty else {
                throw SourceCorpus.Failure(description: "\(argument) needs a value")
            }
            result.texts[argument] = text
        } else if flags.contains(argument) {
            result.flags.insert(argument)
        } else if argument.hasPrefix("-") {
            throw SourceCorpus.Failure(description: "unknown option \(argument)")
        } else {
            result.roots.append(argument)
        }
    }
    guard !needsRoots || !result.roots.isEmpty else { throw SourceCorpus.Failure(description: "no directory given") }
    return result
}

func main() -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    guard let command = arguments.first else {
        FileHandle.standardError.write(usage + "\n")
        return 2
    }
    do {
        switch command {
        case "crosscheck":
            let parsed = try parse(arguments.dropFirst(), options: ["--limit"])
            return try CrossCheck.run(.init(roots: parsed.roots, limit: parsed.values["--limit"]))
        case "pieces":
            guard arguments.count == 2, let path = arguments.last else {
                throw SourceCorpus.Failure(description: "pieces needs exactly one file")
            }
            return try CrossCheck.dumpPieces(path)
        case "lexer-throughput":
            let parsed = try parse(arguments.dropFirst(), options: ["--runs"])
            return try Throughput.run(.init(roots: parsed.roots, runs: parsed.values["--runs"] ?? 5))
        case "outline-check":
            let parsed = try parse(arguments.dropFirst(), options: ["--limit"], flags: ["--verbose"])
            return try OutlineCheck.run(.init(roots: parsed.roots, limit: parsed.values["--limit"],
                                              verbose: parsed.flags.contains("--verbose")))
        case "outline-entries":
            guard arguments.count == 2, let path = arguments.last else {
                throw SourceCorpus.Failure(description: "outline-entries needs exactly one file")
            }
            return try OutlineCheck.dumpEntries(path)
        case "outline-throughput":
            let parsed = try parse(arguments.dropFirst(), options: ["--runs"])
            return try Throughput.runOutline(.init(roots: parsed.roots, runs: parsed.values["--runs"] ?? 5))
        case "suite":
            let parsed = try parse(arguments.dropFirst(), options: ["--runs", "--app-files"],
                                   textOptions: ["--corpus", "--archlint"], flags: ["--skip-parse", "--markdown"],
                                   needsRoots: false)
            guard parsed.roots.isEmpty else {
                throw SourceCorpus.Failure(description: "suite takes no directory; give the corpus with --corpus DIR")
            }
            return try Suite.run(Suite.Options(parsed, commandLine: Array(CommandLine.arguments)))
        case "pathological":
            let parsed = try parse(arguments.dropFirst(), options: ["--runs"], textOptions: ["--archlint"],
                                   flags: ["--markdown", "--keep"], needsRoots: false)
            guard parsed.roots.isEmpty else { throw SourceCorpus.Failure(description: "pathological takes no directory") }
            return try Pathological.run(Pathological.Options(parsed, commandLine: Array(CommandLine.arguments)))
        case "generate-app":
            let parsed = try parse(arguments.dropFirst(), options: ["--app-files", "--copies"])
            guard parsed.roots.count == 1 else { throw SourceCorpus.Failure(description: "generate-app needs exactly one directory") }
            let summary = try AppGenerator.generate(into: parsed.roots[0], files: parsed.values["--app-files"] ?? 2000,
                                                    copies: parsed.values["--copies"] ?? 1)
            print(Suite.describe(summary))
            return 0
        case "run-child":
            // The suite's launcher (see ChildProcess): not meant to be run by hand.
            return ChildProcess.runChild(Array(arguments.dropFirst()))
        case "-h", "--help", "help":
            print(usage)
            return 0
        default:
            FileHandle.standardError.write("archlint-bench: unknown command \(command)\n\(usage)\n")
            return 2
        }
    } catch {
        FileHandle.standardError.write("archlint-bench: \(error)\n")
        return 2
    }
}

exit(main())
