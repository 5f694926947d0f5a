import SwiftUI

struct FolderToolbar: View {
    @Binding var isEditing: Bool
    var body: some View {
        HStack {
            Button("Edit") { }
            Button(action: {}) { Image(systemName: "plus") }
            Button("Sort", action: { /* later */ })
            Button("Cancel", role: .cancel) { }
            Text("Folders")
                .onTapGesture {}
                .onTapGesture(count: 2, perform: {})
                .swipeActions(edge: .trailing) { }
            Button { isEditing.toggle() } label: { Text(isEditing ? "Done" : "Edit") }
        }
    }
}
