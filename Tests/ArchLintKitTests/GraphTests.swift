import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

// MARK: - Mermaid syntax

/// A structural check of the Mermaid that `archlint graph` writes (the subset it uses):
/// `flowchart LR`, node declarations with quoted labels, `subgraph … end`, edges with
/// optional quoted labels, `linkStyle`. Checks that ids are plain and unique, labels carry
/// no raw character that Mermaid reads as syntax or markup, brackets and quotes balance,
/// every edge's endpoints are declared and every `linkStyle` names an edge.
enum MermaidSyntax {
    static let identifier = "[A-Za-z_][A-Za-z0-9_]*"
    static let reserved: Set<String> = ["end", "graph", "flowchart", "subgraph", "style", "linkStyle", "classDef", "class", "click", "default", "direction"]
    /// Node shapes used: open, close.
    static let shapes: [(String, String)] = [("[[", "]]"), ("([", "])"), ("[", "]"), ("(", ")")]

    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        guard text.hasSuffix("\n") else { return ["no final newline"] }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "flowchart LR" else { return ["does not start with `flowchart LR`"] }
        var declared: Set<String> = []
        var edges: [(from: String, to: String)] = []
        var styled: [Int] = []
        var depth = 0
        for (number, line) in lines.enumerated().dropFirst() {
            let where_ = "line \(number + 1) `\(line)`"
            problems += balanceProblems(line).map { "\(where_): \($0)" }
            let text = line.trimmingCharacters(in: .whitespaces)
            if let groups = match("^subgraph (\(identifier))\\[\"([^\"]*)\"\\]$", text) {
                if !declared.insert(groups[0]).inserted { problems.append("\(where_): id \(groups[0]) declared twice") }
                problems += labelProblems(groups[1]).map { "\(where_): \($0)" }
                depth += 1
            } else if text == "end" {
                depth -= 1
                if depth < 0 { problems.append("\(where_): `end` without `subgraph`") }
            } else if let groups = match("^(\(identifier)) (-->|-\\.->)(?:\\|\"([^\"]*)\"\\|)? (\(identifier))$", text) {
                edges.append((groups[0], groups[3]))
                problems += labelProblems(groups[2]).map { "\(where_): \($0)" }
            } else if let groups = match("^linkStyle ([0-9]+) [a-z-]+:[#A-Za-z0-9]+(,[a-z-]+:[#A-Za-z0-9]+)*$", text) {
                styled.append(Int(groups[0])!)
            } else if let (id, label) = node(text) {
                if !declared.insert(id).inserted { problems.append("\(where_): id \(id) declared twice") }
                if reserved.contains(id.lowercased()) { problems.append("\(where_): id \(id) is a Mermaid keyword") }
                problems += labelProblems(label).map { "\(where_): \($0)" }
            } else {
                problems.append("\(where_): not a node, edge, subgraph or linkStyle line")
            }
        }
        if depth != 0 { problems.append("\(depth) subgraph(s) not closed") }
        for edge in edges where !declared.contains(edge.from) || !declared.contains(edge.to) {
            problems.append("edge \(edge.from) → \(edge.to) has an undeclared endpoint")
        }
        for index in styled where index >= edges.count {
            problems.append("linkStyle \(index) names no edge (there are \(edges.count))")
        }
        return problems
    }

    /// `id["label"]`, `id(["label"])`, `id[["label"]]`, `id("label")`.
    static func node(_ text: String) -> (String, String)? {
        for (open, close) in shapes {
            let pattern = "^(\(identifier))" + NSRegularExpression.escapedPattern(for: open) + "\"([^\"]*)\"" + NSRegularExpression.escapedPattern(for: close) + "$"
            if let groups = match(pattern, text) { return (groups[0], groups[1]) }
        }
        return nil
    }

    /// Characters Mermaid would read as syntax or markup: they must be entity codes.
    static func labelProblems(_ label: String) -> [String] {
        var problems: [String] = []
        for character in ["\"", "<", ">", "|", "`"] where label.contains(character) {
            problems.append("raw \(character) in label \(label)")
        }
        if label.unicodeScalars.contains(where: { $0.value < 0x20 }) { problems.append("control character in label") }
        // `#` and `&` only as the start of an entity code: `#quot;`, `#35;`.
        let withoutEntities = label.replacingOccurrences(of: "#[A-Za-z0-9]+;", with: "", options: .regularExpression)
        if withoutEntities.contains("#") || withoutEntities.contains("&") { problems.append("raw # or & in label \(label)") }
        return problems
    }

    /// Outside quoted labels, `[`/`]` and `(`/`)` pair up, and quotes come in pairs.
    static func balanceProblems(_ line: String) -> [String] {
        var stack: [Character] = []
        var inQuotes = false
        for character in line {
            if character == "\"" { inQuotes.toggle(); continue }
            guard !inQuotes else { continue }
            switch character {
            case "[", "(", "{": stack.append(character)
            case "]", ")", "}":
                let expected: Character = character == "]" ? "[" : character == ")" ? "(" : "{"
                guard stack.popLast() == expected else { return ["unbalanced \(character)"] }
            default: break
            }
        }
        if inQuotes { return ["unbalanced quote"] }
        return stack.isEmpty ? [] : ["unclosed \(stack)"]
    }

    /// A label as Mermaid shows it.
    static func decoded(_ label: String) -> String {
        var text = label
        for (code, character) in [("#quot;", "\""), ("#lt;", "<"), ("#gt;", ">"), ("#amp;", "&"), ("#124;", "|"), ("#96;", "`"), ("#35;", "#")] {
            text = text.replacingOccurrences(of: code, with: character)
        }
        return text
    }

    /// The labels of the node declarations, decoded.
    static func nodeLabels(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { node($0.trimmingCharacters(in: .whitespaces)).map { decoded($0.1) } }
    }

    static func match(_ pattern: String, _ text: String) -> [String]? {
        let expression = try! NSRegularExpression(pattern: pattern)
        guard let result = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<result.numberOfRanges).map { number in
            Range(result.range(at: number), in: text).map { String(text[$0]) } ?? ""
        }
    }
}

/// The path of an executable on `PATH`, if there is one.
func executableOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Runs a program with standard input, returning its status and outputs.
func runProgram(_ executable: String, _ arguments: [String], input: String = "", in directory: URL? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let stdin = Pipe(), out = Pipe(), err = Pipe()
    process.standardInput = stdin
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Output is read on another thread so that a large graph cannot fill the pipe first.
    final class Box: @unchecked Sendable { var data = Data() }
    let errData = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData.data, as: UTF8.self))
}

// MARK: - The example apps

/// `archlint graph` on the example apps, run as a user would, against expected outputs in
/// `Fixtures/Graph` (`ARCHLINT_UPDATE_GOLDENS=1` rewrites them; review the diff).
final class GraphGoldenTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Graph")
    static let apps = ["ArcanaNotes", "TrailLog"]
    static let formats = [("mermaid", "mmd"), ("dot", "dot"), ("json", "json")]

    func graph(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProgram(EndToEndTests.executable.path, ["graph"] + arguments, in: EndToEndTests.repository)
    }

    func assertMatches(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        XCTAssertEqual(actual, try String(contentsOf: url, encoding: .utf8), name, file: file, line: line)
    }

    func testLayerGraphsOfTheExampleAppsInEveryFormat() throws {
        for app in Self.apps {
            for (format, suffix) in Self.formats {
                let result = try graph(["Examples/\(app)", "--format", format])
                XCTAssertEqual(result.status, 0, "the graph command does not fail on violations")
                XCTAssertEqual(result.err, "")
                try assertMatches(result.out, "\(app).layer.\(suffix)")
                if format == "mermaid" { XCTAssertEqual(MermaidSyntax.problems(in: result.out), [], app) }
                if format == "json" { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.out.utf8)), app) }
            }
        }
    }

    /// A folder of a project is read as lint reads it: references resolve against the whole
    /// project, and the graph draws the folder's own dependencies, without the dashed
    /// "unused" edges that the rest of the project may use.
    func testAGraphOfAFolderOfAProjectDrawsThatFoldersDependencies() throws {
        let result = try graph(["Examples/ArcanaNotes/Domain"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("    Domain -->|\"1 ref · 1 finding\"| Presentation\n"), result.out)
        XCTAssertTrue(result.out.contains("    Domain -->|\"4 refs\"| Core\n"), result.out)
        XCTAssertFalse(result.out.contains("Presentation -->"), result.out)
        XCTAssertFalse(result.out.contains("-.->"), result.out)
        let whole = try graph(["Examples/ArcanaNotes"])
        XCTAssertTrue(whole.out.contains("    Domain -->|\"1 ref · 1 finding\"| Presentation\n"), whole.out)
        XCTAssertTrue(whole.out.contains("    Presentation -.-> Core\n"), whole.out)
    }

    func testModuleAndTypeGraphs() throws {
        let module = try graph(["Examples/ArcanaNotes", "--level", "module"])
        XCTAssertEqual(module.status, 0)
        try assertMatches(module.out, "ArcanaNotes.module.mmd")
        XCTAssertEqual(MermaidSyntax.problems(in: module.out), [])
        let type = try graph(["Examples/TrailLog", "--level", "type", "--focus", "Presentation", "--format", "dot"])
        XCTAssertEqual(type.status, 0)
        try assertMatches(type.out, "TrailLog.type-Presentation.dot")
        for app in Self.apps {
            for focus in ["Presentation", "Domain", "Data"] {
                let focused = try graph(["Examples/\(app)", "--level", "type", "--focus", focus])
                XCTAssertEqual(focused.status, 0)
                XCTAssertEqual(MermaidSyntax.problems(in: focused.out), [], "\(app) \(focus)")
            }
        }
    }

    /// The graph and the rule share one dependency relation: the findings on the edges are
    /// exactly the rule's findings, and an edge is red exactly when it carries some.
    func testFindingsOnTheEdgesAreTheRulesFindings() throws {
        for app in Self.apps {
            let lint = try runProgram(EndToEndTests.executable.path, ["Examples/\(app)", "--only-rule", "layer-dependency", "--format", "json"],
                                      in: EndToEndTests.repository)
            let findings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [[String: Any]])
            XCTAssertFalse(findings.isEmpty, "\(app) has deliberate layer violations")
            // At layer level no finding can fall inside a node (a layer may use itself), and
            // a red edge carries the finding of each symbol it is the first to reach; at
            // module level a dependency between layers compiled into one module is inside one.
            for level in ["layer", "module"] {
                let result = try graph(["Examples/\(app)", "--level", level, "--format", "json"])
                let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
                let edges = try XCTUnwrap(json["edges"] as? [[String: Any]])
                let onEdges = edges.reduce(0) { $0 + ($1["findings"] as! Int) }
                if level == "layer" {
                    XCTAssertEqual(onEdges, findings.count, app)
                } else {
                    XCTAssertLessThanOrEqual(onEdges, findings.count, app)
                }
                for edge in edges where level == "layer" || (edge["findings"] as! Int) > 0 {
                    XCTAssertEqual(edge["violation"] as? Bool, (edge["findings"] as! Int) > 0, "\(app) \(level) \(edge)")
                }
            }
        }
    }

    /// The README's rendered example is the ArcanaNotes graph as the tool prints it.
    func testReadmeShowsTheCurrentArcanaNotesGraph() throws {
        let readme = try String(contentsOf: EndToEndTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let graph = try String(contentsOf: Self.fixtures.appendingPathComponent("ArcanaNotes.layer.mmd"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```mermaid\n" + graph + "```\n"),
                      "README.md's ```mermaid block must be `archlint graph Examples/ArcanaNotes` (Fixtures/Graph/ArcanaNotes.layer.mmd)")
    }

    /// Every DOT output renders with Graphviz, when it is installed (`.ci/run` installs it).
    func testDOTRendersWithGraphviz() throws {
        guard let dot = executableOnPath("dot") else { throw XCTSkip("Graphviz's dot is not installed") }
        var sources: [(String, String)] = []
        for app in Self.apps {
            for level in ["layer", "module"] {
                sources.append(("\(app) \(level)", try graph(["Examples/\(app)", "--level", level, "--format", "dot"]).out))
            }
            sources.append(("\(app) type", try graph(["Examples/\(app)", "--level", "type", "--focus", "Domain", "--format", "dot"]).out))
        }
        let awkward = try AwkwardProject()
        for level in [["--level", "layer"], ["--level", "module"], ["--level", "type", "--focus", "Model"]] {
            sources.append(("awkward \(level)", awkward.project.run(["graph", "--format", "dot"] + level).out))
        }
        for (name, source) in sources {
            let rendered = try runProgram(dot, ["-Tsvg"], input: source)
            XCTAssertEqual(rendered.status, 0, "\(name): \(rendered.err)")
            XCTAssertTrue(rendered.out.contains("<svg"), name)
            XCTAssertEqual(rendered.err, "", name)
        }
    }
}

// MARK: - Awkward names

/// A project whose layer, type and module names contain what Mermaid and DOT treat as
/// syntax: quotes, `#`, `<>`, `|`, `&`, backticks, a backslash, the keyword `end`, accents.
struct AwkwardProject {
    static let layerNames = ["UI \"screens\" <v2> #1 | a&b `x` \\n", "end", "Ünïcode Layer"]
    let project: ScratchProject

    init() throws {
        project = try ScratchProject()
        let layers = Self.layerNames.map { JSONText.quoted($0) }
        try project.write(".archlint.json", """
            {
              "profile": "arcana",
              "layers": [
                { "name": \(layers[0]), "paths": ["UI/"], "mayDependOn": ["end"] },
                { "name": \(layers[1]), "paths": ["end/"], "forbiddenImports": ["graph"] },
                { "name": \(layers[2]), "paths": ["Core/"], "mayDependOn": ["*"] }
              ]
            }
            """)
        try project.write("UI/Screen.swift", "import graph\nstruct Screen { let model: Model; let cafe: Café; func f() { helper() } }\n")
        try project.write("end/Model.swift", "import graph\nstruct Model { let screen: Screen }\nfunc helper() {}\n")
        try project.write("Core/Café.swift", "struct Café { let model: Model; let loose: Loose }\n")
        try project.write("Misc/Loose.swift", "struct Loose { let model: Model }\n")
    }
}

// MARK: - The command

final class GraphCommandTests: XCTestCase {
    func testNamesThatLookLikeSyntaxAreEscaped() throws {
        let awkward = try AwkwardProject()
        let layer = awkward.project.run(["graph"])
        XCTAssertEqual(layer.status, 0, layer.err)
        XCTAssertEqual(MermaidSyntax.problems(in: layer.out), [], layer.out)
        XCTAssertEqual(Set(MermaidSyntax.nodeLabels(in: layer.out)), Set(AwkwardProject.layerNames + ["(no layer)", "graph"]))
        XCTAssertTrue(layer.out.contains("    n_end[\"end\"]\n"), layer.out)
        for level in [["--level", "module"], ["--level", "type", "--focus", "Model"], ["--level", "type", "--focus", "end"]] {
            let result = awkward.project.run(["graph"] + level)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(MermaidSyntax.problems(in: result.out), [], result.out)
        }
        let dot = awkward.project.run(["graph", "--format", "dot"])
        XCTAssertTrue(dot.out.contains(#"[label="UI \"screens\" <v2> #1 | a&b `x` \\n"];"#), dot.out)
        let json = awkward.project.run(["graph", "--format", "json"])
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let names = (parsed["nodes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, AwkwardProject.layerNames + ["(no layer)", "graph"])
    }

    func testUsageProblemsExitTwo() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "struct Note {}\n")
        for arguments in [["graph", "--level", "class"], ["graph", "--format", "svg"], ["graph", "--bogus"], ["graph", "--focus"],
                          ["graph", "--level", "type"], ["graph", "--profile", "clean"]] {
            let result = project.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("error: "), "\(arguments): \(result.err)")
            XCTAssertEqual(result.out, "", "\(arguments)")
        }
        for arguments in [["graph", "--output", "--format", "json"], ["graph", "--output="], ["graph", "--help=yes"]] {
            let result = project.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("error: --"), "\(arguments): \(result.err)")
        }
        XCTAssertEqual(project.run(["graph", "--", "App"]).status, 0, "`--` ends the options")
        let layerAsModule = project.run(["graph", "--level", "module", "--focus", "Domain"])
        XCTAssertEqual(layerAsModule.status, 2)
        XCTAssertFalse(layerAsModule.err.contains("did you mean 'Domain'"), layerAsModule.err)
        let unknown = project.run(["graph", "--level", "type", "--focus", "Nte"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("did you mean 'Note'?"), unknown.err)
        try project.write(".archlint.json", "{ \"profile\": \"arcana\", \"bogus\": 1 }\n")
        XCTAssertEqual(project.run(["graph"]).status, 2, "an invalid configuration")
    }

    func testHelpSaysViolationsDoNotFailTheCommand() throws {
        let project = try ScratchProject()
        let help = project.run(["graph", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("violations do not fail it"), help.out)
        XCTAssertTrue(project.run(["--help"]).out.contains("graph [PATH ...]"))
    }

    func testOutputFileAndUnreadablePaths() throws {
        let project = try ScratchProject()
        try project.write("App/Domain/Note.swift", "import SwiftUI\nstruct Note { let row: NoteRow }\n")
        try project.write("App/Presentation/NoteRow.swift", "struct NoteRow { let note: Note }\n")
        let written = project.run(["graph", "--format", "json", "--output", "graph.json"])
        XCTAssertEqual(written.status, 0, "violations do not fail the graph")
        XCTAssertEqual(written.out, "")
        let json = try String(contentsOfFile: project.path("graph.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"violation\": true"), json)
        let missing = project.run(["graph", "App", "Nowhere"])
        XCTAssertEqual(missing.status, 2, "a path that cannot be read")
        XCTAssertTrue(missing.err.contains("Nowhere: no such file or directory"), missing.err)
        XCTAssertTrue(missing.out.hasPrefix("flowchart LR\n"), "the graph of the rest is still printed")
        let unwritable = project.run(["graph", "--output", project.path("no/such/dir/graph.mmd")])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.err.contains("cannot write the graph to"), unwritable.err)
        // A folder without Swift files is no error, but says so, as lint does.
        try FileManager.default.createDirectory(atPath: project.path("Empty"), withIntermediateDirectories: true)
        let empty = project.run(["graph", "Empty"])
        XCTAssertEqual(empty.status, 0)
        XCTAssertTrue(empty.err.hasPrefix("warning: no Swift files found in Empty; the graph shows only the configured layers"), empty.err)
        let emptyModules = project.run(["graph", "Empty", "--level", "module"])
        XCTAssertTrue(emptyModules.err.hasPrefix("warning: no Swift files found in Empty; the graph is empty"), emptyModules.err)
    }

    func testConfigurationWarningsAreGivenAsLintGivesThem() throws {
        let project = try ScratchProject()
        try project.write("Stuff/Thing.swift", "struct Thing {}\n")
        try project.write(".archlint.json", #"{"layers": [{"name": "Domain", "paths": ["Domain/"], "mayDependOn": ["Data"]}, {"name": "Data", "paths": ["Data/"], "mayDependOn": ["Domain"]}]}"#)
        let lint = project.run(["--quiet"])
        let graph = project.run(["graph"])
        XCTAssertEqual(graph.status, 0, graph.err)
        for warning in ["no linted file matches the 'paths' of any layer", "layers 'Domain' and 'Data' may depend on each other"] {
            XCTAssertTrue(lint.err.contains(warning), lint.err)
            XCTAssertTrue(graph.err.contains(warning), graph.err)
        }
    }
}

// MARK: - What the graph shows

final class GraphBuilderTests: XCTestCase {
    func build(_ files: [(String, String)], profile: String = "arcana", level: DependencyGraph.Level = .layer,
               focus: String? = nil) throws -> DependencyGraph {
        let configuration = Profiles.configuration(profile)!
        let index = ProjectIndex.build(sources: files.map { ($0.0, Array($0.1.utf8)) }, configuration: configuration)
        let dependencies = LayerDependencies(index: index, configuration: configuration).all()
        return try DependencyGraph.build(level: level, focus: focus, dependencies: dependencies, index: index,
                                         configuration: configuration, projectName: "App").get()
    }

    /// `from → to` with the label, `!` for a violation, `~` for an unused allowed edge.
    func edges(_ graph: DependencyGraph) -> [String] {
        graph.edges.map { edge in
            let mark = edge.isViolation ? " !" : edge.isUnused ? " ~" : ""
            return "\(graph.nodes[edge.from].name) → \(graph.nodes[edge.to].name) \(edge.label)\(mark)"
                .replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
        }
    }

    static let note = ("App/Domain/Note.swift", "struct Note {}\n")

    func testShadowingGenericParametersAndInactiveCodeAreTheRulesOwn() throws {
        let graph = try build([
            Self.note,
            ("App/Data/NoteDTO.swift", "struct NoteDTO {}\nstruct Note {}\n"),
            ("App/Presentation/NoteRow.swift", """
                struct NoteRow<NoteDTO> {
                    let note: Note          // Domain's Note shadows Data's
                    let dto: NoteDTO        // the generic parameter
                #if false
                    let legacy: ArcanaData.NoteDTO
                #endif
                }
                """),
        ], profile: "arc-labs")
        XCTAssertEqual(edges(graph), ["Presentation → Domain 1 ref", "Data → Domain ~", "CompositionRoot → Presentation ~",
                                      "CompositionRoot → Domain ~", "CompositionRoot → Data ~"])
        XCTAssertFalse(graph.nodes.contains { $0.kind == .noLayer }, "no file in no layer takes part")
    }

    func testNoLayerNodeOnlyWithEdgesAndAmbiguityIsNoViolation() throws {
        let view = ("App/Presentation/NoteRow.swift", "struct NoteRow { let dto: NoteDTO; let note: Note }\n")
        let dto = ("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        let forbidden = try build([Self.note, dto, view], profile: "arc-labs")
        XCTAssertEqual(edges(forbidden).filter { $0.hasPrefix("Presentation") },
                       ["Presentation → Domain 1 ref", "Presentation → Data 1 ref · 1 finding !"])
        // The same name also declared in a file of no layer: ambiguous, an edge to `(no layer)`.
        let ambiguous = try build([Self.note, dto, view, ("App/Support/NoteDTO.swift", "struct NoteDTO {}\n")], profile: "arc-labs")
        XCTAssertEqual(edges(ambiguous).filter { $0.hasPrefix("Presentation") },
                       ["Presentation → Domain 1 ref", "Presentation → (no layer) 1 ref"])
        XCTAssertEqual(ambiguous.nodes.map(\.name), ["Presentation", "Domain", "Data", "CompositionRoot", "(no layer)"])
    }

    func testForbiddenImportsAndUnusedAllowedEdges() throws {
        let graph = try build([
            ("App/Domain/Note.swift", "import Foundation\nimport SwiftUI\nimport SwiftUI\nstruct Note {}\n"),
            ("App/Presentation/NoteRow.swift", "import SwiftUI\nimport ArcanaDomain\nstruct NoteRow { let note: Note }\n"),
        ])
        XCTAssertEqual(edges(graph), [
            "Presentation → Domain 1 import · 1 ref", "Presentation → Core ~", "Domain → Core ~", "Domain → SwiftUI 2 imports · 1 finding !",
            "Data → Domain ~", "Data → Core ~", "CompositionRoot → Presentation ~", "CompositionRoot → Domain ~",
            "CompositionRoot → Data ~", "CompositionRoot → Core ~",
        ])
        let mermaid = MermaidGraph.render(graph)
        XCTAssertTrue(mermaid.contains("    Presentation -.-> Core\n    Domain -.-> Core\n    Domain -->|\"2 imports · 1 finding\"| SwiftUI\n"), mermaid)
        XCTAssertTrue(mermaid.contains("    linkStyle 1 stroke:#bbb,stroke-width:1px\n    linkStyle 2 stroke:#bbb,stroke-width:1px\n    linkStyle 3 stroke:#d00,"), mermaid)
        let dot = DOTGraph.render(graph)
        XCTAssertTrue(dot.contains(#""Presentation" -> "Core" [color=gray80, style=dotted];"#), dot)
        XCTAssertTrue(dot.contains(#""Domain" -> "SwiftUI" [label="2 imports · 1 finding", color=red, fontcolor=red, style=dashed, penwidth=2];"#), dot)
    }

    func testARuleTurnedOffCountsNoFindingsOnTheEdges() throws {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\n")
        try project.write("App/Presentation/NoteRow.swift", "struct NoteRow { let dto: NoteDTO }\n")
        func dataEdge() throws -> [String: Any]? {
            let result = project.run(["graph", "App", "--format", "json"])
            XCTAssertEqual(result.status, 0, result.err)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            return (json["edges"] as? [[String: Any]] ?? []).first { $0["from"] as? String == "Presentation" && $0["to"] as? String == "Data" }
        }
        XCTAssertEqual(try dataEdge()?["findings"] as? Int, 1)
        try project.write(".archlint.json", #"{"rules": {"layer-dependency": {"severity": "off"}}}"#)
        let edge = try dataEdge()
        XCTAssertEqual(edge?["findings"] as? Int, 0, "lint reports none")
        XCTAssertEqual(edge?["violation"] as? Bool, true, "the edge still breaks mayDependOn")
    }

    func testSuppressedFindingsAreNotCountedOnTheEdges() throws {
        let project = try ScratchProject()
        try project.write("App/Data/NoteDTO.swift", "struct NoteDTO {}\nstruct TagDTO {}\n")
        try project.write("App/Presentation/EditorModel.swift", """
            struct EditorModel {
                // archlint:disable:next layer-dependency
                var legacy: NoteDTO?
                // archlint:disable:next layer-dependency
                var tag: TagDTO?

                func draft() -> NoteDTO { NoteDTO() }
            }
            """)
        let lint = project.run(["App", "--format", "json"])
        let findings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(findings.filter { $0["suppressed"] as? Bool == false }.count, 1, lint.out)
        let result = project.run(["graph", "App", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let edge = (json["edges"] as? [[String: Any]] ?? []).first { $0["from"] as? String == "Presentation" && $0["to"] as? String == "Data" }
        XCTAssertEqual(edge?["findings"] as? Int, 1, "TagDTO's only use is silenced; NoteDTO's finding moves to its later use")
        XCTAssertEqual(edge?["violation"] as? Bool, true)
    }

    func testModulesFromSourcesFoldersLayersAndTheProjectName() throws {
        let graph = try build([
            ("Sources/NotesKit/Domain/Note.swift", "import Foundation\nstruct Note {}\n"),
            ("Sources/NotesUI/Presentation/NoteRow.swift", "import NotesKit\nstruct NoteRow { let note: Note }\n"),
            ("Core/Clock.swift", "struct Clock {}\n"),
            ("NotesApp.swift", "import NotesUI\nstruct NotesApp { let row: NoteRow; let clock: Clock }\n"),
        ], level: .module)
        XCTAssertEqual(graph.nodes.map(\.name), ["App", "ArcanaCore", "NotesKit", "NotesUI", "Foundation"])
        XCTAssertEqual(graph.nodes.map(\.kind), [.module, .module, .module, .module, .externalModule])
        XCTAssertEqual(edges(graph), ["App → ArcanaCore 1 ref", "App → NotesUI 1 import · 1 ref", "NotesKit → Foundation 1 import",
                                      "NotesUI → NotesKit 1 import · 1 ref"])
    }

    func testTypeLevelFocusOnALayerOrAType() throws {
        let files = [
            ("App/Domain/Note.swift", "struct Note { let folder: Folder }\nstruct Folder {}\nstruct Unused {}\nfunc makeNote() -> Note { Note(folder: Folder()) }\n"),
            ("App/Data/NoteDTO.swift", "struct NoteDTO { func note() -> Note { makeNote() } }\n"),
            ("App/Presentation/NoteRow.swift", "struct NoteRow { let note: Note; let dto: NoteDTO }\nextension Note { var row: NoteRow { NoteRow(note: self, dto: NoteDTO()) } }\n"),
        ]
        let domain = try build(files, level: .type, focus: "Domain")
        XCTAssertEqual(domain.nodes.map { "\($0.layer ?? "-"):\($0.name)" }, ["Domain:Folder", "Domain:Note", "Domain:Unused", "Domain:makeNote()"])
        XCTAssertEqual(edges(domain), ["Note → Folder 1 ref", "makeNote() → Folder 1 ref", "makeNote() → Note 2 refs"])
        let note = try build(files, level: .type, focus: "Note")
        XCTAssertEqual(note.nodes.map { "\($0.layer ?? "-"):\($0.name)" },
                       ["Presentation:Note", "Presentation:NoteRow", "Domain:Folder", "Domain:Note", "Domain:makeNote()", "Data:NoteDTO"])
        // `NoteDTO` is a finding where this file first names it, in `NoteRow`: the edge from
        // the extension is red but carries no finding.
        XCTAssertEqual(edges(note), ["Note → NoteRow 2 refs", "Note → Note 1 ref", "Note → NoteDTO 1 ref !", "NoteRow → Note 1 ref",
                                     "Note → Folder 1 ref", "makeNote() → Note 2 refs", "NoteDTO → Note 1 ref"])
        XCTAssertEqual(MermaidSyntax.problems(in: MermaidGraph.render(note)), [])
        XCTAssertThrowsError(try build(files, level: .type))
        XCTAssertThrowsError(try build(files, level: .type, focus: "Nothing"))
    }

    /// The rule's cheap selection finds exactly the violations of the full one.
    func testViolationSelectionAgreesWithTheFullRelation() throws {
        for app in GraphGoldenTests.apps {
            let root = EndToEndTests.repository.appendingPathComponent("Examples/\(app)")
            let configuration = try ConfigurationLoader.load(path: root.appendingPathComponent(".archlint.json").path, profileOverride: nil,
                                                             rules: RuleRegistry.descriptions).get()
            let discovered = FileDiscovery.discover(paths: [root.path], root: root.path, configuration: configuration)
            let (files, problems) = Pipeline.readAndOutline(discovered.files, configuration: configuration, jobs: 2, store: SourceStore())
            XCTAssertTrue(problems.isEmpty)
            let dependencies = LayerDependencies(index: ProjectIndex(files: files), configuration: configuration)
            var violations = 0
            for file in files.indices {
                let cheap = dependencies.dependencies(ofFile: file, selection: .violations)
                XCTAssertEqual(cheap, dependencies.dependencies(ofFile: file).filter(\.isViolation), files[file].path)
                violations += cheap.count
            }
            XCTAssertGreaterThan(violations, 0, app)
        }
    }
}
