import Foundation
import Observation

@Observable
final class HikeDetailViewModel {
    private(set) var hike: Hike?
    private(set) var trail: Trail?
    private(set) var exportText: String?
    private(set) var errorMessage: String?

    private let hikeID: Hike.ID
    private let getHikesUseCase: GetHikesUseCaseProtocol
    private let getTrailUseCase: GetTrailUseCaseProtocol
    private let favoritesUseCase: HikeFavoritesUseCaseProtocol

    init(hikeID: Hike.ID,
         getHikesUseCase: GetHikesUseCaseProtocol,
         getTrailUseCase: GetTrailUseCaseProtocol,
         favoritesUseCase: HikeFavoritesUseCaseProtocol) {
        self.hikeID = hikeID
        self.getHikesUseCase = getHikesUseCase
        self.getTrailUseCase = getTrailUseCase
        self.favoritesUseCase = favoritesUseCase
    }

    @MainActor
    func load() async {
        do {
            let hike = try await getHikesUseCase.execute(id: hikeID)
            self.hike = hike
            exportText = try makeExport(of: hike)
            if let trailID = hike.trailID {
                trail = try await getTrailUseCase.execute(id: trailID)
            }
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    @MainActor
    func toggleFavorite() async {
        guard let hike else { return }
        do {
            try await favoritesUseCase.execute(hike.isFavorite ? .remove(hikeID: hike.id) : .add(hikeID: hike.id))
            self.hike?.isFavorite.toggle()
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    /// The hike as pretty-printed JSON, for the share sheet.
    private func makeExport(of hike: Hike) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(HikeDTO(hike: hike))
        return String(decoding: data, as: UTF8.self)
    }
}
