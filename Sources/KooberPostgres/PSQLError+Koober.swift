import PostgresNIO

extension PSQLError {
    /// The server refused a row that breaks a unique index or key (SQLSTATE 23505).
    var isUniqueViolation: Bool { sqlState == "23505" }

    /// The server refused a row whose reference does not exist (SQLSTATE 23503).
    var isForeignKeyViolation: Bool { sqlState == "23503" }

    /// The name of the constraint the server named in its refusal.
    var constraintName: String? { serverInfo?[.constraintName] }

    /// The connection could not be made or was lost: the server is down or unreachable, not the request wrong.
    var isConnectionFailure: Bool {
        [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed]
            .contains(code)
            || sqlState.map { $0.hasPrefix("08") || $0.hasPrefix("57P") } == true
    }

    private var sqlState: String? { serverInfo?[.sqlState] }
}
