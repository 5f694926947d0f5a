import Foundation

public protocol TrailRepository {
    func trails(near location: Coordinate) async throws -> [Trail]
    func trail(id: Trail.ID) async throws -> Trail
    func favorite(_ id: Trail.ID, isOn: Bool) async throws
}

public protocol TrailServiceProtocol {
    func nearbyTrails(at location: Coordinate) async throws -> [Trail]
}

public struct Trail: Identifiable { public let id: String; public var name: String }
public struct Coordinate { public var latitude: Double; public var longitude: Double }
//---
import Foundation
import CoreLocation

final class RemoteTrailRepository: TrailRepository {
    private let session: URLSession
    init(session: URLSession = .shared) { self.session = session }

    func trails(near location: Coordinate) async throws -> [Trail] {
        let (data, _) = try await session.data(from: URL(string: "https://example.invalid/trails")!)
        return try JSONDecoder().decode([TrailDTO].self, from: data).map(\.domain)
    }

    func trail(id: Trail.ID) async throws -> Trail {
        try await trails(near: Coordinate(latitude: 0, longitude: 0)).first { $0.id == id }!
    }
}
//---
import SwiftUI

@MainActor
@Observable
final class TrailListViewModel {
    private let repository: TrailRepository
    var trails: [Trail] = []

    init(repository: TrailRepository) { self.repository = repository }

    func refresh(at location: Coordinate) async {
        trails = (try? await repository.trails(near: location)) ?? []
    }
}

struct TrailListView: View {
    let viewModel: TrailListViewModel
    var onShowMap: () -> Void = {}
    var body: some View {
        List(viewModel.trails) { Text($0.name) }
            .toolbar { Button("Map", action: onShowMap) }
    }
}
//---
public enum Units { case metric, imperial }
//---
import SwiftUI

struct TrailsScreen: View {
    var body: some View {
        TrailListView(viewModel: TrailListViewModel(repository: RemoteTrailRepository()))
    }
}
//---
let sharedFormatter = DateFormatter()
