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
        String(decoding: renderedBytes(), as: UTF8.self)
    }

    /// `rendered()` as UTF-8 bytes, for a report written to a file or a stream: no `String`
    /// is made (checking three megabytes of UTF-8 took a tenth of a large SARIF report's
    /// time). The `.items` of a long array are written on up to `jobs` threads, a run of
    /// items each, and joined in order: the bytes are the same with any number of threads.
    func renderedBytes(jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, indent: 0, jobs: jobs)
        out.append(0x0A)
        return out
    }

    private func write(to out: inout [UInt8], indent: Int, jobs: Int) {
        switch self {
        case .string(let text):
            JSONText.appendString(text, to: &out)
        case .int(let value):
            JSONText.appendInt(value, to: &out)
        case .bool(let value):
            out.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])  // true, false
        case .array(let items):
            Self.writeArray(count: items.count, to: &out, indent: indent) { out in
                Self.writeItems(items.indices, { items[$0] }, to: &out, indent: indent, jobs: jobs)
            }
        case .items(let count, let item):
            Self.writeArray(count: count, to: &out, indent: indent) { out in
                if jobs > 1, count >= 2 * Self.itemsPerRun {
                    Self.writeItemsInParallel(count: count, item, to: &out, indent: indent, jobs: jobs)
                } else {
                    Self.writeItems(0..<count, item, to: &out, indent: indent, jobs: jobs)
                }
            }
        case .object(let members):
            guard !members.isEmpty else { out.append(0x7B); out.append(0x7D); return }
            out.append(0x7B)
            for (number, (key, value)) in members.enumerated() {
                Self.separate(&out, first: number == 0)
                Self.pad(&out, indent + 1)
                JSONText.appendString(key, to: &out)
                out.append(0x3A)
                out.append(0x20)
                value.write(to: &out, indent: indent + 1, jobs: jobs)
            }
            out.append(0x0A)
            Self.pad(&out, indent)
            out.append(0x7D)
        }
    }

    /// `[`, the items `writeItems` writes, a line break and `]` at `indent`; `[]` for none.
    private static func writeArray(count: Int, to out: inout [UInt8], indent: Int, writeItems: (inout [UInt8]) -> Void) {
        guard count > 0 else { out.append(0x5B); out.append(0x5D); return }
        out.append(0x5B)
        writeItems(&out)
        out.append(0x0A)
        Self.pad(&out, indent)
        out.append(0x5D)
    }

    /// The items `numbers` of an array, each on its own line after the separator it
    /// takes as the array's item `number` (no comma before the first).
    private static func writeItems(_ numbers: Range<Int>, _ item: (Int) -> JSONNode, to out: inout [UInt8], indent: Int, jobs: Int) {
        for number in numbers {
            Self.separate(&out, first: number == 0)
            Self.pad(&out, indent + 1)
            item(number).write(to: &out, indent: indent + 1, jobs: jobs)
        }
    }

    /// Items per run handed to a thread: large enough that a run's bytes dwarf the cost
    /// of handing it out and joining it.
    private static let itemsPerRun = 64

    /// `writeItems` for every item of a long `.items` array: runs of items are written into
    /// buffers of their own on up to `jobs` threads, then appended in order.
    private static func writeItemsInParallel(count: Int, _ item: @escaping @Sendable (Int) -> JSONNode, to out: inout [UInt8],
                                             indent: Int, jobs: Int) {
        let runs = (count + itemsPerRun - 1) / itemsPerRun
        let written = Parallel.map(count: runs, jobs: jobs) { run -> [UInt8] in
            var bytes: [UInt8] = []
            let numbers = (run * itemsPerRun)..<min(count, (run + 1) * itemsPerRun)
            writeItems(numbers, item, to: &bytes, indent: indent, jobs: 1)
            return bytes
        }
        out.reserveCapacity(out.count + written.reduce(0) { $0 + $1.count })
        for bytes in written { out.append(contentsOf: bytes) }
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
