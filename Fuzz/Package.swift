// swift-tools-version:6.0
// A libFuzzer target for archlint, kept out of the main package: it needs sanitizer
// flags and `-parse-as-library`, and libFuzzer supplies `main`. See README.md.
import PackageDescription

let package = Package(
    name: "archlint-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "archlint", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "archlint-fuzz",
            dependencies: [
                .product(name: "SwiftLexer", package: "archlint"),
                .product(name: "SwiftOutline", package: "archlint"),
                .product(name: "ArchLintKit", package: "archlint"),
                .product(name: "ArchLintRules", package: "archlint"),
            ],
            // No top-level code: libFuzzer's own `main` drives `LLVMFuzzerTestOneInput`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
