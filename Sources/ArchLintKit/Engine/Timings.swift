import Dispatch
import Foundation

/// Wall-clock times of a run's phases and rules, for `--timings`: where a slow run spends
/// its time. Safe to record into from several threads (rules run in parallel).
public final class Timings: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(name: String, seconds: Double)] = []

    public init() {}

    /// Records the time from `start` to now under `name`.
    public func record(_ name: String, since start: DispatchTime) {
        record(name, seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    /// Records a time measured elsewhere under `name`.
    public func record(_ name: String, seconds: Double) {
        lock.lock()
        entries.append((name, seconds))
        lock.unlock()
    }

    /// Runs `work`, recording its time under `name`.
    public func measure<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let start = DispatchTime.now()
        defer { record(name, since: start) }
        return try work()
    }

    /// One line per entry, phases in the order they ran and rules slowest first:
    /// `  1234.5 ms  rule navigation-route-destination`.
    public func rendered() -> String {
        lock.lock()
        let snapshot = entries
        lock.unlock()
        let phases = snapshot.filter { !$0.name.hasPrefix("rule ") }
        let rules = snapshot.filter { $0.name.hasPrefix("rule ") }.sorted { ($0.seconds, $1.name) > ($1.seconds, $0.name) }
        return (phases + rules).map { entry in
            let milliseconds = String(format: "%9.1f", entry.seconds * 1000)
            return "\(milliseconds) ms  \(entry.name)\n"
        }.joined()
    }
}
