import SwiftUI
import UIKit
import Combine
import ArcanaPresentation
@testable import ArcanaData

public struct NoteFormatter {
    public let color: UIColor
    public var publisher: AnyPublisher<String, Never>
    let viewModel: NoteListViewModel? = nil
    func render(_ note: Note) -> some View {
        NoteRowView(row: NoteRow(note))
    }
    func isScreen(_ value: Any) -> Bool { value is NoteListView || value as? AppRouter != nil }
    func make() -> SwiftDataNoteRepository.Type { SwiftDataNoteRepository.self }
}

extension NoteListViewModel: CustomStringConvertible {
    public var description: String { "vm" }
}
