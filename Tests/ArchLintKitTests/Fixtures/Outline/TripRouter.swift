import SwiftUI

enum TripRoute: Hashable {
    case overview
    case day(TripDay.ID)
    case booking(Booking.ID, editing: Bool = false)
    case settings
}

@MainActor
@Observable
final class TripRouter {
    var path = NavigationPath()

    func push(_ route: TripRoute) { path.append(route) }
    func popToRoot() { path = NavigationPath() }
}

struct TripFlowView: View {
    @State private var router = TripRouter()
    let factory: TripViewFactory

    var body: some View {
        NavigationStack(path: $router.path) {
            TripOverviewView(
                viewModel: factory.makeOverviewViewModel(),
                onDaySelected: { router.push(.day($0)) },
                onSettings: { router.push(.settings) }
            )
            .navigationDestination(for: TripRoute.self) { route in
                destination(for: route)
            }
        }
    }

    @ViewBuilder
    private func destination(for route: TripRoute) -> some View {
        switch route {
        case .overview:
            TripOverviewView(viewModel: factory.makeOverviewViewModel())
        case .day(let id):
            TripDayView(viewModel: factory.makeDayViewModel(dayID: id))
        case .booking(let id, let editing):
            BookingView(bookingID: id, isEditing: editing)
        case .settings:
            SettingsView()
        }
    }
}

struct TripOverviewView: View {
    let viewModel: TripOverviewViewModel
    var onDaySelected: (TripDay.ID) -> Void = { _ in }
    var onSettings: (() -> Void)?

    var body: some View {
        List(viewModel.output.days) { day in
            Button(day.title) { onDaySelected(day.id) }
        }
        .toolbar {
            Button("Settings", systemImage: "gear") { onSettings?() }
        }
    }
}
