import Foundation

protocol Repository<Entity> {
    associatedtype Entity: Identifiable & Sendable
    associatedtype Failure: Error = Never
    func all() async throws -> [Entity]
    subscript(id: Entity.ID) -> Entity? { get }
    static var name: String { get }
    init(seed: [Entity])
}

protocol PagedRepository: Repository where Entity: Hashable {
    func page(_ number: Int, size: Int) async throws(RepositoryError) -> [Entity]
}

enum RepositoryError: Error { case offline, notFound(id: String) }

struct CachedRepository<Base: Repository, Key: Hashable>: Repository where Base.Entity == Note {
    typealias Entity = Note
    private var cache: [Key: Base.Entity] = [:]
    let base: Base
    static var name: String { "cached-\(Base.name)" }

    init(seed: [Note]) { fatalError("use init(base:)") }
    init(base: Base) { self.base = base }

    func all() async throws -> [Note] { try await base.all() }
    subscript(id: Note.ID) -> Note? { nil }
    func transform<T, U>(_ value: T, using body: (T) throws -> U) rethrows -> U where U: Sendable { try body(value) }
    func erased() -> some Repository<Note> { self }
    func boxed() -> any Repository<Note> { self }
    func pair<each T>(_ values: repeat each T) -> (repeat each T) { (repeat each values) }
}

func compare<A: Comparable>(_ lhs: A, _ rhs: A) -> Bool { lhs < rhs && rhs > lhs }
let shifted = 1 << 3 >> 1
let generic: Array<Dictionary<String, [Int?]>> = []
let isLess = compare(1, 2) ? Optional<Int>.none : .some(3 as Int)
