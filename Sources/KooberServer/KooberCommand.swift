import ArgumentParser
import HTTPServer
import KooberApp
import KooberWeb
import LogLines
import Logging
import Metrics
import Prometheus
import ServiceLifecycle

/// `koober`: serves Koober for the web. Every flag can also be set in the environment (`KOOBER_PORT`, …);
/// a flag wins over the environment.
///
/// Serving is what `koober` does without a subcommand, so `koober --port 8080` stays as it always was;
/// `koober healthcheck` (`Healthcheck`), `koober seed` (`Seed`, for benchmarks and demos) and `koober staff` (`Staff`,
/// Koober Ops' staff) are its subcommands.
@main
struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober",
        abstract: "Koober for the web: rides by kangaroo, served as HTML.",
        usage: """
            koober [--hostname <hostname>] [--port <port>] [--database <database>] [--database-pool-size <size>]
                   [--templates <templates>]
                   [--public <public>] [--secure-cookies] [--max-connections <max-connections>]
                   [--metrics-port <metrics-port>] [--metrics-hostname <metrics-hostname>] [--log-format <log-format>]
                   [--hash-queue-size <hash-queue-size>] [--trust-proxy] [--fleet-size <fleet-size>]
                   [--ride-clock-rate <ride-clock-rate>]
            koober healthcheck [--url <url>] [--timeout <timeout>]
            koober seed riders|session|busy-fleet|history|scheduled-rides|ratings [--database <database>] [<options>]
            koober staff add <email> --name <name> --role support|fleet|admin [--database <database>]
            koober staff list|remove [<email>] [--database <database>]
            """,
        subcommands: [Healthcheck.self, Seed.self, Staff.self]
    )

    @Option(help: "The address to listen on. (env: KOOBER_HOSTNAME; default: 127.0.0.1)")
    var hostname: String?

    @Option(help: "The port to listen on; 0 picks a free one. (env: KOOBER_PORT; default: 8080)")
    var port: Int?

    @Option(
        help:
            "The SQLite database file, :memory:, or a PostgreSQL URL (postgres://user:password@host:5432/koober). (env: KOOBER_DATABASE; default: koober.sqlite)"
    )
    var database: String?

    @Option(
        help:
            "The most PostgreSQL connections this process opens at once. (env: KOOBER_DATABASE_POOL_SIZE; default: 10)"
    )
    var databasePoolSize: Int?

    @Option(help: "The folder of Mustache templates. (env: KOOBER_TEMPLATES; default: Templates)")
    var templates: String?

    @Option(name: .customLong("public"), help: "The folder of public files. (env: KOOBER_PUBLIC; default: Public)")
    var publicDirectory: String?

    @Flag(help: "Mark cookies Secure, for deployments behind TLS. (env: KOOBER_SECURE_COOKIES=true)")
    var secureCookies = false

    @Option(
        help:
            "The most connections open at once; more are closed as they come. (env: KOOBER_MAX_CONNECTIONS; default: 16000)"
    )
    var maxConnections: Int?

    @Option(
        help:
            "Serve Prometheus metrics at /metrics on this port; 0 picks a free one. (env: KOOBER_METRICS_PORT; default: off)"
    )
    var metricsPort: Int?

    @Option(help: "The address the metrics listen on. (env: KOOBER_METRICS_HOSTNAME; default: 127.0.0.1)")
    var metricsHostname: String?

    @Option(
        help: "How log lines are written: text, or json (one object per line). (env: KOOBER_LOG_FORMAT; default: text)"
    )
    var logFormat: String?

    @Option(
        help:
            "Password hashes waiting or running at once; beyond them sign-in and sign-up answer 503. (env: KOOBER_HASH_QUEUE_SIZE; default: 4 × cores)"
    )
    var hashQueueSize: Int?

    @Flag(
        help:
            "Take the client's address from the last X-Forwarded-For hop, for deployments behind a proxy that sets it. (env: KOOBER_TRUST_PROXY=true)"
    )
    var trustProxy = false

    @Option(help: "Animals per ride option. (env: KOOBER_FLEET_SIZE; default: 8)")
    var fleetSize: Int?

    @Option(
        help:
            "How many times faster than real time rides run; 60 makes a simulated minute a second. (env: KOOBER_RIDE_CLOCK_RATE; default: 1)"
    )
    var rideClockRate: String?

    @Option(
        help:
            "The SMTP relay mail goes through: smtp://[user:password@]host[:port] (STARTTLS whenever offered, always before credentials) or smtps://… (TLS from the start); without it, mail goes to --mail-dir. (env: KOOBER_SMTP_URL)"
    )
    var smtpURL: String?

    @Option(help: "The sender of Koober's mail. (env: KOOBER_MAIL_FROM; default: Koober <no-reply@koober.localhost>)")
    var mailFrom: String?

    @Option(
        help: "The folder mail goes to as .eml files when there is no --smtp-url. (env: KOOBER_MAIL_DIR; default: mail)"
    )
    var mailDir: String?

    @Option(
        help:
            "The address riders reach Koober at, for the links in mail. (env: KOOBER_PUBLIC_URL; default: http://<hostname>:<port>)"
    )
    var publicURL: String?

    @Option(
        help:
            "The file of the key that seals Koober Ops' authenticator secrets, kept out of the database (mode 0600, made on first use when it is beside an SQLite database). (env: KOOBER_STAFF_KEY_FILE; default: <database>.staff-key for SQLite, none for PostgreSQL, where it is required)"
    )
    var staffKeyFile: String?

    @Option(
        help: ArgumentHelp(
            "Write the data each page is rendered with to <folder>/<template>.json, for the benchmarks; a file a page, never in production. (env: KOOBER_KEEP_VIEW_DATA)",
            visibility: .hidden)
    )
    var keepViewData: String?

    func run() async throws {
        let settings = try KooberSettings(command: self, environment: Environment())
        LoggingSystem.bootstrap { LogOutputHandler(label: $0, format: settings.logFormat) }
        // Waits at most a second for what is still queued: a stalled reader must not keep koober running, and the
        // graceful stop (9 s at most) and this together stay within the 10 s Docker gives before it kills.
        defer { LogOutput.standardOutput.flush() }
        let logger = Logger(label: "koober")
        // Templates and public files first: a broken file stops start-up before the database is created.
        let staticFiles = try StaticFiles(directory: settings.publicDirectory)
        let templates = try TemplateRenderer(
            directory: settings.templates, assetVersion: staticFiles.version,
            keepingViewData: try settings.keepViewData.map(ViewDataKeeper.init(folder:)))
        var storageConfiguration = settings.storage
        storageConfiguration.staffSecretSealer = try StaffKey.sealer(settings, logger: logger)
        let storage = try await KooberStorage.open(storageConfiguration, logger: logger)
        logger.info("\(settings.mailDestination)")
        let container = try await KooberAppDependencyContainer(
            templates: templates,
            staticFiles: staticFiles,
            services: storage.services,
            logger: logger
        )
        var configuration = container.makeServerConfiguration(host: settings.hostname, port: settings.port)
        configuration.maxConnections = FileDescriptorLimit.fit(connections: settings.maxConnections, logger: logger)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        var metrics: HTTPMetrics?
        if let metricsPort = settings.metricsPort {
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            metrics = HTTPMetrics(prefix: "koober_")
            var metricsConfiguration = HTTPServerConfiguration(host: settings.metricsHostname, port: metricsPort)
            metricsConfiguration.name = "Metrics"
            metricsConfiguration.maxConnections = 64
            services.append(
                .init(
                    service: HTTPServer(
                        configuration: metricsConfiguration,
                        responder: MetricsResponder(
                            registry: registry,
                            collector: MetricsCollector(
                                log: .standardOutput,
                                hashQueue: storage.passwordHashQueue,
                                database: storage.database,
                                mailSender: container.mailSender,
                                clock: storage.services.clock
                            )
                        ),
                        logger: Logger(label: "koober.metrics")
                    )
                )
            )
        }
        let server = HTTPServer(
            configuration: configuration,
            responder: container.makeAppResponder(),
            logger: logger,
            metrics: metrics
        )
        services.insert(.init(service: server), at: 0)
        services.append(.init(service: container.mailSender))
        // Last, so that a graceful stop reaches it first: it ends every ride stream at once, and the server's own
        // stop then has no stream to wait for.
        services.append(.init(service: container.rideDispatcher))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
        try await storage.database.close()
        logger.info("Closed the database")
    }
}
