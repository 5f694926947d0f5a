import Foundation

/// Keeps the hike log and the favourites in one JSON file in Application Support.
@MainActor
final class HikeLocalDataSource {
    private struct LogFile: Codable {
        var hikes: [HikeDTO] = []
        var favoriteIDs: Set<UUID> = []
    }

    private let fileURL: URL
    private var cache: LogFile?

    init(fileURL: URL = URL.applicationSupportDirectory.appending(path: "hikes.json")) {
        self.fileURL = fileURL
    }

    func loadHikes() throws -> [HikeDTO] {
        try read().hikes
    }

    func upsert(_ hike: HikeDTO) throws {
        var file = try read()
        file.hikes.removeAll { $0.id == hike.id }
        file.hikes.append(hike)
        try write(file)
    }

    func deleteHike(id: UUID) throws {
        var file = try read()
        file.hikes.removeAll { $0.id == id }
        file.favoriteIDs.remove(id)
        try write(file)
    }

    func favoriteIDs() throws -> Set<UUID> {
        try read().favoriteIDs
    }

    func setFavorite(_ isFavorite: Bool, id: UUID) throws {
        var file = try read()
        if isFavorite {
            file.favoriteIDs.insert(id)
        } else {
            file.favoriteIDs.remove(id)
        }
        try write(file)
    }

    private func read() throws -> LogFile {
        if let cache { return cache }
        guard FileManager.default.fileExists(atPath: fileURL.path()) else { return LogFile() }
        let file = try JSONDecoder().decode(LogFile.self, from: Data(contentsOf: fileURL))
        cache = file
        return file
    }

    private func write(_ file: LogFile) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try JSONEncoder().encode(file).write(to: fileURL, options: .atomic)
        cache = file
    }
}
