import Foundation
import Observation

/// State and actions of the pantry list.
@Observable
final class PantryListViewModel {
    enum Input {
        case load
        case remove(PantryItem.ID)
    }

    struct Output {
        var items: [PantryItem] = []
        var errorMessage: String?
    }

    enum Effect {
        case removed(name: String)
    }

    private(set) var output = Output()
    private(set) var effect: Effect?
    private let service: PantryService

    init(service: PantryService) {
        self.service = service
    }

    func onInput(_ input: Input) {
        Task { await handle(input) }
    }

    private func handle(_ input: Input) async {
        do {
            switch input {
            case .load:
                output.items = try await service.items()
            case .remove(let id):
                let name = output.items.first { $0.id == id }?.name ?? ""
                try await service.remove(id: id)
                output.items.removeAll { $0.id == id }
                effect = .removed(name: name)
            }
        } catch {
            output.errorMessage = "Your pantry could not be loaded. Pull to try again."
        }
    }
}
