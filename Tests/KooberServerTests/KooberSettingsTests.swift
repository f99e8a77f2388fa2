import ArgumentParser
import Testing

@testable import KooberServer

@Suite struct KooberSettingsTests {
    private func settings(_ arguments: [String], environment: [String: String] = [:]) throws -> KooberSettings {
        let command = try KooberCommand.parse(arguments)
        return try KooberSettings(command: command, environment: Environment { environment[$0] })
    }

    @Test func withNothingSetKooberUsesTheDefaultsOfTheSpec() throws {
        let defaults = try settings([])
        #expect(defaults.hostname == "127.0.0.1")
        #expect(defaults.port == 8080)
        #expect(defaults.database == .sqlite(path: "koober.sqlite"))
        #expect(defaults.templates == "Templates")
        #expect(defaults.publicDirectory == "Public")
        #expect(defaults.secureCookies == false)
        #expect(defaults.maxConnections == 16_000)
        #expect(defaults.logFormat == .text)
        #expect(defaults.hashQueueSize == KooberSettings.defaultHashQueueSize)
        #expect(KooberSettings.defaultHashQueueSize >= 4)
        #expect(defaults.trustProxy == false)
        #expect(defaults.metricsPort == nil)
        #expect(defaults.metricsHostname == "127.0.0.1")
        #expect(defaults.fleetSize == 8)
        #expect(defaults.rideClockRate == 1)
    }

    @Test func theFleetSizeAndRideClockRateComeFromFlagsOrTheEnvironment() throws {
        let fromEnvironment = try settings(
            [], environment: ["KOOBER_FLEET_SIZE": "3", "KOOBER_RIDE_CLOCK_RATE": "60"])
        #expect(fromEnvironment.fleetSize == 3)
        #expect(fromEnvironment.rideClockRate == 60)
        #expect(fromEnvironment.storage.fleetSize == 3 && fromEnvironment.storage.rideClockRate == 60)
        let fromFlags = try settings(
            ["--fleet-size", "20", "--ride-clock-rate", "2.5"],
            environment: ["KOOBER_FLEET_SIZE": "3", "KOOBER_RIDE_CLOCK_RATE": "60"])
        #expect(fromFlags.fleetSize == 20)
        #expect(fromFlags.rideClockRate == 2.5)
    }

    @Test(arguments: [
        ["--fleet-size", "0"], ["--fleet-size", "10001"], ["--ride-clock-rate", "0"],
        ["--ride-clock-rate", "-1"], ["--ride-clock-rate", "nan"], ["--ride-clock-rate", "inf"],
        ["--ride-clock-rate", "1e400"], ["--ride-clock-rate", "fast"],
    ])
    func aFleetSizeOrRideClockRateOutOfRangeIsRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try settings(arguments) }
    }

    @Test func environmentVariablesAreTheFallback() throws {
        let fromEnvironment = try settings(
            [],
            environment: [
                "KOOBER_HOSTNAME": "0.0.0.0", "KOOBER_PORT": "9090", "KOOBER_DATABASE": ":memory:",
                "KOOBER_TEMPLATES": "/srv/templates", "KOOBER_PUBLIC": "/srv/public", "KOOBER_SECURE_COOKIES": "true",
                "KOOBER_MAX_CONNECTIONS": "500", "KOOBER_LOG_FORMAT": "json", "KOOBER_HASH_QUEUE_SIZE": "12",
                "KOOBER_TRUST_PROXY": "true", "KOOBER_METRICS_PORT": "9100", "KOOBER_METRICS_HOSTNAME": "0.0.0.0",
            ]
        )
        #expect(fromEnvironment.hashQueueSize == 12)
        #expect(fromEnvironment.trustProxy)
        #expect(fromEnvironment.hostname == "0.0.0.0")
        #expect(fromEnvironment.port == 9090)
        #expect(fromEnvironment.database == .sqlite(path: ":memory:"))
        #expect(fromEnvironment.templates == "/srv/templates")
        #expect(fromEnvironment.publicDirectory == "/srv/public")
        #expect(fromEnvironment.secureCookies)
        #expect(fromEnvironment.maxConnections == 500)
        #expect(fromEnvironment.logFormat == .json)
        #expect(fromEnvironment.metricsPort == 9100)
        #expect(fromEnvironment.metricsHostname == "0.0.0.0")
    }

    @Test func flagsWinOverTheEnvironment() throws {
        let fromFlags = try settings(
            [
                "--hostname", "::1", "--port", "0", "--database", "a.sqlite", "--templates", "T", "--public", "P",
                "--secure-cookies", "--max-connections", "20", "--log-format", "json", "--hash-queue-size", "3",
                "--trust-proxy", "--metrics-port", "0", "--metrics-hostname", "::1",
            ],
            environment: [
                "KOOBER_HOSTNAME": "0.0.0.0", "KOOBER_PORT": "9090", "KOOBER_DATABASE": "b.sqlite",
                "KOOBER_MAX_CONNECTIONS": "500", "KOOBER_LOG_FORMAT": "text", "KOOBER_HASH_QUEUE_SIZE": "12",
                "KOOBER_TRUST_PROXY": "false", "KOOBER_METRICS_PORT": "9100", "KOOBER_METRICS_HOSTNAME": "0.0.0.0",
            ]
        )
        #expect(fromFlags.hashQueueSize == 3)
        #expect(fromFlags.trustProxy)
        #expect(fromFlags.hostname == "::1")
        #expect(fromFlags.port == 0)
        #expect(fromFlags.database == .sqlite(path: "a.sqlite"))
        #expect(fromFlags.templates == "T")
        #expect(fromFlags.publicDirectory == "P")
        #expect(fromFlags.secureCookies)
        #expect(fromFlags.maxConnections == 20)
        #expect(fromFlags.logFormat == .json)
        #expect(fromFlags.metricsPort == 0)
        #expect(fromFlags.metricsHostname == "::1")
    }

    @Test func anInvalidEnvironmentValueStopsStartUpWithAMessage() {
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_PORT": "eighty"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_SECURE_COOKIES": "maybe"]) }
    }

    @Test func aPortOutOfRangeIsRefused() {
        #expect(throws: ValidationError.self) { try settings(["--port", "70000"]) }
    }

    @Test func aConnectionLimitBelowOneIsRefused() {
        #expect(throws: ValidationError.self) { try settings(["--max-connections", "0"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_MAX_CONNECTIONS": "lots"]) }
    }

    @Test func anUnknownLogFormatIsRefused() throws {
        #expect(throws: ValidationError.self) { try settings(["--log-format", "xml"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_LOG_FORMAT": "logfmt"]) }
        #expect(try settings([], environment: ["KOOBER_LOG_FORMAT": "JSON"]).logFormat == .json)
    }

    @Test func aMetricsPortOutOfRangeIsRefused() {
        #expect(throws: ValidationError.self) { try settings(["--metrics-port", "70000"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_METRICS_PORT": "-1"]) }
    }

    @Test func aHashQueueBelowOneIsRefused() {
        #expect(throws: ValidationError.self) { try settings(["--hash-queue-size", "0"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_HASH_QUEUE_SIZE": "-1"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_TRUST_PROXY": "perhaps"]) }
    }

    @Test func aPostgresURLChoosesPostgreSQLWithItsPoolSize() throws {
        let url = "postgres://koober:secret@db.internal:5432/koober"
        let fromFlags = try settings(["--database", url, "--database-pool-size", "4"])
        guard case .postgres(let postgres) = fromFlags.database else {
            Issue.record("not PostgreSQL: \(fromFlags.database)")
            return
        }
        #expect(postgres.host == "db.internal")
        #expect(postgres.poolSize == 4)
        let fromEnvironment = try settings(
            [], environment: ["KOOBER_DATABASE": url, "KOOBER_DATABASE_POOL_SIZE": "12"])
        guard case .postgres(let fromVariables) = fromEnvironment.database else {
            Issue.record("not PostgreSQL: \(fromEnvironment.database)")
            return
        }
        #expect(fromVariables.poolSize == 12)
        #expect(try settings([]).database == .sqlite(path: "koober.sqlite"))
    }

    @Test func aPostgresURLKooberCannotUseOrABadPoolSizeStopsStartUpWithAMessage() {
        #expect(throws: ValidationError.self) { try settings(["--database", "postgres://db/koober"]) }
        #expect(throws: ValidationError.self) {
            try settings(["--database", "postgres://koober@db/koober", "--database-pool-size", "1"])
        }
        #expect(throws: ValidationError.self) {
            try settings([], environment: ["KOOBER_DATABASE": "postgresql://koober@db/koober?sslmode=maybe"])
        }
    }

    @Test func anUnknownFlagIsRefused() {
        #expect(throws: (any Error).self) { try KooberCommand.parse(["--colour", "teal"]) }
    }
}
