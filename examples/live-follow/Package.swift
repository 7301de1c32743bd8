// swift-tools-version:6.0
import PackageDescription

// An app's side of a live link, runnable here: follows a daemon through `cardstack web`
// and prints the cards CardLayout computes from each parameter set (docs/live.md).
let package = Package(
    name: "live-follow",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../../CardStackKit")
    ],
    targets: [
        .executableTarget(
            name: "live-follow",
            dependencies: [
                .product(name: "CardLayout", package: "CardStackKit"),
                .product(name: "CardStackLive", package: "CardStackKit"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
