import Foundation

/// Talks to the notes backend. Knows nothing about the local store.
final class NotesAPIClient: Sendable {
    private let baseURL: URL
    private let session: URLSession

    init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func fetchChanges(since date: Date?) async throws -> [NoteDTO] {
        var url = baseURL.appending(path: "notes")
        if let date {
            url.append(queryItems: [URLQueryItem(name: "since", value: date.ISO8601Format())])
        }
        let (data, response) = try await session.data(from: url)
        try validate(response)
        return try makeDecoder().decode([NoteDTO].self, from: data)
    }

    func upsert(_ note: NoteDTO) async throws {
        var request = URLRequest(url: baseURL.appending(path: "notes/\(note.id)"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try makeEncoder().encode(note)
        let (_, response) = try await session.data(for: request)
        try validate(response)
    }

    func deleteNote(id: UUID) async throws {
        var request = URLRequest(url: baseURL.appending(path: "notes/\(id)"))
        request.httpMethod = "DELETE"
        let (_, response) = try await session.data(for: request)
        try validate(response)
    }

    func shareLink(for noteID: UUID) async throws -> URL {
        var request = URLRequest(url: baseURL.appending(path: "notes/\(noteID)/share"))
        request.httpMethod = "POST"
        let (data, response) = try await session.data(for: request)
        try validate(response)
        return try makeDecoder().decode(ShareLinkDTO.self, from: data).url
    }

    private func validate(_ response: URLResponse) throws {
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
    }

    private func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
