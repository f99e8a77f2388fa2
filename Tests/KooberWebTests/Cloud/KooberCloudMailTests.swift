import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Koober Cloud's twins of Forgot Password and Send Confirmation Email (SPEC.md, "Koober Cloud"; issue 31): the
/// pages' use cases and limits, answered as JSON.
@Suite struct KooberCloudMailTests {
    private let checkYourEmail = [
        "title": "Check Your Email",
        "message": "If an account uses that email, we've sent it a link to reset the password.",
    ]

    @Test func forgotPasswordIsAcceptedWithTheSameAnswerForAnyEmail() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/api/v1/password/forgot", body: #"{"email":"johnny@gmail.com"}"#)
        #expect(client.status == .accepted)
        #expect(try client.object()["notice"] as? [String: String] == checkYourEmail)
        #expect(client.response?.headers.first(name: "content-type") == "application/json")
        try await client.send(.POST, "/api/v1/password/forgot", body: #"{"email":"nobody@example.com"}"#)
        #expect(client.status == .accepted)
        #expect(try client.object()["notice"] as? [String: String] == checkYourEmail)
        #expect(try await app.mailed().map(\.to) == ["johnny@gmail.com"])

        // The page's limit: the 4th for one email within the hour queues nothing, with the same answer.
        for _ in 1...3 {
            try await client.send(.POST, "/api/v1/password/forgot", body: #"{"email":"johnny@gmail.com"}"#)
            #expect(client.status == .accepted)
        }
        #expect(try await app.mailed().count == 2)
    }

    @Test func aMissingOrMalformedEmailIs422AndMalformedJSONIs400() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/api/v1/password/forgot", body: #"{"email":"not an email"}"#)
        #expect(client.status == .unprocessableEntity)
        let error = try #require(client.object()["error"] as? [String: Any])
        #expect(
            error["fields"] as? [String: String] == ["email": "Please enter an email address like name@example.com."])
        try await client.send(.POST, "/api/v1/password/forgot", body: #"{"email":""}"#)
        #expect(client.status == .unprocessableEntity)
        for body in ["{", #"{"mail":"johnny@gmail.com"}"#, #"{"email":"johnny@gmail.com","x":1}"#, #"{"email":7}"#] {
            try await client.send(.POST, "/api/v1/password/forgot", body: body)
            #expect(client.status == .badRequest, "\(body)")
        }
        try await client.send(.POST, "/api/v1/password/forgot")
        #expect(client.status == .badRequest)
        #expect(try await app.mailed().isEmpty)
    }

    @Test func sendConfirmationEmailIsAcceptedThenThrottledAndConflictsOnceConfirmed() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/signUp", body: CloudRequests.signUp())
        #expect(client.status == .ok)
        client.token = try client.object()["token"] as? String
        #expect(try await app.mailed().count == 1)

        for _ in 1...3 {
            try await client.send(.POST, "/api/v1/me/email/confirmation")
            #expect(client.status == .accepted)
            #expect(
                try client.object()["notice"] as? [String: String] == [
                    "title": "Confirmation Email Sent", "message": "We've sent a link to skippy@example.com.",
                ])
        }
        let mailed = try await app.mailed()
        #expect(mailed.count == 3)
        // Claimed together, only the newest carries a link: the two before it were superseded, and a message's token
        // is drawn when it is claimed, while its link is valid (issue 41).
        let tokens = mailed.compactMap(\.token)
        #expect(tokens.count == 1)
        try await client.send(.POST, "/api/v1/me/email/confirmation")
        #expect(client.status == .tooManyRequests)
        #expect(client.response?.headers.first(name: "retry-after") == "3600")
        #expect((try client.object()["error"] as? [String: Any])?["title"] as? String == "Too Many Emails")

        try await app.browser().visit("/email/confirm?token=\(try #require(tokens.last))")
        try await client.send(.POST, "/api/v1/me/email/confirmation")
        #expect(client.status == .conflict)
        #expect((try client.object()["error"] as? [String: Any])?["title"] as? String == "Email Already Confirmed")
    }

    @Test func sendConfirmationEmailNeedsAToken() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/api/v1/me/email/confirmation")
        #expect(client.status == .unauthorized)
        #expect(client.response?.headers.first(name: "WWW-Authenticate")?.hasPrefix("Bearer") == true)
        #expect(try await app.mailed().isEmpty)
    }
}
