import Foundation

// MARK: - Command line

/// `archlint-bench`: checks archlint's lexer against swift-syntax and times both.
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
    """

/// Splits `arguments` into directories and the value of the one allowed `--option N`.
func parse(_ arguments: ArraySlice<String>, option: String) throws -> (roots: [String], value: Int?) {
    var roots: [String] = []
    var value: Int? = nil
    var rest = arguments
    while let argument = rest.popFirst() {
        if argument == option {
            guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
                throw SourceCorpus.Failure(description: "\(option) needs a positive number")
            }
            value = number
        } else if argument.hasPrefix("-") {
            throw SourceCorpus.Failure(description: "unknown option \(argument)")
        } else {
            roots.append(argument)
        }
    }
    guard !roots.isEmpty else { throw SourceCorpus.Failure(description: "no directory given") }
    return (roots, value)
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
            let (roots, limit) = try parse(arguments.dropFirst(), option: "--limit")
            return try CrossCheck.run(.init(roots: roots, limit: limit))
        case "pieces":
            guard arguments.count == 2, let path = arguments.last else {
                throw SourceCorpus.Failure(description: "pieces needs exactly one file")
            }
            return try CrossCheck.dumpPieces(path)
        case "lexer-throughput":
            let (roots, runs) = try parse(arguments.dropFirst(), option: "--runs")
            return try Throughput.run(.init(roots: roots, runs: runs ?? 5))
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
