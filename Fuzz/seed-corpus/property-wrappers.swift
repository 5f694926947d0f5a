import SwiftUI
import Combine

@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    let range: ClosedRange<Value>
    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
    var projectedValue: ClosedRange<Value> { range }
    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }
}

final class EditorSettings: ObservableObject {
    @Published var fontSize: Double = 14
    @Published private(set) var theme = "light"
    @Clamped(8...40) var lineSpacing: Double = 12
    @AppStorage("showsWordCount") var showsWordCount = true
    lazy var formatter: NumberFormatter = { NumberFormatter() }()
    var cancellables = Set<AnyCancellable>()
}

struct EditorView: View {
    @StateObject private var settings = EditorSettings()
    @Binding var text: String
    @FocusState private var focused: Bool
    @Environment(\.colorScheme) private var scheme
    @Namespace private var animation

    var body: some View {
        TextEditor(text: $text)
            .focused($focused)
            .font(.system(size: settings.fontSize))
            .onChange(of: text) { oldValue, newValue in
                if newValue.count > oldValue.count { settings.objectWillChange.send() }
            }
            .task(id: focused) { try? await Task.sleep(nanoseconds: 1_000_000) }
            .onReceive(settings.$fontSize.debounce(for: .seconds(1), scheduler: RunLoop.main)) { print($0) }
    }
}
