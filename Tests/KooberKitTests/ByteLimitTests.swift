import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Issue 41: limits count bytes as well as characters. `a` with 150,000 combining accents is one character of
/// 300,001 bytes; every field a client fills refuses it through its use case, as too many bytes, before anything
/// stores, hashes, counts or searches it.
@Suite struct ByteLimitTests {
    /// One character: `a` and `accents` combining acute accents (two bytes each).
    static func accented(_ accents: Int = 150_000) -> String {
        "a" + String(repeating: "\u{301}", count: accents)
    }

    static let hundredCharactersInBytes = FieldLimit(maximum: 400, unit: .utf8Bytes)

    @Test func theLimitsCountBytesAsWellAsCharacters() {
        #expect(Self.accented().count == 1)
        #expect(FieldLimit.name.maximumBytes == 400)
        #expect(ProblemReport.textLimit.maximumBytes == FieldLimit.mostBytes)
        #expect(SavedPlaceLabel.limit.maximumBytes == 120)
        #expect(FieldLimit.name.problem(with: Self.accented()) == .tooLong(Self.hundredCharactersInBytes))
        // Many characters over the bytes are named by their characters; a few of many bytes by the bytes.
        #expect(FieldLimit.name.problem(with: String(repeating: "x", count: 1_000_000)) == .tooLong(.name))
        #expect(FieldLimit.name.problem(with: String(repeating: "🦘", count: 101)) == .tooLong(.name))
        #expect(FieldLimit.name.problem(with: String(repeating: "🦘", count: 100)) == nil)
        #expect(FieldLimit.name.problem(with: Self.accented(199)) == nil)
        #expect(FieldLimit.name.problem(with: Self.accented(200)) == .tooLong(Self.hundredCharactersInBytes))
        // The email's 254 are bytes.
        #expect(FieldLimit.email.problem(with: String(repeating: "é", count: 125) + "@example.com") == .tooLong(.email))
    }

    @Test func signUpRefusesEachAccentedFieldByItsBytes() async throws {
        let world = UseCaseWorld()
        let accented = Self.accented()
        for (account, field, limit) in [
            (makeAccount(name: accented), AccountField.name, Self.hundredCharactersInBytes),
            (makeAccount(nickname: accented), .nickname, Self.hundredCharactersInBytes),
            (makeAccount(mobileNumber: "0400" + accented), .mobileNumber, Self.hundredCharactersInBytes),
            (makeAccount(email: accented + "@example.com"), .email, FieldLimit.email),
            (makeAccount(password: accented), .password, FieldLimit.password),
        ] {
            let result = try await world.signUp(account)
            #expect(result.failure == .invalid([field: .tooLong(limit)]))
        }
        #expect(await world.hasher.hashedPasswords.isEmpty)
        #expect(await world.signUpThrottle.rememberedAddresses == 0)
    }

    @Test func signInEditProfileAndForgotPasswordRefuseAnAccentedEmailOrName() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        let signIn = try await world.signIn(email: Self.accented() + "@example.com")
        #expect(signIn.failure == .invalid([.email: .tooLong(.email)]))
        #expect(try await world.failures.failureCount(.address("192.0.2.1"), since: .distantPast) == 0)
        await #expect(throws: EditProfileError.invalid([.name: .tooLong(Self.hundredCharactersInBytes)])) {
            try await EditProfileUseCase(
                userID: user.id, name: Self.accented(), nickname: "J", mobileNumber: "1", userRepository: world.users
            ).run()
        }
        let stores = StoreServices.inMemory()
        await #expect(throws: RequestPasswordResetError.invalid([.email: .tooLong(.email)])) {
            try await RequestPasswordResetUseCase(
                email: Self.accented(127) + "@example.com", clientAddress: "192.0.2.1", now: referenceTime,
                userRepository: stores.users, linkRepository: stores.accountLinks, quota: stores.requestQuota,
                policy: AccountLinkPolicy()
            ).run()
        }
    }

    @Test func searchAndSavedPlaceLabelsRefuseAccentedText() async throws {
        let stores = StoreServices.inMemory()
        await #expect(throws: SearchDropoffLocationsError.queryTooLong(Self.hundredCharactersInBytes)) {
            try await SearchDropoffLocationsUseCase(
                query: Self.accented(), pickupLocation: SydneyLocator.sydney, placeRepository: stores.places
            ).run()
        }
        let rider = try await stores.users.create(
            NewUser(
                name: "Zoë", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
        let bytes = FieldLimit(maximum: 120, unit: .utf8Bytes)
        await #expect(throws: SavedPlaceError.label(.tooLong(bytes))) {
            try await SavePlaceUseCase(
                userID: rider.id, label: Self.accented(100_000), placeID: SydneyPlaces.all[0].id,
                savedPlaceRepository: stores.savedPlaces
            ).run()
        }
        #expect(throws: SavedPlaceLabelProblem.tooLong(bytes)) { try SavedPlaceLabel(parsing: Self.accented(60)) }
        #expect(try SavedPlaceLabel(parsing: " " + Self.accented(58) + " ") == .own(Self.accented(58)))
        #expect(try await stores.savedPlaces.savedPlaces(userID: rider.id).isEmpty)
    }
}
