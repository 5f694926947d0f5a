// Declaration forms and syntax corners the outline must read correctly.
@_exported import Foundation
@testable import TravelDomain
import struct TravelCore.Money

public protocol Store<Item>: AnyObject where Item: Identifiable {
    associatedtype Item
    associatedtype Failure: Error = Never
    var items: [Item] { get }
    subscript(id: Item.ID) -> Item? { get set }
    static var shared: Self { get }
    init(items: [Item])
    func load() async throws(Failure)
}

public struct Page<Element, Cursor: Hashable & Sendable>: Sendable where Element: Sendable {
    public let elements: [Element]
    public var next: Cursor?

    public subscript(position: Int) -> Element { elements[position] }
    public subscript(safe index: Int) -> Element? {
        get { elements.indices.contains(index) ? elements[index] : nil }
    }
}

extension Page: Equatable where Element: Equatable, Cursor: Equatable {
    public static func == (lhs: Page, rhs: Page) -> Bool { lhs.elements == rhs.elements }
}

extension Page.Cursor {}

@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    let range: ClosedRange<Value>
    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
    var projectedValue: Self { self }

    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }
}

struct Thermostat {
    @Clamped(10...30) var target = 21
    @available(*, deprecated, message: "Use target")
    var legacyTarget: Int { target }
    lazy var formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.maximumFractionDigits = 1
        return formatter
    }()
}

@resultBuilder
enum StepsBuilder {
    static func buildBlock(_ steps: Step...) -> [Step] { steps }
    static func buildOptional(_ steps: [Step]?) -> [Step] { steps ?? [] }
}

actor DownloadQueue {
    private var pending: [URL] = []
    nonisolated let id = UUID()

    func enqueue(_ url: URL) { pending.append(url) }
    nonisolated func describe() -> String { "queue \(id)" }
}

enum Outcome<Success, Failure: Error> {
    case success(Success)
    case failure(Failure)
    indirect case retry(after: Duration, Outcome)
}

#if os(iOS)
typealias PlatformColor = UIColor
#elseif os(macOS)
typealias PlatformColor = NSColor
#else
typealias PlatformColor = Never
#endif

func measure<T>(
    _ label: String,
    clock: some Clock<Duration> = ContinuousClock(),
    operation: () async throws -> T
) async rethrows -> (T, Duration) {
    let start = clock.now
    let result = try await operation()
    return (result, start.duration(to: clock.now))
}

infix operator ±: AdditionPrecedence
precedencegroup ExponentPrecedence {
    higherThan: MultiplicationPrecedence
    associativity: right
}

@freestanding(expression)
public macro url(_ text: String) -> URL = #externalMacro(module: "TravelMacros", type: "URLMacro")
