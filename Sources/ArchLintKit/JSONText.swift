/// Minimal JSON writing on byte buffers, shared by every JSON-emitting command and
/// reporter. Output is compact and deterministic (keys in the order written).
public enum JSONText {
    /// Appends `text` as a JSON string literal (with quotes), escaping `"`, `\` and
    /// control characters; everything else is copied as UTF-8.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape (most strings are one run) are copied at once.
            var runStart = 0
            for offset in 0..<bytes.count where needsEscape[Int(bytes[offset])] {
                let byte = bytes[offset]
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                runStart = offset + 1
                switch byte {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(0x6E)
                case 0x0D: out.append(0x5C); out.append(0x72)
                case 0x09: out.append(0x5C); out.append(0x74)
                default:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])  // \u00
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(0x22)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Per byte: whether a JSON string writes it escaped (`"`, `\`, control characters).
    private static let needsEscape: [Bool] = (0...255).map { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }

    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func appendInt(_ value: Int, to out: inout [UInt8]) {
        // Digits written straight into `out`, last first, then put in order.
        if value < 0 { out.append(0x2D) }
        let start = out.count
        var remaining = value.magnitude
        repeat {
            out.append(0x30 + UInt8(remaining % 10))
            remaining /= 10
        } while remaining > 0
        out[start...].reverse()
    }
}
