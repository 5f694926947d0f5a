// swift-tools-version:6.0
// archlint: a Clean Architecture linter for Swift. The product depends on nothing
// but the Swift toolchain; swift-syntax is used only by the separate Benchmarks/ package.
import PackageDescription

let package = Package(
    name: "archlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "archlint", targets: ["archlint"]),
        .library(name: "SwiftLexer", targets: ["SwiftLexer"]),
        .library(name: "SwiftOutline", targets: ["SwiftOutline"]),
        .library(name: "ArchLintKit", targets: ["ArchLintKit"]),
        // The rule catalog, for tools that drive the linter in-process (the fuzzer, benchmarks).
        .library(name: "ArchLintRules", targets: ["ArchLintRules"]),
        // `swift package archlint`: lints the package's targets (see README, "SwiftPM plugins").
        .plugin(name: "ArchLintCommandPlugin", targets: ["ArchLintCommandPlugin"]),
        // Lints while `swift build` or Xcode builds a target; findings become diagnostics.
        .plugin(name: "ArchLintBuildToolPlugin", targets: ["ArchLintBuildToolPlugin"]),
    ],
    targets: [
        .target(name: "SwiftLexer"),
        .target(name: "SwiftOutline", dependencies: ["SwiftLexer"]),
        .target(name: "ArchLintKit", dependencies: ["SwiftLexer", "SwiftOutline"]),
        .target(name: "ArchLintRules", dependencies: ["ArchLintKit", "SwiftOutline", "SwiftLexer"], path: "Rules"),
        .executableTarget(name: "archlint", dependencies: ["ArchLintKit", "ArchLintRules", "SwiftOutline", "SwiftLexer"]),
        .plugin(
            name: "ArchLintCommandPlugin",
            capability: .command(intent: .custom(verb: "archlint", description: "Lint the package's Swift targets with archlint")),
            dependencies: ["archlint"],
            path: "Plugins/ArchLintCommandPlugin"),
        .plugin(
            name: "ArchLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["archlint"],
            path: "Plugins/ArchLintBuildToolPlugin"),
        .testTarget(name: "SwiftLexerTests", dependencies: ["SwiftLexer"]),
        .testTarget(name: "SwiftOutlineTests", dependencies: ["SwiftOutline"]),
        .testTarget(name: "ArchLintKitTests", dependencies: ["ArchLintKit", "ArchLintRules", "archlint"], exclude: ["Fixtures"]),
    ]
)
