import SwiftLexer

// Code inside bodies, initializers, accessors and closures: what it calls, which members
// it accesses on what, and which type names it mentions. One linear pass; nested
// brackets are tracked with an explicit stack.
extension TokenStream {
    /// Facts of the code in tokens `start..<end`.
    func scanFacts(from start: Int, to end: Int, into facts: inout CodeFacts) {
        let mark = factStore.mark
        scanFacts(from: start, to: end, into: factStore)
        factStore.claim(from: mark, for: &facts)
    }

    private func scanFacts(from start: Int, to end: Int, into out: FactStore) {
        // Depths at which a statement condition (`if`, `guard`, `while`, `for`, `switch`,
        // `catch`) is open: there, a `{` starts the statement's body, not a trailing closure.
        // The innermost is `openCondition` (`Int.min` for none); the rest, rarely any (a
        // condition open inside another's, as in a closure there), are in `outerConditions`.
        var openCondition = Int.min
        var outerConditions: [Int] = []
        var depth = 0
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .punctuation:
                switch token.symbol {
                case 0x28, 0x5B:
                    depth += 1
                case 0x7B:
                    if openCondition == depth { openCondition = outerConditions.popLast() ?? Int.min }
                    depth += 1
                case 0x29, 0x5D, 0x7D:
                    depth -= 1
                    while openCondition != Int.min, openCondition > depth { openCondition = outerConditions.popLast() ?? Int.min }
                default:
                    break
                }
            case .interpolationStart:
                depth += 1
            case .interpolationEnd:
                depth -= 1
            case .pound:
                // Code under `#if false` (or `#if never`, `#if 0`) is never compiled: no facts.
                if let resume = inactiveBranchEnd(at: index, limit: end) {
                    index = resume
                    continue
                }
                // The condition of `#if` or `#elseif` names build flags (`DEBUG`, `Staging`) and
                // tests (`os(iOS)`, `canImport(UIKit)`), never types or functions.
                if equals(index, "#if") || equals(index, "#elseif") {
                    index += 1
                    while index < end, !newlineBefore(index) { index += 1 }
                    continue
                }
            case .keyword, .identifier:
                // Only keywords steer this scan; names are looked at in `scanName`.
                let word = token.kind == .keyword ? self.word(index) : .none
                switch word {
                case .struct, .class, .enum, .protocol:
                    // A local type: its inheritance clause names supertypes, not calls.
                    if isName(index + 1) {
                        var position = index + 2
                        if kind(position) == .operator, firstByte(position) == 0x3C, let after = afterAngles(position) { position = after }
                        if isByte(position, 0x3A) {
                            var entry = position + 1
                            while entry < end {
                                let entryEnd = min(typeEnd(from: entry), end)
                                if entryEnd == entry { break }
                                collectTypeReferences(from: entry, to: entryEnd, role: .inheritance, into: out)
                                entry = entryEnd
                                guard isByte(entry, 0x2C) else { break }
                                entry += 1
                            }
                            position = entry
                        }
                        index = max(position, index + 2)
                        continue
                    }
                case .if, .guard, .while, .for, .switch, .catch:
                    if openCondition != depth {
                        if openCondition != Int.min { outerConditions.append(openCondition) }
                        openCondition = depth
                    }
                    index += 1
                    continue
                case .let, .var:
                    // `let name: Type` inside a body: the type is an annotation.
                    if isName(index + 1), isByte(index + 2, 0x3A) {
                        let typeStart = index + 3
                        let typeEnd = min(typeEnd(from: typeStart), end)
                        collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: out)
                        index = max(typeEnd, index + 1)
                        continue
                    }
                case .as, .is:
                    // `as Foo`, `as? [Foo]`, `is Foo`: the type after is a cast.
                    var typeStart = index + 1
                    if word == .as, kind(typeStart) == .operator, allQuestionOrBang(typeStart) { typeStart += 1 }
                    let typeEnd = typeEnd(from: typeStart)
                    collectTypeReferences(from: typeStart, to: min(typeEnd, end), role: .cast, into: out)
                    index = max(typeEnd, index + 1)
                    continue
                default:
                    break
                }
                if index > start, isByte(index - 1, 0x2E) { break }  // a member name: seen at its dot
                index = scanName(at: index, end: end, inCondition: openCondition == depth, into: out)
                continue
            case .operator:
                if token.symbol == 0x2E {
                    scanMemberAccess(dot: index, end: end, inCondition: openCondition == depth, into: out)
                }
            default:
                break
            }
            index += 1
        }
    }

    /// If token `index` is `#if` with a condition that is never true (`false`, `(0)`,
    /// `never`…: `InactiveCondition`), the index where scanning resumes: after the matching
    /// `#else` or `#elseif` line, or after `#endif`. Otherwise nil.
    func inactiveBranchEnd(at index: Int, limit: Int) -> Int? {
        guard equals(index, "#if"), index + 1 < limit, !newlineBefore(index + 1) else { return nil }
        var lineEnd = index + 2
        while lineEnd < limit, !newlineBefore(lineEnd) { lineEnd += 1 }
        let condition = UnsafeBufferPointer(rebasing: bytes[tokens[index + 1].start..<tokens[lineEnd - 1].end])
        guard InactiveCondition.isNeverTrue(condition) else { return nil }
        var depth = 0
        var position = lineEnd
        while position < limit {
            if tokens[position].kind == .pound {
                if equals(position, "#if") {
                    depth += 1
                } else if depth == 0, equals(position, "#endif") {
                    return position + 1
                } else if depth == 0, equals(position, "#else") {
                    return position + 1
                } else if depth == 0, equals(position, "#elseif") {
                    // The `#elseif` clause is live: resume at its condition's end of line.
                    var resume = position + 1
                    while resume < limit, !newlineBefore(resume) { resume += 1 }
                    return resume
                } else if equals(position, "#endif") {
                    depth -= 1
                }
            }
            position += 1
        }
        return limit
    }

    private func allQuestionOrBang(_ index: Int) -> Bool {
        let symbol = tokens[index].symbol
        return symbol == 0x3F || symbol == 0x21
    }

    /// A name in an expression: a call of a bare name, or a type reference when it is
    /// capitalised. Returns the index to continue from.
    private func scanName(at index: Int, end: Int, inCondition: Bool, into out: FactStore) -> Int {
        let isKeyword = tokens[index].kind == .keyword
        let word = isKeyword ? self.word(index) : .none
        if isKeyword, word != .Self, word != .`init` { return index + 1 }
        // A declaration's own name (`func helper(`, `struct Local`) is not a use.
        if index > 0, tokens[index - 1].kind == .keyword || tokens[index - 1].kind == .identifier {
            switch self.word(index - 1) {
            case .func, .struct, .class, .enum, .protocol, .typealias, .actor, .let, .var, .associatedtype, .macro:
                return index + 1
            // `case offline` declares an enum case; `case APIError.offline` (in a `switch`,
            // `if case` or `guard case`) is a pattern that names the type.
            case .case where !isByte(index + 1, 0x2E):
                return index + 1
            default:
                break
            }
        }
        // `label:` in an argument list or a parameter clause; not a dictionary's key type
        // (`[NoteDTO: Int]()`) or a ternary's branch.
        if isByte(index + 1, 0x3A), !isByte(index - 1, 0x3F), !isByte(index - 1, 0x5B) { return index + 1 }
        if word == .Self { return index + 1 }

        let capitalised = startsUppercase(index)
        // Most names are plain values (`notes`, `count`): nothing to record unless called.
        if !capitalised, !isByte(index + 1, 0x28), !isByte(index + 1, 0x7B) { return index + 1 }
        // The name is the chain of tokens `index`, `index + 2`, … before `nameEnd`.
        var nameEnd = index + 1
        var after = index + 1
        // Generic arguments are references too, recorded after the name's own reference.
        let generics = genericBuffer.mark
        if capitalised {
            nameEnd = dottedNameEnd(from: index, limit: end, onlyCapitalised: true)
            after = nameEnd
            if kind(after) == .operator, firstByte(after) == 0x3C, !triviaBefore(after), let afterGenerics = afterAngles(after), afterGenerics <= end {
                collectTypeReferences(from: after, to: afterGenerics, role: .genericArgument, into: genericBuffer)
                after = afterGenerics
            }
        }
        let isCall = hasCallArguments(after: after, end: end, inCondition: inCondition)
        if isCall {
            let record = out.beginRecord(CodeFacts.RecordKind.call, offset: tokens[index].start)
            appendChain(from: index, to: nameEnd, into: out)
            appendCallArguments(after: after, end: end, inCondition: inCondition, into: out)
            out.endRecord(at: record)
        } else if after > nameEnd, isByte(after, 0x2E), !triviaBefore(after) || newlineBefore(after), self.word(after + 1) == .`init`,
                  after + 2 < end, hasCallArguments(after: after + 2, end: end, inCondition: inCondition) {
            // `ItemList<Order>.init(…)` constructs an `ItemList`, as `ItemList.init(…)` does;
            // the member access at the dot sees no simple receiver, so the call is recorded
            // here, at the type's last name like `Foo.init(…)`'s.
            let record = out.beginRecord(CodeFacts.RecordKind.call, offset: tokens[nameEnd - 1].start)
            appendChain(from: index, to: nameEnd, into: out)
            appendCallArguments(after: after + 2, end: end, inCondition: inCondition, into: out)
            out.endRecord(at: record)
        }
        guard capitalised else {
            genericBuffer.rewind(to: generics)
            return index + 1
        }

        let role: ReferenceRole
        if isCall {
            role = .call
        } else if isByte(after, 0x2E) {
            role = .staticMember
        } else if index > 0, isByte(index - 1, 0x3A) || isOperator(index - 1, "->") {
            role = .annotation
        } else {
            role = .other
        }
        let record = out.beginRecord(CodeFacts.RecordKind.reference, role: role, offset: tokens[index].start)
        appendChain(from: index, to: nameEnd, into: out)
        out.endRecord(at: record)
        out.append(genericBuffer, from: generics)
        genericBuffer.rewind(to: generics)
        // Continue at the last name of the chain so that a member after it (`Foo.Bar.baz`) is seen at its dot.
        return max(index + 1, after - 1)
    }

    /// `receiver.name` at the `.` token `dot`.
    private func scanMemberAccess(dot: Int, end: Int, inCondition: Bool, into out: FactStore) {
        let nameIndex = dot + 1
        guard nameIndex < end, kind(nameIndex) == .identifier || kind(nameIndex) == .keyword else { return }
        let nameWord = word(nameIndex)
        var after = nameIndex + 1
        if kind(after) == .operator, firstByte(after) == 0x3C, !triviaBefore(after), nameWord != .`init`,
           let afterGenerics = afterAngles(after), afterGenerics <= end {
            collectTypeReferences(from: after, to: afterGenerics, role: .genericArgument, into: out)
            after = afterGenerics
        }
        let record = out.beginRecord(CodeFacts.RecordKind.memberAccess, offset: tokens[nameIndex].start)
        let receiverStart = out.count
        let hasReceiver = appendReceiver(beforeDot: dot, into: out)
        let receiverEnd = out.count
        appendName(nameIndex, in: out)
        if isFunctionReference(at: after) {
            out.setFlag(CodeFacts.RecordFlag.referencedLabels, ofRecordAt: record)
            appendFunctionReferenceLabels(at: after, into: out)
            out.endRecord(at: record)
            return
        }
        let isCall = hasCallArguments(after: after, end: end, inCondition: inCondition)
        let argumentsStart = out.count
        if isCall {
            out.setFlag(CodeFacts.RecordFlag.call, ofRecordAt: record)
            appendCallArguments(after: after, end: end, inCondition: inCondition, into: out)
        }
        // A record too long for its header's length field is moved one word on (see `FactStore.endRecord`).
        let moved = out.endRecord(at: record)
        // `Foo.init(…)` constructs a `Foo`: a call named after the receiver, with the same arguments.
        if nameWord == .`init`, hasReceiver, out[receiverStart + moved] != 0, isCall, startsUppercase(dot - 1) {
            let (receiverStart, receiverEnd, argumentsStart) = (receiverStart + moved, receiverEnd + moved, argumentsStart + moved)
            let argumentsEnd = out.count
            let call = out.beginRecord(CodeFacts.RecordKind.call, offset: tokens[dot - 1].start)
            for position in receiverStart..<receiverEnd { out.append(out[position]) }
            for position in argumentsStart..<argumentsEnd { out.append(out[position]) }
            out.endRecord(at: call)
        }
    }

    /// Whether `(id:limit:)` right after a member name is a reference to a function by its
    /// full name, not a call.
    func isFunctionReference(at open: Int) -> Bool {
        guard isByte(open, 0x28), !triviaBefore(open), let close = closer(of: open), close > open + 1 else { return false }
        var position = open + 1
        while position < close {
            guard kind(position) == .identifier || kind(position) == .keyword, isByte(position + 1, 0x3A), !triviaBefore(position + 1) else { return false }
            position += 2
        }
        return true
    }

    /// Writes the labels of a function reference (`isFunctionReference(at:)` is true): their count, then each.
    private func appendFunctionReferenceLabels(at open: Int, into out: FactStore) {
        let close = closer(of: open) ?? open
        out.appendWord((close - open - 1) / 2)
        var position = open + 1
        while position < close {
            appendName(position, in: out)
            position += 2
        }
    }

    /// Writes the expression before a member-access dot, normalised: names joined with
    /// `.`, `?`/`!` dropped, call arguments elided to `()`, subscripts to `[]`. Writes an
    /// empty name and returns false for an implicit member (`.shared`) and for receivers
    /// that are not simple chains.
    func appendReceiver(beforeDot dot: Int, into out: FactStore) -> Bool {
        guard dot > 0 else {
            out.appendWord(0)
            return false
        }
        let dotToken = tokens[dot]
        if dotToken.flags.contains(.triviaBefore) && !dotToken.flags.contains(.newlineBefore) {
            out.appendWord(0)
            return false
        }
        // Fast path: a single name before the dot (`repository.fetch`, `self.x`).
        let before = lastReceiverToken(beforeDot: dot)
        guard before >= 0 else {
            out.appendWord(0)
            return false
        }
        let beforeKind = tokens[before].kind
        if beforeKind == .identifier || beforeKind == .keyword,
           !(before > 0 && isByte(before - 1, 0x2E) && (!tokens[before - 1].flags.contains(.triviaBefore) || tokens[before - 1].flags.contains(.newlineBefore))) {
            appendName(before, in: out)
            return true
        }
        // The parts, collected backwards: a name's token index, or the closer of an elided group.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { parts in
            var partCount = 0
            var complete = false
            var index = before
            var steps = 0
            while index >= 0, steps < 64 {
                steps += 1
                let token = tokens[index]
                switch token.kind {
                case .identifier, .keyword:
                    parts[partCount] = index
                    partCount += 1
                    if index > 0, isByte(index - 1, 0x2E), !tokens[index - 1].flags.contains(.triviaBefore) || tokens[index - 1].flags.contains(.newlineBefore) {
                        index -= 2
                        continue
                    }
                    complete = true
                case .operator where token.symbol == 0x3F || token.symbol == 0x21:
                    index -= 1
                    continue
                case .punctuation where token.symbol == 0x29 || token.symbol == 0x5D || token.symbol == 0x7D:
                    guard let open = opener(of: index) else { break }
                    let byte = token.symbol
                    parts[partCount] = index
                    partCount += 1
                    // A trailing closure follows its call on the same line: `List(items) { … }.toolbar`.
                    let attached = byte == 0x7D ? !tokens[open].flags.contains(.newlineBefore) : !tokens[open].flags.contains(.triviaBefore)
                    if open > 0, attached {
                        index = open - 1
                        continue
                    }
                default:
                    break
                }
                break
            }
            guard complete else {
                out.appendWord(0)
                return false
            }
            // Names get dots between them; `()`, `[]` and `{}` attach directly.
            var string = out.beginString()
            for part in parts[0..<partCount].reversed() {
                let token = tokens[part]
                if token.kind == .identifier || token.kind == .keyword {
                    if string.length > 0 { out.appendByte(0x2E, to: &string) }
                    appendNameText(part, to: &string, in: out)
                } else {
                    let closer = token.symbol
                    out.appendByte(closer == 0x29 ? 0x28 : closer == 0x5D ? 0x5B : 0x7B, to: &string)
                    out.appendByte(closer, to: &string)
                }
            }
            out.endString(string)
            return true
        }
    }

    /// The last token of what a member access at `dot` is made on: the token before the
    /// dot, or for a dot that starts a line after `#if` lines (a postfix `#if`,
    /// `repository⏎#if DEBUG⏎.debugFetch()⏎#else⏎.fetch()⏎#endif`), the token before the
    /// whole `#if` block so far; -1 when there is none. Every branch's member is made on the
    /// same receiver. The walk back looks at most `receiverSearchLimit` tokens: a postfix
    /// `#if` is short, and a file of `#endif⏎.a` lines would otherwise cost quadratic time.
    func lastReceiverToken(beforeDot dot: Int) -> Int {
        var last = dot - 1
        guard newlineBefore(dot) else { return last }
        let limit = max(0, dot - Self.receiverSearchLimit)
        var blocks = 0
        while last >= 0, blocks < 16 {
            blocks += 1
            var lineStart = last
            while lineStart > limit, !newlineBefore(lineStart) { lineStart -= 1 }
            guard tokens[lineStart].kind == .pound else { return last }
            if equals(lineStart, "#if") {
                last = lineStart - 1
                continue
            }
            guard equals(lineStart, "#else") || equals(lineStart, "#elseif") || equals(lineStart, "#endif") else { return last }
            // Back to the `#if` that opens this block.
            var depth = 0
            var position = lineStart - 1
            var opening = -1
            while position >= limit {
                if tokens[position].kind == .pound {
                    if equals(position, "#endif") {
                        depth += 1
                    } else if equals(position, "#if") {
                        if depth == 0 { opening = position; break }
                        depth -= 1
                    }
                }
                position -= 1
            }
            guard opening >= 0 else { return last }
            last = opening - 1
        }
        return last
    }

    /// How far back `lastReceiverToken` looks for the `#if` of a postfix member chain.
    static let receiverSearchLimit = 1_024

    /// Whether a call's arguments follow its callee, which ends just before `index`: a
    /// parenthesised list on the same line or a trailing closure.
    func hasCallArguments(after index: Int, end: Int, inCondition: Bool) -> Bool {
        guard index < end, tokens[index].kind == .punctuation, !newlineBefore(index) else { return false }
        return isByte(index, 0x28) || (!inCondition && isByte(index, 0x7B))
    }

    /// Writes the arguments of a call whose callee ends just before `index`
    /// (`hasCallArguments(after:end:inCondition:)` is true): the parenthesised list and
    /// the trailing closures. Layout in `CodeFacts`.
    func appendCallArguments(after index: Int, end: Int, inCondition: Bool, into out: FactStore) {
        let block = out.count
        for _ in 0..<3 { out.append(0) }  // offset, trailing closures with the parentheses flag, label count
        var position = index
        var labelCount = 0
        var offset = -1
        var parentheses: UInt32 = 0
        if position < end, isByte(position, 0x28), tokens[position].kind == .punctuation, !newlineBefore(position) {
            parentheses = CodeFacts.parenthesesFlag
            offset = tokens[position].start
            let contentEnd = contentEnd(position)
            var argumentStart = position + 1
            var cursor = argumentStart
            while cursor <= contentEnd {
                if cursor == contentEnd || isByte(cursor, 0x2C) {
                    if cursor > argumentStart || isByte(cursor, 0x2C) {
                        let labelled = (kind(argumentStart) == .identifier || kind(argumentStart) == .keyword) && isByte(argumentStart + 1, 0x3A)
                        let valueStart = labelled ? argumentStart + 2 : argumentStart
                        let isClosure = isByte(valueStart, 0x7B) && afterGroup(valueStart) == cursor
                        if labelled {
                            appendName(argumentStart, isClosure: isClosure, in: out)
                        } else {
                            var label = out.beginString()
                            out.appendByte(0x5F, to: &label)
                            out.endString(label, isClosure: isClosure)
                        }
                        labelCount += 1
                    }
                    argumentStart = cursor + 1
                    cursor += 1
                    continue
                }
                if isOpener(cursor) {
                    cursor = afterGroup(cursor)
                    continue
                }
                if kind(cursor) == .operator, firstByte(cursor) == 0x3C, !triviaBefore(cursor), cursor > argumentStart,
                   kind(cursor - 1) == .identifier, let after = afterAngles(cursor), after <= contentEnd {
                    cursor = after
                    continue
                }
                cursor += 1
            }
            position = afterGroup(position)
        }
        // Trailing closures: `{` on the same line, then `label: {` ones.
        var trailing = 0
        let trailingLabelCount = out.count
        out.append(0)
        if !inCondition, position < end, isByte(position, 0x7B), tokens[position].kind == .punctuation, !newlineBefore(position) {
            if offset < 0 { offset = tokens[position].start }
            trailing = 1
            position = afterGroup(position)
            while position + 2 < end, kind(position) == .identifier || kind(position) == .keyword, isByte(position + 1, 0x3A), isByte(position + 2, 0x7B) {
                appendName(position, in: out)
                trailing += 1
                position = afterGroup(position + 2)
            }
        }
        out[block] = UInt32(truncatingIfNeeded: offset)
        out[block + 1] = UInt32(truncatingIfNeeded: trailing) | parentheses
        out[block + 2] = UInt32(truncatingIfNeeded: labelCount)
        out[trailingLabelCount] = UInt32(truncatingIfNeeded: trailing > 0 ? trailing - 1 : 0)
    }
}
