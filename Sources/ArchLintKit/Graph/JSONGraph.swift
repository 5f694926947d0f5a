/// A dependency graph as JSON for scripts: `level`, `focus` (only when given), `nodes`
/// and `edges`, in the graph's sorted order, keys in the order documented in the README.
public enum JSONGraph {
    public static func render(_ graph: DependencyGraph) -> String {
        var members: [(String, JSONNode)] = [("level", .string(graph.level.rawValue))]
        if let focus = graph.focus { members.append(("focus", .string(focus))) }
        members.append(("nodes", .array(graph.nodes.map { node in
            var fields: [(String, JSONNode)] = [("id", .string(node.id)), ("name", .string(node.name)), ("kind", .string(node.kind.rawValue))]
            if let layer = node.layer { fields.append(("layer", .string(layer))) }
            return .object(fields)
        })))
        members.append(("edges", .array(graph.edges.map { edge in
            .object([
                ("from", .string(graph.nodes[edge.from].id)),
                ("to", .string(graph.nodes[edge.to].id)),
                ("count", .int(edge.count)),
                ("imports", .int(edge.imports)),
                ("references", .int(edge.references)),
                ("findings", .int(edge.findings)),
                ("violation", .bool(edge.isViolation)),
                ("unused", .bool(edge.isUnused)),
            ])
        })))
        return JSONNode.object(members).rendered()
    }
}
