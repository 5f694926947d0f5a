import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#else
#error("unsupported platform")
#endif

#if DEBUG
let environmentName = "debug"
#warning("remove before release")
#elseif TESTING && !targetEnvironment(simulator)
let environmentName = "testing"
#else
let environmentName = "release"
#endif

#if false
import SwiftUI
struct OldView: View { var body: some View { PlaceholderView() } }
#endif

#if compiler(>=6.0) && swift(>=6)
@available(iOS, deprecated: 17, renamed: "newAPI()", message: "use newAPI")
func oldAPI() { _ = #selector(NSObject.description); _ = #keyPath(Note.title) }
#endif

func where_am_i() -> String { "\(#file):\(#line):\(#column) \(#function) \(#fileID)" }

@freestanding(expression) macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "Macros", type: "StringifyMacro")
let pair = #stringify(1 + 2)

if #available(iOS 17, *) { print("new") } else if #unavailable(iOS 16) { print("old") }
