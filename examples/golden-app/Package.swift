// swift-tools-version:6.0
import PackageDescription

// An app's package whose tests keep its motion the one that was tuned (docs/tuning.md,
// "Golden recordings"): TunedLayout.swift is `cardstack export --format swift`, and
// Tests/GoldenAppTests/Golden/next.jsonl is `cardstack record` of `next`, `prev` and a fling.
let package = Package(
    name: "GoldenApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../../CardStackKit")
    ],
    targets: [
        .target(
            name: "GoldenApp",
            dependencies: [.product(name: "CardLayout", package: "CardStackKit")]
        ),
        .testTarget(
            name: "GoldenAppTests",
            dependencies: [
                "GoldenApp",
                .product(name: "CardStackGolden", package: "CardStackKit"),
                .product(name: "CardStackGoldenTesting", package: "CardStackKit"),
            ],
            resources: [.copy("Golden")]
        ),
    ]
)
