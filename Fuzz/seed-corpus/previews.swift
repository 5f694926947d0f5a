import SwiftUI

#Preview("Empty list") {
    NoteListView(notes: [])
}

#Preview(traits: .sizeThatFitsLayout) {
    NoteRowView(row: NoteRow(id: UUID(), title: "Groceries", excerpt: "Milk, eggs"))
        .padding()
}

struct NoteDetailView_Previews: PreviewProvider {
    static var previews: some View {
        NoteDetailView(id: UUID(), repository: PreviewNoteRepository())
            .previewDisplayName("Detail")
    }
}

@available(iOS 17, macOS 14, *)
#Preview {
    @Previewable @State var text = "Hello"
    EditorView(text: $text)
}
