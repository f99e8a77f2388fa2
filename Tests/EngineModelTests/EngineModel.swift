import Foundation
import KooberKit
import Logging
import Synchronization
import TestKit

@testable import KooberWeb

/// A random history of the ride engine, step by step, with the engine's promises checked after every step (SPEC.md,
/// "Reliability and security": ending access is final, the live ride never stalls or goes stale; docs/architecture.md,
/// "How to test something that waits").
///
/// Riders sign up, sign in (a sign-in reads the credentials at one step and stores its session at a later one, as a
/// sign-in in flight does), request rides, cancel them, change their password, sign out everywhere, delete their
/// account and sign up again; streams open and close; the process restarts (a new dispatcher and feed on the same
/// store); and time moves on, on the world's virtual clock. After each step the dispatcher looks once, as it would at
/// its next wake-up, and then:
/// - no animal carries two rides in progress;
/// - no ride waits while an animal of its option is free;
/// - every open stream has heard every stored change of its rider's rides since it opened, each once, in order, and
///   nothing of anyone else's;
/// - no session made before an access change outlives it, and no sign-in in flight across one stores its session.
/// A broken promise is reported with the seed and the step, and the seed replays the same history
/// (`KOOBER_MODEL_SEED`).
final class EngineModel {
    private struct Rider {
        var account: UserID?
        /// Sessions made since the last access change, which must exist.
        var live: [SessionTokenHash] = []
        /// Sessions made before an access change (or of a deleted account), which must not.
        var ended: [SessionTokenHash] = []
        /// How many access changes the rider has made: a sign-in in flight across one must fail.
        var accessChanges = 0
        var streams: [RecordingObserver] = []
    }

    private struct SignInInFlight {
        let rider: Int
        let userID: UserID
        let credentialVersion: Int64
        let accessChangesAtStart: Int
    }

    private let world: EngineWorld
    private let seed: UInt64
    private var random: SeededGenerator
    private var riders = Array(repeating: Rider(), count: 4)
    private var signIns: [SignInInFlight] = []
    private var feed = RideFeed(policy: RideStreamPolicy(perSession: 2, perRider: 3))
    private var dispatcher: RideDispatcher
    private var step = 0
    private var nextEmail = 0
    private var nextToken: UInt64 = 0
    private(set) var problems: [String] = []

    init(world: EngineWorld, seed: UInt64) {
        self.world = world
        self.seed = seed
        random = SeededGenerator(seed: seed)
        dispatcher = Self.dispatcher(world: world, feed: feed)
    }

    private static func dispatcher(world: EngineWorld, feed: RideFeed) -> RideDispatcher {
        RideDispatcher(
            rideRepository: world.rides, fleetRepository: world.fleet, scheduledRides: world.scheduledRides,
            feed: feed, clock: world.clock,
            logger: Logger(label: "koober.model") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Runs `steps` random steps, checking every promise after each; stops at the first step that breaks one.
    func run(steps: Int) async throws {
        try await dispatcher.runOnce()
        for number in 1...steps {
            step = number
            let action = try await randomStep()
            if ProcessInfo.processInfo.environment["KOOBER_MODEL_TRACE"] != nil { print("step \(number): \(action)") }
            try await dispatcher.runOnce()
            try await checkPromises(after: action)
            if !problems.isEmpty { return }
        }
    }

    // MARK: Steps

    private func randomStep() async throws -> String {
        // The rider each step is about: one it can apply to, where there is one.
        let anyone = Int.random(in: 0..<riders.count, using: &random)
        let member = pick { $0.account != nil } ?? anyone
        let streaming = pick { !$0.live.isEmpty } ?? member
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<6: return try await signUp(pick { $0.account == nil } ?? anyone)
        case 6..<14:
            _ = try await beginSignIn(member)
            return try await finishSignIn(signIns.count - 1) + " at once"
        case 14..<20: return try await beginSignIn(member)
        case 20..<26: return try await finishSignIn(nil)
        case 26..<40: return try await requestRide(member)
        case 40..<45: return try await cancelRide(member)
        case 45..<48: return try await changePassword(member)
        case 48..<50: return try await signOutEverywhere(member)
        case 50..<54: return try await deleteAccount(member)
        case 54..<68: return try await openStream(streaming)
        case 68..<72: return closeStream(pick { !$0.streams.isEmpty } ?? anyone)
        case 72..<74: return restart()
        default:
            let seconds = [0.1, 0.5, 1, 2, 5, 30, 120, 600].randomElement(using: &random)!
            world.clock.advance(by: seconds)
            return "time +\(seconds) s"
        }
    }

    /// A random rider for whom `isEligible` holds, if any does.
    private func pick(_ isEligible: (Rider) -> Bool) -> Int? {
        riders.indices.filter { isEligible(riders[$0]) }.randomElement(using: &random)
    }

    private func signUp(_ rider: Int) async throws -> String {
        guard riders[rider].account == nil else { return "rider \(rider) is signed up already" }
        nextEmail += 1
        let profile = try await world.users.create(
            NewUser(
                name: "Rider \(rider)", nickname: "R\(rider)", email: "rider-\(nextEmail)@koober.test",
                mobileNumber: "0400 000 000", passwordHash: "$argon2id$model"))
        riders[rider].account = profile.id
        return "rider \(rider) signs up as \(profile.id)"
    }

    /// A sign-in's first half: the password is checked against the credentials read now.
    private func beginSignIn(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account, let email = try await world.users.profile(id: userID)?.email,
            let credentials = try await world.users.credentials(forEmail: email)
        else { return "rider \(rider) has no account to sign in to" }
        signIns.append(
            SignInInFlight(
                rider: rider, userID: userID, credentialVersion: credentials.credentialVersion,
                accessChangesAtStart: riders[rider].accessChanges))
        return "rider \(rider) starts signing in"
    }

    /// A sign-in's second half (the one at `index`, or a random one): the session is stored, at the version the
    /// first half read.
    private func finishSignIn(_ index: Int?) async throws -> String {
        guard !signIns.isEmpty, index ?? 0 >= 0 else { return "no sign-in in flight" }
        let signIn = signIns.remove(at: index ?? Int.random(in: 0..<signIns.count, using: &random))
        let token = newToken()
        let mustFail =
            riders[signIn.rider].account != signIn.userID
            || riders[signIn.rider].accessChanges != signIn.accessChangesAtStart
        do {
            try await world.sessions.create(
                tokenHash: token, userID: signIn.userID, kind: .web, now: world.clock.now,
                credentialVersion: signIn.credentialVersion)
            if mustFail {
                problems.append("a sign-in in flight across an access change stored its session")
                riders[signIn.rider].ended.append(token)
            } else {
                riders[signIn.rider].live.append(token)
            }
        } catch UserSessionRepositoryError.accessChanged {
            if !mustFail { problems.append("a sign-in with no access change meanwhile was refused") }
        }
        return "rider \(signIn.rider) finishes signing in (\(mustFail ? "must fail" : "must succeed"))"
    }

    private func requestRide(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account else { return "rider \(rider) has no account" }
        let option = RideOption.all.randomElement(using: &random)!
        let place = SydneyPlaces.all.randomElement(using: &random)!
        do {
            let ride = try await world.rides.requestRide(
                NewRideRequest(
                    userID: userID, pickup: SydneyLocator.sydney, dropoffID: place.id, rideOptionID: option.id,
                    fareCents: 1_000, requestedAt: world.clock.now, clockRate: [1, 60].randomElement(using: &random)!))
            dispatcher.ridesChanged()
            return "rider \(rider) requests ride \(ride.id) (\(option.id))"
        } catch RideRepositoryError.rideAlreadyInProgress {
            return "rider \(rider) already has a ride in progress"
        }
    }

    private func cancelRide(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account else { return "rider \(rider) has no account" }
        do {
            let ride = try await CancelRideUseCase(
                userID: userID, now: world.clock.now, rideRepository: world.rides, signal: dispatcher
            ).run()
            return "rider \(rider) cancels ride \(ride.id)"
        } catch is CancelRideError {
            return "rider \(rider) has nothing to cancel"
        }
    }

    /// As Change Password does once the current password is checked: the new hash, then every session ends.
    private func changePassword(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account else { return "rider \(rider) has no account" }
        try await world.users.updatePasswordHash(id: userID, passwordHash: "$argon2id$model-\(step)")
        try await world.sessions.deleteAll(userID: userID, keeping: nil)
        feed.sessionsEnded(of: userID)
        endAccess(rider, userID: userID)
        return "rider \(rider) changes the password"
    }

    private func signOutEverywhere(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account else { return "rider \(rider) has no account" }
        try await SignOutEverywhereUseCase(userID: userID, sessionRepository: world.sessions, signal: feed).run()
        endAccess(rider, userID: userID)
        return "rider \(rider) signs out everywhere"
    }

    /// As Delete Account does once the password is checked: a ride in progress cancelled, the sessions, the user.
    private func deleteAccount(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account else { return "rider \(rider) has no account" }
        _ = try? await CancelRideUseCase(
            userID: userID, now: world.clock.now, rideRepository: world.rides, signal: dispatcher
        ).run()
        try await world.sessions.deleteAll(userID: userID, keeping: nil)
        feed.sessionsEnded(of: userID)
        try await world.users.delete(id: userID)
        endAccess(rider, userID: userID)
        riders[rider].account = nil
        return "rider \(rider) deletes the account"
    }

    /// Every session of the rider has ended, and the feed was told (as the use cases tell it: `SessionEndSignal`).
    private func endAccess(_ rider: Int, userID: UserID) {
        riders[rider].ended += riders[rider].live
        riders[rider].live = []
        riders[rider].accessChanges += 1
        riders[rider].streams.removeAll()
    }

    private func openStream(_ rider: Int) async throws -> String {
        guard let userID = riders[rider].account, let session = riders[rider].live.randomElement(using: &random)
        else { return "rider \(rider) has no session to stream with" }
        let stored = try await world.rides.rideChanges(after: .beginning, limit: 1_000_000).rides
        let observer = RecordingObserver(
            userID: userID, session: session, atOpening: stored.filter { $0.userID == userID })
        do throws(RideFeed.Refusal) {
            try feed.register(observer, userID: userID, session: session)
        } catch {
            return "rider \(rider)'s stream is refused: \(error)"
        }
        riders[rider].streams.append(observer)
        return "rider \(rider) opens a stream"
    }

    private func closeStream(_ rider: Int) -> String {
        guard !riders[rider].streams.isEmpty else { return "rider \(rider) has no stream open" }
        let observer = riders[rider].streams.remove(at: Int.random(in: 0..<riders[rider].streams.count, using: &random))
        feed.unregister(observer)
        return "rider \(rider) closes a stream"
    }

    /// The process stops (its streams end) and another starts on the same store.
    private func restart() -> String {
        feed.stop()
        for index in riders.indices { riders[index].streams.removeAll() }
        feed = RideFeed(policy: RideStreamPolicy(perSession: 2, perRider: 3))
        dispatcher = Self.dispatcher(world: world, feed: feed)
        return "the process restarts"
    }

    private func newToken() -> SessionTokenHash {
        nextToken += 1
        return SessionTokenHash(hex: String(repeating: "0", count: 48) + String(format: "%016llx", nextToken))
    }

    // MARK: Promises

    private func fail(_ what: String, after action: String) {
        problems.append("seed \(seed), step \(step) (\(action)): \(what)")
    }

    private func checkPromises(after action: String) async throws {
        let all = try await world.rides.rideChanges(after: .beginning, limit: 1_000_000).rides
        let inProgress = all.filter(\.status.isInProgress)

        // No animal on two rides.
        let animals = inProgress.compactMap(\.assignment?.animalID)
        if Set(animals).count != animals.count { fail("an animal carries two rides: \(animals)", after: action) }

        // No ride waits while an animal of its option is free.
        let free = Set(try await world.fleet.freeAnimals().map(\.rideOptionID))
        for ride in inProgress where ride.status == .finding && free.contains(ride.rideOptionID) {
            fail("ride \(ride.id) waits while a \(ride.rideOptionID) is free", after: action)
        }

        // Every open stream heard every change of its rider's rides since it opened, once each, in order.
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        for rider in riders {
            for stream in rider.streams where !stream.ended {
                let seen = stream.seen
                if seen.contains(where: { $0.userID != stream.userID }) {
                    fail("a stream heard of another rider's ride", after: action)
                }
                let revisions = seen.map(\.revision)
                if zip(revisions, revisions.dropFirst()).contains(where: { $0 >= $1 }) {
                    fail("a stream heard changes twice or out of order: \(revisions)", after: action)
                }
                var last: [RideID: Ride] = [:]
                for ride in seen { last[ride.id] = ride }
                // Judged by what is stored, not by revision numbers (those are what could go wrong): a ride that is
                // new since the stream opened, or changed since, must have been heard as it is now.
                for ride in all where ride.userID == stream.userID && stream.atOpening[ride.id] != ride {
                    if last[ride.id]?.revision != ride.revision {
                        fail(
                            "a stream missed ride \(ride.id) at revision \(ride.revision) (heard "
                                + "\(last[ride.id].map { String($0.revision) } ?? "nothing"))", after: action)
                    }
                }
                for heard in last.values where byID[heard.id] != nil && byID[heard.id]!.revision < heard.revision {
                    fail("a stream heard a revision that is not stored", after: action)
                }
            }
        }

        // No session outlives an access change; every other one is there.
        for (index, rider) in riders.enumerated() {
            for token in rider.ended where try await world.sessions.session(tokenHash: token) != nil {
                fail("rider \(index)'s session outlived an access change", after: action)
            }
            for token in rider.live where try await world.sessions.session(tokenHash: token) == nil {
                fail("rider \(index)'s session is gone with no access change", after: action)
            }
        }
    }
}
