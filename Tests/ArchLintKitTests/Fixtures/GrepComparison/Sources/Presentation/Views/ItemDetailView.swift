import SwiftUI

/// One pantry item: its photo, quantity and what to do with it.
struct ItemDetailView: View {
    let item: PantryItem
    var onNavigateToShoppingList: () -> Void = {}

    var body: some View {
        Form {
            Image(systemName: "photo")
                .onTapGesture { }
            LabeledContent("Quantity", value: "\(item.quantity)")
            Text("Nutrition facts: coming soon")
            // The "Coming Soon" ribbon of 1.x is gone: new screens ship complete.
            Button("Add to shopping list") { onNavigateToShoppingList() }
            Button(action: {
            }) {
                Label("Scan barcode", systemImage: "barcode.viewfinder")
            }
            Button("Reorder") {
                // wire up later
            }
        }
        .navigationTitle(item.name)
    }
}
