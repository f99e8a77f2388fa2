import Foundation
import KooberKit

/// Koober Ops' side of the reports, kept beside the reports themselves (`feedbackByRide`): each act's check and change
/// run on the actor without suspending, so of two resolves at once one resolves and the other finds it resolved, as
/// a store's transaction does. Times are kept to the millisecond, as the stores keep them.
extension InMemoryRideRepository {
    /// A stored report with its ride's rider and when it was resolved.
    struct StoredReport {
        let rideID: RideID
        let userID: UserID
        let report: ProblemReport
        let resolvedAt: Date?
    }

    /// Every report, with its rider and whether it is resolved.
    func storedReports() -> [StoredReport] {
        stored.compactMap { entry in
            guard let report = feedbackByRide[entry.ride.id]?.report else { return nil }
            return StoredReport(
                rideID: entry.ride.id, userID: entry.ride.userID, report: report,
                resolvedAt: resolvedReports[entry.ride.id])
        }
    }

    func replies(rideID: RideID) -> [ReportReply] {
        reportReplies[rideID] ?? []
    }

    /// Stores the reply to an open report and queues its mail to the ride's rider (if their email is confirmed).
    func storeReply(_ reply: NewReportReply) throws -> ReportReply {
        let userID = try openReportsRider(reply.rideID)
        lastReplyID += 1
        let stored = ReportReply(
            id: ReportReplyID(lastReplyID), rideID: reply.rideID, text: reply.text,
            repliedAt: reply.repliedAt.milliseconds, staffID: reply.staffID, staffName: reply.staffName,
            messageID: reply.mail.messageID)
        reportReplies[reply.rideID, default: []].append(stored)
        mail.queueIfConfirmed(reply.mail, for: userID, at: reply.repliedAt)
        return stored
    }

    func resolveReport(rideID: RideID, at time: Date) throws {
        _ = try openReportsRider(rideID)
        resolvedReports[rideID] = time.milliseconds
    }

    /// The rider of the ride's report while it is open; throws `ReportRepositoryError` otherwise.
    private func openReportsRider(_ rideID: RideID) throws -> UserID {
        guard feedbackByRide[rideID]?.report != nil, let ride = stored.first(where: { $0.ride.id == rideID })?.ride
        else { throw ReportRepositoryError.noSuchReport }
        guard resolvedReports[rideID] == nil else { throw ReportRepositoryError.alreadyResolved }
        return ride.userID
    }
}
