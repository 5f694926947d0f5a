/// Minimal JSON writing on byte buffers, shared by every JSON-emitting command and
/// reporter. Output is compact and deterministic (keys in the order written).
public enum JSONText {
    /// Appends `text` as a JSON string literal (with quotes), escaping `"`, `\` and
    /// control characters; everything else is copied as UTF-8.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: Array("\\u00".utf8))
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(0x22)
    }

    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func appendInt(_ value: Int, to out: inout [UInt8]) {
        out.append(contentsOf: Array(String(value).utf8))
    }
}
