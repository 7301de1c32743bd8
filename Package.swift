// swift-tools-version:6.0
import PackageDescription

/// One set of compiler settings for every target.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "cardstack",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "CardLayout", targets: ["CardLayout"]),
        .executable(name: "cardstackd", targets: ["cardstackd"]),
        .executable(name: "cardstack", targets: ["cardstack"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", exact: "1.1.1"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
    ],
    targets: [
        // Pure layout math: standard library + RealModule only.
        .target(
            name: "CardLayout",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: settings
        ),
        // The wire format shared by daemon and client.
        .target(
            name: "CardStackProtocol",
            dependencies: ["CardLayout"],
            swiftSettings: settings
        ),
        .systemLibrary(name: "CInotifyTools"),
        // toml++ (Debian's libtomlplusplus-dev, header only) compiled with NDEBUG, behind a C API.
        .target(name: "CTOMLReader"),
        // The parameter file: TOML -> validated parameters, and the watcher.
        .target(
            name: "CardStackParams",
            dependencies: [
                "CardLayout", "CardStackProtocol", "CInotifyTools", "CTOMLReader",
            ],
            swiftSettings: settings
        ),
        // The session as a plain value: every command, tick and reload in, effects out.
        // No NIO, no Foundation, no clock, no I/O.
        .target(
            name: "CardStackSession",
            dependencies: ["CardLayout", "CardStackProtocol", "CardStackParams"],
            swiftSettings: settings
        ),
        .target(
            name: "CardStackServer",
            dependencies: [
                "CardLayout", "CardStackProtocol", "CardStackParams", "CardStackSession",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "cardstackd",
            dependencies: [
                "CardStackServer", "CardStackParams",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings
        ),
        .target(
            name: "CardStackClient",
            dependencies: ["CardLayout", "CardStackProtocol"],
            swiftSettings: settings
        ),
        // `cardstack web`: the page and its WebSocket bridge to the daemon's socket.
        .target(
            name: "CardStackWeb",
            dependencies: [
                "CardStackProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            // The page's source files; PageAssets.swift embeds them (scripts/embed_page.py).
            exclude: ["Page"],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "cardstack",
            dependencies: [
                "CardLayout", "CardStackProtocol", "CardStackParams", "CardStackClient", "CardStackWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "layout-benchmark",
            dependencies: ["CardLayout"],
            path: "Benchmarks/LayoutBenchmark",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "wire-benchmark",
            dependencies: [
                "CardLayout", "CardStackProtocol", "CardStackParams",
            ],
            path: "Benchmarks/WireBenchmark",
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardLayoutTests",
            dependencies: ["CardLayout"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackProtocolTests",
            dependencies: ["CardStackProtocol", "CardLayout"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackParamsTests",
            dependencies: ["CardStackParams", "CardLayout", "CardStackProtocol"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackWebTests",
            dependencies: ["CardStackWeb"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackSessionTests",
            dependencies: ["CardStackSession", "CardStackParams", "CardLayout", "CardStackProtocol"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackClientTests",
            dependencies: ["CardStackClient", "CardLayout", "CardStackProtocol"],
            swiftSettings: settings
        ),
    ],
    cxxLanguageStandard: .cxx17
)
