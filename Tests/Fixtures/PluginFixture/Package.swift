// swift-tools-version:5.9
// A client of archlint's SwiftPM plugins, used by .ci/run (see README, "SwiftPM plugins").
// It depends on the archlint checkout three folders up; .ci/run copies it elsewhere and
// points this path at the checkout. Tools version 5.9 on purpose: the build-tool plugin
// declares an output file, so it also runs for clients older than tools version 6.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../../.."),
    ],
    targets: [
        // Domain layer in its own module; its repository protocol is implemented in NotesApp.
        .target(
            name: "NotesDomain",
            plugins: [.plugin(name: "ArchLintBuildToolPlugin", package: "archlint")]),
        // Data and Presentation layers.
        .target(
            name: "NotesApp",
            dependencies: ["NotesDomain"],
            plugins: [.plugin(name: "ArchLintBuildToolPlugin", package: "archlint")]),
    ]
)
