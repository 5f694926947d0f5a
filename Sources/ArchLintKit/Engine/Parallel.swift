import Dispatch
import Foundation

/// Work spread over threads the way every stage of a run wants it: items taken one at a
/// time as threads become free (so a few large files or slow rules do not leave a thread
/// idle while another has a queue), results returned in item order (so output never
/// depends on scheduling).
enum Parallel {
    /// `body(0)`, `body(1)`, … `body(count - 1)` on up to `jobs` threads, in index order.
    /// With one thread (or one item) everything runs on the calling thread, in order.
    static func map<Result>(count: Int, jobs: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        map(count: count, jobs: jobs, context: {}) { _, index in body(index) }
    }

    /// `map(count:jobs:_:)` with state of each thread's own: `makeContext` is called once
    /// on every thread that takes part (scratch memory reused from item to item), and
    /// `body` gets that thread's context with each item.
    static func map<Context, Result>(count: Int, jobs: Int, context makeContext: @Sendable () -> Context,
                                     _ body: @Sendable (Context, Int) -> Result) -> [Result] {
        let threads = max(1, min(jobs, count))
        if threads == 1 {
            let context = makeContext()
            return (0..<count).map { body(context, $0) }
        }
        let results = OrderedResults<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let context = makeContext()
            while let index = results.take() {
                results.store(body(context, index), at: index)
            }
        }
        return results.values.map { $0! }
    }
}

/// The results of `Parallel.map` as they come in, and the next index to hand out.
private final class OrderedResults<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private(set) var values: [Result?]

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    /// The next index no thread has taken, or nil when all are taken.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < values.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Result, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
