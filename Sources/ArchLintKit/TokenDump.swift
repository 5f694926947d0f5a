import SwiftLexer

/// `archlint tokens FILE`: one JSON object per token, in order (DESIGN §8):
/// `{"kind":K,"offset":O,"length":L,"line":N,"column":C,"text":T}` with offset and length
/// in UTF-8 bytes, line and column 1-based (column in bytes). Trivia is not printed. A token
/// the lexer found malformed (an unterminated string or comment delimiter, a number with
/// stray digits or letters such as `0b102`, an identifier or operator it cannot take) ends
/// with `"invalid":true`; `unknown` tokens always do.
public enum TokenDump {
    public static func jsonLines(for file: SourceFile) -> [UInt8] {
        let lexed = Lexer.tokenize(file)
        var out: [UInt8] = []
        out.reserveCapacity(lexed.tokens.count * 72)
        for token in lexed.tokens {
            let location = file.location(of: token.start)
            out.append(contentsOf: Array("{\"kind\":\"".utf8))
            out.append(contentsOf: Array(token.kind.name.utf8))
            out.append(contentsOf: Array("\",\"offset\":".utf8))
            JSONText.appendInt(token.start, to: &out)
            out.append(contentsOf: Array(",\"length\":".utf8))
            JSONText.appendInt(Int(token.length), to: &out)
            out.append(contentsOf: Array(",\"line\":".utf8))
            JSONText.appendInt(location.line, to: &out)
            out.append(contentsOf: Array(",\"column\":".utf8))
            JSONText.appendInt(location.column, to: &out)
            out.append(contentsOf: Array(",\"text\":".utf8))
            JSONText.appendString(file.text(of: token), to: &out)
            if token.flags.contains(.invalid) { out.append(contentsOf: Array(",\"invalid\":true".utf8)) }
            out.append(contentsOf: Array("}\n".utf8))
        }
        return out
    }
}
