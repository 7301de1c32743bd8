// swift-tools-version:6.0
import PackageDescription

// The package an app adds: the pure layout and motion math, with swift-numerics as its only
// dependency. The daemon, the CLI and their server dependencies live in the package one
// directory up, which uses this one by path.
let package = Package(
    name: "CardStackKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CardLayout", targets: ["CardLayout"]),
        // A debug build's live link to a daemon through `cardstack web` (Foundation only).
        .library(name: "CardStackLive", targets: ["CardStackLive"]),
        // For an app's tests: its layout and motion checked against a golden recording
        // (docs/tuning.md), with Foundation to read the file; `cardstack verify` runs the same
        // checks. CardStackGoldenTesting adds the XCTest and Swift Testing helpers.
        .library(name: "CardStackGolden", targets: ["CardStackGolden"]),
        .library(name: "CardStackGoldenTesting", targets: ["CardStackGoldenTesting"]),
        // The seeded generator these packages' own tests share (not for apps).
        .library(name: "CardStackTestSupport", targets: ["CardStackTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", "1.0.0"..<"2.0.0")
    ],
    targets: [
        // Pure layout math: standard library + RealModule only.
        .target(
            name: "CardLayout",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "CardStackLive",
            dependencies: ["CardLayout"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "CardStackGolden",
            dependencies: ["CardLayout"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "CardStackGoldenTesting",
            dependencies: ["CardStackGolden"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "CardStackTestSupport",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "CardStackGoldenTests",
            dependencies: ["CardStackGolden", "CardStackGoldenTesting", "CardLayout"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "CardStackLiveTests",
            dependencies: ["CardStackLive", "CardLayout", "CardStackTestSupport", "CardStackGolden"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "CardLayoutTests",
            dependencies: [
                "CardLayout", "CardStackTestSupport", .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
