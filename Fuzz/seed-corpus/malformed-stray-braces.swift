}
}}
protocol UserRepository {
    func user(id: String) async throws -> User
    func users() async throws -> [User
}

final class RemoteUserRepository: UserRepository {
    func user(id: String) async throws -> User {
        if id.isEmpty { return User( }
    ]
    func users( async throws -> [User] { [] }
}}}
struct User { let id: String ) }
class {
enum Route { case a, case b; case }
func (x: Int) -> { }
extension : Foo {}
@MainActor
