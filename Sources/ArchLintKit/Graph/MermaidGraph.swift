/// A dependency graph as a Mermaid flowchart, which GitHub renders in Markdown (a
/// ```` ```mermaid ```` block in a README, a pull-request comment or a job summary).
///
/// Ids are the graph's sanitised node ids; every label is quoted, with `"`, `#`, `<`,
/// `>`, `&`, `|` and backticks written as Mermaid entity codes (`#quot;`, `#35;`…), so no
/// name can end a label or start markup. Edges that break the configuration are red and
/// dashed (`linkStyle`), allowed edges that nothing uses are dotted and faint.
public enum MermaidGraph {
    /// Mermaid's default `maxEdges`: a flowchart with more edges is not drawn, and a page
    /// cannot raise the limit from inside the diagram.
    public static let maximumEdges = 500

    public static func render(_ graph: DependencyGraph) -> String {
        var lines = ["flowchart LR"]
        if graph.level == .type {
            var ids = IdentifierAllocator(used: Set(graph.nodes.map(\.id)))
            for group in graph.groups {
                let members = graph.nodes.filter { $0.layer == group }
                guard let group else {
                    lines += members.map { "    " + declaration(of: $0) }
                    continue
                }
                lines.append("    subgraph \(ids.allocate("layer_" + group))[\(quoted(group))]")
                lines += members.map { "        " + declaration(of: $0) }
                lines.append("    end")
            }
        } else {
            lines += graph.nodes.map { "    " + declaration(of: $0) }
        }
        var styles: [String] = []
        for (number, edge) in graph.edges.enumerated() {
            let from = graph.nodes[edge.from].id
            let to = graph.nodes[edge.to].id
            if edge.isUnused {
                lines.append("    \(from) -.-> \(to)")
                styles.append("    linkStyle \(number) stroke:#bbb,stroke-width:1px")
                continue
            }
            let label = edge.label
            lines.append(label.isEmpty ? "    \(from) --> \(to)" : "    \(from) -->|\(quoted(label))| \(to)")
            if edge.isViolation {
                styles.append("    linkStyle \(number) stroke:#d00,stroke-width:2px,stroke-dasharray:4,color:#d00")
            }
        }
        return (lines + styles).joined(separator: "\n") + "\n"
    }

    /// `Domain["Domain"]`, `SwiftUI(["SwiftUI"])`, `Core_format[["format()"]]`.
    static func declaration(of node: DependencyGraph.Node) -> String {
        let label = quoted(node.name)
        switch node.kind {
        case .externalModule: return "\(node.id)([\(label)])"
        case .function: return "\(node.id)[[\(label)]]"
        case .file, .variable: return "\(node.id)(\(label))"
        case .layer, .noLayer, .module, .type: return "\(node.id)[\(label)]"
        }
    }

    /// A label in double quotes, with the characters that Mermaid would read as syntax or
    /// markup written as entity codes; line breaks and other control characters as spaces.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
