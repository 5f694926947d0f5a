import SwiftLexer
import SwiftOutline
import XCTest

func outline(_ source: String) -> FileOutline {
    OutlineBuilder.build(SourceFile(path: "Test.swift", text: source))
}

extension FileOutline {
    /// The first declaration with this name (and kind, if given), depth first in source order.
    func first(_ name: String, kind: DeclarationKind? = nil, file: StaticString = #filePath, line: UInt = #line) -> Declaration {
        if let found = declarations.first(where: { $0.name == name && (kind == nil || $0.kind == kind) }) { return found }
        XCTFail("no declaration named \(name)", file: file, line: line)
        return Declaration(kind: .struct, name: "", nameOffset: 0, keywordOffset: 0, range: 0..<0)
    }

    /// `kind name` of the top-level declarations, and `  kind name` for members, indented per level.
    var tree: [String] {
        var lines: [String] = []
        var stack: [(Int, Int)] = topLevel.reversed().map { ($0, 0) }
        while let (index, depth) = stack.popLast() {
            let declaration = declarations[index]
            lines.append(String(repeating: "  ", count: depth) + "\(declaration.kind.rawValue) \(declaration.name)")
            stack.append(contentsOf: declaration.members.reversed().map { ($0, depth + 1) })
        }
        return lines
    }
}

extension CodeFacts {
    /// `receiver.name(labels)` for every member access, the form most tests assert on.
    var accessSummaries: [String] {
        memberAccesses.map { access in
            var text = (access.receiver.isEmpty ? "" : access.receiver) + "." + access.name
            if let call = access.call {
                text += "(" + call.labels.map { $0 + ":" }.joined() + ")"
                if call.trailingClosures > 0 { text += "+\(call.trailingClosures){}" }
            }
            return text
        }
    }

    var referenceSummaries: [String] { references.map { "\($0.name):\($0.role.rawValue)" } }
}
