import Foundation
import KooberKit
import Testing

/// A share link's token (issue 32): derived from the sharing session's own token, the ride and the link's salt, 256
/// bits in 43 base64url characters, and parsed back only in exactly that shape.
@Suite struct RideShareTokenTests {
    @Test func theSameSessionRideAndSaltDeriveTheSameTokenAndAnyOtherChangeAnother() {
        let session = SessionToken.generate()
        let salt = RideShareToken.generateSalt()
        let token = RideShareToken.derive(sessionToken: session, rideID: RideID(7), salt: salt)
        #expect(token == RideShareToken.derive(sessionToken: session, rideID: RideID(7), salt: salt))
        #expect(token != RideShareToken.derive(sessionToken: SessionToken.generate(), rideID: RideID(7), salt: salt))
        #expect(token != RideShareToken.derive(sessionToken: session, rideID: RideID(8), salt: salt))
        #expect(
            token
                != RideShareToken.derive(sessionToken: session, rideID: RideID(7), salt: RideShareToken.generateSalt()))
        #expect(token.value.utf8.count == 43)
        #expect(RideShareToken(wellFormed: token.value) == token)
        #expect(token.hash == SessionToken(value: token.value).hash)
        #expect(token.hash.hex.count == 64)
    }

    @Test func aSaltIs128RandomBits() {
        let salts = Set((0..<100).map { _ in RideShareToken.generateSalt() })
        #expect(salts.count == 100)
        #expect(salts.allSatisfy { $0.utf8.count == 22 })
    }

    @Test func onlyATokenOfExactlyTheShapeDeriveMakesParses() {
        let token = RideShareToken.derive(
            sessionToken: SessionToken.generate(), rideID: RideID(1), salt: RideShareToken.generateSalt()
        ).value
        let head = String(token.dropLast())
        let refused: [String] = [
            "", head, token + "A", head + "B", head + "=", head + "+", head + "é",
            String(repeating: "A", count: 10_000),
            head + "\u{0}",
        ]
        for refused in refused {
            #expect(RideShareToken(wellFormed: refused) == nil, "\(refused.debugDescription)")
        }
        let accepted: [String] = [String(repeating: "A", count: 43), String(repeating: "_", count: 42) + "w"]
        for accepted in accepted {
            #expect(RideShareToken(wellFormed: accepted)?.value == accepted)
        }
    }
}
