import SwiftUI

/// The pantry: every item with its quantity, newest purchases first.
struct PantryListView: View {
    let viewModel: PantryListViewModel
    var onNavigateToDetail: (PantryItem) -> Void = { _ in }

    var body: some View {
        List(viewModel.output.items) { item in
            Button {
                onNavigateToDetail(item)
            } label: {
                LabeledContent(item.name, value: "\(item.quantity)")
            }
            .swipeActions {
                Button("Remove", role: .destructive) { viewModel.onInput(.remove(item.id)) }
            }
        }
        .navigationTitle("Pantry")
        .toolbar {
            NavigationLink("About", value: Route.about)
            Button("Share") { }
        }
        .alert("Could not load the pantry", isPresented: .constant(viewModel.output.errorMessage != nil)) {
            Button("OK") { }
        }
        .task { viewModel.onInput(.load) }
    }
}
