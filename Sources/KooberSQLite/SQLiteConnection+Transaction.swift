extension SQLiteConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it (or the commit) throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at the start rather than at the first write, so two writers can
    /// never both read, then deadlock trying to upgrade; a waiting writer is held by the busy timeout instead.
    public func transaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try run(body, between: "BEGIN IMMEDIATE")
    }

    /// Runs `body`'s reads in one read transaction (`BEGIN DEFERRED`): they all see the database as it was at the
    /// first of them, whatever is committed meanwhile.
    public func snapshot<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try run(body, between: "BEGIN DEFERRED")
    }

    private func run<T>(_ body: (SQLiteConnection) throws -> T, between begin: String) throws -> T {
        try execute(begin)
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back if a transaction is still open (SQLite ends some on its own after certain errors); a rollback
    /// that fails is logged, and the caller sees the error that caused it.
    private func rollBack() {
        guard isInTransaction else { return }
        do {
            try execute("ROLLBACK")
        } catch {
            logRollbackFailure(error)
        }
    }
}
