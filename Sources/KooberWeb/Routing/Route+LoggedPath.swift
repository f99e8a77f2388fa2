extension Route {
    /// A request's path as Koober's logs write it: a path whose template has a secret capture (a share link's token
    /// is the link itself: anyone who has it watches the ride) is logged as that template with the capture as `*`
    /// (`/share/*`, `/share/*/events`), whichever table (the API's or the pages') claims it; every other path as it
    /// is (a query string, where reset and confirmation tokens travel, is never logged).
    public static func loggedPath(_ path: String) -> String {
        CloudRoute.template(claiming: path)?.redacted ?? Route.template(claiming: path)?.redacted ?? path
    }
}
