import Foundation

// MARK: - crosscheck: archlint's token boundaries against swift-syntax's

/// Lexes every Swift file with both lexers and reports the first place where the
/// normalised streams differ.
///
/// Only the first difference of a file is reported: after a wrong boundary (a string
/// that does not close, a `/` taken for a regex) everything that follows is usually
/// wrong too, and the first one is where the bug is.
enum CrossCheck {
    struct Options {
        var roots: [String] = []
        /// Stop after this many disagreeing files.
        var limit: Int? = nil
    }

    /// The first position where the streams differ. A `nil` side has no piece there (its
    /// stream ended).
    struct Difference {
        var offset: Int
        var archlint: Piece?
        var swiftSyntax: Piece?
    }

    /// A disagreeing file, ready to print.
    struct Finding {
        var path: String
        var text: String
    }

    // MARK: Comparing

    static func firstDifference(_ archlint: [Piece], _ swiftSyntax: [Piece]) -> Difference? {
        var index = 0
        while index < archlint.count, index < swiftSyntax.count {
            let left = archlint[index], right = swiftSyntax[index]
            if left != right {
                return Difference(offset: min(left.start, right.start), archlint: left, swiftSyntax: right)
            }
            index += 1
        }
        if index < archlint.count {
            return Difference(offset: archlint[index].start, archlint: archlint[index], swiftSyntax: nil)
        }
        if index < swiftSyntax.count {
            return Difference(offset: swiftSyntax[index].start, archlint: nil, swiftSyntax: swiftSyntax[index])
        }
        return nil
    }

    static func describe(_ difference: Difference, path: String, bytes: [UInt8]) -> String {
        let (line, column) = SourceText.lineAndColumn(of: difference.offset, in: bytes)
        func side(_ piece: Piece?) -> String {
            guard let piece else { return "(no more tokens)" }
            return "\(piece.pieceClass.rawValue) \(SourceText.quoted(bytes, piece.range)) at \(piece.start)"
        }
        return """
            \(path):\(line):\(column): first difference at offset \(difference.offset)
              archlint:     \(side(difference.archlint))
              swift-syntax: \(side(difference.swiftSyntax))
              context:      \(SourceText.context(bytes, around: difference.offset))
            """
    }

    // MARK: Running

    /// Runs the check and returns the exit status: 1 if a file that swift-syntax parses
    /// without errors disagrees, 2 if a file could not be read, else 0.
    static func run(_ options: Options) throws -> Int32 {
        let paths = try SourceCorpus.swiftFiles(under: options.roots)
        let progress = Progress(total: paths.count)
        var checked = 0, agreeing = 0, unreadable = 0
        var disagreeing: [Finding] = []
        var rejected: [Finding] = []

        print("crosscheck: \(paths.count) Swift files under \(options.roots.joined(separator: " "))")
        print("")
        print("== disagreements (swift-syntax parses these files without errors) ==")
        for path in paths {
            if let limit = options.limit, disagreeing.count + rejected.count >= limit { break }
            checked += 1
            progress.update(checked, disagreements: disagreeing.count + rejected.count)

            let file: CorpusFile
            do {
                file = try SourceCorpus.read(path)
            } catch {
                unreadable += 1
                FileHandle.standardError.write("warning: \(error)\n")
                continue
            }
            let text: String
            if let lexemes = SwiftSyntaxTokens.lexemes(file.bytes) {
                let reference = SwiftSyntaxTokens.pieces(lexemes)
                let ours = ArchlintTokens.pieces(file.bytes)
                guard let difference = firstDifference(ours, reference) else {
                    agreeing += 1
                    continue
                }
                text = describe(difference, path: path, bytes: file.bytes)
            } else {
                text = "\(path): swift-syntax's lexeme lengths do not add up to the file size; offsets unknown"
            }
            // Parsing only the files that disagree keeps the check fast.
            if SwiftSyntaxTokens.isRejected(file.bytes) {
                rejected.append(Finding(path: path, text: text))
            } else {
                disagreeing.append(Finding(path: path, text: text))
                print(text)
            }
        }
        progress.finish(checked, disagreements: disagreeing.count + rejected.count)
        if disagreeing.isEmpty { print("(none)") }

        print("")
        print("== rejected by swift-syntax (its parser reports errors; the difference is informational) ==")
        for finding in rejected { print(finding.text) }
        if rejected.isEmpty { print("(none)") }

        print("")
        var summary = "summary: \(checked) files checked, \(agreeing) agree, \(disagreeing.count) disagree, "
            + "\(rejected.count) disagree but are rejected by swift-syntax"
        if unreadable > 0 { summary += ", \(unreadable) unreadable" }
        if checked < paths.count { summary += " (stopped after \(disagreeing.count + rejected.count) disagreements)" }
        print(summary)
        if !disagreeing.isEmpty { return 1 }
        return unreadable == 0 ? 0 : 2
    }
}

// MARK: - pieces: both normalised streams of one file

extension CrossCheck {
    /// Prints both piece streams of one file side by side, `!` marking rows that differ:
    /// what to look at when a reported difference is not obvious from its context.
    static func dumpPieces(_ path: String) throws -> Int32 {
        let file = try SourceCorpus.read(path)
        guard let lexemes = SwiftSyntaxTokens.lexemes(file.bytes) else {
            throw SourceCorpus.Failure(description: "swift-syntax's lexeme lengths do not add up for \(path)")
        }
        let ours = ArchlintTokens.pieces(file.bytes)
        let reference = SwiftSyntaxTokens.pieces(lexemes)
        func column(_ piece: Piece?) -> String {
            guard let piece else { return "-" }
            return "\(piece.start) \(piece.pieceClass.rawValue) \(SourceText.quoted(file.bytes, piece.range, limit: 30))"
        }
        print("   archlint | swift-syntax")
        for index in 0..<max(ours.count, reference.count) {
            let left = index < ours.count ? ours[index] : nil
            let right = index < reference.count ? reference[index] : nil
            print((left == right ? "   " : " ! ") + column(left) + " | " + column(right))
        }
        return firstDifference(ours, reference) == nil ? 0 : 1
    }
}

// MARK: - Progress on stderr

/// A progress line on stderr, rewritten in place when stderr is a terminal and printed
/// every few thousand files otherwise (so a redirected log stays short).
final class Progress {
    private let total: Int
    /// The command's name, which starts the line.
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let start = ContinuousClock.now

    init(total: Int, label: String = "crosscheck") {
        self.total = total
        self.label = label
    }

    func update(_ done: Int, disagreements: Int) {
        let step = isTerminal ? 100 : 2000
        guard done % step == 0 else { return }
        write(done, disagreements: disagreements, final: false)
    }

    func finish(_ done: Int, disagreements: Int) {
        write(done, disagreements: disagreements, final: true)
    }

    private func write(_ done: Int, disagreements: Int, final: Bool) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let line = "\(label): \(done)/\(total) files, \(disagreements) disagreeing, \(String(format: "%.1f", seconds)) s"
        if isTerminal {
            FileHandle.standardError.write("\r" + line + (final ? "\n" : ""))
        } else {
            FileHandle.standardError.write(line + "\n")
        }
    }
}

extension FileHandle {
    func write(_ text: String) {
        write(Data(text.utf8))
    }
}
