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
        #expect(defaults.database == "koober.sqlite")
        #expect(defaults.templates == "Templates")
        #expect(defaults.publicDirectory == "Public")
        #expect(defaults.secureCookies == false)
        #expect(defaults.maxConnections == 16_000)
        #expect(defaults.hashQueueSize == KooberSettings.defaultHashQueueSize)
        #expect(KooberSettings.defaultHashQueueSize >= 4)
        #expect(defaults.trustProxy == false)
    }

    @Test func environmentVariablesAreTheFallback() throws {
        let fromEnvironment = try settings(
            [],
            environment: [
                "KOOBER_HOSTNAME": "0.0.0.0", "KOOBER_PORT": "9090", "KOOBER_DATABASE": ":memory:",
                "KOOBER_TEMPLATES": "/srv/templates", "KOOBER_PUBLIC": "/srv/public", "KOOBER_SECURE_COOKIES": "true",
                "KOOBER_MAX_CONNECTIONS": "500", "KOOBER_HASH_QUEUE_SIZE": "12", "KOOBER_TRUST_PROXY": "true",
            ]
        )
        #expect(fromEnvironment.hashQueueSize == 12)
        #expect(fromEnvironment.trustProxy)
        #expect(fromEnvironment.hostname == "0.0.0.0")
        #expect(fromEnvironment.port == 9090)
        #expect(fromEnvironment.database == ":memory:")
        #expect(fromEnvironment.templates == "/srv/templates")
        #expect(fromEnvironment.publicDirectory == "/srv/public")
        #expect(fromEnvironment.secureCookies)
        #expect(fromEnvironment.maxConnections == 500)
    }

    @Test func flagsWinOverTheEnvironment() throws {
        let fromFlags = try settings(
            ["--hostname", "::1", "--port", "0", "--database", "a.sqlite", "--templates", "T", "--public", "P",
             "--secure-cookies", "--max-connections", "20", "--hash-queue-size", "3", "--trust-proxy"],
            environment: [
                "KOOBER_HOSTNAME": "0.0.0.0", "KOOBER_PORT": "9090", "KOOBER_DATABASE": "b.sqlite",
                "KOOBER_MAX_CONNECTIONS": "500", "KOOBER_HASH_QUEUE_SIZE": "12", "KOOBER_TRUST_PROXY": "false",
            ]
        )
        #expect(fromFlags.hashQueueSize == 3)
        #expect(fromFlags.trustProxy)
        #expect(fromFlags.hostname == "::1")
        #expect(fromFlags.port == 0)
        #expect(fromFlags.database == "a.sqlite")
        #expect(fromFlags.templates == "T")
        #expect(fromFlags.publicDirectory == "P")
        #expect(fromFlags.secureCookies)
        #expect(fromFlags.maxConnections == 20)
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

    @Test func aHashQueueBelowOneIsRefused() {
        #expect(throws: ValidationError.self) { try settings(["--hash-queue-size", "0"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_HASH_QUEUE_SIZE": "-1"]) }
        #expect(throws: ValidationError.self) { try settings([], environment: ["KOOBER_TRUST_PROXY": "perhaps"]) }
    }

    @Test func anUnknownFlagIsRefused() {
        #expect(throws: (any Error).self) { try KooberCommand.parse(["--colour", "teal"]) }
    }
}
