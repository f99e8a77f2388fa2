// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Koober",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "koober", targets: ["KooberServer"]),
        // For Benchmarks/, which measures the server on its own.
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "LogLines", targets: ["LogLines"]),
        // For the benchmarks' peer, which renders the data Koober kept of a page (`koober --keep-view-data`).
        .library(name: "MustacheRendering", targets: ["MustacheRendering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // A task executor on one event loop (the responders' tasks and the PostgreSQL calls they make stay on it), and
        // a timer wheel for many timers on one loop (the ride streams').
        .target(
            name: "EventLoopExecution",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "LogLines",
            dependencies: [
                // NIOThreadPool: the writer's thread of its own.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HTTPServer",
            dependencies: [
                "EventLoopExecution",
                "LogLines",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // Koober's one source of time (`AppClock`) and the wake-up that cannot be missed (`WakeUpAlarm`), knowing
        // nothing else.
        .target(name: "Timekeeping"),
        // What every test target may use, light (nothing of ours but Timekeeping, no package): the virtual clock
        // (`TestClock`), `eventually`, and the small helpers the server's and the log's tests share with the rest
        // (`Locked`, `onOwnThread`, `StalledPipe`, `ProjectPaths`, `WholeMachineTests`).
        .target(name: "TestKit", dependencies: ["Timekeeping"]),
        .target(name: "KooberKit", dependencies: ["Timekeeping", .product(name: "Crypto", package: "swift-crypto")]),
        // Test doubles (in-memory and failing stores, a fake hasher), for tests only: no production target uses them.
        .target(name: "KooberKitTestDoubles", dependencies: ["KooberKit"]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .target(
            name: "KooberArgon2",
            dependencies: [
                "CArgon2",
                "KooberKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Mustache templates parsed and rendered, knowing nothing of Koober or HTTP.
        .target(name: "MustacheRendering"),
        // Mail as MIME, sent by SMTP or written as .eml files, knowing nothing of Koober.
        .target(
            name: "MailDelivery",
            dependencies: [
                "Timekeeping",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // STARTTLS and smtps:// (`NIOSSLClientHandler`).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The map of Sydney and its tiles, drawn as SVG, knowing nothing of Koober or HTTP (issue 20).
        .target(name: "KooberMap"),
        // QR codes (byte mode, levels L to H, versions 1 to 40) drawn as SVG, in the standard library alone: Koober
        // Ops' authenticator enrolment (issue 43).
        .target(name: "QRCode"),
        .target(
            name: "KooberWeb",
            dependencies: [
                "EventLoopExecution",
                "HTTPServer",
                "KooberKit",
                "KooberMap",
                "LogLines",
                // The mail sender's messages and relays.
                "MailDelivery",
                "MustacheRendering",
                // Koober Ops' enrolment page draws the authenticator's secret.
                "QRCode",
                "Timekeeping",
                .product(name: "Logging", package: "swift-log"),
                // HTTPServer's Request and Response speak NIOHTTP1's types (docs/architecture.md, "HTTP types").
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The ride stream's timers and bytes, and the dispatcher as a service of its own.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Koober's state in PostgreSQL, for several processes on one database (issue 22).
        .target(
            name: "KooberPostgres",
            dependencies: [
                "EventLoopExecution",
                "KooberKit",
                "Timekeeping",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The pool's own errors (ConnectionPoolError): a pool that cannot reach the server says so with them.
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The deadlines' timers (`DeadlineRace`).
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The composition root: builds the app's services from its settings, for `koober` and the tests alike.
        .target(
            name: "KooberApp",
            dependencies: [
                "KooberArgon2",
                "KooberKit",
                "KooberPostgres",
                "KooberSQLite",
                "KooberWeb",
                "Timekeeping",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "KooberServer",
            dependencies: [
                "HTTPServer",
                "KooberApp",
                "KooberKit",
                "KooberWeb",
                "LogLines",
                // --smtp-url's relay, --mail-from's address.
                "MailDelivery",
                "Timekeeping",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Koober Ops' dashboard read, timed on a database `koober seed` wrote (Benchmarks/ops-dashboard): here, not in the
        // Benchmarks package, so that it shares koober's build instead of building Koober again.
        .executableTarget(
            name: "KooberDashboardReads",
            dependencies: [
                "KooberApp", "KooberKit", "Timekeeping",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/DashboardReads"
        ),
        // The dispatcher's cost per assignment at two fleet sizes (docs/performance.md, "The dispatcher at city scale").
        .executableTarget(
            name: "KooberDispatchCost",
            dependencies: [
                "KooberApp", "KooberKit", "TestKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/DispatchCost"
        ),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Tests only. An HTML (or SVG) document read with libxml2 and asked by XPath (`HTMLDocument`), knowing nothing
        // of HTTP or Koober: for the map's tiles and the browser's pages.
        .target(name: "HTMLReading", dependencies: ["CLibXML2"]),
        // Tests only. The test's side of HTTP, without the app (it knows Koober only as a rider does, by its pages):
        // `TestBrowser` driving any `Responder` in-process or over TCP, `TestServer` (a responder on a real
        // `HTTPServer`), `CloudClient` and `EventStreamClient`.
        .target(
            name: "TestBrowsing",
            dependencies: [
                "HTMLReading",
                "HTTPServer",
                "TestKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Tests only. Koober under test, built by the composition root (`KooberTestApp`), and a database of a test's
        // own on the test PostgreSQL server (`TestPostgres`): the one test-support module that links the app.
        .target(
            name: "KooberTestSupport",
            dependencies: [
                "HTTPServer",
                "KooberApp",
                "KooberKit",
                "KooberPostgres",
                "KooberSQLite",
                "KooberWeb",
                "MailDelivery",
                "TestBrowsing",
                "TestKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "KooberSQLite",
            dependencies: [
                "CSQLite",
                "KooberKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "KooberFuzzTargets",
            dependencies: [
                "HTTPServer",
                "KooberKit",
                "KooberWeb",
                "KooberMap",
                "KooberSQLite",
                "KooberTestSupport",
                "MailDelivery",
                "QRCode",
                "TestKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "KooberFuzzTargetsTests", dependencies: ["KooberFuzzTargets", "TestKit"]),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: [
                "HTTPServer", "LogLines", "TestKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Connections on virtual time (`VirtualConnection`).
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "EventLoopExecutionTests",
            dependencies: [
                "EventLoopExecution", "TestKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "LogLinesTests", dependencies: ["LogLines", "TestKit"]),
        .testTarget(
            name: "KooberWebTests",
            dependencies: [
                "HTMLReading", "KooberWeb", "KooberKit", "KooberKitTestDoubles", "KooberMap", "KooberSQLite",
                "KooberTestSupport", "LogLines", "MailDelivery", "MustacheRendering", "TestBrowsing", "TestKit",
                "Timekeeping",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The reference every page is checked against, byte for byte.
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "MustacheRenderingTests",
            dependencies: [
                "MustacheRendering",
                // The reference the renderer is checked against, byte for byte.
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "KooberTestSupportTests",
            dependencies: [
                "HTMLReading", "HTTPServer", "KooberSQLite", "KooberTestSupport", "TestBrowsing", "TestKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "KooberServerTests",
            dependencies: [
                "KooberServer", "HTTPServer", "KooberApp", "KooberKit", "KooberSQLite", "TestBrowsing", "TestKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The repository contracts, run against every store (in memory, SQLite, PostgreSQL), and SQLite's own tests.
        .testTarget(
            name: "KooberSQLiteTests",
            dependencies: [
                "KooberApp", "KooberSQLite", "KooberPostgres", "KooberKit", "KooberKitTestDoubles", "KooberTestSupport",
                "TestKit", "Timekeeping",
            ]
        ),
        .testTarget(
            name: "KooberPostgresTests",
            dependencies: [
                "KooberPostgres", "KooberKit", "KooberTestSupport", "KooberWeb", "MailDelivery", "TestKit",
                .product(name: "Logging", package: "swift-log"),
                // Rows read by the migration tests (`PostgresRow`).
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "KooberKitTests", dependencies: ["KooberKit", "KooberKitTestDoubles", "TestKit", "Timekeeping"]),
        .testTarget(name: "TimekeepingTests", dependencies: ["Timekeeping", "TestKit"]),
        // The ride engine against a model of its promises, on random histories, on every store (issue 29).
        .testTarget(
            name: "EngineModelTests",
            dependencies: [
                "KooberApp", "KooberKit", "KooberKitTestDoubles", "KooberTestSupport", "KooberWeb", "TestKit",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // MIME encoding, and SMTP against a real server (`scripts/test-smtp-server`, aiosmtpd).
        .testTarget(
            name: "MailDeliveryTests",
            dependencies: [
                "MailDelivery", "TestKit", "Timekeeping",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(name: "KooberMapTests", dependencies: ["HTMLReading", "KooberMap"]),
        // Matrices checked module for module against segno's (`scripts/make-qr-fixtures`).
        .testTarget(name: "QRCodeTests", dependencies: ["HTMLReading", "QRCode"], exclude: ["Fixtures"]),
        .testTarget(
            name: "KooberArgon2Tests",
            dependencies: ["CArgon2", "KooberArgon2", "KooberKit", "KooberKitTestDoubles"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer executable exists only for `scripts/fuzz` (KOOBER_FUZZ=1): it has no `main` of its own (libFuzzer's
// is linked in by `-sanitize=fuzzer`), so a plain `swift build` must not try to link it.
if Context.environment["KOOBER_FUZZ"] == "1" {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"),
        .executableTarget(
            name: "KooberFuzz",
            dependencies: ["CLibFuzzer", "KooberFuzzTargets"],
            path: "Fuzz/Sources/KooberFuzz"
        ),
    ]
}
