import Foundation

// MARK: - The inputs of `pathological`

/// One kind of input that breaks naive tools, written at any size into a project folder
/// laid out for the `arcana` profile, with the one finding it must produce.
struct PathologicalKind: Sendable {
    /// The input's name in the table.
    let name: String
    /// What the size counts, singular ("byte", "level", "case", …).
    let unit: String
    /// The size at full scale, in `unit`s.
    let fullSize: Int
    /// Writes the input of `size` units into `project` and returns the finding it must produce.
    let write: @Sendable (_ size: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding

    /// Whether the size counts bytes (it is then printed in MB).
    var countsBytes: Bool { unit == "byte" }

    /// `size` with its unit: `50 MB`, `100,000 levels`.
    func describe(size: Int) -> String {
        countsBytes ? "\(megabytes(size)) MB" : "\(grouped(size)) \(unit)\(size == 1 ? "" : "s")"
    }

    /// Every kind, at the full sizes of archlint's robustness targets.
    static let all: [PathologicalKind] = [
        PathologicalKind(name: "one 50 MB line", unit: "byte", fullSize: 50_000_000, write: PathologicalInputs.longLine),
        PathologicalKind(name: "nesting ( )", unit: "level", fullSize: 100_000) { try PathologicalInputs.nesting("(", ")", $0, &$1) },
        PathologicalKind(name: "nesting [ ]", unit: "level", fullSize: 100_000) { try PathologicalInputs.nesting("[", "]", $0, &$1) },
        PathologicalKind(name: "nesting { }", unit: "level", fullSize: 100_000) { try PathologicalInputs.nesting("{", "}", $0, &$1) },
        PathologicalKind(name: "nesting \"\\( )\"", unit: "level", fullSize: 100_000) {
            try PathologicalInputs.nesting("\"\\(", ")\"", $0, &$1)
        },
        PathologicalKind(name: "nested types", unit: "level", fullSize: 100_000, write: PathologicalInputs.nestedTypes),
        PathologicalKind(name: "postfix #if clauses", unit: "clause", fullSize: 40_000, write: PathologicalInputs.postfixBranches),
        PathologicalKind(name: "unclosed generic <", unit: "angle", fullSize: 100_000, write: PathologicalInputs.unclosedAngles),
        PathologicalKind(name: "#if/#elseif/#else only", unit: "group", fullSize: 5_000, write: PathologicalInputs.directives),
        PathologicalKind(name: "route enum + switch", unit: "case", fullSize: 10_000, write: PathologicalInputs.routeEnum),
        PathologicalKind(name: "array literal, one line", unit: "element", fullSize: 100_000, write: PathologicalInputs.arrayLiteral),
        PathologicalKind(name: "extensions of one type", unit: "file", fullSize: 1_000, write: PathologicalInputs.extensions),
        PathologicalKind(name: "suppressed findings, one type", unit: "member", fullSize: 10_000, write: PathologicalInputs.suppressedStubs),
        PathologicalKind(name: "invalid UTF-8 + NUL", unit: "byte", fullSize: 10_000_000, write: PathologicalInputs.invalidBytes),
        PathologicalKind(name: "CRLF/CR/LF + BOM + Unicode", unit: "byte", fullSize: 20_000_000, write: PathologicalInputs.lineEndings),
    ]

    /// A project of one small file: what every lint run costs whatever its input (start-up,
    /// configuration, the rules' set-up), subtracted from the other rows' times.
    static let startup = PathologicalKind(name: "start-up (one small file)", unit: "file", fullSize: 1) { _, project in
        try project.add("App/Domain/UseCases/LoadNotesUseCase.swift", "@MainActor final class LoadNotesUseCase {}\n")
        return ExpectedFinding(rule: "blanket-main-actor", path: "App/Domain/UseCases/LoadNotesUseCase.swift", line: 1, column: 1)
    }
}

/// The finding an input must produce: exactly one of its rule, at this place.
struct ExpectedFinding {
    var rule: String
    /// Relative to the project folder, as the JSON report gives it.
    var path: String
    var line: Int
    var column: Int
    /// A fragment the message must contain (a Unicode type name), if any.
    var messageFragment: String?

    var description: String { "\(rule) \(line):\(column)" }
}

// MARK: - Writing a project

/// A project folder being written: `.archlint.json` with the `arcana` profile, then the
/// Swift files, whose sizes and line counts are kept so that every reported position can be
/// checked against its file.
struct ProjectWriter {
    let root: String
    private(set) var bytes = 0
    private(set) var files = 0
    /// Lines of every file written, by path relative to `root`.
    private(set) var lineCounts: [String: Int] = [:]

    init(root: String) throws {
        self.root = root
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileBytes.write(Array("{\"profile\": \"arcana\"}\n".utf8), to: root + "/.archlint.json")
    }

    /// Writes `content` to `path` (relative to the root), creating its folders.
    mutating func add(_ path: String, _ content: [UInt8]) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileBytes.write(content, to: full)
        bytes += content.count
        files += 1
        lineCounts[path] = Self.lineCount(content)
    }

    mutating func add(_ path: String, _ text: String) throws {
        try add(path, Array(text.utf8))
    }

    /// Lines as archlint counts them: a line ends after `\n`, `\r\n` or a lone `\r`; a last
    /// line without a line break counts, so text ending in a line break has one more.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var count = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                count += 1
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                count += 1
            }
        }
        return count
    }
}

// MARK: - The generators

/// The writers of `PathologicalKind.all`, after the inputs of `PathologicalInputTests` at
/// their full sizes. Each file sits where the `arcana` profile gives it a layer, and each input
/// plants one violation whose position the report must get right.
enum PathologicalInputs {
    /// The `blanket-main-actor` violation most inputs end with.
    static let mainActorUseCase = "@MainActor final class LoadNotesUseCase {}"

    /// One line of `let a = [1, 2, 3]; ` repeated to `size` bytes, then a line with a
    /// violation after a declaration: reported on line 2, at its byte column.
    static func longLine(_ size: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let prefix = "struct Pad {}; "
        var bytes = repeated("let a = [1, 2, 3]; ", toFill: size)
        bytes += Array(("\n" + prefix + mainActorUseCase + "\n").utf8)
        let path = "App/Domain/UseCases/OneLine.swift"
        try project.add(path, bytes)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 2, column: prefix.utf8.count + 1)
    }

    /// `let v = ` and `depth` nested `open`s around `1`, then as many `close`s, in a
    /// function body; the violation follows on line 4.
    static func nesting(_ open: String, _ close: String, _ depth: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let text = "func f() {\n    let v = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            + "\n}\n" + mainActorUseCase + "\n"
        let path = "App/Domain/UseCases/Deep.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 4, column: 1)
    }

    /// `depth` structs nested in one another on one line, in the Domain layer (whose types the
    /// layer rules index by qualified name), then the violation on line 2.
    static func nestedTypes(_ depth: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let text = String(repeating: "struct Level { ", count: depth) + String(repeating: "}", count: depth) + "\n" + mainActorUseCase + "\n"
        let path = "App/Domain/Entities/Levels.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 2, column: 1)
    }

    /// A member chain split by one `#if` with `branches` `#elseif` clauses, each a line
    /// starting with `.`, whose receiver is looked for before the `#if`; then the violation.
    static func postfixBranches(_ branches: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let text = "func load() {\n    repository\n    #if A\n" + String(repeating: "    #elseif B\n        .fetch()\n", count: branches)
            + "    #endif\n}\n" + mainActorUseCase + "\n"
        let path = "App/Domain/UseCases/Branches.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 6 + 2 * branches, column: 1)
    }

    /// `struct Pad` followed by `angles` unclosed `<T` on one line (a broken file, or a long
    /// run of comparisons without a brace), then the violation on line 2.
    static func unclosedAngles(_ angles: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let text = "struct Pad" + String(repeating: "<T", count: angles) + "\n" + mainActorUseCase + "\n"
        let path = "App/Domain/UseCases/Angles.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 2, column: 1)
    }

    /// A repository of `members` stub methods, each a `fatalError` under a
    /// `disable:next` comment, but for the last: every stub is a finding that is named after
    /// its method and then suppressed; one is reported, at the last `fatalError`.
    static func suppressedStubs(_ members: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        var text = "final class DraftRepositoryImpl {\n"
        for number in 0..<members - 1 {
            text += "    // archlint:disable:next unimplemented-code\n    func load\(number)() -> [String] { fatalError(\"stub \(number)\") }\n"
        }
        let prefix = "    func loadLast() -> [String] { "
        text += prefix + "fatalError(\"stub\") }\n}\n"
        let path = "App/Data/Repositories/DraftRepositoryImpl.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "unimplemented-code", path: path, line: 2 * (members - 1) + 2, column: prefix.utf8.count + 1)
    }

    /// Nothing but directives: `groups / 50` stray `#endif`s, `groups` times `#if`,
    /// `#elseif`, `#else`, and `#endif`s for only four fifths of them; then a forbidden import.
    static func directives(_ groups: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let stray = groups / 50
        let closed = groups * 4 / 5
        let text = String(repeating: "#endif\n", count: stray) + String(repeating: "#if A\n#elseif B\n#else\n", count: groups)
            + String(repeating: "#endif\n", count: closed) + "import SwiftUI\n"
        let path = "App/Domain/Services/Directives.swift"
        try project.add(path, text)
        return ExpectedFinding(rule: "layer-dependency", path: path, line: stray + 3 * groups + closed + 1, column: 1)
    }

    /// A `Route` enum of `cases` cases, one a line, and a view whose destination switch
    /// covers every case but the last behind a `default:`: one finding, at the last case.
    static func routeEnum(_ cases: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let routes = "enum Route: Hashable {\n" + (0..<cases).map { "    case screen\($0)\n" }.joined() + "}\n"
        let destination = "import SwiftUI\n\nstruct RouterView: View {\n    let route: Route\n\n    var body: some View {\n"
            + "        switch route {\n" + (0..<cases - 1).map { "        case .screen\($0): Text(\"\($0)\")\n" }.joined()
            + "        default: EmptyView()\n        }\n    }\n}\n"
        let path = "App/Presentation/Navigation/Route.swift"
        try project.add(path, routes)
        try project.add("App/Presentation/Navigation/RouterView.swift", destination)
        return ExpectedFinding(rule: "navigation-route-destination", path: path, line: cases + 1,
                               column: "    case ".utf8.count + 1)
    }

    /// An array literal of `elements` numbers on one line, and the violation after it on the
    /// same line: reported on line 1 at a column near the end of the line.
    static func arrayLiteral(_ elements: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let prefix = "let values = [" + (0..<elements).map(String.init).joined(separator: ", ") + "]; "
        let path = "App/Domain/Entities/Values.swift"
        try project.add(path, prefix + mainActorUseCase + "\n")
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: 1, column: prefix.utf8.count + 1)
    }

    /// A repository protocol of two methods, an implementation of neither, and `files`
    /// extensions of the implementation in as many files: one brings `fetch()`, the others
    /// helpers. One finding: `save(_:)` is missing, at the implementation's name.
    static func extensions(_ files: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        try project.add("App/Domain/Repositories/NoteRepository.swift", """
            protocol NoteRepository {
                func fetch() async throws -> [Note]
                func save(_ note: Note) async throws
            }

            struct Note {}

            """)
        let path = "App/Data/Repositories/LiveNoteRepository.swift"
        try project.add(path, "final class LiveNoteRepository: NoteRepository {}\n")
        for number in 0..<files {
            let member = number == 0 ? "func fetch() async throws -> [Note] { try await load() }" : "func helper\(number)() {}"
            try project.add("App/Data/Repositories/Extensions/LiveNoteRepository+\(number).swift",
                            "extension LiveNoteRepository {\n    \(member)\n}\n")
        }
        return ExpectedFinding(rule: "protocol-impl-parity", path: path, line: 1, column: "final class ".utf8.count + 1)
    }

    /// `size` bytes of lines of Swift pieces with runs of random bytes that are not text
    /// (NULs, other control characters, bytes 0x80 to 0xFF: mostly invalid UTF-8) between
    /// them and inside their strings, comments and parameter lists; then the violation on a
    /// line of its own. The random bytes never end a line, a string or a comment, so the
    /// violation's line is known. Fixed seed: the same size always writes the same bytes.
    static func invalidBytes(_ size: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let pieces = ["func f(~) { g(1) }", "let x~ = [1, 2]", "var s = \"~\"", "import Foundation", "struct S {~}",
                      "enum E { case a~ }", "// ~", "/* ~ */", "x.y(z: ~0)", "if a { b() } else { c(~) }", "return",
                      "#if DEBUG~\n#endif", "@objc", "0x1F~", "\"\\(~)\""].map { Array($0.utf8) }
        var random = SeededRandom(seed: 0xBAD_5EED)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 64)
        while bytes.count < size {
            for _ in 0..<random.int(in: 1...6) {
                for byte in pieces[random.int(in: 0...pieces.count - 1)] {
                    if byte == UInt8(ascii: "~") { appendHostileRun(&bytes, &random) } else { bytes.append(byte) }
                }
                appendHostileRun(&bytes, &random)
            }
            bytes += random.int(in: 0...3) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        let line = ProjectWriter.lineCount(bytes)
        bytes += Array((mainActorUseCase + "\n").utf8)
        let path = "App/Domain/UseCases/Garbage.swift"
        try project.add(path, bytes)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: line, column: 1)
    }

    /// `size` bytes after a byte order mark: types with Unicode names (`Café`, `π`, `日本`,
    /// an emoji), strings and comments, whose lines end in turn with `\r\n`, `\r` and `\n`;
    /// then the violation on a Unicode type after a Unicode declaration on the same line,
    /// so its column counts multi-byte characters as bytes.
    static func lineEndings(_ size: Int, _ project: inout ProjectWriter) throws -> ExpectedFinding {
        let endings = ["\r\n", "\r", "\n"].map { Array($0.utf8) }
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes.reserveCapacity(size + 256)
        var lines = 0
        func append(_ line: String) {
            bytes += Array(line.utf8)
            bytes += endings[lines % endings.count]
            lines += 1
        }
        append("import Foundation")
        var number = 0
        while bytes.count < size {
            append("/// Ein Café für \(number) Gäste: naïve, déjà vu, 日本語, ½ ≠ ⅓")
            append("struct Café\(number): Hashable {")
            append("    let π = 3.14159")
            append("    var naïveÜberschrift日本 = \"ü → 🐶 \\(\(number))\"")
            append("    func 🐶\(number)() -> String { \"🐱\" }")
            append("}")
            number += 1
        }
        let prefix = "let πEnd = 1; "
        let line = lines + 1
        append(prefix + "@MainActor final class 日本UseCase {}")
        let path = "App/Domain/Entities/Unicode.swift"
        try project.add(path, bytes)
        return ExpectedFinding(rule: "blanket-main-actor", path: path, line: line, column: prefix.utf8.count + 1,
                               messageFragment: "日本UseCase")
    }

    // MARK: Helpers

    /// `chunk` repeated as often as it fits in `size` bytes.
    static func repeated(_ chunk: String, toFill size: Int) -> [UInt8] {
        let piece = Array(chunk.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 64)
        for _ in 0..<size / piece.count { bytes += piece }
        return bytes
    }

    /// Appends 1 to 16 bytes that are not text: NUL (a quarter of them), another control
    /// character other than a line break, or a byte from 0x80 to 0xFF.
    static func appendHostileRun(_ bytes: inout [UInt8], _ random: inout SeededRandom) {
        for _ in 0..<random.int(in: 1...16) {
            bytes.append(random.int(in: 0...3) == 0 ? 0 : hostileBytes[random.int(in: 0...hostileBytes.count - 1)])
        }
    }

    /// Control characters other than `\n` and `\r`, DEL, and every byte with its high bit set.
    static let hostileBytes: [UInt8] = Array(0x01...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0x7F] + Array(0x80...0xFF)
}
