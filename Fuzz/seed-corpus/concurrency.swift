import Foundation

actor ImageCache {
    private var images: [URL: Data] = [:]
    private var inFlight: [URL: Task<Data, Error>] = [:]

    func image(at url: URL) async throws -> Data {
        if let cached = images[url] { return cached }
        if let task = inFlight[url] { return try await task.value }
        let task = Task.detached(priority: .utility) { () async throws -> Data in
            let (data, _) = try await URLSession.shared.data(from: url)
            return data
        }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        let data = try await task.value
        images[url] = data
        return data
    }

    nonisolated func key(for url: URL) -> String { url.absoluteString }
}

final class SyncCoordinator: @unchecked Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) static var shared: SyncCoordinator?

    func syncAll(_ ids: [String]) async {
        async let first = fetch(ids.first ?? "")
        async let rest = withTaskGroup(of: String.self, returning: [String].self) { group in
            for id in ids.dropFirst() { group.addTask { await self.fetch(id) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let all = await [first] + rest
        await MainActor.run { print(all.count) }
        for await value in AsyncStream<Int>(unfolding: { nil }) { _ = value }
    }

    @concurrent func fetch(_ id: String) async -> String { id }
    isolated deinit {}
}

@MainActor func updateBadge(_ count: consuming Int, label: borrowing String) {}
