// MARK: - The common ground of both outlines

/// The declaration kinds the outline check counts: types, extensions and functions.
///
/// Raw values are the declaring keywords, which are also the raw values of archlint's
/// `DeclarationKind`, so that its kinds map by name.
enum CountedKind: String, CaseIterable, Comparable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    case `func`, `init`, `deinit`, `subscript`

    /// Class, struct, enum, actor, protocol or extension.
    var isType: Bool {
        switch self {
        case .class, .struct, .enum, .actor, .protocol, .extension: return true
        case .func, .`init`, .deinit, .subscript: return false
        }
    }

    static func < (left: CountedKind, right: CountedKind) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

/// One counted declaration: its kind, its name as archlint spells it (backticks removed,
/// `init`/`deinit`/`subscript` for those, the dotted extended type for an extension) and
/// the byte offset of its name, which is only used to report where it is.
struct OutlineEntry {
    var kind: CountedKind
    var name: String
    var offset: Int

    /// What the two sides are compared by: `kind name`.
    var key: String { kind.rawValue + " " + name }
}

/// The counts of one side for one file.
struct OutlineCounts {
    private(set) var perKind: [Int] = Array(repeating: 0, count: CountedKind.allCases.count)

    init(_ entries: [OutlineEntry]) {
        for entry in entries { perKind[index(entry.kind)] += 1 }
    }

    subscript(kind: CountedKind) -> Int { perKind[index(kind)] }

    /// Classes, structs, enums, actors, protocols and extensions.
    var types: Int { CountedKind.allCases.filter(\.isType).reduce(0) { $0 + self[$1] } }
    var extensions: Int { self[.extension] }
    /// Functions, initializers, deinitializers and subscripts.
    var functions: Int { CountedKind.allCases.filter { !$0.isType }.reduce(0) { $0 + self[$1] } }

    static func += (total: inout OutlineCounts, counts: OutlineCounts) {
        for index in total.perKind.indices { total.perKind[index] += counts.perKind[index] }
    }

    private func index(_ kind: CountedKind) -> Int { CountedKind.allCases.firstIndex(of: kind)! }
}

/// The entries one side has and the other lacks, as multisets of `kind name` keys.
struct OutlineMismatch {
    /// In archlint's outline only, in source order.
    var onlyArchlint: [OutlineEntry]
    /// In swift-syntax's tree only, in source order.
    var onlySwiftSyntax: [OutlineEntry]

    var isEmpty: Bool { onlyArchlint.isEmpty && onlySwiftSyntax.isEmpty }

    /// Compares both sides by key. When a key occurs more often on one side, the surplus
    /// entries are its last ones in source order.
    init(archlint: [OutlineEntry], swiftSyntax: [OutlineEntry]) {
        func grouped(_ entries: [OutlineEntry]) -> [String: [OutlineEntry]] {
            Dictionary(grouping: entries, by: \.key).mapValues { $0.sorted { $0.offset < $1.offset } }
        }
        let ours = grouped(archlint), theirs = grouped(swiftSyntax)
        var onlyArchlint: [OutlineEntry] = [], onlySwiftSyntax: [OutlineEntry] = []
        for key in Set(ours.keys).union(theirs.keys) {
            let left = ours[key] ?? [], right = theirs[key] ?? []
            if left.count > right.count { onlyArchlint += left[right.count...] }
            if right.count > left.count { onlySwiftSyntax += right[left.count...] }
        }
        // Source order: the first entry that differs is usually where the cause is.
        func ordered(_ left: OutlineEntry, _ right: OutlineEntry) -> Bool {
            left.offset != right.offset ? left.offset < right.offset : left.key < right.key
        }
        self.onlyArchlint = onlyArchlint.sorted(by: ordered)
        self.onlySwiftSyntax = onlySwiftSyntax.sorted(by: ordered)
    }
}
