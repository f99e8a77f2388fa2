/// A page of the rider's rides for My Profile, newest first: `pageSize` rides from `before` on (from the newest
/// without it), and where the next page starts when there are older rides. Its cost does not grow with the rider's
/// history: the repository reads the page from its index.
public struct LoadRideHistoryUseCase: Sendable {
    let userID: UserID
    let before: RideHistoryCursor?
    let pageSize: Int
    let rideRepository: any RideRepository

    /// My Profile shows the 10 newest; the history pages show 20.
    public static let profilePageSize = 10
    public static let historyPageSize = 20

    public init(userID: UserID, before: RideHistoryCursor?, pageSize: Int, rideRepository: any RideRepository) {
        self.userID = userID
        self.before = before
        self.pageSize = max(1, min(pageSize, 100))
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideHistoryPage {
        // One more than shown: whether it exists says whether there is an older page.
        let rides = try await rideRepository.rides(userID: userID, before: before, limit: pageSize + 1)
        let shown = Array(rides.prefix(pageSize))
        return RideHistoryPage(
            rides: shown, older: rides.count > pageSize ? shown.last.map(RideHistoryCursor.init(after:)) : nil)
    }
}
