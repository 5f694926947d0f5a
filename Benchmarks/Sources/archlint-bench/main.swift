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
    """

/// Directories, `--option N` values and `--flag`s of a command line.
struct Arguments {
    var roots: [String] = []
    var values: [String: Int] = [:]
    var flags: Set<String> = []
}

/// Splits `arguments` into directories, the values of the allowed `options` (each takes
/// a positive number) and the allowed `flags`.
func parse(_ arguments: ArraySlice<String>, options: Set<String> = [], flags: Set<String> = []) throws -> Arguments {
    var result = Arguments()
    var rest = arguments
    while let argument = rest.popFirst() {
        if options.contains(argument) {
            guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
                throw SourceCorpus.Failure(description: "\(argument) needs a positive number")
            }
            result.values[argument] = number
        } else if flags.contains(argument) {
            result.flags.insert(argument)
        } else if argument.hasPrefix("-") {
            throw SourceCorpus.Failure(description: "unknown option \(argument)")
        } else {
            result.roots.append(argument)
        }
    }
    guard !result.roots.isEmpty else { throw SourceCorpus.Failure(description: "no directory given") }
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
