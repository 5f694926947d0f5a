/// A JSON document built in memory and printed with a fixed layout, for the reports and
/// files that people diff and scripts parse (SARIF, `--format json`, baselines).
///
/// Objects keep their keys in the order written, so output is deterministic and reads in
/// the order a schema documents it; `Foundation.JSONSerialization` sorts or shuffles keys
/// and escapes `/`, which makes golden files and baselines noisy.
enum JSONNode: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONNode])
    case object([(String, JSONNode)])
    /// An array whose `count` items are made one at a time as they are written, so that
    /// a report's thousands of findings never exist as nodes all at once.
    case items(count: Int, item: @Sendable (Int) -> JSONNode)

    /// Pretty-printed with two-space indentation and a final newline. Empty arrays and
    /// objects print as `[]` and `{}`.
    func rendered() -> String {
        var out: [UInt8] = []
        write(to: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text):
            JSONText.appendString(text, to: &out)
        case .int(let value):
            JSONText.appendInt(value, to: &out)
        case .bool(let value):
            out.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])  // true, false
        case .array(let items):
            Self.writeArray(count: items.count, { items[$0] }, to: &out, indent: indent)
        case .items(let count, let item):
            Self.writeArray(count: count, item, to: &out, indent: indent)
        case .object(let members):
            guard !members.isEmpty else { out.append(0x7B); out.append(0x7D); return }
            out.append(0x7B)
            for (number, (key, value)) in members.enumerated() {
                Self.separate(&out, first: number == 0)
                Self.pad(&out, indent + 1)
                JSONText.appendString(key, to: &out)
                out.append(0x3A)
                out.append(0x20)
                value.write(to: &out, indent: indent + 1)
            }
            out.append(0x0A)
            Self.pad(&out, indent)
            out.append(0x7D)
        }
    }

    private static func writeArray(count: Int, _ item: (Int) -> JSONNode, to out: inout [UInt8], indent: Int) {
        guard count > 0 else { out.append(0x5B); out.append(0x5D); return }
        out.append(0x5B)
        for number in 0..<count {
            Self.separate(&out, first: number == 0)
            Self.pad(&out, indent + 1)
            item(number).write(to: &out, indent: indent + 1)
        }
        out.append(0x0A)
        Self.pad(&out, indent)
        out.append(0x5D)
    }

    /// The line break before an item, after a comma unless it is the first.
    private static func separate(_ out: inout [UInt8], first: Bool) {
        if !first { out.append(0x2C) }
        out.append(0x0A)
    }

    private static func pad(_ out: inout [UInt8], _ depth: Int) {
        var count = depth * 2
        while count > 0 {
            let step = min(count, spaces.count)
            out.append(contentsOf: spaces[..<step])
            count -= step
        }
    }

    /// Spaces to pad with, copied a slice at a time.
    private static let spaces = [UInt8](repeating: 0x20, count: 64)
}
