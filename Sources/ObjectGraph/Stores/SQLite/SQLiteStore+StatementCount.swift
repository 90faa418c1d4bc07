import CSQLite
import Foundation
import Synchronization

/// Counts the statements a SQLite connection starts, through `sqlite3_trace_v2`.
///
/// `Sendable` through its atomic count; SQLite calls back on whichever thread runs a statement.
final class StatementCounter: Sendable {
    let count = Atomic<Int>(0)
}

extension SQLiteStore {
    /// Runs `body` with a statement trace installed, returning its result and how many SQL
    /// statements the store's connection started meanwhile (trigger bodies not counted).
    func countingStatements<T>(_ body: () throws -> T) rethrows -> (T, Int) {
        let counter = StatementCounter()
        let context = Unmanaged.passRetained(counter)
        defer { context.release() }
        _ = withConnectionUnchecked { connection in
            sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT), { _, context, _, text in
                guard let context else { return 0 }
                // Statements inside triggers are reported as "-- TRIGGER …"; they are part of another.
                if let text, text.assumingMemoryBound(to: CChar.self).pointee == 0x2D { return 0 }
                Unmanaged<StatementCounter>.fromOpaque(context).takeUnretainedValue().count.add(1, ordering: .relaxed)
                return 0
            }, context.toOpaque())
        }
        defer { _ = withConnectionUnchecked { sqlite3_trace_v2($0.handle, 0, nil, nil) } }
        let result = try body()
        return (result, counter.count.load(ordering: .relaxed))
    }
}

extension PersistentStoreCoordinator {
    /// Runs `body` and returns its result with the number of SQL statements the SQLite store
    /// started meanwhile (from any context; statements run by triggers are part of the one
    /// that fired them). Other store types run no SQL: the count is 0. For measuring that
    /// work such as prefetching takes a constant number of queries.
    /// - Throws: what `body` throws.
    public func countingStatements<T>(_ body: () throws -> T) rethrows -> (result: T, statements: Int) {
        guard let store = try? store() as? SQLiteStore else { return (try body(), 0) }
        return try store.countingStatements(body)
    }
}
