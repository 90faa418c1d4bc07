internal import CSQLite
import Foundation
import Synchronization

/// Records the statements a SQLite connection starts, through `sqlite3_trace_v2` (GRDB's test
/// base does the same): their SQL text as prepared, placeholders unexpanded, so no bound value
/// is recorded.
///
/// `Sendable` through its `Mutex`; SQLite calls back on whichever thread runs a statement.
final class StatementRecorder: Sendable {
    let statements = Mutex<[String]>([])
    /// The statement and run count of the last call, to tell a `RETURNING` clause's second call.
    private let last = Mutex<(statement: UInt, runs: Int32)?>(nil)

    /// Notes that `statement`, on its `runs`th run, started `sql`; returns whether that is a
    /// statement of its own. SQLite runs a `RETURNING` clause as a subprogram, like a trigger's,
    /// and reports it again under the statement's own text (not "-- TRIGGER …") with the run
    /// count already advanced: that second report is not another statement.
    func record(_ sql: String, statement: UInt, runs: Int32) {
        let isReturningPart = last.withLock { last in
            defer { last = (statement, runs) }
            guard let previous = last else { return false }
            return previous.statement == statement && previous.runs + 1 == runs && sql.contains(" RETURNING ")
        }
        if !isReturningPart { statements.withLock { $0.append(sql) } }
    }
}

extension SQLiteStore {
    /// Runs `body` with a statement trace installed, returning its result and the SQL of every
    /// statement the store's connection started meanwhile, in order (trigger bodies not listed:
    /// they are part of the statement that fired them).
    func recordingStatements<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
        let recorder = StatementRecorder()
        let context = Unmanaged.passRetained(recorder)
        defer { context.release() }
        _ = withConnectionUnchecked { connection in
            sqlite3_trace_v2(
                connection.handle, UInt32(SQLITE_TRACE_STMT),
                { _, context, statement, text in
                    guard let context, let text else { return 0 }
                    let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
                    // Statements inside triggers are reported as "-- TRIGGER …"; they are part of another.
                    if sql.hasPrefix("--") { return 0 }
                    let runs = statement.map { sqlite3_stmt_status(OpaquePointer($0), SQLITE_STMTSTATUS_RUN, 0) } ?? 0
                    Unmanaged<StatementRecorder>.fromOpaque(context).takeUnretainedValue()
                        .record(sql, statement: UInt(bitPattern: statement), runs: runs)
                    return 0
                }, context.toOpaque())
        }
        defer { _ = withConnectionUnchecked { sqlite3_trace_v2($0.handle, 0, nil, nil) } }
        let result = try body()
        return (result, recorder.statements.withLock { $0 })
    }
}

extension PersistentStoreCoordinator {
    /// Runs `body` and returns its result with the SQL of every statement the SQLite store
    /// started meanwhile, in order (from any context; statements run by triggers are part of
    /// the one that fired them; placeholders unexpanded, so no value appears). Other store
    /// types run no SQL: the list is empty. For asserting the statements that work such as
    /// prefetching or a batch request runs.
    /// - Throws: what `body` throws.
    package func recordingStatements<T>(_ body: () throws -> T) rethrows -> (result: T, statements: [String]) {
        guard let store = try? store() as? SQLiteStore else { return (try body(), []) }
        return try store.recordingStatements(body)
    }

    /// Runs `body` and returns its result with the number of SQL statements the SQLite store
    /// started meanwhile (see ``recordingStatements(_:)``; 0 for the other store types). For
    /// measuring that work such as prefetching takes a constant number of queries.
    /// - Throws: what `body` throws.
    package func countingStatements<T>(_ body: () throws -> T) rethrows -> (result: T, statements: Int) {
        let (result, statements) = try recordingStatements(body)
        return (result, statements.count)
    }
}
