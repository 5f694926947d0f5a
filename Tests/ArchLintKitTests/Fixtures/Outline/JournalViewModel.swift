import Observation
import SwiftUI

/// Shows the journal entries of one day and lets the user add a mood note.
@Observable
final class JournalViewModel {
    // MARK: - Input
    enum Input {
        case appeared
        case moodPicked(Mood)
        case noteChanged(String)
        case saveTapped
        case entryDeleted(id: JournalEntry.ID)
    }

    // MARK: - Output
    struct Output {
        var entries: [JournalEntry] = []
        var draft = ""
        var mood: Mood?
        var isSaving = false
        var errorMessage: String?
    }

    // MARK: - Effect
    enum Effect: Equatable {
        case dismiss
        case showToast(String)
    }

    private(set) var output = Output()
    var effect: Effect?

    private let journalService: JournalServiceProtocol
    private let day: Date

    init(journalService: JournalServiceProtocol, day: Date = .now) {
        self.journalService = journalService
        self.day = day
    }

    func onInput(_ input: Input) {
        switch input {
        case .appeared:
            Task { await loadEntries() }
        case .moodPicked(let mood):
            output.mood = mood
        case .noteChanged(let text):
            output.draft = text
        case .saveTapped:
            Task { await save() }
        case .entryDeleted(let id):
            Task {
                try? await journalService.deleteEntry(id: id)
                await loadEntries()
            }
        }
    }

    @MainActor
    private func loadEntries() async {
        do {
            output.entries = try await journalService.entries(on: day)
        } catch {
            output.errorMessage = "Could not load entries: \(error.localizedDescription)"
        }
    }

    private func save() async {
        guard let mood = output.mood else { return }
        output.isSaving = true
        defer { output.isSaving = false }
        let entry = JournalEntry(day: day, mood: mood, note: output.draft)
        do {
            try await journalService.save(entry)
            effect = .dismiss
        } catch let error as JournalError {
            effect = .showToast(error.message)
        } catch {
            effect = .showToast("Something went wrong")
        }
    }
}
