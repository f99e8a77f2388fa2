import Foundation
import KooberTestSupport
import NIOCore
import NIOHTTP1
import TestBrowsing
import Testing

/// The book's app against the real server over TCP: its own models (`BookAppModels`) decode every answer, its
/// requests are encoded with `JSONEncoder` as it encodes them (no `Content-Type`, as `URLSession` sends a body it was
/// not told the type of), and the ride it requests is the web's ride: in the rider's profile and live on `/ride`.
@Suite struct KooberCloudAppClientTests {
    private func body(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func theBooksAppSignsUpFindsAPlaceRequestsARideAndTheWebShowsIt() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        try await app.withServer { port in
            let client = CloudClient(host: "127.0.0.1", port: port)
            let account = BookApp.NewAccount(
                fullName: "Skippy Roo", nickname: "Skippy", email: "skippy@example.com", mobileNumber: "0412 345 678",
                password: "hop-hop-hop")
            try await client.send(.POST, "/signUp", body: try body(account))
            #expect(client.status == .ok)
            let payload = try client.decoded(BookApp.SignInResponsePayload.self)
            let session = BookApp.UserSession(
                profile: payload.profile, remoteSession: BookApp.RemoteUserSession(token: payload.token))
            #expect(session.profile.name == "Skippy Roo" && session.profile.mobileNumber == "0412 345 678")
            #expect(session.profile.avatar.host == "127.0.0.1" && session.profile.avatar.port == port)
            client.token = session.remoteSession.token

            // The app's avatar and pictures load as PNG from the URLs it was given.
            try await expectPNG(at: session.profile.avatar, port: port)

            let pickup = BookApp.Location(id: "0", latitude: -33.864308, longitude: 151.209146)
            try await client.send(.GET, "/rideOptions?latitude=\(pickup.latitude)&longitude=\(pickup.longitude)")
            let options = try client.decoded([BookApp.RideOption].self)
            #expect(options.map(\.id) == ["wallabee", "wallaroo", "kangaroo"])
            for option in options {
                for image in [
                    option.buttonRemoteImages.selected, option.buttonRemoteImages.unselected,
                    option.availableMapMarkerRemoteImage,
                ] {
                    let sizes = [
                        try await expectPNG(at: image.at1xURL, port: port),
                        try await expectPNG(at: image.at2xURL, port: port),
                        try await expectPNG(at: image.at3xURL, port: port),
                    ]
                    #expect(sizes[1].width == 2 * sizes[0].width && sizes[2].width == 3 * sizes[0].width)
                }
            }

            try await client.send(
                .GET, "/locations?query=Opera&latitude=\(pickup.latitude)&longitude=\(pickup.longitude)")
            let operaHouse = try #require(try client.decoded([BookApp.NamedLocation].self).first)
            #expect(operaHouse.name == "Opera House")

            let request = BookApp.NewRideRequest(
                waypoints: BookApp.NewRideWaypoints(pickupLocation: pickup, dropoffLocation: operaHouse.location),
                rideOptionID: options[1].id)
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "127.0.0.1:\(port)")
            headers.add(name: "Authorization", value: "Bearer \(session.remoteSession.token)")
            let rawBody = try body(request)
            headers.add(name: "Content-Length", value: String(rawBody.utf8.count))
            let answer = try await TCPTransport(host: "127.0.0.1", port: port).send(
                .init(method: .POST, uri: "/ride", headers: headers, body: ByteBuffer(string: rawBody)))
            #expect(answer.status == .ok)

            // The web: the same rider signs in on a browser and follows the ride there, live.
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signIn(email: "skippy@example.com", password: "hop-hop-hop")
            #expect(try browser.rideStatus() == "finding")
            #expect(try browser.text(at: "//h2[@id='ride-headline']") == "Finding your Wallaroo…")
            try await app.container.rideDispatcher.runOnce()
            try await browser.visit("/ride")
            #expect(try browser.rideStatus() == "on_the_way")
            client.token = session.remoteSession.token
            try await client.send(.GET, "/api/v1/rides/current")
            #expect(try client.object()["headline"] as? String == (try browser.text(at: "//h2[@id='ride-headline']")))

            // The API's stream says what the page's stream says.
            let stream = try await EventStreamClient.open(
                port: port, path: "/api/v1/rides/current/events",
                headers: [("Authorization", "Bearer \(session.remoteSession.token)")])
            #expect(try await stream.wait { $0.events.contains { $0.data.contains(#""status":"on_the_way""#) } })
            await stream.close()

            // In the web profile, with the fare quoted.
            try await browser.visit("/profile")
            #expect(try browser.first("//a[contains(@href, '/rides/')]") != nil)
        }
    }

    /// The picture at `url` (an absolute URL the API gave) is a PNG; its width and height from its header.
    @discardableResult
    private func expectPNG(at url: URL, port: Int) async throws -> (width: Int, height: Int) {
        #expect(url.host == "127.0.0.1" && url.port == port)
        let browser = TestBrowser(host: "127.0.0.1", port: port)
        try await browser.visit(url.path + "?" + (url.query ?? ""))
        #expect(browser.status == .ok && browser.headers.first(name: "Content-Type") == "image/png")
        #expect(browser.headers.first(name: "Cache-Control")?.contains("immutable") == true)
        let bytes = Array((browser.response?.body ?? ByteBuffer()).readableBytesView)
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
