import CSQLite
import Testing

@testable import ObjectGraph

/// The store names its failures, so no layer above it compares SQLite's result codes.
@Suite struct StoreFailureTests {
    @Test(arguments: [
        (SQLITE_BUSY, StoreFailure.busy(path: "/s", waitedMilliseconds: 7)),
        (SQLITE_LOCKED, .busy(path: "/s", waitedMilliseconds: 7)),
        (517, .busy(path: "/s", waitedMilliseconds: 7)),
        (SQLITE_READONLY, .readOnly(path: "/s")),
        (SQLiteResultCode.readOnlyDatabaseMoved.rawValue, .readOnly(path: "/s")),
        (SQLITE_CORRUPT, .corrupt(path: "/s", reason: "m")), (SQLITE_NOTADB, .corrupt(path: "/s", reason: "m")),
        (SQLITE_IOERR, .io(path: "/s", reason: "m")), (SQLITE_FULL, .io(path: "/s", reason: "m")),
        (SQLITE_CANTOPEN, .io(path: "/s", reason: "m")), (3850, .io(path: "/s", reason: "m"))
    ])
    func aResultCodeAndItsExtendedCodesBelongToOneFamily(code: Int32, family: StoreFailure) {
        #expect(
            SQLiteError(extendedResultCode: code, message: "m", sql: nil).storeFailure(
                path: "/s", waitedMilliseconds: 7) == family)
    }

    @Test func otherFailuresBelongToNoFamily() {
        #expect(
            SQLiteError(extendedResultCode: SQLiteResultCode.constraintUnique.rawValue, message: "", sql: nil)
                .storeFailure(path: "/s", waitedMilliseconds: 0) == nil)
        #expect(
            SQLiteError(extendedResultCode: SQLITE_MISUSE, message: "", sql: nil).storeFailure(
                path: "/s", waitedMilliseconds: 0) == nil)
    }

    @Test func aPrimaryCodeMatchesItsExtendedCodesAndAnExtendedCodeOnlyItself() {
        let snapshot = SQLiteError(extendedResultCode: 517, message: "", sql: nil)  // SQLITE_BUSY_SNAPSHOT
        #expect(SQLiteResultCode.busy ~= snapshot)
        #expect(!(SQLiteResultCode.locked ~= snapshot))
        let moved = SQLiteError(
            extendedResultCode: SQLiteResultCode.readOnlyDatabaseMoved.rawValue, message: "", sql: nil)
        #expect(SQLiteResultCode.readOnly ~= moved && SQLiteResultCode.readOnlyDatabaseMoved ~= moved)
        #expect(
            !(SQLiteResultCode.readOnlyDatabaseMoved
                ~= SQLiteError(extendedResultCode: SQLITE_READONLY, message: "", sql: nil)))
        #expect(!(SQLiteResultCode.busy ~= StoreFailure.busy(path: "/s", waitedMilliseconds: 0)))
    }
}
