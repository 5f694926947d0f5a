import ArchLintKit
import SwiftLexer
import SwiftOutline

/// `empty-action` flags a control whose action is a closure with no statements (only
/// whitespace or comments, possibly a parameter list `{ _ in }`):
///
/// - the trailing action closure of `Button(…) { }` or `Button { } label: { … }` — at `Button`;
/// - an `action:` argument, `Button(action: {}) { … }` or any other call's (generic ones
///   too: `AsyncButton<Text>(action: {})`) — at the `action` label;
/// - the closure of `.onTapGesture` (trailing or `perform:`) and the content of
///   `.swipeActions` (trailing or `content:`) — at the modifier's name.
///
/// **Why:** seed 000's quick diagnosis for "Button does nothing" is
/// `grep "action:\s*{\s*}" Sources/**/Views/`: a button with an empty action looks finished,
/// compiles and passes review, and the user taps it to no effect.
///
/// ```swift
/// Button("Export PDF") { }              // reported at `Button`
/// ```
///
/// **Instead:** send the tap to the ViewModel (`viewModel.onInput(.export)`) or call the
/// navigation callback; remove the control until it has work to do. A button that only
/// dismisses takes `role: .cancel`. An empty `.onTapGesture { }` written on purpose (to
/// swallow taps) is worth a suppression comment that says so.
///
/// Not reported: `Button` calls with a `role: .cancel` argument (read syntactically: a
/// variable holding the role is not followed); buttons and `action:` closures inside an
/// alert or confirmation dialog (`.alert`, `.confirmationDialog`, `Alert`, `ActionSheet`),
/// where every button dismisses, unless it is destructive (`role: .destructive`, or a legacy
/// `.destructive(Text(…), action:)`); actions that are not closure literals
/// (`Button(action: viewModel.save)`); closures with any statement; previews and test
/// sources; `#if false` code.
public struct EmptyActionRule: Rule {
    /// Scheduling weight (see `Rule.relativeCost`).
    public static let relativeCost = 3

    public static let description = RuleDescription(
        id: "empty-action",
        name: "Empty action",
        summary: "A `Button` action, `action:` argument, `.onTapGesture` or `.swipeActions` closure with no statements.",
        rationale: """
            Seed 000 lists "Button does nothing" among its quick diagnoses, checked with \
            `grep "action:\\s*{\\s*}" Sources/**/Views/`, and its verification commands include \
            `grep -rn "action:\\s*{\\s*}\\|Button.*{\\s*}" Sources/` ("Check for empty button actions \
            (MUST be empty)"). An empty action is a stub that looks finished: the control renders, \
            the code compiles, and the tap goes nowhere. This rule reads tokens rather than lines, so \
            it finds the empty closure wherever the call is split across lines or the closure holds \
            only a comment, knows that the first trailing closure of `Button { } label: { }` is the \
            action while `Button(action: save) { … }` has a label there, and leaves alone what grep \
            cannot tell apart: comments and strings, a dismiss-only `role: .cancel` button, alert \
            buttons (which always dismiss; a destructive one is still reported), previews and tests.
            """,
        defaultSeverity: ["arcana": .warning, "arc-labs": .warning],
        triggeringExamples: EmptyActionRule.triggeringExamples,
        nonTriggeringExamples: EmptyActionRule.nonTriggeringExamples
    )

    public init() {}

    /// The names the check looks for, as identifiers.
    static let names = ["Button", "action", "onTapGesture", "swipeActions"]
    static let clues = ByteSearch(names)
    public static var textClues: ByteSearch? { clues }
    /// Their lengths in bytes, one bit each: other identifiers are passed over without making
    /// a string of them.
    static let nameLengths: UInt64 = names.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    /// The token scan runs in the per-file stage, where the file's tokens are at hand
    /// (`scanFile`); `check` adds what needs the index: previews are not reported.
    public static var scansFiles: Bool { true }

    public static func scanFile(_ file: ScannedFile, clueWords: UInt64, options: ResolvedOptions) -> any Sendable {
        findings(in: file, clueWords: clueWords)
    }

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        var projectButtons: [String: Set<Int>?]?
        for fileIndex in context.index.files.indices {
            // Only these four names start a check; most files mention none of them.
            // Test sources are never reported: passed over before their text is searched.
            let file = context.index.files[fileIndex]
            guard !file.isTestSource else { continue }
            guard file.clueWords(of: Self.self) != 0, let found = file.scanned(by: Self.self, options: context.options) as? [Violation] else { continue }
            var placed = UnimplementedCodeRule.ProductionSource.placed(found, file: fileIndex, index: context.index)
            if placed.contains(where: Self.isButtonFinding) {
                if projectButtons == nil { projectButtons = Self.projectButtonTypes(context.index) }
                if let buttons = projectButtons, !buttons.isEmpty {
                    placed.removeAll { Self.isButtonFinding($0) && Self.callsProjectButton($0, in: file, number: fileIndex, buttons: buttons) }
                }
            }
            violations += placed
        }
        return violations
    }

    static func isButtonFinding(_ violation: Violation) -> Bool { violation.fingerprintText.hasPrefix("Button ") }

    /// The qualified names of the project's own types named `Button` (`DS.Button`), each with
    /// the files that see it: `nil` for every file, the declaring files for a `private` or
    /// `fileprivate` one (`private struct Button` in one file is not the `Button` of others).
    static func projectButtonTypes(_ index: ProjectIndex) -> [String: Set<Int>?] {
        var names: [String: Set<Int>?] = [:]
        for (fileNumber, file) in index.files.enumerated() {
            for number in file.kinds.indices where file.kinds[number].isNominalType || file.kinds[number] == .typealias {
                let declaration = file.outline.declarations[number]
                guard declaration.name == "Button", let name = file.qualifiedNames.stored(number) else { continue }
                let isFilePrivate = declaration.modifiers.contains("private") || declaration.modifiers.contains("fileprivate")
                switch names[name] {
                case .some(.none): break  // already seen everywhere
                case .some(.some(let files)) where isFilePrivate: names[name] = .some(files.union([fileNumber]))
                case .none where isFilePrivate: names[name] = .some([fileNumber])
                default: names[name] = .some(nil)
                }
            }
        }
        return names
    }

    /// Whether the `Button` of a finding is one of the project's (a design system's
    /// `DS.Button` used inside `extension DS`, or a top-level `Button`), whose trailing closure
    /// need not be an action: the name is looked up from the innermost enclosing type out, as
    /// Swift does; `SwiftUI.Button` is always SwiftUI's.
    static func callsProjectButton(_ violation: Violation, in file: IndexedFile, number: Int, buttons: [String: Set<Int>?]) -> Bool {
        let offset = violation.location.range.lowerBound
        if offset >= 8, let source = file.loadSource(), source.bytes[(offset - 8)..<offset].elementsEqual("SwiftUI.".utf8) { return false }
        let outline = file.outline
        var scope = outline.innermostDeclaration(containing: offset).map { outline.qualifiedName(of: $0) } ?? ""
        while true {
            if let seenIn = buttons[scope.isEmpty ? "Button" : scope + ".Button"], seenIn?.contains(number) ?? true { return true }
            guard !scope.isEmpty else { return false }
            scope = scope.lastIndex(of: ".").map { String(scope[..<$0]) } ?? ""
        }
    }

    /// The findings of one file, all but the preview check (which needs the index), at a
    /// placeholder file index that `check` replaces.
    static func findings(in file: ScannedFile, clueWords: UInt64) -> [Violation] {
        // The clue words also occur inside other names (`transaction`, `PrimaryButton`) and in
        // comments: a file without one of the four names as an identifier has nothing here,
        // and its brackets and declarations are never worked out.
        let bytes = file.source.bytes
        guard clueWords != 0, let first = file.withTokens({ firstCandidate($0, bytes: bytes) }),
              let code = UnimplementedCodeRule.ProductionSource(file: 0, path: file.path, outline: file.outline, source: file.source,
                                                                lexed: file.lexed, previews: []) else { return [] }
        let rule = EmptyActionRule()
        let calls = ActionCalls(code: code)
        var violations: [Violation] = []
        let matcher = NameMatcher()
        // The tokens before the first candidate hold none (`code` has the file's tokens).
        for index in first..<code.tokens.count {
            guard let name = matcher.name(code.tokens[index], in: bytes), !code.isExempt(code.tokens[index].start) else { continue }
            let violation: Violation?
            switch name {
            case 0: violation = rule.buttonAction(at: index, calls: calls)
            case 1: violation = rule.actionArgument(at: index, calls: calls)
            case 2: violation = rule.modifier(at: index, closureLabel: "perform", calls: calls)
            case 3: violation = rule.modifier(at: index, closureLabel: "content", calls: calls)
            default: violation = nil
            }
            if let violation { violations.append(violation) }
        }
        return violations
    }

    /// Whether some identifier token is spelled as one of `names`.
    static func hasCandidateName(_ tokens: UnsafeBufferPointer<Token>, bytes: [UInt8]) -> Bool {
        firstCandidate(tokens, bytes: bytes) != nil
    }

    /// The index of the first identifier token spelled as one of `names`.
    static func firstCandidate(_ tokens: UnsafeBufferPointer<Token>, bytes: [UInt8]) -> Int? {
        let matcher = NameMatcher()
        return tokens.firstIndex { matcher.name($0, in: bytes) != nil }
    }

    /// The position in `names` (`Button`, `action`, `onTapGesture`, `swipeActions`, in
    /// that order) of the name an identifier token spells, compared by bytes (no string is
    /// made for the file's other names); nil for any other token. Made once per file, so
    /// that the loops over tokens read its tables from the stack.
    struct NameMatcher {
        let lengths = EmptyActionRule.nameLengths
        let names = EmptyActionRule.nameBytes
        /// The first bytes of `names`, one bit each.
        let firsts = EmptyActionRule.nameBytes.reduce(into: [UInt64](repeating: 0, count: 2)) { $0[Int($1[0] >> 6) & 1] |= 1 << UInt64($1[0] & 63) }

        @inline(__always)
        func name(_ token: Token, in bytes: [UInt8]) -> Int? {
            let length = Int(token.length)
            guard token.kind == .identifier, length < 64, lengths & 1 << UInt64(length) != 0 else { return nil }
            let first = bytes[token.start]
            guard first < 128, firsts[Int(first >> 6)] & 1 << UInt64(first & 63) != 0 else { return nil }
            return names.firstIndex { $0.count == length && bytes[token.range].elementsEqual($0) }
        }
    }

    static let nameBytes: [[UInt8]] = names.map { Array($0.utf8) }

    // MARK: - Button { }

    /// `Button(…) { }` and `Button { } label: { … }`: the first trailing closure is the action
    /// unless the parentheses already pass one (`Button(action: save) { Label(…) }`, whose
    /// trailing closure is the label; an empty `action:` there is reported at its label).
    private func buttonAction(at index: Int, calls: ActionCalls) -> Violation? {
        let code = calls.code
        guard calls.isCallee(index), let call = calls.call(at: calls.calleeEnd(from: index)) else { return nil }
        guard !call.arguments.contains(where: { $0.label == "action" }), let action = call.trailingClosures.first else { return nil }
        // In an alert or dialog every button dismisses, so an empty "OK" is fine; an empty
        // destructive button confirms a deletion that never happens.
        guard calls.isEmptyClosure(action), !calls.hasCancelRole(call),
              !calls.isInsideAlert(index) || calls.hasRole(call, "destructive") else { return nil }
        let title = call.arguments.first { $0.label == nil }.flatMap { calls.plainString($0.value) }
        let named = title.map { " '\($0)'" } ?? ""
        let place = code.describeEnclosingDeclaration(of: code.tokens[index].start).map { " in \($0)" } ?? ""
        return Violation(
            location: Location(file: code.fileIndex, range: code.tokens[index].range),
            message: "`Button`\(named)\(place) has an empty action: tapping it does nothing. Send the tap to the ViewModel (`viewModel.onInput(…)`) or call the navigation callback, or remove the button until it has work to do; a button that only dismisses takes `role: .cancel`.",
            fingerprintText: "Button " + (title ?? ""))
    }

    // MARK: - action: { }

    /// An `action:` argument whose value is an empty closure literal, in any call.
    private func actionArgument(at index: Int, calls: ActionCalls) -> Violation? {
        let code = calls.code
        guard code.token(index + 1, is: ":"), code.token(index - 1, is: "(") || code.token(index - 1, is: ","),
              let open = code.opener(enclosing: index), code.token(open, is: "("),
              let calleeIndex = calls.calleeName(before: open) else { return nil }
        guard let call = calls.call(at: open - 1),
              let argument = call.arguments.first(where: { $0.labelIndex == index }),
              argument.value.count >= 2, code.token(argument.value.lowerBound, is: "{"),
              code.closer(of: argument.value.lowerBound) == argument.value.upperBound - 1,
              calls.isEmptyClosure(argument.value.lowerBound) else { return nil }
        let callee = code.text(calleeIndex)
        if callee == "Button", calls.hasCancelRole(call) { return nil }
        // `Alert.Button.cancel(action: {})`: the cancel button of a legacy alert.
        if callee == "cancel", code.token(open - 2, is: ".") { return nil }
        // A destructive button of an alert (`Button(role: .destructive)`, or a legacy alert's
        // `.destructive(Text("Delete"), action: {})`) confirms a deletion that never happens.
        let isDestructive = callee == "Button" && calls.hasRole(call, "destructive") || callee == "destructive" && code.token(open - 2, is: ".")
        guard !calls.isInsideAlert(index) || isDestructive else { return nil }
        let place = code.describeEnclosingDeclaration(of: code.tokens[index].start).map { " in \($0)" } ?? ""
        return Violation(
            location: Location(file: code.fileIndex, range: code.tokens[index].range),
            message: "Empty `action:` closure passed to `\(callee)`\(place): the control does nothing when used. Send the action to the ViewModel (`viewModel.onInput(…)`) or call the navigation callback, or remove the control until it has work to do.",
            fingerprintText: "action: " + callee)
    }

    // MARK: - .onTapGesture { } and .swipeActions { }

    /// `.onTapGesture { }`, `.onTapGesture(count: 2) { }`, `.onTapGesture(perform: {})`;
    /// `.swipeActions { }`, `.swipeActions(edge: .leading) { }`, `.swipeActions(content: {})`.
    private func modifier(at index: Int, closureLabel: String, calls: ActionCalls) -> Violation? {
        let code = calls.code
        guard code.token(index - 1, is: "."), let call = calls.call(at: index) else { return nil }
        var closure: Int? = nil
        if let argument = call.arguments.first(where: { $0.label == closureLabel }) {
            if argument.value.count >= 2, code.token(argument.value.lowerBound, is: "{"),
               code.closer(of: argument.value.lowerBound) == argument.value.upperBound - 1 {
                closure = argument.value.lowerBound
            }
        } else {
            closure = call.trailingClosures.first
        }
        guard let closure, calls.isEmptyClosure(closure) else { return nil }
        let name = code.text(index)
        let place = code.describeEnclosingDeclaration(of: code.tokens[index].start).map { " in \($0)" } ?? ""
        let consequence = name == "swipeActions"
            ? "swiping the row reveals no actions. Add the buttons (for example a delete that calls the ViewModel) or remove the modifier"
            : "the tap is swallowed and nothing happens. Send the tap to the ViewModel (`viewModel.onInput(…)`) or call the navigation callback, or remove the gesture"
        return Violation(
            location: Location(file: code.fileIndex, range: code.tokens[index].range),
            message: "`.\(name)`\(place) has an empty closure: \(consequence).",
            fingerprintText: "." + name)
    }
}

// MARK: - Calls

/// Calls read from tokens: the argument list after a callee, its trailing closures, and
/// what encloses it.
private struct ActionCalls {
    struct Argument {
        /// The label before `:`, `nil` for an unlabelled argument.
        var label: String?
        /// Token index of the label, if any.
        var labelIndex: Int?
        /// Token indices of the value.
        var value: Range<Int>
    }

    struct Call {
        var arguments: [Argument]
        /// Token indices of the trailing closures' `{`, in order (labelled ones included).
        var trailingClosures: [Int]
    }

    let code: UnimplementedCodeRule.ProductionSource

    /// Whether the identifier at `index` is called as a free name or a module-qualified one
    /// (`Button(…)`, `SwiftUI.Button { … }`), not declared (`struct Button`) nor a member of
    /// a value (`style.Button`).
    func isCallee(_ index: Int) -> Bool {
        guard code.tokens.indices.contains(index), code.tokens[index].kind == .identifier else { return false }
        if code.token(index - 1, is: ".") {
            return code.token(index - 2, is: "SwiftUI")
        }
        return !code.isDeclaredName(index)
    }

    /// Whether a `(` opens a call's arguments: right after a name (`Button(`, `.default(`,
    /// `.init(`), not a tuple, a condition or a declaration's parameter list.
    func isCallParenthesis(_ open: Int) -> Bool {
        guard open > 0, !code.hasTrivia(before: open) else { return false }
        let before = open - 1
        if code.tokens[before].kind == .identifier { return !code.isDeclaredName(before) }
        return code.token(before, is: "init") || code.token(before, is: "default") || code.token(before, is: "self") || code.token(before, is: "super")
    }

    /// Where the callee that starts at the name `index` ends: after generic arguments
    /// (`Button<Text>(…)`) and `.init` (`Button.init(…)`, `Button<Text>.init(…)`), else at
    /// the name.
    func calleeEnd(from index: Int) -> Int {
        var end = index
        if !code.hasTrivia(before: index + 1), let close = angleMatch(from: index + 1, step: 1) { end = close }
        if code.token(end + 1, is: "."), code.token(end + 2, is: "init"), !code.hasTrivia(before: end + 1) { end += 2 }
        return end
    }

    /// The name of the callee whose last token is just before the `(` at `open`: the name
    /// itself (`Button(`, or `init`, `self`… as `isCallParenthesis` allows), the type before
    /// `.init` (`Button.init(`), or the name before generic arguments (`AsyncButton<Text>(`,
    /// `Button<Text>.init(`). `nil` for no call, such as a comparison (`a > (b)`).
    func calleeName(before open: Int) -> Int? {
        guard open > 0, !code.hasTrivia(before: open) else { return nil }
        if code.token(open - 1, is: "init"), code.token(open - 2, is: "."), !code.hasTrivia(before: open - 2), open >= 3 {
            let type = open - 3
            if code.tokens[type].kind == .identifier { return code.isDeclaredName(type) ? nil : type }
            if let name = nameBeforeGenericArguments(endingAt: type) { return name }
        }
        if isCallParenthesis(open) { return open - 1 }
        return nameBeforeGenericArguments(endingAt: open - 1)
    }

    /// The name glued to the generic argument list whose `>` is at `close`.
    private func nameBeforeGenericArguments(endingAt close: Int) -> Int? {
        guard let angle = angleMatch(from: close, step: -1), angle > 0, !code.hasTrivia(before: angle),
              code.tokens[angle - 1].kind == .identifier, !code.isDeclaredName(angle - 1) else { return nil }
        return angle - 1
    }

    /// The other end of a generic argument list that starts (`step` 1, at its `<`) or ends
    /// (`step` -1, at its `>`) at `from`, when everything between can spell types; at most
    /// 64 tokens, since generic argument lists are short.
    private func angleMatch(from: Int, step: Int) -> Int? {
        guard code.tokens.indices.contains(from), code.tokens[from].kind == .operator,
              step > 0 ? code.text(from).hasPrefix("<") : code.text(from).hasSuffix(">") else { return nil }
        var depth = 0
        var position = from
        while code.tokens.indices.contains(position), abs(position - from) < 64 {
            if code.tokens[position].kind == .operator {
                for character in code.text(position) {
                    switch character {
                    case "<": depth += step
                    case ">": depth -= step
                    case "?", "!", "&": break
                    default: return nil
                    }
                }
                if depth == 0 { return position }
                if depth < 0 { return nil }
            } else if code.tokens[position].kind != .identifier && !code.token(position, is: ".") && !code.token(position, is: ",")
                        && !code.token(position, is: "[") && !code.token(position, is: "]") && !code.token(position, is: ":")
                        && !code.token(position, is: "any") && !code.token(position, is: "some") {
                return nil
            }
            position += step
        }
        return nil
    }

    /// The arguments and trailing closures of the call whose callee ends at `index`: `(`
    /// right after it (no space), then trailing closures; or trailing closures alone.
    func call(at index: Int) -> Call? {
        var position = index + 1
        var arguments: [Argument] = []
        if code.token(position, is: "("), !code.hasTrivia(before: position) {
            guard let close = code.closer(of: position) else { return nil }
            arguments = self.arguments(open: position, close: close)
            position = close + 1
        }
        var trailing: [Int] = []
        if code.token(position, is: "{"), let close = code.closer(of: position) {
            trailing.append(position)
            position = close + 1
            // `label: { … }` after the first trailing closure.
            while code.tokens.indices.contains(position + 1), code.tokens[position].kind == .identifier || code.tokens[position].kind == .keyword,
                  code.token(position + 1, is: ":"), code.token(position + 2, is: "{"), let next = code.closer(of: position + 2) {
                trailing.append(position + 2)
                position = next + 1
            }
        }
        guard !arguments.isEmpty || !trailing.isEmpty || code.token(index + 1, is: "(") else { return nil }
        return Call(arguments: arguments, trailingClosures: trailing)
    }

    private func arguments(open: Int, close: Int) -> [Argument] {
        var arguments: [Argument] = []
        var start = open + 1
        var position = open + 1
        // Brackets opened inside the arguments and not yet closed: a `,` at depth 0 is the
        // call's own (its innermost open bracket is `open`).
        var depth = 0
        while position <= close {
            if position < close, code.tokens[position].closesBracket {
                depth -= 1
            } else if position < close, code.tokens[position].opensBracket {
                depth += 1
            }
            if position == close || (depth == 0 && code.token(position, is: ",")) {
                if start < position {
                    var argument = Argument(label: nil, labelIndex: nil, value: start..<position)
                    if code.tokens[start].kind == .identifier || code.tokens[start].kind == .keyword, code.token(start + 1, is: ":"), start + 1 < position {
                        argument = Argument(label: code.text(start), labelIndex: start, value: (start + 2)..<position)
                    }
                    arguments.append(argument)
                }
                start = position + 1
            }
            position += 1
        }
        return arguments
    }

    /// A closure with no statements: nothing between the braces but trivia, or only a
    /// signature (`{ _ in }`, `{ [weak self] location in }`), since a statement cannot end
    /// with `in`.
    func isEmptyClosure(_ open: Int) -> Bool {
        guard let close = code.closer(of: open) else { return false }
        if close == open + 1 { return true }
        return code.token(close - 1, is: "in") && code.tokens[close - 1].kind == .keyword && code.opener(enclosing: close - 1) == open
    }

    /// `role: .cancel` or `role: ButtonRole.cancel` among the arguments.
    func hasCancelRole(_ call: Call) -> Bool {
        hasRole(call, "cancel")
    }

    /// `role: .NAME` or `role: ButtonRole.NAME` among the arguments.
    func hasRole(_ call: Call, _ name: StaticString) -> Bool {
        call.arguments.contains { argument in
            guard argument.label == "role", let last = argument.value.last, code.token(last, is: name), code.token(last - 1, is: ".") else { return false }
            let qualifier = argument.value.lowerBound..<(last - 1)
            return qualifier.isEmpty || qualifier.allSatisfy { code.tokens[$0].kind == .identifier || code.token($0, is: ".") }
        }
    }

    /// The text of a plain string literal argument (`"Save"`), for messages.
    func plainString(_ range: Range<Int>) -> String? {
        guard range.count == 3, code.tokens[range.lowerBound].kind == .stringQuote,
              code.tokens[range.lowerBound + 1].kind == .stringSegment, code.tokens[range.upperBound - 1].kind == .stringQuote else { return nil }
        return code.text(range.lowerBound + 1)
    }

    // MARK: Alerts

    /// Calls whose buttons all dismiss the alert or dialog they sit in, so an empty action
    /// is the ordinary way to write "OK".
    static let alertModifiers: Set<String> = ["alert", "confirmationDialog"]
    static let alertTypes: Set<String> = ["Alert", "ActionSheet"]

    /// Whether the token sits in the arguments or trailing closures of an alert or a
    /// confirmation dialog, at any depth.
    func isInsideAlert(_ index: Int) -> Bool {
        var current = code.enclosingBracket(of: index)
        while let open = current {
            if let callee = callee(ofBracket: open) {
                let name = code.text(callee)
                // Both take arguments (`.alert("Delete?", isPresented: $asking) { … }`,
                // `Alert(title:)`): `if let alert = viewModel.alert { … }` is no alert.
                if ActionCalls.alertModifiers.contains(name), code.token(callee - 1, is: "."), code.token(callee + 1, is: "(") { return true }
                if ActionCalls.alertTypes.contains(name), code.token(callee + 1, is: "(") { return true }
            }
            current = code.enclosingBracket(of: open)
        }
        return false
    }

    /// The callee whose argument list (`(`) or trailing closure (`{`) opens at `open`:
    /// `.alert(…) { }`, `Alert(…)`, `.confirmationDialog(…) { } message: { }`.
    private func callee(ofBracket open: Int) -> Int? {
        if code.token(open, is: "(") {
            return open > 0 && code.tokens[open - 1].kind == .identifier ? open - 1 : nil
        }
        guard code.token(open, is: "{") else { return nil }
        var before = open - 1
        // A labelled trailing closure: step back to the first one.
        while code.token(before, is: ":"), code.token(before - 2, is: "}"), let previous = code.partner(of: before - 2) {
            before = previous - 1
        }
        if code.token(before, is: ")"), let argumentsOpen = code.partner(of: before) {
            before = argumentsOpen - 1
        }
        return before >= 0 && code.tokens[before].kind == .identifier ? before : nil
    }
}
