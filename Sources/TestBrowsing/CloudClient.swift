import Foundation
import HTTPServer
import NIOCore
import NIOHTTP1

/// A client of Koober Cloud for tests, calling it as an app does: JSON bodies, the bearer token it was given (never a
/// cookie), over any transport (in process, or a real socket), answers decoded with `JSONDecoder`.
///
/// Use one client from one task.
public final class CloudClient {
    let transport: any HTTPTransport
    /// Sent as `Host`: the API's absolute URLs are made of it.
    public let host: String
    /// Sent as `Authorization: Bearer` when set (`logIn` sets it).
    public var token: String?
    /// Where the requests come from in process (`Request.peerAddress`): each address has its own throttles.
    public var peerAddress: String?
    /// The last answer.
    public private(set) var response: Response?

    public init(transport: any HTTPTransport, host: String = "localhost") {
        self.transport = transport
        self.host = host
    }

    public convenience init(responder: any Responder) {
        self.init(transport: InProcessTransport(responder: responder))
    }

    /// A client that talks HTTP/1.1 over TCP to `host:port`.
    public convenience init(host: String, port: Int) {
        self.init(transport: TCPTransport(host: host, port: port), host: "\(host):\(port)")
    }

    /// Sends `method path` with `body` (JSON text, sent as it is) and `headers`, and the token unless `headers` name
    /// an `Authorization` of their own.
    @discardableResult
    public func send(
        _ method: HTTPMethod, _ path: String, body: String? = nil, headers: [(String, String)] = []
    ) async throws -> Response {
        var requestHeaders = HTTPHeaders([("Accept", "application/json")] + headers)
        if !requestHeaders.contains(name: "Host") { requestHeaders.add(name: "Host", value: host) }
        if let token, !requestHeaders.contains(name: "Authorization") {
            requestHeaders.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let body {
            requestHeaders.add(name: "Content-Type", value: "application/json")
            requestHeaders.add(name: "Content-Length", value: String(body.utf8.count))
        }
        let request = Request(
            method: method, uri: path, headers: requestHeaders, body: ByteBuffer(string: body ?? ""),
            peerAddress: peerAddress)
        let response = try await transport.send(request)
        self.response = response
        return response
    }

    /// The last answer's body (empty before the first).
    private var bodyData: Data {
        Data((response?.body ?? ByteBuffer()).readableBytesView)
    }

    /// The last answer's body decoded as `T`.
    public func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: bodyData)
    }

    /// The last answer's body as a JSON object, for checking keys exactly.
    public func object() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: bodyData) as? [String: Any] ?? [:]
    }

    /// The last answer's body as a JSON array of objects.
    public func array() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: bodyData) as? [[String: Any]] ?? []
    }

    /// The status of the last answer.
    public var status: HTTPResponseStatus? { response?.status }

    /// `POST /login` with Basic credentials; keeps the token when it signs in.
    @discardableResult
    public func logIn(email: String, password: String) async throws -> Response {
        let credentials = Data("\(email):\(password)".utf8).base64EncodedString()
        let response = try await send(.POST, "/login", headers: [("Authorization", "Basic \(credentials)")])
        if response.status == .ok { token = try object()["token"] as? String }
        return response
    }
}
