import HTTPServer

/// Every request the fixture app received, in order, for tests to inspect what the browser really sent.
actor RequestLog {
    private(set) var requests: [Request] = []

    func record(_ request: Request) {
        requests.append(request)
    }

    /// The last request for `path` (without query), if any.
    func last(to path: String) -> Request? {
        requests.last { $0.path == path }
    }

    func count(to path: String) -> Int {
        requests.count { $0.path == path }
    }
}
