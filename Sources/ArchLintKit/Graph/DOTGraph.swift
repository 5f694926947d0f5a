/// A dependency graph in Graphviz's DOT language (`dot -Tsvg graph.dot > graph.svg`).
///
/// Every id and label is a double-quoted string with `"` and `\` escaped (so `\n`, `\N`
/// and the like never take effect) and line breaks as spaces. Edges that break the
/// configuration are red and dashed, allowed edges that nothing uses grey and dotted;
/// at type level each layer is a cluster.
public enum DOTGraph {
    public static func render(_ graph: DependencyGraph) -> String {
        var lines = [
            "digraph archlint {",
            "    graph [rankdir=LR, fontname=\"Helvetica\"];",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        if graph.level == .type {
            var ids = IdentifierAllocator(used: Set(graph.nodes.map(\.id)))
            for group in graph.groups {
                let members = graph.nodes.filter { $0.layer == group }
                guard let group else {
                    lines += members.map { "    " + declaration(of: $0) }
                    continue
                }
                lines.append("    subgraph \(quoted(ids.allocate("cluster_" + group))) {")
                lines.append("        label=\(quoted(group));")
                lines += members.map { "        " + declaration(of: $0) }
                lines.append("    }")
            }
        } else {
            lines += graph.nodes.map { "    " + declaration(of: $0) }
        }
        for edge in graph.edges {
            var attributes: [String] = []
            let label = edge.label
            if !label.isEmpty { attributes.append("label=\(quoted(label))") }
            if edge.isUnused {
                attributes += ["color=gray80", "style=dotted"]
            } else if edge.isViolation {
                attributes += ["color=red", "fontcolor=red", "style=dashed", "penwidth=2"]
            }
            let list = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
            lines.append("    \(quoted(graph.nodes[edge.from].id)) -> \(quoted(graph.nodes[edge.to].id))\(list);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func declaration(of node: DependencyGraph.Node) -> String {
        var attributes = ["label=\(quoted(node.name))"]
        switch node.kind {
        case .externalModule: attributes.append("shape=ellipse")
        case .noLayer: attributes.append("style=\"rounded,dashed\"")
        case .function: attributes.append("shape=component")
        case .file, .variable: attributes.append("shape=note")
        case .layer, .module, .type: break
        }
        return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    /// A DOT double-quoted string.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
