import Foundation

/// A trail as the trail catalogue API returns it.
struct TrailDTO: Decodable, Sendable {
    let id: UUID
    let name: String
    let region: String
    let lengthKm: Double
    let difficulty: String

    func toDomain() -> Trail {
        Trail(id: id, name: name, region: region, lengthKm: lengthKm,
              difficulty: Trail.Difficulty(rawValue: difficulty) ?? .moderate)
    }
}

final class TrailRemoteDataSource: Sendable {
    private let baseURL: URL
    private let session: URLSession

    init(baseURL: URL = URL(string: "https://trails.traillog.example/v2")!, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func fetchTrails(query: String) async throws -> [TrailDTO] {
        try await get("trails", query: [URLQueryItem(name: "q", value: query)])
    }

    func fetchTrail(id: UUID) async throws -> TrailDTO {
        try await get("trails/\(id)")
    }

    private func get<Response: Decodable>(_ path: String, query: [URLQueryItem] = []) async throws -> Response {
        var url = baseURL.appending(path: path)
        if !query.isEmpty {
            url.append(queryItems: query)
        }
        let (data, response) = try await session.data(from: url)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Response.self, from: data)
    }
}
