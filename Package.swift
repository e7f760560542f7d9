// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "formline",
    // Built and tested on Linux (Debian 12, Swift 6.3) only; no other platform is claimed.
    products: [
        .executable(name: "formline", targets: ["formline"]),
        .executable(name: "formline-demo-server", targets: ["formline-demo-server"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        .library(name: "FormFiles", targets: ["FormFiles"]),
        .library(name: "FormRunner", targets: ["FormRunner"]),
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
        // `formline batch` CSV input and rejects (docs/outbox-and-batch.md): a maintained reader and writer.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
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
        .target(name: "FormFiles", dependencies: ["FormCore", "FormSystem", "Yams"]),
        // Small POSIX helpers shared by our modules (`package` access): the whole-file read, the
        // atomic write, the XDG state folder, stderr, the environment.
        .target(name: "FormSystem"),
        // The API an embedder links (like swift-log's Logging): the edge protocols (LineSource,
        // Transport, SessionRecorder, InterruptEdge), the in-process FakeTransport, the renderer
        // and the SessionDriver loop. No readline, no HTTP client, no crypto.
        .target(name: "FormRunner", dependencies: ["FormCore", "FormSystem"]),
        // Backend: the plain terminal (byte line reader, output, signal trap, input modes). POSIX only.
        .target(name: "FormTerminal", dependencies: ["FormRunner", "FormSystem"]),
        // Backend: GNU readline (editing, history, completion, secrets); the only user of CReadline.
        .target(name: "FormReadline", dependencies: ["FormCore", "FormRunner", "FormSystem", "FormTerminal", "CReadline"]),
        // Backend: HTTP with async-http-client; the only user of AsyncHTTPClient and NIO.
        .target(name: "FormTransport", dependencies: [
            "FormCore", "FormRunner",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // Backend: draft files, and ContentHash (SHA-256 with swift-crypto: drafts and the OpenAPI cache); the only user of Crypto.
        .target(name: "FormDrafts", dependencies: [
            "FormCore", "FormSystem",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // OpenAPI 3.0/3.1 documents (JSON or YAML) -> form-file text (docs/openapi.md). It walks
        // the document's tree itself, so every problem has its JSON pointer and hostile documents
        // stay bounded; only references inside the document are followed.
        .target(name: "FormOpenAPI", dependencies: ["FormCore", "FormSystem", "Yams"]),
        // Transcripts: recorder, parser, in-process replayer, diff. Light: no backend above.
        .target(name: "FormSessions", dependencies: ["FormCore", "FormFiles", "FormRunner", "FormSystem"]),
        // The test API an embedder links (docs/embedding.md): WizardTestStore, ScriptedLines and
        // transcript replay; a curated set, FormSessions itself stays `package`.
        .target(name: "FormlineTesting", dependencies: ["FormCore", "FormRunner", "FormSessions", "FormSystem"]),
        // The commands (argument-parser, plus the quick reader for everyday `fill`).
        .target(name: "FormlineCLI", dependencies: [
            "FormCore", "FormDrafts", "FormFiles", "FormOpenAPI", "FormReadline", "FormRunner", "FormSessions", "FormSystem",
            "FormTerminal", "FormTransport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            // The diagnostic log of `fill --log` (docs/privacy.md): swift-log in front, our file handler behind.
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CSV", package: "CSV.swift"),
        ]),
        .executableTarget(name: "formline", dependencies: ["FormlineCLI"]),
        // The demo server as a library, so tests run it in-process on port 0.
        .target(name: "DemoServer", dependencies: [
            "FormCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "formline-demo-server", dependencies: [
            "DemoServer", "FormSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The seeded generator every test target's generated inputs come from (not a product).
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "FormCoreTests", dependencies: ["FormCore", "FormlineTesting", "SeededRandom"]),
        .testTarget(name: "FormFilesTests", dependencies: ["FormFiles", "FormCore", "SeededRandom"]),
        .testTarget(name: "FormOpenAPITests", dependencies: ["FormOpenAPI", "FormFiles", "FormCore"], exclude: ["Documents"]),
        .testTarget(name: "FormSystemTests", dependencies: ["FormSystem"]),
        .testTarget(name: "FormTerminalTests", dependencies: ["FormTerminal", "FormReadline", "FormRunner", "FormCore"]),
        .testTarget(name: "FormTransportTests", dependencies: ["FormTransport", "FormRunner", "FormCore", "DemoServer"]),
        .testTarget(name: "FormRunnerTests", dependencies: ["FormRunner", "FormDrafts", "FormSystem", "FormCore"]),
        .testTarget(name: "FormlineCLITests", dependencies: [
            "FormlineCLI", "FormCore", "FormFiles", "FormRunner", "FormSessions", "FormTerminal", "SeededRandom",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "FormSessionsTests", dependencies: ["FormSessions", "FormlineTesting", "FormRunner", "FormSystem", "FormCore", "FormFiles", "FormOpenAPI", "SeededRandom"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["CPseudoTerminal", "DemoServer", "FormCore", "FormFiles", "FormRunner", "FormSessions", "FormTransport", "FormlineTesting", "SeededRandom"]
        ),
        // Drives the built binary against the stock framework apps of Tests/RealServers (run under its start.py).
        .testTarget(name: "RealServerTests"),
    ]
)
