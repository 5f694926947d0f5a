import SwiftLexer

// Code inside bodies, initializers, accessors and closures: what it calls, which members
// it accesses on what, and which type names it mentions. One linear pass; nested
// brackets are tracked with an explicit stack.
extension TokenStream {
    /// Facts of the code in tokens `start..<end`.
    func scanFacts(from start: Int, to end: Int, into facts: inout CodeFacts) {
        // Depths at which a statement condition (`if`, `guard`, `while`, `for`, `switch`,
        // `catch`) is open: there, a `{` starts the statement's body, not a trailing closure.
        var conditionDepths: [Int] = []
        var depth = 0
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .punctuation:
                guard token.length == 1 else { break }
                switch bytes[token.start] {
                case 0x28, 0x5B:
                    depth += 1
                case 0x7B:
                    if conditionDepths.last == depth { conditionDepths.removeLast() }
                    depth += 1
                case 0x29, 0x5D, 0x7D:
                    depth -= 1
                    while let last = conditionDepths.last, last > depth { conditionDepths.removeLast() }
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
                                collectTypeReferences(from: entry, to: entryEnd, role: .inheritance, into: &facts.references)
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
                    if conditionDepths.last != depth { conditionDepths.append(depth) }
                    index += 1
                    continue
                case .let, .var:
                    // `let name: Type` inside a body: the type is an annotation.
                    if isName(index + 1), isByte(index + 2, 0x3A) {
                        let typeStart = index + 3
                        let typeEnd = min(typeEnd(from: typeStart), end)
                        collectTypeReferences(from: typeStart, to: typeEnd, role: .annotation, into: &facts.references)
                        index = max(typeEnd, index + 1)
                        continue
                    }
                case .as, .is:
                    // `as Foo`, `as? [Foo]`, `is Foo`: the type after is a cast.
                    var typeStart = index + 1
                    if word == .as, kind(typeStart) == .operator, allQuestionOrBang(typeStart) { typeStart += 1 }
                    let typeEnd = typeEnd(from: typeStart)
                    collectTypeReferences(from: typeStart, to: min(typeEnd, end), role: .cast, into: &facts.references)
                    index = max(typeEnd, index + 1)
                    continue
                default:
                    break
                }
                if index > start, isByte(index - 1, 0x2E) { break }  // a member name: seen at its dot
                index = scanName(at: index, end: end, inCondition: conditionDepths.last == depth, into: &facts)
                continue
            case .operator:
                if token.length == 1, bytes[token.start] == 0x2E {
                    scanMemberAccess(dot: index, end: end, inCondition: conditionDepths.last == depth, into: &facts)
                }
            default:
                break
            }
            index += 1
        }
    }

    /// If token `index` is `#if` with a condition that is never true (`false`, `0`,
    /// `never`, `NEVER`), the index where scanning resumes: after the matching `#else` or
    /// `#elseif` line, or after `#endif`. Otherwise nil.
    func inactiveBranchEnd(at index: Int, limit: Int) -> Int? {
        guard equals(index, "#if"), index + 1 < limit, !newlineBefore(index + 1), newlineBefore(index + 2) || index + 2 >= limit else { return nil }
        let condition = index + 1
        guard equals(condition, "false") || equals(condition, "0") || equals(condition, "never") || equals(condition, "NEVER") else { return nil }
        var depth = 0
        var position = index + 2
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
        let token = tokens[index]
        return token.length == 1 && (bytes[token.start] == 0x3F || bytes[token.start] == 0x21)
    }

    /// A name in an expression: a call of a bare name, or a type reference when it is
    /// capitalised. Returns the index to continue from.
    private func scanName(at index: Int, end: Int, inCondition: Bool, into facts: inout CodeFacts) -> Int {
        let isKeyword = tokens[index].kind == .keyword
        let word = isKeyword ? self.word(index) : .none
        if isKeyword, word != .Self, word != .`init` { return index + 1 }
        // A declaration's own name (`func helper(`, `struct Local`) is not a use.
        if index > 0, tokens[index - 1].kind == .keyword || tokens[index - 1].kind == .identifier {
            switch self.word(index - 1) {
            case .func, .struct, .class, .enum, .protocol, .typealias, .actor, .let, .var, .case, .associatedtype, .macro:
                return index + 1
            default:
                break
            }
        }
        // `label:` in an argument list or a parameter clause.
        if isByte(index + 1, 0x3A), !isByte(index - 1, 0x3F) { return index + 1 }
        if word == .Self { return index + 1 }

        let capitalised = startsUppercase(index)
        // Most names are plain values (`notes`, `count`): nothing to record unless called.
        if !capitalised, !isByte(index + 1, 0x28), !isByte(index + 1, 0x7B) { return index + 1 }
        var after = index + 1
        var name = nameText(index)
        var genericArguments: [TypeReference] = []
        if capitalised {
            (name, after) = dottedName(from: index, limit: end, onlyCapitalised: true)
            if kind(after) == .operator, firstByte(after) == 0x3C, !triviaBefore(after), let afterGenerics = afterAngles(after), afterGenerics <= end {
                collectTypeReferences(from: after, to: afterGenerics, role: .genericArgument, into: &genericArguments)
                after = afterGenerics
            }
        }
        defer { facts.references += genericArguments }
        let arguments = callArguments(after: after, end: end, inCondition: inCondition)
        if let arguments {
            facts.calls.append(Call(name: name, offset: tokens[index].start, arguments: arguments))
        }
        guard capitalised else { return index + 1 }

        let role: ReferenceRole
        if arguments != nil {
            role = .call
        } else if isByte(after, 0x2E) {
            role = .staticMember
        } else if index > 0, isByte(index - 1, 0x3A) || isOperator(index - 1, "->") {
            role = .annotation
        } else {
            role = .other
        }
        facts.references.append(TypeReference(name: name, role: role, offset: tokens[index].start))
        // Continue at the last name of the chain so that a member after it (`Foo.Bar.baz`) is seen at its dot.
        return max(index + 1, after - 1)
    }

    /// `receiver.name` at the `.` token `dot`.
    private func scanMemberAccess(dot: Int, end: Int, inCondition: Bool, into facts: inout CodeFacts) {
        let nameIndex = dot + 1
        guard nameIndex < end, kind(nameIndex) == .identifier || kind(nameIndex) == .keyword else { return }
        let receiver = receiverText(beforeDot: dot)
        let nameWord = word(nameIndex)
        let name = nameText(nameIndex)
        var after = nameIndex + 1
        if kind(after) == .operator, firstByte(after) == 0x3C, !triviaBefore(after), nameWord != .`init`,
           let afterGenerics = afterAngles(after), afterGenerics <= end {
            collectTypeReferences(from: after, to: afterGenerics, role: .genericArgument, into: &facts.references)
            after = afterGenerics
        }
        if let labels = functionReferenceLabels(at: after) {
            var access = MemberAccess(receiver: receiver ?? "", name: name, offset: tokens[nameIndex].start, call: nil)
            access.referencedLabels = labels
            facts.memberAccesses.append(access)
            return
        }
        let arguments = callArguments(after: after, end: end, inCondition: inCondition)
        facts.memberAccesses.append(MemberAccess(receiver: receiver ?? "", name: name, offset: tokens[nameIndex].start, call: arguments))
        // `Foo.init(…)` constructs a `Foo`.
        if nameWord == .`init`, let receiver, !receiver.isEmpty, arguments != nil, startsUppercase(dot - 1) {
            facts.calls.append(Call(name: receiver, offset: tokens[dot - 1].start, arguments: arguments!))
        }
    }

    /// `(id:limit:)` right after a member name: a reference to a function by its full name,
    /// not a call. Returns the labels (`_` for unlabelled), or nil.
    func functionReferenceLabels(at open: Int) -> [String]? {
        guard isByte(open, 0x28), !triviaBefore(open), let close = closer(of: open), close > open + 1 else { return nil }
        var labels: [String] = []
        var position = open + 1
        while position < close {
            guard kind(position) == .identifier || kind(position) == .keyword, isByte(position + 1, 0x3A), !triviaBefore(position + 1) else { return nil }
            labels.append(nameText(position))
            position += 2
        }
        return labels
    }

    /// The expression before a member-access dot, normalised: names joined with `.`,
    /// `?`/`!` dropped, call arguments elided to `()`, subscripts to `[]`. `nil` for an
    /// implicit member (`.shared`) and for receivers that are not simple chains.
    func receiverText(beforeDot dot: Int) -> String? {
        guard dot > 0 else { return nil }
        let dotToken = tokens[dot]
        if dotToken.flags.contains(.triviaBefore) && !dotToken.flags.contains(.newlineBefore) { return nil }
        // Fast path: a single name before the dot (`repository.fetch`, `self.x`).
        let before = dot - 1
        let beforeKind = tokens[before].kind
        if beforeKind == .identifier || beforeKind == .keyword,
           !(before > 0 && isByte(before - 1, 0x2E) && (!tokens[before - 1].flags.contains(.triviaBefore) || tokens[before - 1].flags.contains(.newlineBefore))) {
            return nameText(before)
        }
        var parts: [String] = []
        var index = dot - 1
        var steps = 0
        while index >= 0, steps < 64 {
            steps += 1
            let token = tokens[index]
            switch token.kind {
            case .identifier, .keyword:
                parts.append(nameText(index))
                if index > 0, isByte(index - 1, 0x2E), !tokens[index - 1].flags.contains(.triviaBefore) || tokens[index - 1].flags.contains(.newlineBefore) {
                    index -= 2
                    continue
                }
                return joinReceiver(parts)
            case .operator where token.length == 1 && (bytes[token.start] == 0x3F || bytes[token.start] == 0x21):
                index -= 1
                continue
            case .punctuation where token.length == 1 && (bytes[token.start] == 0x29 || bytes[token.start] == 0x5D || bytes[token.start] == 0x7D):
                guard let open = opener(of: index) else { return nil }
                let byte = bytes[token.start]
                parts.append(byte == 0x29 ? "()" : byte == 0x5D ? "[]" : "{}")
                // A trailing closure follows its call on the same line: `List(items) { … }.toolbar`.
                let attached = byte == 0x7D ? !tokens[open].flags.contains(.newlineBefore) : !tokens[open].flags.contains(.triviaBefore)
                if open > 0, attached {
                    index = open - 1
                    continue
                }
                return nil
            default:
                return nil
            }
        }
        return nil
    }

    /// Joins receiver parts collected backwards: names get dots, `()`/`[]` attach directly.
    private func joinReceiver(_ parts: [String]) -> String {
        var text = ""
        for part in parts.reversed() {
            if !text.isEmpty, part != "()", part != "[]", part != "{}" { text += "." }
            text += part
        }
        return text
    }

    /// The arguments of a call whose callee ends just before `index`: a parenthesised list
    /// on the same line and/or trailing closures. `nil` when there is no call.
    func callArguments(after index: Int, end: Int, inCondition: Bool) -> CallArguments? {
        var position = index
        var labels: [String] = []
        var closureArguments: [Bool] = []
        var hasParentheses = false
        var offset = -1
        if position < end, isByte(position, 0x28), tokens[position].kind == .punctuation, !newlineBefore(position) {
            hasParentheses = true
            offset = tokens[position].start
            let contentEnd = contentEnd(position)
            var argumentStart = position + 1
            var cursor = argumentStart
            while cursor <= contentEnd {
                if cursor == contentEnd || isByte(cursor, 0x2C) {
                    if cursor > argumentStart || isByte(cursor, 0x2C) {
                        let labelled = (kind(argumentStart) == .identifier || kind(argumentStart) == .keyword) && isByte(argumentStart + 1, 0x3A)
                        labels.append(labelled ? nameText(argumentStart) : "_")
                        let valueStart = labelled ? argumentStart + 2 : argumentStart
                        closureArguments.append(isByte(valueStart, 0x7B) && afterGroup(valueStart) == cursor)
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
        var trailingLabels: [String] = []
        if !inCondition, position < end, isByte(position, 0x7B), tokens[position].kind == .punctuation, !newlineBefore(position) {
            if offset < 0 { offset = tokens[position].start }
            trailing = 1
            position = afterGroup(position)
            while position + 2 < end, kind(position) == .identifier || kind(position) == .keyword, isByte(position + 1, 0x3A), isByte(position + 2, 0x7B) {
                trailingLabels.append(nameText(position))
                trailing += 1
                position = afterGroup(position + 2)
            }
        }
        guard hasParentheses || trailing > 0 else { return nil }
        return CallArguments(labels: labels, trailingClosureLabels: trailingLabels, trailingClosures: trailing,
                             hasParentheses: hasParentheses, closureArguments: closureArguments, offset: offset)
    }
}
