import HTTPServer
import KooberKit

/// Absolute URLs for what Koober Cloud's answers point at (the book's app loads them as they are): the scheme and host
/// the client reached Koober by, and the public files' version, so each picture is cached for good (`immutable`, as
/// the pages' assets are) and changes its URL when a deploy changes it.
struct CloudLinks: Sendable {
    /// `http://localhost:8080`: `https` when Koober runs behind TLS (`--secure-cookies`), and the request's `Host`.
    let origin: String
    let assetVersion: String

    /// How many avatars there are (`Public/images/app/avatar-<n>.png`); a rider's is picked by their id.
    static let avatarCount = 6

    /// The links for a request, or `nil` when its `Host` is missing or not a host name or address with an optional
    /// port (nothing a client sends goes into a URL unchecked).
    init?(request: Request, secure: Bool, assetVersion: String) {
        guard let host = request.headers.first(name: "Host"), Self.isHost(host) else { return nil }
        origin = (secure ? "https://" : "http://") + host
        self.assetVersion = assetVersion
    }

    /// A picture's PNG files at 1×, 2× and 3× (`<name>.png`, `<name>@2x.png`, `<name>@3x.png`).
    func image(named name: String) -> CloudRemoteImage {
        CloudRemoteImage(
            at1xURL: url("/images/app/\(name).png"), at2xURL: url("/images/app/\(name)@2x.png"),
            at3xURL: url("/images/app/\(name)@3x.png"))
    }

    /// The rider's avatar: one of Koober's, the same one for a rider every time.
    func avatar(of userID: UserID) -> String {
        let number = Int(userID.rawValue.magnitude % UInt64(Self.avatarCount)) + 1
        return url("/images/app/avatar-\(number).png")
    }

    private func url(_ path: String) -> String {
        origin + path + "?v=" + assetVersion
    }

    /// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: letters, digits and `.-:[]`.
    static func isHost(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count) && text.first != ":"
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")]
                        .contains(byte)
            }
    }
}
