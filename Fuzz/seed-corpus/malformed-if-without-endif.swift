import Foundation
#if DEBUG
import SwiftUI
struct DebugMenu: View {
    var body: some View {
#if os(iOS)
        Text("iOS")
#else
        Text("other")
    }
}
#elseif
#else
#else
@MainActor final class DebugUseCase {}
#if
#endif
#endif
#endif
#endif
#if false
struct Hidden {
