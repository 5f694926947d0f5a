import SwiftOutline

// Where a declaration sits, as the rules from the seeds' verification lists ask it: in
// test or preview sources, under `#if false`, inside a `PreviewProvider` type.
extension ProjectIndex {
    /// Test sources (a `Tests` or `…Tests` folder, a `…Tests.swift` file) and preview
    /// sources (a `Preview Content`, `Preview` or `Previews` folder).
    public func isTestOrPreviewFile(_ file: Int) -> Bool {
        files[file].isTestOrPreviewPath
    }

    /// The answer of `isTestOrPreviewFile(_:)` for a path; decided once per file, in the
    /// per-file stage (`IndexedFile.isTestOrPreviewPath`), since rules ask for every declaration.
    static func isTestOrPreviewPath(_ path: String) -> Bool {
        pathComponents(path).contains { component, isFileName in
            isFileName ? component.ends(with: "Tests.swift")
                : component.ends(with: "Tests") || component.elementsEqual("Preview Content".utf8)
                    || component.elementsEqual("Preview".utf8) || component.elementsEqual("Previews".utf8)
        }
    }

    /// The non-empty components of a `/`-separated path as UTF-8 bytes, each with whether
    /// it is the last one (the file name). Bytes, not characters: asked once per file, and
    /// the names compared are ASCII.
    static func pathComponents(_ path: String) -> [(component: ArraySlice<UInt8>, isFileName: Bool)] {
        let bytes = Array(path.utf8)
        let parts = bytes.split(separator: 0x2F)
        return parts.enumerated().map { ($0.element, $0.offset == parts.count - 1) }
    }

    /// A declaration under `#if false` (its own or an enclosing one's condition). The walk
    /// is bounded like qualified names, so it stays linear on pathological nesting.
    public func isInactive(_ id: DeclarationID) -> Bool {
        let outline = files[id.file].outline
        var current: Int? = id.declaration
        var steps = 0
        while let number = current, steps <= FileOutline.qualifiedNameDepthLimit {
            steps += 1
            if outline.declarations[number].conditions.contains(where: \.isInactive) { return true }
            current = outline.declarations[number].parent
        }
        return false
    }

    /// A declaration that is, or sits inside, a type conforming to `PreviewProvider`.
    public func isInPreviewProvider(_ id: DeclarationID) -> Bool {
        let outline = files[id.file].outline
        var current: Int? = id.declaration
        var steps = 0
        while let number = current, steps <= FileOutline.qualifiedNameDepthLimit {
            steps += 1
            if outline.declarations[number].kind.hasMembers,
               conforms(files[id.file].qualifiedNames[number], to: "PreviewProvider") {
                return true
            }
            current = outline.declarations[number].parent
        }
        return false
    }
}

extension ProjectIndex {
    /// A file in a `Tests/` or `…Tests/` folder, named `…Tests.swift`, or importing a test framework.
    public static func isTestSource(_ file: IndexedFile) -> Bool { file.isTestSource }

    static func isTestSource(path: String, outline: FileOutline) -> Bool {
        if pathComponents(path).contains(where: { $0.isFileName ? $0.component.ends(with: "Tests.swift") : $0.component.ends(with: "Tests") }) {
            return true
        }
        return outline.imports.contains { $0.module == "XCTest" || $0.module == "Testing" }
    }

    /// Whether a declaration is inside a `#Preview` body, under `#if false`, or is or sits in
    /// a type that declares `PreviewProvider` conformance itself (in its declaration or any
    /// extension; inherited conformance does not count here).
    public func isPreviewOrInactive(_ id: DeclarationID) -> Bool {
        let outline = files[id.file].outline
        let declaration = outline.declarations[id.declaration]
        if outline.macroExpansions.contains(where: { $0.name == "Preview" && $0.range.contains(declaration.range.lowerBound) }) { return true }
        var current: Int? = id.declaration
        var steps = 0  // bounded like qualified names: linear on pathological nesting
        while let number = current, steps <= FileOutline.qualifiedNameDepthLimit {
            steps += 1
            let node = outline.declarations[number]
            if node.conditions.contains(where: \.isInactive) { return true }
            if node.kind.hasMembers, declaresPreviewProvider(files[id.file].qualifiedNames[number], own: node) { return true }
            current = node.parent
        }
        return false
    }

    /// A type that conforms to `PreviewProvider` in its declaration or any extension.
    private func declaresPreviewProvider(_ name: String, own: Declaration) -> Bool {
        if ProjectIndex.namesPreviewProvider(own.inherits) { return true }
        // Asked for every member of every part of a type: the parts are read once per name
        // (a type with a thousand extensions would otherwise cost a million look-ups).
        return cachedPreviewProviderAnswer(for: name) {
            ProjectIndex.namesPreviewProvider(parts(of: name).flatMap { self[$0].inherits })
        }
    }

    static func namesPreviewProvider(_ inherits: [String]) -> Bool {
        inherits.contains { entry in
            ProjectIndex.normalisedTypeNames(entry).contains { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }
        }
    }
}

extension ArraySlice<UInt8> {
    /// Whether the bytes end with the UTF-8 bytes of `suffix`.
    func ends(with suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        let tail = self[(endIndex - count)...]
        return suffix.withUTF8Buffer { tail.elementsEqual($0) }
    }
}
