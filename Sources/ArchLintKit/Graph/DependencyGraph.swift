/// The architecture as `layer-dependency` sees it (DESIGN §5.1): nodes (layers, modules
/// or types) and the dependencies between them, counted, with the edges that break the
/// configuration marked. Built from `LayerDependencies`, so the graph and the rule never
/// disagree about what depends on what; rendered by `MermaidGraph`, `DOTGraph` and
/// `JSONGraph`.
///
/// Everything is sorted: layers in configuration order, then `(no layer)`, then modules
/// outside the project by name; modules by name; types by layer, then name. Edges follow
/// their nodes' order (source first, then destination).
public struct DependencyGraph: Sendable, Equatable {
    /// What a node stands for.
    public enum Level: String, Sendable, CaseIterable {
        /// Configured layers; `(no layer)` when something in no layer takes part; modules
        /// outside the project only as the target of a forbidden import.
        case layer
        /// Modules: SwiftPM targets inferred from `Sources/<Target>/` (or `Tests/<Target>/`),
        /// else the first module of the file's layer, else the project folder's name; plus
        /// every imported module.
        case module
        /// Top-level types, typealiases and global functions (with `--focus`).
        case type
    }

    public struct Node: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case layer
            /// Files that match no layer, as one node.
            case noLayer = "no-layer"
            /// A module whose sources are in the project.
            case module
            /// An imported module whose sources are not in the project (Foundation, SwiftUI).
            case externalModule = "external-module"
            /// A top-level type, protocol or typealias (or an extension of a type declared elsewhere).
            case type
            case function
            /// A top-level `let` or `var`.
            case variable
            /// Code outside any declaration (`main.swift` statements), by file.
            case file
        }

        /// Unique within the graph and safe in Mermaid and DOT: letters, digits and `_`.
        public var id: String
        /// The name shown.
        public var name: String
        public var kind: Kind
        /// Type level: the layer of the files that declare the type (the node's group);
        /// `nil` for files in no layer, and at the other levels.
        public var layer: String?

        public init(id: String, name: String, kind: Kind, layer: String?) {
            self.id = id
            self.name = name
            self.kind = kind
            self.layer = layer
        }
    }

    public struct Edge: Sendable, Equatable {
        /// Indices into `nodes`.
        public var from: Int
        public var to: Int
        /// `import` statements (forbidden imports included).
        public var imports: Int
        /// References to types and calls of global functions, each occurrence.
        public var references: Int
        /// The `layer-dependency` findings along this edge (one per file and module or
        /// symbol) that lint reports: those a suppression comment silences are not counted,
        /// though the edge still breaks the rules (`isViolation`).
        public var findings: Int
        /// Some dependency along this edge breaks `mayDependOn` or `forbiddenImports`.
        public var isViolation: Bool
        /// Allowed by `mayDependOn` but used by nothing (layer level only): drawn faintly.
        public var isUnused: Bool

        public init(from: Int, to: Int, imports: Int = 0, references: Int = 0, findings: Int = 0, isViolation: Bool = false, isUnused: Bool = false) {
            self.from = from
            self.to = to
            self.imports = imports
            self.references = references
            self.findings = findings
            self.isViolation = isViolation
            self.isUnused = isUnused
        }

        public var count: Int { imports + references }

        /// `2 imports · 12 refs · 1 finding`; empty for an unused edge.
        public var label: String {
            var parts: [String] = []
            if imports > 0 { parts.append(imports == 1 ? "1 import" : "\(imports) imports") }
            if references > 0 { parts.append(references == 1 ? "1 ref" : "\(references) refs") }
            if findings > 0 { parts.append(findings == 1 ? "1 finding" : "\(findings) findings") }
            return parts.joined(separator: " · ")
        }
    }

    public var level: Level
    /// What `--focus` named, if anything.
    public var focus: String?
    public var nodes: [Node]
    public var edges: [Edge]

    public init(level: Level, focus: String?, nodes: [Node], edges: [Edge]) {
        self.level = level
        self.focus = focus
        self.nodes = nodes
        self.edges = edges
    }

    /// The name of the node that stands for files in no layer.
    public static let noLayerName = "(no layer)"

    /// Layers in the order their nodes are drawn (type level groups): configuration
    /// order, then files in no layer.
    public var groups: [String?] {
        var seen: Set<String> = []
        var result: [String?] = []
        var hasUngrouped = false
        for node in nodes {
            if let layer = node.layer {
                if seen.insert(layer).inserted { result.append(layer) }
            } else {
                hasUngrouped = true
            }
        }
        return hasUngrouped ? result + [nil] : result
    }
}

/// Why a graph cannot be drawn (exit status 2).
public struct GraphError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
