// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "formline",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "formline", targets: ["formline"]),
        .executable(name: "formline-demo-server", targets: ["formline-demo-server"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        .library(name: "FormlineTesting", targets: ["FormlineTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Named explicitly because our code imports their modules (they also come with the above).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // GNU readline, linked as a system library (GPL-3.0-or-later: see LICENSE).
        .systemLibrary(
            name: "CReadline",
            pkgConfig: "readline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // PCRE2, linked as a system library: bounded pattern matching (match, depth and heap limits).
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // posix_openpt & co. are missing from Glibc's Swift module; tests drive the binary through a pty.
        .target(name: "CPseudoTerminal"),
        // The pure core: form model, values, rules, the wizard state machine, server-error mapping. No I/O.
        .target(name: "FormCore", dependencies: ["CPCRE2"]),
        // YAML form files -> FormSpec, every mistake as FILE:LINE:COL.
        .target(name: "FormFiles", dependencies: ["FormCore", "Yams"]),
        // Line sources (readline, plain bytes, secrets) and the renderer.
        .target(name: "FormTerminal", dependencies: ["FormCore", "CReadline"]),
        // Where a finished form goes: the in-process fake, HTTP, replayed exchanges.
        .target(name: "FormTransport", dependencies: [
            "FormCore",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // The driver loop: feeds wizard events from a LineSource, carries out its effects.
        .target(name: "FormRunner", dependencies: [
            "FormCore", "FormTerminal", "FormTransport",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Transcripts: recorder, parser, in-process replayer, diff.
        .target(name: "FormSessions", dependencies: ["FormCore", "FormFiles", "FormRunner", "FormTransport", "FormTerminal"]),
        // Public replay API for packages that embed formline's core in their own test suites.
        .target(name: "FormlineTesting", dependencies: ["FormSessions"]),
        // The commands (argument-parser, plus the quick reader for everyday `fill`).
        .target(name: "FormlineCLI", dependencies: [
            "FormCore", "FormFiles", "FormTerminal", "FormTransport", "FormRunner", "FormSessions",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "formline", dependencies: ["FormlineCLI"]),
        // The demo server as a library, so tests run it in-process on port 0.
        .target(name: "DemoServer", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "formline-demo-server", dependencies: [
            "DemoServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "FormCoreTests", dependencies: ["FormCore"]),
        .testTarget(name: "FormFilesTests", dependencies: ["FormFiles", "FormCore"]),
        .testTarget(name: "FormTerminalTests", dependencies: ["FormTerminal", "FormCore"]),
        .testTarget(name: "FormTransportTests", dependencies: ["FormTransport", "FormCore", "DemoServer"]),
        .testTarget(name: "FormRunnerTests", dependencies: ["FormRunner", "FormCore", "FormTerminal", "FormTransport"]),
        .testTarget(name: "FormlineCLITests", dependencies: [
            "FormlineCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "FormSessionsTests", dependencies: ["FormSessions", "FormlineTesting", "FormCore"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["CPseudoTerminal", "DemoServer", "FormCore", "FormFiles", "FormSessions", "FormlineTesting"]
        ),
        // Drives the built binary against the stock framework apps of Tests/RealServers (run under its start.py).
        .testTarget(name: "RealServerTests"),
    ]
)
