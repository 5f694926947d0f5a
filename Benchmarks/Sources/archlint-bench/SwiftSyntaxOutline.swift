import SwiftParser
import SwiftSyntax

// MARK: - swift-syntax's tree, reduced to the declarations archlint's outline holds

/// Collects the counted declarations of a swift-syntax tree that archlint's outline would
/// contain: top-level declarations, members of types and extensions, and declarations in
/// every clause of `#if` at those levels.
///
/// Everything local is skipped without descending: bodies of functions, initializers,
/// deinitializers, accessors and statements (`CodeBlockSyntax`), accessor blocks,
/// closures, initializer expressions (of properties, parameters' default values, enum
/// raw values, macro definitions) and the cases of a top-level `switch`. A declaration
/// that is still inside an expression (a case not caught by those) is not counted.
final class SwiftSyntaxOutline: SyntaxVisitor {
    private(set) var entries: [OutlineEntry] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    /// Parses the file and returns the tree and its counted declarations in source order.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> (tree: SourceFileSyntax, entries: [OutlineEntry]) {
        let tree = Parser.parse(source: buffer)
        let visitor = SwiftSyntaxOutline()
        visitor.walk(tree)
        return (tree, visitor.entries)
    }

    // MARK: Counted declarations

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.class, node, node.name)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.struct, node, node.name)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.enum, node, node.name)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.actor, node, node.name)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.protocol, node, node.name)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !isInsideExpression(node) else { return .skipChildren }
        let offset = node.extendedType.positionAfterSkippingLeadingTrivia.utf8Offset
        entries.append(OutlineEntry(kind: .extension, name: Self.typeName(node.extendedType), offset: offset))
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.func, node, node.name)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.`init`, node, node.initKeyword)
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.deinit, node, node.deinitKeyword)
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.subscript, node, node.subscriptKeyword)
    }

    // MARK: Skipped without descending

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Helpers

    /// Records a declaration named by `name` (a keyword for `init`, `deinit`, `subscript`)
    /// and descends into it: its member block is where its members are, and the skips
    /// above keep the walk out of its body.
    private func add(_ kind: CountedKind, _ node: some SyntaxProtocol, _ name: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard !isInsideExpression(node) else { return .skipChildren }
        let offset = name.positionAfterSkippingLeadingTrivia.utf8Offset
        entries.append(OutlineEntry(kind: kind, name: Self.withoutBackticks(name.text), offset: offset))
        return .visitChildren
    }

    /// Whether an expression encloses `node` (walks up to the nearest declaration that
    /// holds members, or to the root).
    private func isInsideExpression(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ExprSyntax.self) { return true }
            if ancestor.is(MemberBlockSyntax.self) || ancestor.is(SourceFileSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// An extended type the way archlint names it: `Foo`, `Foo.Bar` (generic arguments
    /// and backticks dropped); any other type as written.
    static func typeName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return withoutBackticks(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return typeName(member.baseType) + "." + withoutBackticks(member.name.text)
        }
        return type.trimmedDescription
    }

    static func withoutBackticks(_ name: String) -> String {
        guard name.count >= 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
        return String(name.dropFirst().dropLast())
    }
}
