import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// `GET /ride/events`: the signed-in rider's ride as a stream (`RideEventStream`), within the feed's limits; and
/// `GET /share/<token>/events`, the same stream of a shared ride for its link's watchers.
struct RideEventsResponder {
    /// Who follows: the rider's session, or a share link's watcher (`RideWatcher`).
    let watcher: RideWatcher
    /// How refusals are answered: the pages' way, or Koober Cloud's JSON.
    let errors: any ErrorAnswers
    /// The watcher's language's words: the stream's headlines and its refusals are in it.
    let words: Words
    let feed: RideFeed
    let now: @Sendable () -> Date

    /// The stream of `record`'s ride, or 204 without one (an EventSource that gets it stops reconnecting). `current`
    /// reads the ride again once the stream is registered with the feed: news stored and published after `record` was
    /// read but before the registration reached no observer of this stream, and a stream that missed it said
    /// `finding` until the animal arrived (issue 45's rush hour: 1–2 % of streams). Anything stored after that read is
    /// published to the stream.
    func respond(
        record: RideRecord?, lastEventID: String?, current: (RideID) async throws -> Ride?
    ) async throws -> Response {
        guard let record else { return Response(status: .noContent) }
        // An id from another ride's stream (or another kind of stream) resumes nothing.
        let resumeFrom = lastEventID.flatMap(RideEventID.init(parsing:)).flatMap {
            $0.isOf(record.ride.id, by: watcher) ? $0 : nil
        }
        // A client that already has the ride's last event has nothing more to hear: 204 stops its reconnecting.
        if let resumeFrom, !record.ride.status.isInProgress, resumeFrom.status == record.ride.status {
            return Response(status: .noContent)
        }
        let stream = RideEventStream(
            record: record, resumeFrom: resumeFrom, namesRide: watcher.sharedRideID == nil, words: words, feed: feed,
            now: now)
        do throws(RideFeed.Refusal) {
            try feed.register(stream, userID: record.ride.userID, watcher: watcher)
        } catch {
            return errors.streamRefused(isStopping: error == .stopping, tooMany: Self.tooManyStreams(words))
        }
        do {
            if let ride = try await current(record.ride.id) { stream.rideChanged(ride) }
        } catch {
            feed.unregister(stream)  // never started, so never closed: it would hold its place in the limits
            throw error
        }
        return .eventStream(stream)
    }

    static func restarting(_ words: Words) -> ErrorMessage {
        ErrorMessage(title: words("errors.kooberIsRestarting"), message: words("errors.followYourRideAgainSoon"))
    }

    static func tooManyStreams(_ words: Words) -> ErrorMessage {
        ErrorMessage(title: words("errors.tooManyStreams"), message: words("errors.tooManyRideStreamsOpen"))
    }
}
