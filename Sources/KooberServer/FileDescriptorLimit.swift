import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the process's open-file limit fit the connection limit: each connection is a file descriptor, and the
/// database, the log and the listening socket need some besides.
enum FileDescriptorLimit {
    /// Descriptors kept for everything that is not a connection.
    static let reserve = 256

    /// Raises the soft limit towards `connections + reserve` (as far as the hard limit allows) and returns the
    /// connection limit that fits: `connections`, or fewer when the system allows fewer.
    static func fit(connections: Int, logger: Logger) -> Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return connections }
        let wanted = rlim_t(connections + reserve)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(resourceNoFile, &raised) == 0 { limit = raised }
        }
        let fitting = min(connections, max(1, Int(clamping: limit.rlim_cur) - reserve))
        if fitting < connections {
            logger.notice("The open-file limit (\(limit.rlim_cur)) allows \(fitting) connections, not \(connections)")
        }
        return fitting
    }

    #if canImport(Glibc)
        private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
