// swift-tools-version: 6.2
// The benchmark targets (docs/performance.md): its own package, so that Koober never depends on a peer.
import PackageDescription

let package = Package(
    name: "KooberBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Koober", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        // The floor: a bare SwiftNIO HTTP/1.1 responder, the fastest these pages could be sent.
        .executableTarget(
            name: "Floor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The peer: Hummingbird 2 with swift-mustache, written as its authors would write it.
        .executableTarget(
            name: "Peer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                // Only to read the page's data as Koober kept it (`TemplateValue` from JSON).
                .product(name: "MustacheRendering", package: "Koober"),
            ]
        ),
        // Koober's own HTTPServer answering plaintext, as /healthz-like requests are answered.
        .executableTarget(
            name: "KooberPlaintext",
            dependencies: [
                .product(name: "HTTPServer", package: "Koober"),
                .product(name: "LogLines", package: "Koober"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
