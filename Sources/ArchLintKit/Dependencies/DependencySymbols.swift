import Foundation
import SwiftLexer
import SwiftOutline

// MARK: - The project's symbols

/// Where a symbol is declared: which declaration, in which file and layer.
struct SymbolSite: Sendable {
    var id: DeclarationID
    var layer: String?
    var path: String
}

/// What references can resolve to: top-level types, protocols, typealiases (and types
/// nested in them, by qualified name) and top-level functions, each with every place that
/// declares it in path order. Declarations inside `#if false` are left out: they are
/// never compiled, so they neither shadow nor get depended on.
struct DependencySymbols: Sendable {
    /// Types, protocols and typealiases by qualified name (`NoteDTO`, `NoteAPI.Endpoint`):
    /// the names numbered (looked up by their bytes), their places by number.
    private(set) var typeNumbers = NameNumbers()
    /// The names again as strings, by number, so that a hit makes none.
    private(set) var typeNames: [String] = []
    private(set) var typeSites: [[SymbolSite]] = []
    /// Top-level functions by base name, the same way.
    private(set) var functionNumbers = NameNumbers()
    private(set) var functionNames: [String] = []
    private(set) var functionSites: [[SymbolSite]] = []
    /// Every other declared name (methods, properties, cases, global variables) that is
    /// also the name of a top-level function: a bare call of such a name may mean that
    /// declaration rather than the global function. (Only top-level functions' names are
    /// ever looked up here, so other names are not kept.)
    var otherNames: Set<String> = []
    /// Byte ranges of `#if false`-style code, per file.
    var inactiveRanges: [[Range<Int>]] = []

    /// Global functions of the standard library, Foundation (with the C math library) and
    /// SwiftUI that projects overload for their own types (`max(_:_:)` for `Money`): a bare
    /// call of such a name may mean either, so it never resolves to the project's.
    static let platformFunctionNames: Set<String> = [
        "abs", "min", "max", "print", "debugPrint", "dump", "zip", "stride", "sequence", "repeatElement", "swap",
        "precondition", "preconditionFailure", "assert", "assertionFailure", "fatalError", "type", "numericCast",
        "readLine", "isKnownUniquelyReferenced", "withExtendedLifetime", "withUnsafePointer", "withUnsafeMutablePointer",
        "withUnsafeBytes", "withUnsafeMutableBytes", "unsafeBitCast", "unsafeDowncast", "withoutActuallyEscaping",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "withTaskCancellationHandler", "NSLog", "autoreleasepool", "sqrt", "pow", "floor", "ceil", "round", "log", "exp",
        "sin", "cos", "tan", "atan2", "hypot", "fmod", "withAnimation", "withTransaction",
    ]

    /// The places of the type, protocol or typealias of this qualified name, if any.
    func typeSites(named name: String) -> [SymbolSite]? {
        typeNumbers.number(of: name).map { typeSites[$0] }
    }

    /// Declarations that make a type name, at top level or nested in a type.
    static func isTypeKind(_ kind: DeclarationKind) -> Bool {
        switch kind {
        case .class, .struct, .enum, .actor, .protocol, .typealias: return true
        default: return false
        }
    }

    init(index: ProjectIndex) {
        var topLevelFunctions = Set<String>()
        // The functions' names by length and first and last byte, one bit each (`shape`):
        // most other names of a project are ruled out by it without being hashed.
        var functionShapes = [UInt64](repeating: 0, count: Self.shapeWords)
        for file in index.files {
            for number in file.outline.topLevel where file.kinds[number] == .func {
                let name = file.outline.declarations[number].name
                topLevelFunctions.insert(name)
                let shape = Self.shape(name)
                functionShapes[shape >> 6] |= 1 << UInt64(shape & 63)
            }
        }
        func mayBeFunctionName(_ name: String) -> Bool {
            let shape = Self.shape(name)
            return functionShapes[shape >> 6] & 1 << UInt64(shape & 63) != 0 && topLevelFunctions.contains(name)
        }
        var typeScoped: [Bool] = []
        for (fileIndex, file) in index.files.enumerated() {
            let inactive = file.mayHaveInactiveCode ? file.loadSource().map(InactiveCode.ranges(in:)) ?? [] : []
            inactiveRanges.append(inactive)
            let outline = file.outline
            // Only functions and types are filed, with their place; the rest are only looked
            // up among the functions' names.
            func site(_ number: Int) -> SymbolSite {
                SymbolSite(id: DeclarationID(file: fileIndex, declaration: number), layer: file.layer, path: file.path)
            }
            func isInactive(_ declaration: Declaration) -> Bool {
                declaration.conditions.contains(where: \.isInactive) || InactiveCode.contains(inactive, declaration.nameOffset)
            }
            // Whether each declaration is scoped by types only, from its parent's answer (a
            // parent comes before its members): walking up from every declaration would be
            // quadratic in the nesting depth. One buffer for every file.
            typeScoped.removeAll(keepingCapacity: true)
            for (number, declaration) in outline.declarations.enumerated() {
                if let parent = declaration.parent {
                    typeScoped.append(parent < number
                        ? file.kinds[parent].hasMembers && typeScoped[parent]
                        : Self.isTypeScoped(number, in: outline))
                } else {
                    typeScoped.append(true)
                }
                guard !declaration.name.isEmpty else { continue }
                let kind = file.kinds[number]
                if kind == .func, declaration.parent == nil {
                    if !isInactive(declaration) {
                        Self.add(site(number), named: declaration.name, numbers: &functionNumbers, names: &functionNames, sites: &functionSites)
                    }
                    continue
                }
                if Self.isTypeKind(kind), typeScoped[number] {
                    if !isInactive(declaration) {
                        Self.add(site(number), named: file.qualifiedNames[number], numbers: &typeNumbers, names: &typeNames, sites: &typeSites)
                    }
                    continue
                }
                if kind != .extension, !topLevelFunctions.isEmpty {
                    if mayBeFunctionName(declaration.name) { otherNames.insert(declaration.name) }
                    if declaration.hasPatternNames {
                        for name in declaration.names where mayBeFunctionName(name) { otherNames.insert(name) }
                    }
                }
            }
        }
        // "The first declaration in path order" names the finding. Sites were added in file
        // order, so when the files are in path order (as a lint run gives them) they already are.
        let inPathOrder = zip(index.files, index.files.dropFirst()).allSatisfy { $0.path <= $1.path }
        guard !inPathOrder else { return }
        let byPath: (SymbolSite, SymbolSite) -> Bool = { ($0.path, $0.id) < ($1.path, $1.id) }
        typeSites = typeSites.map { $0.sorted(by: byPath) }
        functionSites = functionSites.map { $0.sorted(by: byPath) }
    }

    /// Files `site` under `name`: a new name gets the next number.
    private static func add(_ site: SymbolSite, named name: String, numbers: inout NameNumbers, names: inout [String], sites: inout [[SymbolSite]]) {
        let (number, inserted) = numbers.insert(name)
        if inserted {
            names.append(name)
            sites.append([site])
        } else {
            sites[number].append(site)
        }
    }

    static let shapeWords = 64

    /// A name's length and first and last byte folded into one of `shapeWords * 64` bits.
    static func shape(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return (bytes.count &* 131 &+ Int(first) &* 31 &+ Int(last)) & (shapeWords * 64 - 1)
        }
    }

    /// Whether a declaration sits at top level or only inside types and extensions (so that
    /// its qualified name can be written from elsewhere).
    static func isTypeScoped(_ index: Int, in outline: FileOutline) -> Bool {
        var current = outline.declarations[index].parent
        while let parent = current {
            guard outline.declarations[parent].kind.hasMembers else { return false }
            current = outline.declarations[parent].parent
        }
        return true
    }
}

// MARK: - Inactive code

/// `#if false`, `#if never` (and `#if 0`) regions. The outline records the `#if` stack of
/// declarations only; code inside bodies carries none, so the regions are found here from
/// the file's tokens (only for files that contain `#if` at all).
public enum InactiveCode {
    static func ranges(in source: SourceFile) -> [Range<Int>] {
        guard mayHaveInactiveCode(source.bytes) else { return [] }
        return ranges(in: Lexer.tokenize(source).tokens, source: source)
    }

    /// Byte ranges of the branches of `#if false`/`#if never`/`#if 0` in already lexed code.
    public static func ranges(in tokens: [Token], source: SourceFile) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // Per open `#if`: where its current branch became inactive, if it is.
        var open: [Int?] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard token.kind == .pound else { continue }
            let directive = source.text(token.range)
            guard directive == "#if" || directive == "#elseif" || directive == "#else" || directive == "#endif" else { continue }
            var words: [String] = []
            var lineEnd = token.end
            while index < tokens.count, !tokens[index].flags.contains(.newlineBefore) {
                words.append(source.text(tokens[index].range))
                lineEnd = tokens[index].end
                index += 1
            }
            if directive == "#if" {
                open.append(nil)
            } else if !open.isEmpty, let start = open[open.count - 1] {
                ranges.append(start..<token.start)
                open[open.count - 1] = nil
            }
            guard !open.isEmpty else { continue }  // a stray `#elseif`/`#else`/`#endif`
            switch directive {
            case "#if", "#elseif":
                let clause = ConditionClause(directive: directive == "#if" ? .if : .elseif, condition: words.joined(separator: " "))
                if clause.isInactive { open[open.count - 1] = lineEnd }
            case "#endif":
                open.removeLast()
            default:
                break  // `#else`: the other branch of an unknown condition is analysed
            }
        }
        for start in open.compactMap({ $0 }) { ranges.append(start..<source.bytes.count) }
        return ranges
    }

    static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
        ranges.contains { $0.contains(offset) }
    }

    /// Whether some `#if` or `#elseif` line may have an inactive condition: after the
    /// directive, a condition that is never true (`InactiveCondition`) alone on the line
    /// (before any `//` comment), or a `/*` comment that could hide the words from this byte-level
    /// look. Generous, so that a `false` is always right; the tokens give the exact answer.
    public static func mayHaveInactiveCode(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            var offset = 0
            while offset + 3 <= text.count {
                // Straight to the next "#" (memchr reads many bytes at a time).
                guard let found = memchr(base + offset, 0x23, text.count - offset) else { return false }
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard offset + 3 <= text.count else { return false }
                defer { offset += 1 }
                let start: Int
                if text[offset + 1] == 0x69, text[offset + 2] == 0x66 {  // "#if"
                    start = offset + 3
                } else if offset + 7 <= text.count, text[offset + 1] == 0x65, Self.has(elseif, at: offset + 1, in: text) {
                    start = offset + 7
                } else {
                    continue
                }
                // The rest of the line, read in place (most files have many `#if`s).
                var end = start
                while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
                var conditionEnd = end
                var index = start
                while index + 1 < end {
                    if text[index] == 0x2F, text[index + 1] == 0x2A { return true }  // "/*"
                    if text[index] == 0x2F, text[index + 1] == 0x2F, conditionEnd == end { conditionEnd = index }  // "//"
                    index += 1
                }
                if InactiveCondition.isNeverTrue(UnsafeBufferPointer(rebasing: text[start..<conditionEnd])) { return true }
            }
            return false
        }
    }

    private static let elseif: [UInt8] = Array("elseif".utf8)

    /// Whether `word` is written in `text` at `offset` (which leaves room for it).
    private static func has(_ word: [UInt8], at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        word.indices.allSatisfy { text[offset + $0] == word[$0] }
    }
}
