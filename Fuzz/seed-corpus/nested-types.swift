enum Feature {
    struct Settings {
        enum Route: Hashable {
            case general, privacy, account(id: Int)
        }
        struct Screen {
            enum Destination { case sheet, push }
            final class ViewModel {
                struct Input {}
                struct Output {}
                enum Effect {}
                func onInput(_ input: Input) {}
            }
        }
    }
}

extension Feature.Settings.Route {
    var title: String {
        switch self {
        case .general: "General"
        case .privacy: "Privacy"
        case .account(let id): "Account \(id)"
        }
    }
}

struct SettingsRouterView: View {
    let route: Feature.Settings.Route
    var body: some View {
        switch route {
        case .general: Text("g")
        case .account: Text("a")
        @unknown default: EmptyView()
        }
    }
}

typealias SettingsRoute = Feature.Settings.Route
let nestedInit = Feature.Settings.Screen.ViewModel()
