// swift-tools-version:6.0
import PackageDescription

/// One set of compiler settings for every target.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// The pure layout library, from the app-facing package in CardStackKit/.
let cardLayout: Target.Dependency = .product(name: "CardLayout", package: "CardStackKit")

/// The page's files (Sources/CardStackWeb/Page; docs/architecture.md, "The page"), each served as it is.
let pageFiles = """
    page.html page.css reference.css actions.js clock.js config.js connection.js controls.js corners.js
    curves.js device.js dom.js editors.js edits.js fit.js gestures.js gridpaint.js gridsprites.js
    homography.js hook.js lookpainter.js looks.js motion.js moves.js page.js panel.js reference.js
    replay.js replayplayer.js series.js springeditor.js springs.js stage.js status.js trace.js values.js
    variants.js view.js
    """.split(whereSeparator: \.isWhitespace).map(String.init)

let package = Package(
    name: "cardstack",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cardstackd", targets: ["cardstackd"]),
        .executable(name: "cardstack", targets: ["cardstack"]),
    ],
    dependencies: [
        // The app-facing package (CardLayout): its own Package.swift, used here by path.
        .package(path: "CardStackKit"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
    ],
    targets: [
        // The wire vocabulary shared by daemon and client: commands, messages, results, errors.
        .target(
            name: "CardStackProtocol",
            dependencies: [cardLayout],
            swiftSettings: settings
        ),
        // The wire's JSON: the request parser, the encoder and its hand-written writers (the
        // parameters' driven by CardStackParams' schema). Pure: no Foundation.
        .target(
            name: "CardStackWire",
            dependencies: [cardLayout, "CardStackProtocol", "CardStackParams"],
            swiftSettings: settings
        ),
        // The code exporters (Swift, CSS, JSON, tokens); JSON for people uses Foundation.
        .target(
            name: "CardStackExport",
            dependencies: [cardLayout, "CardStackProtocol"],
            swiftSettings: settings
        ),
        // What touches the OS and the environment: clocks, socket paths and addresses, the
        // socket directory's and the peer's credentials.
        .target(
            name: "CardStackSystem",
            dependencies: ["CardStackLook"],
            swiftSettings: settings
        ),
        .systemLibrary(name: "CInotifyTools"),
        // renameat2(RENAME_EXCHANGE), which Glibc does not show Swift: `save`'s check-and-replace.
        .systemLibrary(name: "CFileExchange"),
        // toml++ (Debian's libtomlplusplus-dev, header only) compiled with NDEBUG, behind a C API.
        .target(name: "CTOMLReader"),
        // libstdc++'s std::to_chars behind a C function: the shortest digits of a double, which
        // wire-benchmark measures against DecimalDouble (docs/performance.md, "The float printer").
        .target(name: "CDoubleText"),
        // The parameter file as values: TOML -> validated parameters, the schema, history,
        // the text `save` writes. No file access.
        .target(
            name: "CardStackParams",
            dependencies: [cardLayout, "CardStackProtocol", "CTOMLReader"],
            swiftSettings: settings
        ),
        // The parameter files on disk: reading, saving, presets, the inotify watcher, threads.
        .target(
            name: "CardStackFiles",
            dependencies: [
                cardLayout, "CardStackProtocol", "CardStackParams", "CardStackSystem", "CInotifyTools", "CFileExchange",
            ],
            swiftSettings: settings
        ),
        // The session as a plain value: every command, tick and reload in, effects out.
        // Pure modules only: no NIO, no Foundation, no clock, no I/O.
        .target(
            name: "CardStackSession",
            dependencies: [cardLayout, "CardStackProtocol", "CardStackParams"],
            swiftSettings: settings
        ),
        // The wire's line rule as a NIO decoder: the daemon's and the bridge's one line decoder.
        .target(
            name: "CardStackLines",
            dependencies: ["CardStackWire", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: settings
        ),
        .target(
            name: "CardStackServer",
            dependencies: [
                cardLayout, "CardStackProtocol", "CardStackWire", "CardStackExport", "CardStackSystem",
                "CardStackParams", "CardStackFiles", "CardStackSession", "CardStackLines",
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
                "CardStackServer", "CardStackProtocol", "CardStackSystem", "CardStackParams", "CardStackFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings
        ),
        // The card look shared by the terminal viewer and the renderer: the colours and sizes,
        // the viewport fit, the look's thumbnails, the SVG snapshot and the image headers.
        .target(
            name: "CardStackLook",
            dependencies: [cardLayout],
            swiftSettings: settings
        ),
        // The daemon connection and recordings.
        .target(
            name: "CardStackClient",
            dependencies: [cardLayout, "CardStackProtocol", "CardStackWire", "CardStackSystem"],
            swiftSettings: settings
        ),
        // The terminal viewer (`cardstack view`): keys, the status line, the painter, the screen.
        .target(
            name: "CardStackViewer",
            dependencies: [cardLayout, "CardStackProtocol", "CardStackClient", "CardStackLook"],
            swiftSettings: settings
        ),
        // Cairo (Debian's libcairo2-dev): antialiased paths, text outlines, PNG files.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // libjpeg-turbo (Debian's libjpeg-dev): the look's JPEG images in `render` and the viewer.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // `cardstack render` and `plot` (and their `--vary` grids), `verify --report`'s pictures.
        .target(
            name: "CardStackRender",
            dependencies: [
                cardLayout, "CardStackProtocol", "CardStackClient", "CardStackLook", "CardStackSystem", "CCairo",
                "CPixman", "CJPEG", .product(name: "CardStackGolden", package: "CardStackKit"), "CardStackWire",
                "CardStackParams", "CardStackSession",
            ],
            swiftSettings: settings
        ),
        // `cardstack fit`'s core: a move's spring or curve and a still's pose fitted to
        // tracked points by least squares. Pure: arrays in, a report out; no files, no ffmpeg.
        .target(name: "CardStackFit", dependencies: [cardLayout], swiftSettings: settings),
        // What `cardstack fit` reports (text, JSON, other styles); the command parses and prints.
        .target(
            name: "CardStackFitReport", dependencies: [cardLayout, "CardStackFit", "CardStackProtocol"],
            swiftSettings: settings),
        // `cardstack web`: the page and its WebSocket bridge to the daemon's socket.
        .target(
            name: "CardStackWeb",
            dependencies: [
                "CardStackProtocol", "CardStackWire", "CardStackSystem", "CardStackLines", "CardStackFit",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            // Page/package.json only tells node the scripts are ES modules (Tests/page runs them).
            exclude: ["Page/package.json"],
            // The page's source files, embedded as byte arrays (`PackageResources`).
            resources: pageFiles.map { .embedInCode("Page/\($0)") },
            swiftSettings: settings
        ),
        .executableTarget(
            name: "cardstack",
            dependencies: [
                cardLayout, "CardStackProtocol", "CardStackWire", "CardStackExport", "CardStackSystem",
                "CardStackParams", "CardStackFiles", "CardStackClient", "CardStackViewer", "CardStackLook",
                "CardStackWeb", "CardStackRender", "CardStackFit", "CardStackFitReport",
                .product(name: "CardStackGolden", package: "CardStackKit"),
                "CardStackSession",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "layout-benchmark",
            dependencies: [cardLayout],
            path: "Benchmarks/LayoutBenchmark",
            swiftSettings: settings
        ),
        .executableTarget(
            name: "wire-benchmark",
            dependencies: [
                cardLayout, "CardStackProtocol", "CardStackWire", "CardStackParams", "CDoubleText",
            ],
            path: "Benchmarks/WireBenchmark",
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackProtocolTests",
            dependencies: ["CardStackProtocol", "CardStackWire", cardLayout],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackWireTests",
            dependencies: [
                "CardStackWire", "CardStackParams", "CardStackProtocol", "CardStackClient", cardLayout,
                .product(name: "CardStackTestSupport", package: "CardStackKit"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackExportTests",
            dependencies: ["CardStackExport", "CardStackProtocol", cardLayout],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackParamsTests",
            dependencies: ["CardStackParams", "CardStackFiles", "CardStackWire", cardLayout, "CardStackProtocol"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackFilesTests",
            dependencies: ["CardStackFiles", "CardStackParams", cardLayout, "CardStackProtocol"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackWebTests",
            dependencies: [
                "CardStackWeb", "CardStackProtocol", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackSessionTests",
            dependencies: ["CardStackSession", "CardStackParams", cardLayout, "CardStackProtocol"],
            swiftSettings: settings
        ),
        // CardStackLive (the app-facing package) against this package's wire vocabulary.
        .testTarget(
            name: "CardStackLiveAgreementTests",
            dependencies: [
                "CardStackProtocol", "CardStackWire", "CardStackWeb", cardLayout,
                .product(name: "CardStackLive", package: "CardStackKit"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackRenderTests",
            dependencies: [
                "CardStackRender", "CardStackClient", "CardStackLook", "CardStackWire", cardLayout, "CardStackProtocol",
                .product(name: "CardStackGolden", package: "CardStackKit"), "CardStackParams",
            ],
            swiftSettings: settings
        ),
        .testTarget(name: "CardStackFitTests", dependencies: ["CardStackFit", cardLayout], swiftSettings: settings),
        .testTarget(
            name: "CardStackFitReportTests",
            dependencies: ["CardStackFitReport", "CardStackFit", "CardStackProtocol", cardLayout],
            swiftSettings: settings),
        .testTarget(
            name: "CardStackSystemTests",
            dependencies: ["CardStackSystem"],
            swiftSettings: settings
        ),
        // The connection layer: the outbox, the handler on NIO's EmbeddedChannel, the reload rules.
        .testTarget(
            name: "CardStackServerTests",
            dependencies: [
                "CardStackServer", "CardStackProtocol", "CardStackWire", "CardStackParams", "CardStackFiles",
                "CardStackSession", "CardStackLines",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CardStackViewerTests",
            dependencies: [
                "CardStackViewer", "CardStackClient", "CardStackLook", "CardStackWire", cardLayout, "CardStackProtocol",
            ],
            swiftSettings: settings
        ),
    ],
    cxxLanguageStandard: .cxx17
)
