import SwiftUI

/// Lists the notes of a folder; taps and swipes are forwarded to the owner.
struct NoteListView: View {
    let notes: [NoteRow]
    var onSelect: (NoteRow.ID) -> Void = { _ in }
    var onDelete: ((NoteRow.ID) -> Void)?
    var onCreate: () -> Void = {}

    @State private var query = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            ForEach(filtered) { row in
                NoteRowView(row: row)
                    .onTapGesture { onSelect(row.id) }
                    .swipeActions {
                        Button(role: .destructive) {
                            onDelete?(row.id)
                        } label: {
                            Label("Delete", systemImage: "trash")
                        }
                    }
            }
        }
        .searchable(text: $query)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("New note", action: onCreate)
            }
            ToolbarItem(placement: .cancellationAction) {
                Button("Close", role: .cancel) {}
            }
        }
        .navigationTitle("Notes (\(notes.count))")
    }

    private var filtered: [NoteRow] {
        query.isEmpty ? notes : notes.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }
}

struct NoteRowView: View {
    let row: NoteRow
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(row.title).font(.headline)
            Text(row.excerpt).font(.subheadline).foregroundStyle(.secondary)
        }
    }
}
