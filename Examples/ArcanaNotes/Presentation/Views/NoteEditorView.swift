import SwiftUI

struct NoteEditorView: View {
    @State private var viewModel: NoteEditorViewModel
    @Environment(\.dismiss) private var dismiss

    init(viewModel: NoteEditorViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: Binding(
                    get: { viewModel.output.title },
                    set: { viewModel.onInput(.updateTitle($0)) }
                ))
                .font(.title2.bold())

                TextEditor(text: Binding(
                    get: { viewModel.output.body },
                    set: { viewModel.onInput(.updateBody($0)) }
                ))
                .frame(minHeight: 240)

                Toggle("Pinned", isOn: Binding(
                    get: { viewModel.output.isPinned },
                    set: { _ in viewModel.onInput(.togglePin) }
                ))

                if let message = viewModel.output.errorMessage {
                    Text(message).foregroundStyle(.red)
                }
            }
            .navigationTitle(viewModel.output.isNew ? "New Note" : "Edit Note")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", role: .cancel) { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { viewModel.onInput(.save) }
                        .disabled(!viewModel.output.canSave)
                }
                ToolbarItem(placement: .bottomBar) {
                    if let url = viewModel.output.shareURL {
                        ShareLink("Share", item: url)
                    } else {
                        Button("Create Share Link", systemImage: "link") { viewModel.onInput(.createShareLink) }
                            .disabled(viewModel.output.isNew)
                    }
                }
            }
        }
        .onChange(of: viewModel.effect) { _, effect in
            guard effect == .dismiss else { return }
            viewModel.effect = nil
            dismiss()
        }
    }
}
