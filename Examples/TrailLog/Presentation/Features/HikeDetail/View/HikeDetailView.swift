import SwiftUI

struct HikeDetailView: View {
    @State var viewModel: HikeDetailViewModel

    var body: some View {
        Form {
            if let hike = viewModel.hike {
                Section("Hike") {
                    LabeledContent("Date", value: hike.date.formatted(date: .long, time: .omitted))
                    LabeledContent("Distance", value: "\(hike.distanceKm.formatted(.number.precision(.fractionLength(1)))) km")
                    LabeledContent("Elevation gain", value: "\(hike.elevationGainM) m")
                    if let pace = hike.paceMinutesPerKm {
                        LabeledContent("Pace", value: "\(pace.formatted(.number.precision(.fractionLength(1)))) min/km")
                    }
                }
                if let trail = viewModel.trail {
                    Section("Trail") {
                        LabeledContent("Name", value: trail.name)
                        LabeledContent("Region", value: trail.region)
                        LabeledContent("Difficulty", value: trail.difficulty.rawValue.capitalized)
                    }
                }
                if !hike.notes.isEmpty {
                    Section("Notes") { Text(hike.notes) }
                }
            } else if let message = viewModel.errorMessage {
                ContentUnavailableView("Couldn't Load Hike", systemImage: "exclamationmark.triangle",
                                       description: Text(message))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(viewModel.hike?.title ?? "Hike")
        .toolbar {
            if let hike = viewModel.hike {
                Button(hike.isFavorite ? "Unfavorite" : "Favorite", systemImage: hike.isFavorite ? "star.fill" : "star") {
                    Task { await viewModel.toggleFavorite() }
                }
            }
            if let exportText = viewModel.exportText {
                ShareLink(item: exportText)
            }
        }
        .task { await viewModel.load() }
    }
}
