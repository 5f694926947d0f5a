/// Where a configuration file's JSON goes wrong, for the error message: Foundation's
/// decoder on Linux says only "The given data was not valid JSON." This reads the text
/// again when the decoder has refused it and names the first place it cannot go on, with
/// its line and column ("line 4, column 12: expected ',' or '}' after a value, found
/// '\"'"). It accepts what the configuration format allows: JSON with `//` and `/* */`
/// comments and trailing commas, and the JSON5 forms the decoder takes too (unquoted keys,
/// single-quoted strings, hexadecimal and signed numbers, `Infinity`, `NaN`).
///
/// It also names the well-formed values the decoder cannot hold, with their key path: a
/// number out of `Double`'s range (`1e400`, `1e-400`) or a hexadecimal one with more than 53
/// significant bits, a `\u` escape that is half a surrogate pair (`"\ud83d"`) or NUL, an
/// escape the decoder does not know (`\q`, `\v`) and a control character inside a string.
struct JSONSyntaxCheck {
    /// A syntax error: 1-based line and column (in characters) and what was wrong.
    struct Problem: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var reason: String
        /// The key path of the value the decoder cannot hold (`rules.unimplemented-code`);
        /// empty for a syntax error.
        var path = ""

        var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// Deeper nesting than this is reported rather than followed (the check recurses).
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    /// The keys and indices leading to the value being read (`rules`, `layer-dependency`).
    private var path: [String] = []
    /// The first key given twice in one object: its path, and where its second use starts.
    private var duplicate: (path: String, line: Int, column: Int)?
    /// Whether values the decoder cannot hold are problems too (`firstProblem`, which runs
    /// only when the decoder refused the text). The duplicate-key walk, over text the decoder
    /// took, leaves them alone, so that a decoder that takes more does not end the walk early.
    private var checksValues = false

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first syntax error of `bytes`, or nil when this check finds none.
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var check = JSONSyntaxCheck(bytes)
        check.checksValues = true
        do {
            if check.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { check.position = 3 }
            try check.skipSpace()
            guard check.position < check.bytes.count else { throw check.problem("the file is empty; expected an object") }
            try check.value(depth: 0)
            try check.skipSpace()
            if check.position < check.bytes.count { throw check.problem("unexpected \(check.found()) after the end of the top-level value") }
            return nil
        } catch let problem as Problem {
            return problem
        } catch {
            return nil
        }
    }

    /// The first key given twice in one object of `bytes` (valid JSON or JSON5): its key path
    /// (`rules.layer-dependency`) with the line and column of the second use. JSON parsers
    /// differ on which value such a key keeps, so a configuration must not have one.
    static func firstDuplicateKey(in bytes: [UInt8]) -> (path: String, line: Int, column: Int)? {
        var check = JSONSyntaxCheck(bytes)
        if check.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { check.position = 3 }
        guard (try? check.skipSpace()) != nil, check.position < check.bytes.count, (try? check.value(depth: 0)) != nil else { return nil }
        return check.duplicate
    }

    /// `rules.layer-dependency`, `layers[1].name`.
    private static func joined(_ path: [String]) -> String {
        var text = ""
        for part in path {
            if part.hasPrefix("[") || text.isEmpty { text += part } else { text += "." + part }
        }
        return text
    }

    // MARK: Values

    private mutating func value(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw problem("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = peek() else { throw problem("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try string()
        default:
            let word = wordAtPosition()
            guard !word.isEmpty, Self.isLiteral(word) else {
                if let first = word.first, Self.isDigit(first) { throw problem("\(found()) is not a number") }
                throw problem("expected a value (an object, array, string, number, true, false or null), found \(found())")
            }
            if checksValues, let reason = Self.unholdable(word) { throw valueProblem(reason) }
            position += word.count
        }
    }

    private mutating func object(depth: Int) throws {
        if try opensEmpty(closer: UInt8(ascii: "}")) { return }
        var keys = Set<ArraySlice<UInt8>>()
        while true {
            guard let byte = peek() else { throw problem("expected a key or '}', found the end of the file") }
            let keyStart = position
            var key: ArraySlice<UInt8>
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                try string()
                key = bytes[(keyStart + 1)..<(position - 1)]
            } else if Self.isIdentifierStart(byte) {
                while let next = peek(), Self.isIdentifierByte(next) { position += 1 }
                key = bytes[keyStart..<position]
            } else {
                throw problem("expected a key in double quotes or '}', found \(found())")
            }
            // `"profile"` and `"\u0070rofile"` are the same key.
            if key.contains(UInt8(ascii: "\\")) { key = Self.unescaped(key) }
            let name = String(decoding: key, as: UTF8.self)
            if !keys.insert(key).inserted, duplicate == nil {
                let (line, column) = lineAndColumn(of: keyStart)
                duplicate = (Self.joined(path + [name]), line, column)
            }
            try skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw problem("expected ':' after the key, found \(found())") }
            position += 1
            try skipSpace()
            path.append(name)
            try value(depth: depth + 1)
            path.removeLast()
            if try closesAfterElement(closer: UInt8(ascii: "}")) { return }
        }
    }

    private mutating func array(depth: Int) throws {
        if try opensEmpty(closer: UInt8(ascii: "]")) { return }
        var number = 0
        while true {
            path.append("[\(number)]")
            try value(depth: depth + 1)
            path.removeLast()
            number += 1
            if try closesAfterElement(closer: UInt8(ascii: "]")) { return }
        }
    }

    /// Steps over an object's or array's opening bracket and the space after it; whether
    /// the closer follows at once (and is stepped over too).
    private mutating func opensEmpty(closer: UInt8) throws -> Bool {
        position += 1
        try skipSpace()
        guard peek() == closer else { return false }
        position += 1
        return true
    }

    /// After a member or element: a `,` (and the closer after it, trailing commas being
    /// allowed) or the closer. Whether the object or array ended.
    private mutating func closesAfterElement(closer: UInt8) throws -> Bool {
        try skipSpace()
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            try skipSpace()
            guard peek() == closer else { return false }
            position += 1
            return true
        case closer:
            position += 1
            return true
        default:
            throw problem("expected ',' or '\(Character(Unicode.Scalar(closer)))' after a value, found \(found())")
        }
    }

    private mutating func string() throws {
        let start = position
        let quote = bytes[position]
        position += 1
        while let byte = peek() {
            switch byte {
            case quote:
                position += 1
                return
            case UInt8(ascii: "\\"):
                guard let escaped = peek(at: position + 1) else { position += 1; continue }
                if escaped == UInt8(ascii: "u") {
                    let digits = (position + 2)..<min(position + 6, bytes.count)
                    guard digits.count == 4, digits.allSatisfy({ Self.isHexDigit(bytes[$0]) }) else {
                        throw problem("a \\u escape needs four hexadecimal digits")
                    }
                    if checksValues { try unicodeEscape() } else { position += 6 }
                } else if checksValues, escaped == UInt8(ascii: "x") {
                    let digits = (position + 2)..<min(position + 4, bytes.count)
                    guard digits.count == 2, digits.allSatisfy({ Self.isHexDigit(bytes[$0]) }) else {
                        throw problem("a \\x escape needs two hexadecimal digits")
                    }
                    if Self.hexValue(bytes[digits]) == 0 { throw valueProblem(Self.nulReason(String(decoding: bytes[position..<(position + 4)], as: UTF8.self))) }
                    position += 4
                } else if checksValues, !Self.isKnownEscape(escaped) {
                    throw valueProblem("'\\\(found(at: position + 1))' is not a known escape; "
                        + "write the character itself, or one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                } else if escaped == 0x0D, peek(at: position + 2) == 0x0A {
                    // JSON5: a backslash before a line break continues the string.
                    position += 3
                } else {
                    // An escape the decoder takes (checked above when `checksValues`), or a
                    // backslash before a line break, which continues the string (JSON5).
                    position += 2
                }
            case 0x0A, 0x0D:
                position = start
                throw problem("a string that is not closed on its line")
            case 0x00..<0x20 where checksValues:
                let name = byte == 0x09 ? "a tab" : "a control character (U+\(Self.hex4(Int(byte))))"
                let escape = byte == 0x09 ? "\\t" : "\\u\(Self.hex4(Int(byte)))"
                throw valueProblem("\(name) inside a string; write it as \(escape)")
            default:
                position += 1
            }
        }
        position = start
        throw problem("a string that is never closed")
    }

    /// A `\u` escape at the position (its four digits checked) that the decoder takes: not
    /// NUL and not half a surrogate pair; the pair itself is stepped over as one.
    private mutating func unicodeEscape() throws {
        let value = Self.hexValue(bytes[(position + 2)..<(position + 6)])
        let text = String(decoding: bytes[position..<(position + 6)], as: UTF8.self)
        switch value {
        case 0:
            throw valueProblem(Self.nulReason(text))
        case 0xD800...0xDBFF:
            let next = (position + 6)..<min(position + 12, bytes.count)
            guard next.count == 6, bytes[next.lowerBound] == UInt8(ascii: "\\"), bytes[next.lowerBound + 1] == UInt8(ascii: "u"),
                  bytes[(next.lowerBound + 2)..<next.upperBound].allSatisfy(Self.isHexDigit),
                  (0xDC00...0xDFFF).contains(Self.hexValue(bytes[(next.lowerBound + 2)..<next.upperBound])) else {
                throw valueProblem("'\(text)' is the first half of a UTF-16 surrogate pair, without the second; "
                    + "write the character itself, or both halves (\\ud83d\\ude00 is 😀)")
            }
            position += 12
        case 0xDC00...0xDFFF:
            throw valueProblem("'\(text)' is the second half of a UTF-16 surrogate pair, without the first; "
                + "write the character itself, or both halves (\\ud83d\\ude00 is 😀)")
        default:
            position += 6
        }
    }

    private static func nulReason(_ escape: String) -> String {
        "'\(escape)' is the NUL character, which a string cannot hold here"
    }

    /// Escapes the decoder takes besides `\u` and `\x`: JSON's, `\'` and a line break.
    private static func isKnownEscape(_ byte: UInt8) -> Bool {
        Array("\"\\/bfnrt'".utf8).contains(byte) || byte == 0x0A || byte == 0x0D
    }

    /// Why the decoder cannot hold a number literal, or nil when it can (`Infinity` and `NaN`
    /// it can). A decimal number must be finite and, when it is not zero, not so small that it
    /// reads as zero; a hexadecimal one must be exact as a `Double` (53 significant bits).
    private static func unholdable(_ word: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: word, as: UTF8.self)
        let unsigned = text.first == "+" || text.first == "-" ? String(text.dropFirst()) : text
        if unsigned == "Infinity" || unsigned == "NaN" || ["true", "false", "null"].contains(unsigned) { return nil }
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") {
            if let value = UInt64(unsigned.dropFirst(2), radix: 16), UInt64(exactly: Double(value)) == value { return nil }
            return "the number \(text) is out of range: a hexadecimal number can have at most 53 significant bits"
        }
        guard let value = Double(unsigned) else { return nil }
        if value.isInfinite { return "the number \(text) is out of range: numbers go up to about 1.8e308" }
        let mantissa = unsigned.prefix { $0 != "e" && $0 != "E" }
        if value == 0, mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) {
            return "the number \(text) is out of range: it is too small to tell from 0 (numbers go down to about 5e-324)"
        }
        return nil
    }

    /// A key's bytes with its escapes replaced by what they stand for, as the decoder reads
    /// them (`\u0070rofile` is `profile`); an escape it would refuse is kept as written.
    private static func unescaped(_ key: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result: [UInt8] = []
        var index = key.startIndex
        func hexDigits(_ count: Int, at start: Int) -> Int? {
            guard start + count <= key.endIndex, key[start..<(start + count)].allSatisfy(isHexDigit) else { return nil }
            return hexValue(key[start..<(start + count)])
        }
        while index < key.endIndex {
            guard key[index] == UInt8(ascii: "\\"), index + 1 < key.endIndex else {
                result.append(key[index])
                index += 1
                continue
            }
            let escaped = key[index + 1]
            var scalar: Int?
            var length = 2
            switch escaped {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "x"): scalar = hexDigits(2, at: index + 2); length = 4
            case UInt8(ascii: "u"):
                scalar = hexDigits(4, at: index + 2)
                length = 6
                if let high = scalar, (0xD800...0xDBFF).contains(high), index + 7 < key.endIndex, key[index + 6] == UInt8(ascii: "\\"),
                   key[index + 7] == UInt8(ascii: "u"), let low = hexDigits(4, at: index + 8), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                }
            default: scalar = Int(escaped)  // `\"`, `\\`, `\/`, `\'` stand for themselves
            }
            if let scalar, let character = Unicode.Scalar(scalar) {
                result += Array(String(Character(character)).utf8)
            } else {
                result += key[index..<min(index + length, key.endIndex)]
            }
            index += length
        }
        return result[...]
    }

    private static func hexValue(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { value, digit in
            value * 16 + Int(isDigit(digit) ? digit - 0x30 : (digit | 0x20) - 0x61 + 10)
        }
    }

    private static func hex4(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Space and comments

    private mutating func skipSpace() throws {
        while let byte = peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "/") where peek(at: position + 1) == UInt8(ascii: "/"):
                while let next = peek(), next != 0x0A, next != 0x0D { position += 1 }
            case UInt8(ascii: "/") where peek(at: position + 1) == UInt8(ascii: "*"):
                let start = position
                position += 2
                while position < bytes.count, !(bytes[position] == UInt8(ascii: "*") && peek(at: position + 1) == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position < bytes.count else {
                    position = start
                    throw problem("a comment that is never closed")
                }
                position += 2
            default:
                return
            }
        }
    }

    // MARK: Helpers

    private func peek(at index: Int? = nil) -> UInt8? {
        let index = index ?? position
        return index < bytes.count ? bytes[index] : nil
    }

    /// The run of name and number characters at the position (`true`, `tru`, `-1.5e3`).
    private func wordAtPosition() -> ArraySlice<UInt8> {
        var end = position
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")
            || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") {
            end += 1
        }
        return bytes[position..<end]
    }

    /// Whether a word is a literal JSON5 accepts: `true`, `false`, `null`, `Infinity`,
    /// `NaN` (signed or not) or a number, decimal or hexadecimal.
    private static func isLiteral(_ word: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: word, as: UTF8.self)
        if ["true", "false", "null"].contains(text) { return true }
        let unsigned = text.first == "+" || text.first == "-" ? String(text.dropFirst()) : text
        if unsigned == "Infinity" || unsigned == "NaN" { return true }
        guard let first = unsigned.utf8.first, isDigit(first) || first == UInt8(ascii: ".") else { return false }
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") {
            return unsigned.count > 2 && unsigned.utf8.dropFirst(2).allSatisfy(isHexDigit)
        }
        // No leading zero (`01`), as in JSON; and digits, a point and an exponent only.
        let digits = Array(unsigned.utf8)
        if digits.count > 1, digits[0] == UInt8(ascii: "0"), isDigit(digits[1]) { return false }
        guard digits.allSatisfy({ isDigit($0) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains($0) }) else {
            return false
        }
        return Double(unsigned) != nil
    }

    /// The character at `index` (as many bytes as it takes).
    private func found(at index: Int) -> String {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// What is at the position, quoted for a message.
    private func found() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let word = wordAtPosition()
        if word.count > 1 { return "'\(String(decoding: word.prefix(24), as: UTF8.self))'" }
        // One character, as many bytes as it takes.
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[position..<end], as: UTF8.self)
        // A character that shows as a space or not at all (a no-break space pasted from a web
        // page, a zero-width space) is named by its code point.
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value != 0x20,
           scalar.properties.isWhitespace || [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) (an invisible or space-like character)"
        }
        return "'\(character)'"
    }

    private func problem(_ reason: String) -> Problem {
        let (line, column) = lineAndColumn(of: position)
        return Problem(line: line, column: column, reason: reason)
    }

    /// A well-formed value the decoder cannot hold, at the position: with its key path.
    private func valueProblem(_ reason: String) -> Problem {
        var found = problem(reason)
        found.path = Self.joined(path)
        return found
    }

    /// 1-based line and column of a byte offset; a column counts characters (UTF-8 lead
    /// bytes), and `\r\n`, `\n` and `\r` each end a line.
    private func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && peek(at: index + 1) != 0x0A) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}

extension JSONSyntaxCheck.Problem: Error {}
