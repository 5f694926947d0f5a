// archlint:disable blanket-main-actor
import Foundation

@MainActor final class LegacyLoaderUseCase {}
// archlint:enable blanket-main-actor

// archlint:disable:next layer-dependency - the formatter moves next sprint
import SwiftUI
import UIKit // archlint:disable:this layer-dependency
import Combine
// archlint:disable:previous layer-dependency

// archlint:disable:next layer-dependancy unimplemented-kode
func stub() { fatalError("TODO") }

// archlint:disable all
@MainActor struct Everything {}
// archlint:enable all

/* archlint:disable:next unimplemented-code */ func later() { fatalError() }
// archlint:disable:next
// archlint:
