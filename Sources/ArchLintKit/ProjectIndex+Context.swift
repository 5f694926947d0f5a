import SwiftOutline

// Where a declaration sits, as the rules from the seeds' verification lists ask it: in
// test or preview sources, under `#if false`, inside a `PreviewProvider` type.
extension ProjectIndex {
    /// Test and preview-only sources (`isTestSource(_:)`).
    public func isTestOrPreviewFile(_ file: Int) -> Bool {
        files[file].isTestSource
    }

    /// Whether a folder of `path` (a component but the last) is named `Tests` or `…Tests`.
    public static func hasTestsFolder(_ path: String) -> Bool {
        anyPathComponent(of: path) { component, isFileName in !isFileName && component.ends(with: "Tests") }
    }

    /// Whether `predicate` holds for a non-empty component of a `/`-separated path, given
    /// as UTF-8 bytes with whether it is the last one (the file name). The bytes are read in
    /// place, not split into arrays: rules ask this of every file, some of them of every
    /// file again, and the names compared are ASCII.
    static func anyPathComponent(of path: String, where predicate: (_ component: UnsafeBufferPointer<UInt8>, _ isFileName: Bool) -> Bool) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            // The file name is the last non-empty component: where it ends is found first.
            var last = bytes.count
            while last > 0, bytes[last - 1] == 0x2F { last -= 1 }
            var start = 0
            while start < last {
                if bytes[start] == 0x2F {
                    start += 1
                    continue
                }
                var end = start + 1
                while end < last, bytes[end] != 0x2F { end += 1 }
                if predicate(UnsafeBufferPointer(rebasing: bytes[start..<end]), end == last) { return true }
                start = end
            }
            return false
        }
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
    /// Test and preview-only code, which the rules from the seeds' verification lists pass
    /// over: a file in a `Tests/` or `…Tests/` folder, named `…Tests.swift`, importing a test
    /// framework, or in a `Preview Content/`, `Preview/` or `Previews/` folder (Xcode's
    /// development assets, compiled for previews only).
    public static func isTestSource(_ file: IndexedFile) -> Bool { file.isTestSource }

    static func isTestSource(path: String, outline: FileOutline) -> Bool {
        if anyPathComponent(of: path, where: { component, isFileName in
            isFileName ? component.ends(with: "Tests.swift")
                : component.ends(with: "Tests") || component.isSpelled("Preview Content") || component.isSpelled("Preview") || component.isSpelled("Previews")
        }) {
            return true
        }
        return outline.imports.contains { $0.module == "XCTest" || $0.module == "Testing" }
    }

    /// Whether a declaration is inside a `#Preview` body, under `#if false`, or is or sits in
    /// a type that declares `PreviewProvider` conformance itself (in its declaration or any
    /// extension; inherited conformance does not count here).
    public func isPreviewOrInactive(_ id: DeclarationID) -> Bool {
        // Rules ask this of most declarations they look at: the file's outline is read in
        // place, not copied, and the conformances come from one table of the project's.
        let file = files[id.file]
        let start = file.outline.declarations[id.declaration].range.lowerBound
        if file.outline.macroExpansions.contains(where: { $0.range.contains(start) && $0.name == "Preview" }) { return true }
        let previewProviders = self.previewProviders
        var current: Int? = id.declaration
        var steps = 0  // bounded like qualified names: linear on pathological nesting
        while let number = current, steps <= FileOutline.qualifiedNameDepthLimit {
            steps += 1
            if file.outline.declarations[number].conditions.contains(where: \.isInactive) { return true }
            if !previewProviders.isEmpty, file.kinds[number].hasMembers,
               previewProviders.declares(DeclarationID(file: id.file, declaration: number), named: file.qualifiedNames[number]) {
                return true
            }
            current = file.outline.declarations[number].parent
        }
        return false
    }

    /// Types that conform to `PreviewProvider` in their own declaration or an extension.
    struct PreviewProviders: Sendable {
        /// Declarations (types and extensions) whose inheritance list names it.
        private var declarations: Set<DeclarationID> = []
        /// Their qualified names, for those filed by name (not under `#if false`, named):
        /// every part of such a type (`ProjectIndex.parts(of:)`) declares it.
        private var names: Set<String> = []

        init(files: [IndexedFile]) {
            for (fileIndex, file) in files.enumerated() {
                for number in file.kinds.indices where file.kinds[number].hasMembers {
                    let declaration = file.outline.declarations[number]
                    // The words are normalised only in the few lists that mention the protocol at all.
                    guard declaration.inherits.contains(where: { TypeText.contains($0, "PreviewProvider") }),
                          ProjectIndex.namesPreviewProvider(declaration.inherits) else { continue }
                    declarations.insert(DeclarationID(file: fileIndex, declaration: number))
                    if !declaration.name.isEmpty, !declaration.conditions.contains(where: \.isInactive), let name = file.qualifiedNames.stored(number) {
                        names.insert(name)
                    }
                }
            }
        }

        /// No declaration of the project names `PreviewProvider` (most projects now use `#Preview`).
        var isEmpty: Bool { declarations.isEmpty }

        /// Whether the type or extension `id`, named `name`, or another part of that type, names it.
        func declares(_ id: DeclarationID, named name: String) -> Bool {
            declarations.contains(id) || names.contains(name)
        }
    }

    static func namesPreviewProvider(_ inherits: [String]) -> Bool {
        inherits.contains { entry in
            ProjectIndex.normalisedTypeNames(entry).contains { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with the UTF-8 bytes of `suffix`.
    func ends(with suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        let tail = count - length
        var index = 0
        while index < length, self[tail + index] == suffix.utf8Start[index] { index += 1 }
        return index == length
    }

    /// Whether the bytes are the UTF-8 bytes of `text`.
    func isSpelled(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && ends(with: text)
    }
}
