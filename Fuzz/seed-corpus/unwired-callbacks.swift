import SwiftUI

struct ProfileHeader: View {
    let name: String
    var onEdit: () -> Void = {}
    var onShare: ((URL) -> Void)? = nil
    var onAvatarTapped: (() -> Void)?
    var formatter: (String) -> String = { $0 }

    var body: some View {
        HStack {
            Text(formatter(name)).onTapGesture { onAvatarTapped?() }
            Button("Edit", action: onEdit)
        }
    }
}

struct ProfileScreen: View {
    var body: some View {
        VStack {
            ProfileHeader(name: "Ann")
            ProfileHeader(name: "Bo", onEdit: { print("edit") })
            ProfileHeader.init(name: "Cy", onEdit: {}, onShare: nil)
            ProfileHeader(name: "Di") { print("trailing fills the last closure") }
        }
    }
}

struct ExplicitInitHeader: View {
    var onClose: () -> Void = {}
    init() {}
    var body: some View { EmptyView() }
}

let header = ExplicitInitHeader()
