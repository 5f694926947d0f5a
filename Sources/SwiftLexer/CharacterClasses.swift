// Character classes of the Swift lexical grammar ("Identifiers" and "Operators" in The
// Swift Programming Language reference), on Unicode scalar values.

@usableFromInline
enum CharacterClass {
    /// ASCII letters, digits, `_` and `$` (identifier continuation in ASCII: `_$id`, `a$b`).
    @inline(__always)
    static func isASCIIIdentifierContinue(_ byte: UInt8) -> Bool {
        // One bit per ASCII byte, so the check is a shift instead of five comparisons.
        byte < 64 ? (identifierContinueLow >> UInt64(byte)) & 1 != 0 : (identifierContinueHigh >> UInt64(byte & 63)) & 1 != 0 && byte < 128
    }

    /// `$` (0x24) and `0`–`9` (0x30–0x39), as bits of bytes 0–63.
    @inline(__always) static var identifierContinueLow: UInt64 { 0x03FF_0010_0000_0000 }
    /// `A`–`Z` (0x41–0x5A), `_` (0x5F) and `a`–`z` (0x61–0x7A), as bits of bytes 64–127.
    @inline(__always) static var identifierContinueHigh: UInt64 { 0x07FF_FFFE_87FF_FFFE }

    /// Per byte value: 1 for an ASCII identifier continuation (letters, digits, `_`, `$`),
    /// 2 for a byte of a non-ASCII scalar (0x80 and up), 0 for anything else. Allocated once
    /// and never freed (nothing writes it after this initialiser, hence `unsafe`), so the
    /// lexer's hottest loop reads it with one load per byte.
    nonisolated(unsafe) static let identifierBytes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = byte >= 0x80 ? 2 : isASCIIIdentifierContinue(UInt8(byte)) ? 1 : 0
        }
        return UnsafePointer(table)
    }()

    /// ASCII letters and `_`. Setting bit 5 makes a letter lower case, so one comparison
    /// covers both cases (the subtraction wraps below `a`).
    @inline(__always)
    static func isASCIIIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// ASCII operator characters: `/ = - + * % < > ! & | ^ ~ . ?`.
    @inline(__always)
    static func isASCIIOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x2A, 0x25, 0x3C, 0x3E, 0x21, 0x26, 0x7C, 0x5E, 0x7E, 0x2E, 0x3F:
            return true
        default:
            return false
        }
    }

    // Non-ASCII ranges, sorted, as closed intervals.
    static let identifierContinueRanges: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF,
        0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE, 0x00C0...0x00D6,
        0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x167F, 0x1681...0x180D,
        0x180F...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
        0x2054...0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF,
        0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
        0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8, 0x10000...0x1FFFD,
        0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD,
        0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD,
        0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
        0xE0000...0xEFFFD,
    ]

    /// Combining marks may continue an identifier but not start one.
    static let combiningRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    static let operatorStartRanges: [ClosedRange<UInt32>] = [
        0x00A1...0x00A7, 0x00A9...0x00A9, 0x00AB...0x00AC, 0x00AE...0x00AE,
        0x00B0...0x00B1, 0x00B6...0x00B6, 0x00BB...0x00BB, 0x00BF...0x00BF,
        0x00D7...0x00D7, 0x00F7...0x00F7, 0x2016...0x2017, 0x2020...0x2027,
        0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF,
        0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
        0x3008...0x3030,
    ]

    static let operatorContinueExtraRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F,
        0xFE20...0xFE2F, 0xE0100...0xE01EF,
    ]

    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) >> 1
            let range = ranges[mid]
            if value < range.lowerBound { high = mid - 1 }
            else if value > range.upperBound { low = mid + 1 }
            else { return true }
        }
        return false
    }

    static func isIdentifierContinue(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierContinue(UInt8(scalar)) }
        return contains(identifierContinueRanges, scalar)
    }

    static func isIdentifierStart(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierStart(UInt8(scalar)) }
        return contains(identifierContinueRanges, scalar) && !contains(combiningRanges, scalar)
    }

    static func isOperatorStart(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIOperator(UInt8(scalar)) }
        return contains(operatorStartRanges, scalar)
    }

    static func isOperatorContinue(_ scalar: UInt32) -> Bool {
        isOperatorStart(scalar) || (scalar >= 0x80 && contains(operatorContinueExtraRanges, scalar))
    }
}

/// Decodes one UTF-8 scalar at `index`. Returns the scalar value and its length in bytes,
/// or `nil` for an invalid or truncated sequence (the caller then consumes one byte).
@inline(__always)
func decodeUTF8(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> (value: UInt32, length: Int)? {
    let b0 = base[index]
    if b0 < 0x80 { return (UInt32(b0), 1) }
    @inline(__always) func continuation(_ offset: Int) -> UInt32? {
        let position = index + offset
        guard position < count else { return nil }
        let byte = base[position]
        guard byte & 0xC0 == 0x80 else { return nil }
        return UInt32(byte & 0x3F)
    }
    if b0 & 0xE0 == 0xC0 {
        guard b0 >= 0xC2, let c1 = continuation(1) else { return nil }
        return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
    }
    if b0 & 0xF0 == 0xE0 {
        guard let c1 = continuation(1), let c2 = continuation(2) else { return nil }
        let value = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2
        guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, 3)
    }
    if b0 & 0xF8 == 0xF0 {
        guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else { return nil }
        let value = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
        guard value >= 0x10000, value <= 0x10FFFF else { return nil }
        return (value, 4)
    }
    return nil
}
