import HTTPServer
import KooberWeb
import NIOHTTP1

/// `X-Forwarded-For` as `--trust-proxy` reads it (`ClientAddress`): whatever the header lines, the address taken is
/// the socket's peer or one of the hops sent, and then an IP literal: only hex digits, dots and colons, at most 45
/// bytes (a throttling key a client could vary at will would undo the throttle).
public struct ClientAddressFuzzTarget: FuzzTarget {
    public let name = "client-address"
    private static let peer = "192.0.2.1"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        // One header line per input line, as a client may send several.
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var headers = HTTPHeaders()
        for line in lines { headers.add(name: "X-Forwarded-For", value: line) }
        let request = Request(method: .GET, uri: "/", headers: headers, peerAddress: Self.peer)
        guard ClientAddress.of(request, trustProxy: false) == Self.peer else {
            throw FuzzFinding("X-Forwarded-For was read without --trust-proxy")
        }
        let address = ClientAddress.of(request, trustProxy: true)
        guard address != Self.peer else { return }
        guard address.utf8.count <= 45, address.utf8.allSatisfy(Self.isAddressByte) else {
            throw FuzzFinding("took \(address.debugDescription) for an address")
        }
        guard lines.contains(where: { $0.contains(address) }) else {
            throw FuzzFinding("took \(address.debugDescription), which no hop holds")
        }
    }

    private static func isAddressByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default: false
        }
    }
}
