extension SQLiteConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it (or the commit) throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at the start rather than at the first write, so two writers can
    /// never both read, then deadlock trying to upgrade; a waiting writer is held by the busy timeout instead.
    public func transaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
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
