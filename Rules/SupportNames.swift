// Helpers shared by several rules (files named `Support…` hold no rule of their own).

/// The part of a dotted name after its last dot (`Domain.NoteRepository` → `NoteRepository`;
/// generic arguments are not treated specially). By bytes: rules ask it for most
/// declarations of a project.
func lastComponent(_ name: String) -> String {
    guard let dot = name.utf8.lastIndex(of: 0x2E) else { return name }
    return String(name[name.utf8.index(after: dot)...])
}
