import SwiftOutline

extension DependencyGraph {
    /// Builds the graph of a project at one level from its dependencies
    /// (`LayerDependencies.all()`, every file).
    ///
    /// - Parameters:
    ///   - focus: a node to centre on: at layer and module level, a layer or module (its
    ///     edges in and out are kept); at type level (where it is required), a layer (its
    ///     types and the types they reference) or a type or function name (it, what it
    ///     references and what references it).
    ///   - projectName: the module of files that are neither under `Sources/<Target>/` nor
    ///     in a layer with `modules` (module level): the project folder's name.
    ///   - countsFindings: whether edges count `layer-dependency` findings; not when the
    ///     configuration turns the rule off (lint reports none; forbidden edges are still
    ///     drawn as such).
    ///   - showsUnusedEdges: whether allowed layer edges that nothing uses are drawn (dashed);
    ///     not for a graph of part of a project, where the rest may use them.
    ///   - isSuppressed: whether a suppression comment silences the finding a violation
    ///     would be: silenced ones are not counted, as lint does not report them (the edge
    ///     is still drawn as forbidden).
    public static func build(level: Level, focus: String? = nil, dependencies: [Dependency], index: ProjectIndex,
                             configuration: Configuration, projectName: String, countsFindings: Bool = true,
                             showsUnusedEdges: Bool = true,
                             isSuppressed: (Dependency) -> Bool = { _ in false }) -> Result<DependencyGraph, GraphError> {
        var builder = GraphBuilder(level: level, index: index, configuration: configuration, projectName: projectName)
        let findings = countsFindings ? Set(Dependency.reported(dependencies, unless: isSuppressed)) : []
        for dependency in dependencies {
            builder.add(dependency, isFinding: findings.contains(dependency))
        }
        if level == .layer, showsUnusedEdges { builder.addUnusedAllowedEdges() }
        return builder.finish(focus: focus)
    }
}

/// Accumulates nodes and edges, then sorts, focuses and numbers them.
private struct GraphBuilder {
    typealias Node = DependencyGraph.Node

    /// A node before ids are assigned: identity, sort key, what it shows.
    struct Entry {
        var key: String
        var name: String
        var kind: Node.Kind
        var layer: String?
        /// Sorting: group rank, then name.
        var rank: Int
    }

    struct EdgeKey: Hashable {
        var from: String
        var to: String
    }

    let level: DependencyGraph.Level
    let index: ProjectIndex
    let configuration: Configuration
    let projectName: String
    var entries: [String: Entry] = [:]
    var edges: [EdgeKey: DependencyGraph.Edge] = [:]
    /// Module level: each file's module (computed once), and the set of them.
    var fileModules: [String?]
    var projectModules: Set<String>? = nil

    init(level: DependencyGraph.Level, index: ProjectIndex, configuration: Configuration, projectName: String) {
        self.level = level
        self.index = index
        self.configuration = configuration
        self.projectName = projectName
        fileModules = Array(repeating: nil, count: level == .module ? index.files.count : 0)
        if level == .layer {
            for layer in configuration.layers { _ = layerNode(layer.name) }
        }
    }

    // MARK: Nodes

    /// Layers rank by configuration order; files in no layer after them.
    func layerRank(_ layer: String?) -> Int {
        layer.flatMap { name in configuration.layers.firstIndex { $0.name == name } } ?? configuration.layers.count
    }

    mutating func node(_ key: String, _ name: String, _ kind: Node.Kind, layer: String?, rank: Int) -> String {
        if entries[key] == nil { entries[key] = Entry(key: key, name: name, kind: kind, layer: layer, rank: rank) }
        return key
    }

    mutating func layerNode(_ layer: String?) -> String {
        guard let layer else {
            return node("none", DependencyGraph.noLayerName, .noLayer, layer: nil, rank: configuration.layers.count)
        }
        return node("layer:" + layer, layer, .layer, layer: layer, rank: layerRank(layer))
    }

    mutating func moduleNode(_ module: String, external: Bool) -> String {
        node("module:" + module, module, external ? .externalModule : .module, layer: nil, rank: external ? Int.max : 0)
    }

    // MARK: Edges

    mutating func add(_ dependency: Dependency, isFinding: Bool) {
        let from: String
        let to: String
        switch level {
        case .layer:
            from = layerNode(dependency.fromLayer)
            switch dependency.kind {
            case .forbiddenImport:
                to = moduleNode(dependency.target, external: true)
            case .import:
                guard let target = dependency.toLayer else { return }  // Foundation: not an edge between layers
                to = layerNode(target)
            case .reference:
                to = layerNode(dependency.toLayer)
            }
        case .module:
            let source = module(ofFile: dependency.file)
            from = moduleNode(source, external: false)
            if dependency.isImport {
                guard dependency.target != source else { return }
                to = moduleNode(dependency.target, external: !isProjectModule(dependency.target))
            } else {
                guard let declaration = dependency.declaration else { return }
                to = moduleNode(module(ofFile: declaration.file), external: false)
            }
        case .type:
            guard dependency.kind == .reference, let declaration = dependency.declaration else { return }
            from = typeNode(file: dependency.file, declaration: dependency.fromDeclaration)
            to = typeNode(file: declaration.file, declaration: declaration.declaration)
        }
        guard from != to else { return }
        var edge = edges[EdgeKey(from: from, to: to)] ?? DependencyGraph.Edge(from: 0, to: 0)
        if dependency.isImport { edge.imports += 1 } else { edge.references += 1 }
        if isFinding { edge.findings += 1 }
        if dependency.isViolation { edge.isViolation = true }
        edges[EdgeKey(from: from, to: to)] = edge
    }

    /// Layer level: what `mayDependOn` allows (`*`: every other layer) and nothing uses.
    mutating func addUnusedAllowedEdges() {
        for layer in configuration.layers {
            for other in configuration.layers where other.name != layer.name && configuration.mayDepend(layer.name, on: other.name) {
                let key = EdgeKey(from: layerNode(layer.name), to: layerNode(other.name))
                if edges[key] == nil { edges[key] = DependencyGraph.Edge(from: 0, to: 0, isUnused: true) }
            }
        }
    }

    // MARK: Modules

    /// The module a file is compiled into: the SwiftPM target of `Sources/<Target>/…` or
    /// `Tests/<Target>/…` (the last such folder in the path), else the first module of its
    /// layer, else the project's name. A heuristic: an Xcode project's targets, or a layer
    /// whose `modules` are not where its files are compiled, are not seen.
    mutating func module(ofFile file: Int) -> String {
        if let known = fileModules[file] { return known }
        var module = PathText.packageTarget(of: index.files[file].path)?.name
        if module == nil, let layer = index.files[file].layer { module = configuration.layer(named: layer)?.modules.first }
        let result = module ?? projectName
        fileModules[file] = result
        return result
    }

    /// Whether some file of the project is compiled into `module`.
    mutating func isProjectModule(_ module: String) -> Bool {
        if projectModules == nil { projectModules = Set(index.files.indices.map { self.module(ofFile: $0) }) }
        return projectModules!.contains(module)
    }

    // MARK: Types

    /// The top-level declaration enclosing `declaration` in `file` (itself if top level),
    /// as a node of the file's layer; code outside declarations as a node of the file.
    mutating func typeNode(file: Int, declaration: Int?) -> String {
        let indexed = index.files[file]
        let layer = indexed.layer
        guard var current = declaration else {
            let name = indexed.path.split(separator: "/").last.map(String.init) ?? indexed.path
            return node("file:" + indexed.path, name, .file, layer: layer, rank: layerRank(layer))
        }
        let outline = indexed.outline
        while let parent = outline.declarations[current].parent { current = parent }
        let item = outline.declarations[current]
        return topLevelNode(name: item.name, kind: item.kind, layer: layer)
    }

    mutating func topLevelNode(name: String, kind: DeclarationKind, layer: String?) -> String {
        let nodeKind: Node.Kind
        switch kind {
        case .func: nodeKind = .function
        case .var, .let: nodeKind = .variable
        default: nodeKind = .type
        }
        let shown = nodeKind == .function ? name + "()" : name
        return node("\(nodeKind.rawValue):\(layer ?? ""):\(name)", shown, nodeKind, layer: layer, rank: layerRank(layer))
    }

    /// Type level: the top-level types and functions of the files in `layer` (`nil`: every
    /// file), even those that reference nothing and nothing references.
    mutating func addDeclarations(inLayer layer: String?) -> Set<String> {
        var keys: Set<String> = []
        for file in index.files where layer == nil || file.layer == layer {
            for number in file.outline.topLevel {
                let item = file.outline.declarations[number]
                guard !item.name.isEmpty, item.kind == .func || DependencySymbols.isTypeKind(item.kind),
                      !item.conditions.contains(where: \.isInactive) else { continue }
                keys.insert(topLevelNode(name: item.name, kind: item.kind, layer: file.layer))
            }
        }
        return keys
    }

    // MARK: Finishing

    mutating func finish(focus: String?) -> Result<DependencyGraph, GraphError> {
        var keptEdges = Array(edges)
        var keptKeys: Set<String>
        if let focus {
            switch focused(on: focus, edges: keptEdges) {
            case .success(let kept):
                keptEdges = kept.edges
                keptKeys = kept.nodes
            case .failure(let error):
                return .failure(error)
            }
        } else if level == .type {
            return .failure(GraphError("--level type needs --focus NAME: a layer (\(configuration.layers.map(\.name).joined(separator: ", "))) or a type"))
        } else {
            keptKeys = Set(entries.keys)
            if level == .layer {
                // `(no layer)` only when something in no layer takes part.
                let touched = Set(keptEdges.flatMap { [$0.key.from, $0.key.to] })
                if !touched.contains("none") { keptKeys.remove("none") }
            }
        }
        for edge in keptEdges {
            keptKeys.insert(edge.key.from)
            keptKeys.insert(edge.key.to)
        }
        let ordered = keptKeys.compactMap { entries[$0] }.sorted { ($0.rank, $0.name, $0.key) < ($1.rank, $1.name, $1.key) }
        var ids = IdentifierAllocator()
        var position: [String: Int] = [:]
        var nodes: [Node] = []
        for entry in ordered {
            position[entry.key] = nodes.count
            let base = level == .type ? (entry.layer ?? "none") + "_" + Self.plainName(entry) : entry.name
            nodes.append(Node(id: ids.allocate(entry.key == "none" ? "no_layer" : base), name: entry.name, kind: entry.kind,
                              layer: level == .type ? entry.layer : nil))
        }
        var result: [DependencyGraph.Edge] = []
        for (key, edge) in keptEdges {
            guard let from = position[key.from], let to = position[key.to] else { continue }
            var numbered = edge
            numbered.from = from
            numbered.to = to
            result.append(numbered)
        }
        result.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        return .success(DependencyGraph(level: level, focus: focus, nodes: nodes, edges: result))
    }

    /// The edges and nodes around `focus`.
    mutating func focused(on focus: String, edges: [(key: EdgeKey, value: DependencyGraph.Edge)])
        -> Result<(edges: [(key: EdgeKey, value: DependencyGraph.Edge)], nodes: Set<String>), GraphError> {
        if level == .type, configuration.layer(named: focus) != nil {
            let own = addDeclarations(inLayer: focus)
            let kept = edges.filter { entries[$0.key.from]?.layer == focus }
            return .success((kept, own))
        }
        if level == .type { _ = addDeclarations(inLayer: nil) }  // a type that nothing connects is still a focus
        let matching = Set(entries.values.filter { Self.plainName($0) == focus }.map(\.key))
        guard !matching.isEmpty else {
            // Layer names are focuses only where a layer is a node or selects one (not at
            // module level, where suggesting the name just refused would go in a circle).
            let layers = level == .module ? [] : configuration.layers.map(\.name)
            let candidates = Set(entries.values.map(Self.plainName) + layers).sorted().filter { $0 != focus }
            let what: String
            switch level {
            case .layer: what = "no layer or module named '\(focus)' in the graph"
            case .module: what = "no module named '\(focus)' in the graph"
            case .type: what = "no layer, type or function named '\(focus)' in the graph"
            }
            return .failure(GraphError("--focus: \(what)\(ConfigurationLoader.suggestion(focus, among: candidates))"))
        }
        let kept = edges.filter { matching.contains($0.key.from) || matching.contains($0.key.to) }
        return .success((kept, matching))
    }

    /// A node's name as `--focus` spells it (`format`, not `format()`).
    static func plainName(_ entry: Entry) -> String {
        entry.kind == .function && entry.name.hasSuffix("()") ? String(entry.name.dropLast(2)) : entry.name
    }
}

/// Node ids for Mermaid and DOT: letters, digits and `_` only, not starting with a digit,
/// never a Mermaid keyword, unique (`_2`, `_3`… on a clash).
struct IdentifierAllocator {
    /// Words that Mermaid's flowchart grammar reads as keywords where an id would be.
    static let reserved: Set<String> = [
        "end", "graph", "flowchart", "subgraph", "style", "linkStyle", "classDef", "class", "click", "call", "href",
        "default", "direction", "interpolate", "accTitle", "accDescr", "callback",
    ]

    var used: Set<String> = []

    mutating func allocate(_ name: String) -> String {
        var base = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "_" ? scalar : "_"
        }))
        if base.isEmpty || base.first!.isNumber || Self.reserved.contains(base) || Self.reserved.contains(base.lowercased()) {
            base = "n_" + base
        }
        var candidate = base
        var number = 2
        while !used.insert(candidate).inserted {
            candidate = "\(base)_\(number)"
            number += 1
        }
        return candidate
    }
}
