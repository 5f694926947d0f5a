/// Implemented in another target (NotesApp's Data layer): the build-tool plugin lints
/// the whole package, so building NotesDomain alone does not report it as unimplemented.
public protocol NoteRepository: Sendable {
    func notes() async throws -> [Note]
}
