import SwiftOutline

// MARK: - archlint's outline, reduced to entries

/// archlint's declaration outline in the common form of `OutlineEntry`.
///
/// This file imports only `SwiftOutline`, like `ArchlintTokens.swift` imports only
/// `SwiftLexer`: several of its names are also swift-syntax's.
enum ArchlintOutline {
    /// The memory file after file is outlined in, as each thread of `archlint lint` keeps
    /// one (`OutlineWorkspace`). The benchmark outlines on one thread only.
    nonisolated(unsafe) private static let workspace = OutlineWorkspace()

    /// Lexes and outlines one file and returns the number of declarations, which must be
    /// consumed so the work cannot be optimised away. The file is outlined the way a run
    /// outlines it: in the thread's workspace, reused from the file before.
    static func declarationCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        OutlineBuilder.build(bytes: buffer, workspace: workspace).outline.declarations.count
    }

    /// Lexes and outlines one file and returns its counted declarations, in source order.
    static func entries(_ buffer: UnsafeBufferPointer<UInt8>) -> [OutlineEntry] {
        entries(of: OutlineBuilder.build(bytes: buffer))
    }

    /// The counted declarations of an outline (every declaration of it: the array is flat).
    static func entries(of outline: FileOutline) -> [OutlineEntry] {
        outline.declarations.compactMap { declaration in
            guard let kind = CountedKind(rawValue: declaration.kind.rawValue) else { return nil }
            return OutlineEntry(kind: kind, name: declaration.name, offset: declaration.nameOffset)
        }
    }
}

extension ArchlintOutline {
    /// Lexes and outlines one file, timing only that, and returns its counted declarations.
    /// The file is outlined in the thread's workspace, as a run outlines it: a workspace
    /// made for each file would add its own setting up (some 20 µs) to every file's time,
    /// which for a file of a few lines is most of it.
    static func timedEntries(_ buffer: UnsafeBufferPointer<UInt8>) -> (entries: [OutlineEntry], elapsed: Duration) {
        let clock = ContinuousClock()
        var outline = FileOutline()
        let elapsed = clock.measure {
            outline = OutlineBuilder.build(bytes: buffer, workspace: workspace).outline
        }
        return (entries(of: outline), elapsed)
    }

    /// The best of `runs` timings of lexing and outlining one file.
    static func bestTime(_ buffer: UnsafeBufferPointer<UInt8>, runs: Int) -> Duration {
        var best: Duration? = nil
        for _ in 0..<runs {
            let elapsed = timedEntries(buffer).elapsed
            if best == nil || elapsed < best! { best = elapsed }
        }
        return best ?? .zero
    }
}
