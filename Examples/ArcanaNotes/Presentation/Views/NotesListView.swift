import SwiftUI

struct NotesListView: View {
    @State private var viewModel: NotesListViewModel
    @State private var editorSheet: EditorSheet?
    private let makeEditor: (Note?) -> NoteEditorView

    init(viewModel: NotesListViewModel, makeEditor: @escaping (Note?) -> NoteEditorView) {
        _viewModel = State(initialValue: viewModel)
        self.makeEditor = makeEditor
    }

    var body: some View {
        NavigationStack {
            NotesListContent(output: viewModel.output, onInput: viewModel.onInput)
                .navigationTitle("Notes")
        }
        .onAppear { viewModel.onInput(.onAppear) }
        .onChange(of: viewModel.effect) { _, effect in
            handle(effect)
        }
        .sheet(item: $editorSheet, onDismiss: { viewModel.onInput(.onAppear) }) { sheet in
            makeEditor(sheet.note)
        }
    }

    private func handle(_ effect: NotesListViewModel.Effect?) {
        guard let effect else { return }
        switch effect {
        case .openEditor(let note):
            editorSheet = EditorSheet(note: note)
        }
        viewModel.effect = nil
    }
}

private struct EditorSheet: Identifiable {
    let id = UUID()
    let note: Note?
}

/// Stateless list content: renders the output and reports every tap as an input.
struct NotesListContent: View {
    let output: NotesListViewModel.Output
    let onInput: (NotesListViewModel.Input) -> Void

    var body: some View {
        List {
            if !output.pinned.isEmpty {
                Section("Pinned") {
                    ForEach(output.pinned) { note in row(note) }
                }
            }
            Section {
                ForEach(output.notes) { note in row(note) }
            } footer: {
                if let message = output.errorMessage {
                    Text(message).foregroundStyle(.red)
                }
            }
        }
        .overlay {
            if output.isLoading && output.notes.isEmpty {
                ProgressView()
            } else if output.notes.isEmpty {
                ContentUnavailableView("No Notes", systemImage: "note.text",
                                       description: Text("Write your first note with the pencil button."))
            }
        }
        .refreshable { onInput(.refresh) }
        .toolbar {
            ToolbarItem(placement: .topBarLeading) {
                Menu("Sort", systemImage: "arrow.up.arrow.down") {
                    Picker("Sort", selection: Binding(get: { output.sortOrder }, set: { onInput(.selectSort($0)) })) {
                        ForEach(NoteSortOrder.allCases) { order in
                            Text(order.rawValue).tag(order)
                        }
                    }
                }
            }
            ToolbarItem(placement: .primaryAction) {
                Button("New Note", systemImage: "square.and.pencil") { onInput(.createNote) }
            }
        }
    }

    private func row(_ note: Note) -> some View {
        Button {
            onInput(.open(note.id))
        } label: {
            VStack(alignment: .leading, spacing: 4) {
                Text(note.title.isEmpty ? "Untitled" : note.title)
                    .font(.headline)
                Text(note.updatedAt.editedDescription)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .swipeActions {
            Button("Delete", role: .destructive) { onInput(.delete(note.id)) }
        }
    }
}
