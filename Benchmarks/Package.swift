// swift-tools-version:6.0
// Benchmarks and cross-checks for archlint. This is the only package that may depend on
// swift-syntax: it is the reference the lexer and outline are checked and timed against.
// Not part of CI (its first release build takes about 10 minutes on 2 cores).
import PackageDescription

let package = Package(
    name: "archlint-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "archlint", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "archlint-bench",
            dependencies: [
                .product(name: "SwiftLexer", package: "archlint"),
                .product(name: "SwiftOutline", package: "archlint"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Sources/archlint-bench",
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ]
)
