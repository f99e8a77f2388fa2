import ArgumentParser
import HTTPServer
import KooberWeb
import Logging
import ServiceLifecycle

/// `koober`: serves Koober for the web. Every flag can also be set in the environment (`KOOBER_PORT`, …);
/// a flag wins over the environment.
///
/// Serving is what `koober` does without a subcommand, so `koober --port 8080` stays as it always was;
/// `koober healthcheck` (`Healthcheck`) is the one subcommand.
@main
struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober",
        abstract: "Koober for the web: rides by kangaroo, served as HTML.",
        usage: """
            koober [--hostname <hostname>] [--port <port>] [--database <database>] [--templates <templates>]
                   [--public <public>] [--secure-cookies] [--max-connections <max-connections>]
                   [--hash-queue-size <hash-queue-size>] [--trust-proxy]
            koober healthcheck [--url <url>] [--timeout <timeout>]
            """,
        subcommands: [Healthcheck.self]
    )

    @Option(help: "The address to listen on. (env: KOOBER_HOSTNAME; default: 127.0.0.1)")
    var hostname: String?

    @Option(help: "The port to listen on; 0 picks a free one. (env: KOOBER_PORT; default: 8080)")
    var port: Int?

    @Option(help: "The SQLite database file, or :memory:. (env: KOOBER_DATABASE; default: koober.sqlite)")
    var database: String?

    @Option(help: "The folder of Mustache templates. (env: KOOBER_TEMPLATES; default: Templates)")
    var templates: String?

    @Option(name: .customLong("public"), help: "The folder of public files. (env: KOOBER_PUBLIC; default: Public)")
    var publicDirectory: String?

    @Flag(help: "Mark cookies Secure, for deployments behind TLS. (env: KOOBER_SECURE_COOKIES=true)")
    var secureCookies = false

    @Option(
        help: "The most connections open at once; more are closed as they come. (env: KOOBER_MAX_CONNECTIONS; default: 16000)"
    )
    var maxConnections: Int?

    @Option(
        help: "Password hashes waiting or running at once; beyond them sign-in and sign-up answer 503. (env: KOOBER_HASH_QUEUE_SIZE; default: 4 × cores)"
    )
    var hashQueueSize: Int?

    @Flag(
        help: "Take the client's address from the last X-Forwarded-For hop, for deployments behind a proxy that sets it. (env: KOOBER_TRUST_PROXY=true)"
    )
    var trustProxy = false

    func run() async throws {
        let settings = try KooberSettings(command: self, environment: Environment())
        LoggingSystem.bootstrap { LogOutputHandler(label: $0) }
        defer { LogOutput.standardOutput.flush() }
        let logger = Logger(label: "koober")
        // Templates and public files first: a broken file stops start-up before the database is created.
        let staticFiles = try StaticFiles(directory: settings.publicDirectory)
        let templates = try TemplateRenderer(directory: settings.templates, assetVersion: staticFiles.version)
        let storage = try await KooberStorage.open(settings: settings, logger: logger)
        let container = try await KooberAppDependencyContainer(
            templates: templates, staticFiles: staticFiles, services: storage.services, logger: logger
        )
        var configuration = container.makeServerConfiguration(host: settings.hostname, port: settings.port)
        configuration.maxConnections = FileDescriptorLimit.fit(connections: settings.maxConnections, logger: logger)
        let server = HTTPServer(
            configuration: configuration,
            responder: container.makeAppResponder(),
            logger: logger
        )
        let services = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await services.run()
        try await storage.database.close()
        logger.info("Closed the database")
    }
}
