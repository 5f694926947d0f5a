/// One dependency of a file on a module or a symbol, as DESIGN §5.1 defines dependencies
/// for `layer-dependency`: an `import`, or a reference to a type, protocol, typealias or
/// global function that the project declares. `LayerDependencies` finds them; the rule
/// reports those that break the configuration, and `archlint graph` draws them all.
public struct Dependency: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// `import M`: of a layer's module, or of a module outside the project.
        case `import`
        /// `import M` of a module listed in the file's layer's `forbiddenImports` (SwiftUI in
        /// Domain). An import that already breaks `mayDependOn` is an `import`.
        case forbiddenImport
        /// A reference to a top-level type, protocol, typealias (or a type nested in one, by
        /// qualified name) or a call of a global function, declared in the project.
        case reference
    }

    public var kind: Kind
    /// The file that depends (an index into `ProjectIndex.files`).
    public var file: Int
    /// The layer of that file; `nil` for a file in no layer.
    public var fromLayer: String?
    /// The declaration (an index into the file's outline) whose code holds the reference;
    /// `nil` for imports and for code outside any declaration.
    public var fromDeclaration: Int?
    /// The imported module, or the referenced symbol: a type's qualified name
    /// (`NoteAPI.Endpoint`) or a global function's base name.
    public var target: String
    /// The layer depended on: the layer whose `modules` list the imported module, or the
    /// layer of the file that declares the referenced symbol; `nil` for a module outside
    /// every layer and for a declaration in a file of no layer.
    public var toLayer: String?
    /// The declaration a reference resolves to (`nil` for imports).
    public var declaration: DeclarationID?
    /// Where: the `import` keyword, or the referenced name as written (`ArcanaData.NoteDTO`).
    public var range: Range<Int>
    /// Whether the dependency breaks the configuration: an import of, or a reference that
    /// resolves only to, a layer that `fromLayer` may not depend on, or a forbidden import.
    /// Never true for files in no layer.
    public var isViolation: Bool

    public init(kind: Kind, file: Int, fromLayer: String?, fromDeclaration: Int?, target: String, toLayer: String?,
                declaration: DeclarationID?, range: Range<Int>, isViolation: Bool) {
        self.kind = kind
        self.file = file
        self.fromLayer = fromLayer
        self.fromDeclaration = fromDeclaration
        self.target = target
        self.toLayer = toLayer
        self.declaration = declaration
        self.range = range
        self.isViolation = isViolation
    }

    public var isImport: Bool { kind != .reference }

    /// The dependencies that `layer-dependency` reports as findings: violations, one per
    /// file and imported module, and one per file and referenced symbol — the first in
    /// the order given (`LayerDependencies` gives imports, then references by position).
    public static func reported(_ dependencies: [Dependency]) -> [Dependency] {
        reportedWithLater(dependencies).map(\.dependency)
    }

    /// The dependencies that stand for `layer-dependency`'s findings once suppressions
    /// apply: per file and target, the first violation that `isSuppressed` does not
    /// silence (where the finding moves, as a lint run reports it), none when all are.
    public static func reported(_ dependencies: [Dependency], unless isSuppressed: (Dependency) -> Bool) -> [Dependency] {
        reportedWithLater(dependencies).compactMap { item in
            ([item.dependency] + item.later).first { !isSuppressed($0) }
        }
    }

    /// `reported(_:)`, each with the later violations it stands for (the same file and
    /// target), in order.
    public static func reportedWithLater(_ dependencies: [Dependency]) -> [(dependency: Dependency, later: [Dependency])] {
        struct Key: Hashable {
            var file: Int
            var isImport: Bool
            var target: String
        }
        var positions: [Key: Int] = [:]
        var result: [(dependency: Dependency, later: [Dependency])] = []
        for dependency in dependencies where dependency.isViolation {
            let key = Key(file: dependency.file, isImport: dependency.isImport, target: dependency.target)
            if let position = positions[key] {
                result[position].later.append(dependency)
            } else {
                positions[key] = result.count
                result.append((dependency, []))
            }
        }
        return result
    }
}
