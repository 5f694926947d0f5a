import Foundation

protocol FolderRepository: Sendable {
    func fetchFolders() async throws -> [Folder]
    func createFolder(named name: String) async throws -> Folder
    func renameFolder(id: Folder.ID, to name: String) async throws
    func deleteFolder(id: Folder.ID) async throws
}
