/// Request texts for tests, with `\r\n` line ends and a `Host` header.
enum RawRequest {
    static func get(_ target: String, headers: [String] = []) -> String {
        make("GET", target, headers: headers)
    }

    static func head(_ target: String, headers: [String] = []) -> String {
        make("HEAD", target, headers: headers)
    }

    static func post(_ target: String, body: String, headers: [String] = []) -> String {
        make("POST", target, headers: headers + ["Content-Length: \(body.utf8.count)"]) + body
    }

    static func make(_ method: String, _ target: String, version: String = "HTTP/1.1", headers: [String] = []) -> String
    {
        (["\(method) \(target) \(version)", "Host: koober.test"] + headers).map { $0 + "\r\n" }.joined() + "\r\n"
    }
}
