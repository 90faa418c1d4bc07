// The benchmarks' baselines: SQLite driven directly, doing the work ObjectGraph or DiaryKit
// does, so each ratio shows what the framework costs on top.
import CSQLite
import Foundation

/// One plain SQLite connection; closed when released.
final class RawSQLite {
    /// The connection, for the few calls (binding, busy timeout) the methods here do not wrap.
    let handle: OpaquePointer

    /// Opens `url` for reading and writing, creating the file when `create`.
    init(_ url: URL, create: Bool = false) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        guard sqlite3_open_v2(url.path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw BenchmarkFailure("cannot open \(url.path)")
        }
        self.handle = handle
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return nothing (`BEGIN; …; COMMIT`).
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw lastError() }
    }

    /// A prepared statement; the caller finalizes it.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw lastError()
        }
        return statement
    }

    /// Runs one statement, reading every column of every row it returns (as a fetch would).
    func readAll(_ sql: String) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var checksum = 0
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            for column in 0..<sqlite3_column_count(statement) {
                checksum &+= Int(sqlite3_column_bytes(statement, column))
            }
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw lastError() }
        if checksum == -1 { print("") }  // keeps the reads from being optimised away
    }

    /// The integer columns of the first row of `sql` (empty when it returns no row).
    func integers(_ sql: String) throws -> [Int64] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return [] }
        return (0..<sqlite3_column_count(statement)).map { sqlite3_column_int64(statement, $0) }
    }

    /// SQLite's message for the last failed call.
    func lastError() -> BenchmarkFailure {
        BenchmarkFailure("SQLite: " + String(cString: sqlite3_errmsg(handle)))
    }
}

/// Why a benchmark could not run or produced a wrong result; `diary-bench` prints it and exits 1.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
