import SwiftLexer

// Type expressions: where they end, and which names they mention.
extension TokenStream {
    /// The index just past the type expression starting at `start`
    /// (`[String: Foo.Bar]?`, `some View`, `@escaping (Int) async throws -> Void`,
    /// `any P & Q`, `Result<A, B>.Type`). A type ends at a line break unless an operator
    /// (`->`, `&`, `.`) asks for more, and at the first token that cannot continue it.
    func typeEnd(from start: Int) -> Int {
        var index = start
        var expectOperand = true
        while index < count {
            if index > start, !expectOperand, newlineBefore(index), !isByte(index, 0x2E), !isOperator(index, "->"), !isOperator(index, "&") {
                break
            }
            let token = tokens[index]
            switch token.kind {
            case .punctuation:
                let byte = token.symbol
                if byte == 0x40 {  // @attribute inside a type
                    index += 1
                    if isName(index) { index += 1 }
                    if isByte(index, 0x28), !triviaBefore(index) { index = afterGroup(index) }
                    continue
                }
                if (byte == 0x28 || byte == 0x5B) && expectOperand {
                    index = afterGroup(index)
                    expectOperand = false
                    continue
                }
                return index
            case .identifier, .keyword:
                let word = self.word(index)
                if !expectOperand {
                    // Effects of a function type: `(A) async throws(E) -> B`.
                    if word == .async || word == .throws || word == .rethrows {
                        index += 1
                        if word == .throws, isByte(index, 0x28), !triviaBefore(index) { index = afterGroup(index) }
                        continue
                    }
                    return index
                }
                if word == .where || word == .in { return index }
                index += 1
                switch word {
                case .some, .any, .inout, .borrowing, .consuming, .sending, .each, .isolated, .repeat, .__owned, .nonisolated:
                    continue  // a prefix: the operand follows (`nonisolated P`: an isolated conformance)
                default:
                    break
                }
                expectOperand = false
                if isOperator(index, "<") || (kind(index) == .operator && firstByte(index) == 0x3C), !triviaBefore(index),
                   let after = afterAngles(index) {
                    index = after
                }
            case .operator:
                let length = Int(token.length)
                let byte = bytes[token.start]
                if length == 1, byte == 0x2E {  // `.Inner`, `.Type`
                    index += 1
                    expectOperand = true
                    continue
                }
                if !expectOperand, !token.flags.contains(.triviaBefore), allBytes(index, in: [0x3F, 0x21]) {
                    index += 1  // `?`, `!`, `?!`… postfix
                    continue
                }
                if !expectOperand, equals(index, "...") { index += 1; continue }
                if expectOperand, equals(index, "~") {  // `~Copyable`
                    index += 1
                    continue
                }
                if equals(index, "&") || equals(index, "->") {
                    index += 1
                    expectOperand = true
                    continue
                }
                return index
            default:
                return index
            }
        }
        return index
    }

    private func allBytes(_ index: Int, in set: [UInt8]) -> Bool {
        let token = tokens[index]
        for offset in token.start..<token.end where !set.contains(bytes[offset]) { return false }
        return true
    }

    /// Appends a reference for every type name mentioned in `start..<end`: dotted chains
    /// (`Foo.Bar`) as one name, names inside `<…>` as generic arguments, labels of
    /// function-type parameters and prefixes like `some`/`any` skipped.
    func collectTypeReferences(from start: Int, to end: Int, role: ReferenceRole, into facts: inout CodeFacts) {
        let mark = factStore.mark
        collectTypeReferences(from: start, to: end, role: role, into: factStore)
        factStore.claim(from: mark, for: &facts)
    }

    func collectTypeReferences(from start: Int, to end: Int, role: ReferenceRole, into out: FactStore) {
        var angleDepth = 0
        var parens = ParenthesisStack()
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .punctuation:
                switch token.symbol {
                case 0x28: parens.push(isParenthesis: true)
                case 0x5B: parens.push(isParenthesis: false)
                case 0x29, 0x5D: parens.pop()
                case 0x40: index += 2; continue  // skip `@attribute`
                default: break
                }
            case .operator:
                for offset in token.start..<token.end {
                    if bytes[offset] == 0x3C { angleDepth += 1 }
                    if bytes[offset] == 0x3E, !(offset > token.start && bytes[offset - 1] == 0x2D) { angleDepth = max(0, angleDepth - 1) }
                }
            case .identifier, .keyword:
                if index > start, isByte(index - 1, 0x2E) { break }  // continuation of a chain
                switch word(index) {
                case .some, .any, .inout, .borrowing, .consuming, .sending, .each, .isolated, .repeat, .async, .throws,
                     .rethrows, .Self, .Any, .`_`, .__owned, .where, .nonisolated:
                    break
                default:
                    if parens.innermostIsParenthesis, isByte(index + 1, 0x3A) || (isName(index + 1) && isByte(index + 2, 0x3A)) {
                        break  // `(label: Int)` in a function type
                    }
                    if token.kind == .keyword { break }
                    let record = out.beginRecord(CodeFacts.RecordKind.reference, role: angleDepth > 0 ? .genericArgument : role, offset: token.start)
                    appendChain(from: index, to: dottedNameEnd(from: index, limit: end), into: out)
                    out.endRecord(at: record)
                }
            default:
                break
            }
            index += 1
        }
    }

    /// The index just past the dotted chain of names starting at `index`
    /// (`Foo.Bar.Baz`), without a trailing `.Type`/`.Protocol`/`.self`. The chain's names
    /// are the tokens at `index`, `index + 2`, … before the returned index. In an
    /// expression (`onlyCapitalised`), a dot that starts a line continues the chain
    /// (`Checkout⏎    .SummaryRow(…)` is `Checkout.SummaryRow(…)`).
    func dottedNameEnd(from index: Int, limit: Int, onlyCapitalised: Bool = false) -> Int {
        var position = index + 1
        var segments = 1
        while position + 1 < limit, isByte(position, 0x2E), !triviaBefore(position) || (onlyCapitalised && newlineBefore(position)),
              kind(position + 1) == .identifier || word(position + 1) == .`init` || word(position + 1) == .`self` {
            let word = self.word(position + 1)
            if word == .`self` || word == .`init` { break }
            // A backticked `Protocol` is a name, not the metatype suffix: raw bytes are compared.
            if equals(position + 1, "Type") || equals(position + 1, "Protocol") { break }
            if onlyCapitalised, !startsUppercase(position + 1) { break }
            if segments >= 16 { break }
            position += 2
            segments += 1
        }
        return position
    }

    /// Writes the name of token `index` without backticks into a fact's name.
    func appendNameText(_ index: Int, to string: inout FactStore.PendingString, in out: FactStore) {
        let name = nameBounds(index)
        out.appendBytes(bytes, name.start..<name.end, to: &string)
    }

    /// Writes the name of token `index` without backticks as a fact's name (`isClosure`
    /// as in `FactStore.endString`).
    func appendName(_ index: Int, isClosure: Bool = false, in out: FactStore) {
        let name = nameBounds(index)
        out.appendName(bytes, from: name.start, to: name.end, isClosure: isClosure)
    }

    /// Writes a fact's name: the names at `index`, `index + 2`, … before `end`, joined with dots.
    func appendChain(from index: Int, to end: Int, into out: FactStore) {
        if index + 2 >= end {
            appendName(index, in: out)
            return
        }
        var string = out.beginString()
        var position = index
        while position < end {
            if position > index { out.appendByte(0x2E, to: &string) }
            appendNameText(position, to: &string, in: out)
            position += 2
        }
        out.endString(string)
    }

    /// Whether a name starts with an uppercase letter (or `_` then one): the convention
    /// for type names, used to tell types from values in expressions.
    func startsUppercase(_ index: Int) -> Bool {
        guard index < count else { return false }
        let token = tokens[index]
        var offset = token.start
        if bytes[offset] == 0x60 { offset += 1 }  // backticks
        while offset < token.end, bytes[offset] == 0x5F { offset += 1 }
        guard offset < token.end else { return false }
        let byte = bytes[offset]
        if byte < 0x80 { return byte >= 0x41 && byte <= 0x5A }
        // `Ñandú`, `Élan`: a capital beyond ASCII (rare, so decoded only here).
        let scalar = String(decoding: bytes[offset..<min(offset + 4, token.end)], as: UTF8.self).unicodeScalars.first
        return scalar.map { $0.properties.isUppercase || $0.properties.generalCategory == .titlecaseLetter } ?? false
    }
}

/// Per open bracket of a type, whether it is a parenthesis (else a square bracket): the
/// outermost 64 as bits of one word (the innermost of them in the lowest bit), brackets
/// nested deeper in an array made only for them, so a type's brackets cost no allocation.
private struct ParenthesisStack {
    private var bits: UInt64 = 0
    private var depth = 0
    private var deeper: [Bool] = []

    mutating func push(isParenthesis: Bool) {
        if depth < 64 {
            bits = bits << 1 | (isParenthesis ? 1 : 0)
        } else {
            deeper.append(isParenthesis)
        }
        depth += 1
    }

    /// Closes the innermost bracket; a closer with none open is ignored.
    mutating func pop() {
        guard depth > 0 else { return }
        depth -= 1
        if depth < 64 { bits >>= 1 } else { deeper.removeLast() }
    }

    var innermostIsParenthesis: Bool {
        if depth == 0 { return false }
        return depth > 64 ? deeper[deeper.count - 1] : bits & 1 == 1
    }
}
