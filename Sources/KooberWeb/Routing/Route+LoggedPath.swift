extension Route {
    /// A request's path as Koober's logs write it: a share link's token is the link itself (anyone who has it watches
    /// the ride), so `/share/<token>` is logged as its route, `/share/*`, and its stream as `/share/*/events`; every
    /// other path as it is (a query string, where reset and confirmation tokens travel, is never logged).
    public static func loggedPath(_ path: String) -> String {
        guard path.hasPrefix(Route.sharedRide.path) else { return path }
        return path.hasSuffix(eventsSuffix) ? Route.sharedRideEvents.path : Route.sharedRide.path + "*"
    }
}
