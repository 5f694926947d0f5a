import SwiftLexer

/// The brackets of a file's tokens (`(`, `[`, `{`, `\(` and their closers), matched in one
/// pass: each closer closes the innermost open bracket, whatever its kind. Shared by the
/// rules that read call arguments from raw tokens.
struct BracketTables {
    /// For each bracket token, the index of its partner; -1 for none.
    private let partners: [Int]
    /// For each token, the index of the innermost open bracket around it; -1 for none.
    private let enclosing: [Int]

    init(tokens: [Token]) {
        var partners = [Int](repeating: -1, count: tokens.count)
        var enclosing = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.closesBracket, let open = stack.popLast() {
                partners[open] = index
                partners[index] = open
            }
            enclosing[index] = stack.last ?? -1
            if token.opensBracket { stack.append(index) }
        }
        self.partners = partners
        self.enclosing = enclosing
    }

    /// The matching bracket of the bracket token at `index`.
    func partner(of index: Int) -> Int? {
        guard partners.indices.contains(index) else { return nil }
        let partner = partners[index]
        return partner >= 0 ? partner : nil
    }

    /// The innermost open bracket around the token at `index`.
    func enclosingBracket(of index: Int) -> Int? {
        guard enclosing.indices.contains(index) else { return nil }
        let open = enclosing[index]
        return open >= 0 ? open : nil
    }
}
