import ArchLintKit

// Helpers shared by several rules (files named `Support…` hold no rule of their own).

/// The part of a dotted name after its last dot (`Domain.NoteRepository` → `NoteRepository`;
/// generic arguments are not treated specially). By bytes: rules ask it for most
/// declarations of a project.
func lastComponent(_ name: String) -> String {
    // A native string is read as one buffer (stepping through `utf8` checks every byte).
    let fast: String?? = name.utf8.withContiguousStorageIfAvailable { bytes in
        guard let dot = bytes.lastIndex(of: 0x2E) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
    }
    if let fast { return fast ?? name }
    guard let dot = name.utf8.lastIndex(of: 0x2E) else { return name }
    return String(name[name.utf8.index(after: dot)...])
}

/// `ArcanaDomain.NoteRepository` → `NoteRepository`: a dotted name without its leading
/// components (a module qualifier), shortened no further than the first ending that
/// `declares` accepts; the name itself when `declares` accepts it, or no ending does.
func droppingModuleQualifier(_ name: String, declares: (String) -> Bool) -> String {
    guard !declares(name) else { return name }
    var parts = ProjectIndex.nameComponents(name)
    while parts.count > 1 {
        parts.removeFirst()
        let candidate = parts.joined(separator: ".")
        if declares(candidate) { return candidate }
    }
    return name
}
