import SwiftUI

@MainActor
struct HikeListView: View {
    @Environment(HikeListRouter.self) private var router
    @State var viewModel: HikeListViewModel

    var body: some View {
        List {
            if !viewModel.hikes.isEmpty {
                Section {
                    ForEach(viewModel.hikes) { hike in
                        Button {
                            router.showDetail(of: hike.id)
                        } label: {
                            HikeRow(hike: hike)
                        }
                        .swipeActions { favoriteButton(for: hike) }
                    }
                } footer: {
                    Text("\(viewModel.totalDistanceKm, format: .number.precision(.fractionLength(1))) km in total")
                }
            }
        }
        .overlay { emptyState }
        .navigationTitle(viewModel.favoritesOnly ? "Favorites" : "Hikes")
        .toolbar {
            if !viewModel.favoritesOnly {
                Button("Favorites", systemImage: "star") { router.showFavorites() }
            }
        }
        .task { await viewModel.loadHikes() }
        .refreshable { await viewModel.loadHikes() }
    }
}

@MainActor
extension HikeListView {
    @ViewBuilder
    private var emptyState: some View {
        if viewModel.isLoading && viewModel.hikes.isEmpty {
            ProgressView()
        } else if let message = viewModel.errorMessage {
            ContentUnavailableView("Couldn't Load Hikes", systemImage: "exclamationmark.triangle",
                                   description: Text(message))
        } else if viewModel.hikes.isEmpty {
            ContentUnavailableView("No Hikes Yet", systemImage: "figure.hiking")
        }
    }

    private func favoriteButton(for hike: Hike) -> some View {
        Button(hike.isFavorite ? "Unfavorite" : "Favorite", systemImage: hike.isFavorite ? "star.slash" : "star") {
            Task { await viewModel.toggleFavorite(hike) }
        }
        .tint(.yellow)
    }
}

private struct HikeRow: View {
    let hike: Hike

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(hike.title).font(.headline)
                if hike.isFavorite {
                    Image(systemName: "star.fill").foregroundStyle(.yellow)
                }
            }
            Text("\(hike.date.formatted(date: .abbreviated, time: .omitted)) · \(hike.distanceKm, format: .number.precision(.fractionLength(1))) km")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
    }
}
