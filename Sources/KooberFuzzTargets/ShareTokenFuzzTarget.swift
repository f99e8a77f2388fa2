import KooberKit
import KooberWeb

/// A shared ride's path (`/share/<token>`, `/share/<token>/events`): anyone may send any bytes after `/share/`.
/// Parsing never traps, and accepts only a token of exactly 43 base64url characters (alone, or followed by the
/// stream's `/events`) that reads back as the text sent.
public struct ShareTokenFuzzTarget: FuzzTarget {
    public let name = "share-token"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let token = Route.shareToken(in: "/share/" + text) else { return }
        guard text == token.value || text == token.value + "/events", token.value.utf8.count == RideShareToken.length,
            token.value.utf8.allSatisfy(Base64URL.isAlphabet), RideShareToken(wellFormed: token.value) == token
        else {
            throw FuzzFinding("\(text.debugDescription) parsed as \(token.value.debugDescription)")
        }
    }
}
