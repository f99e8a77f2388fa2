import Foundation
import HTTPServer
import KooberTestSupport
import Logging

/// Koober Cloud's parsers of client bytes: the JSON bodies of `POST /signUp` and `POST /ride` (strict decoding, the
/// coordinates and ids inside), and the `Authorization` header (Basic credentials, bearer tokens), each fed the input
/// and answered by the real app on a temporary SQLite file. Whatever arrives, the answer is never a 5xx, and it is
/// JSON: an `error` object unless the request succeeded.
public final class CloudRequestFuzzTarget: FuzzTarget {
    public static let shared = CloudRequestFuzzTarget()
    public let name = "cloud"
    private let app: KooberTestApp
    private let token: String?

    private init() {
        let silent = Logger(label: "koober.fuzz") { _ in SwiftLogNoOpLogHandler() }
        (app, token) = Blocking.run {
            let app = try await KooberTestApp(logger: silent)
            let client = app.cloudClient()
            try await client.logIn(email: "johnny@gmail.com", password: "password")
            return (app, client.token)
        }
    }

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let result: Result<Void, FuzzFinding> = Blocking.run { await self.exchanges(input) }
        try result.get()
    }

    private func exchanges(_ input: [UInt8]) async -> Result<Void, FuzzFinding> {
        let body = String(decoding: input, as: UTF8.self)
        let client = app.cloudClient()
        client.token = token
        do {
            try check(try await client.send(.POST, "/signUp", body: body), "POST /signUp")
            try check(try await client.send(.POST, "/ride", body: body), "POST /ride")
            // Header values are one line of visible characters and spaces; the server's parser refuses the rest.
            if input.allSatisfy({ (0x20...0x7E).contains($0) }) {
                try check(try await client.send(.POST, "/login", headers: [("Authorization", body)]), "POST /login")
                try check(
                    try await client.send(.GET, "/api/v1/me", headers: [("Authorization", body)]), "GET /api/v1/me")
            }
        } catch let finding as FuzzFinding {
            return .failure(finding)
        } catch {
            return .failure(FuzzFinding("the client threw: \(error)"))
        }
        return .success(())
    }

    private func check(_ response: Response, _ operation: String) throws {
        guard response.status.code < 500 else { throw FuzzFinding("\(operation) answered \(response.status.code)") }
        let isJSON = response.headers.first(name: "Content-Type") == "application/json"
        guard response.status.code < 300 || isJSON && response.bodyText.contains(#""error":{"#) else {
            throw FuzzFinding("\(operation) answered \(response.status.code) without a JSON error")
        }
    }
}
