import CSQLite
import Testing
@testable import ObjectGraph

/// The store names its failures, so no layer above it compares SQLite's result codes.
@Suite struct StoreFailureTests {
    @Test(arguments: [(SQLITE_BUSY, StoreFailure.busy), (SQLITE_LOCKED, .busy), (517, .busy),
                      (SQLITE_READONLY, .readOnly), (SQLiteError.readOnlyDatabaseMoved, .readOnly),
                      (SQLITE_CORRUPT, .corrupt), (SQLITE_NOTADB, .corrupt),
                      (SQLITE_IOERR, .io), (SQLITE_FULL, .io), (SQLITE_CANTOPEN, .io), (3850, .io)])
    func aResultCodeAndItsExtendedCodesBelongToOneFamily(code: Int32, family: StoreFailure) {
        #expect(SQLiteError(extendedResultCode: code, message: "", sql: nil).failure == family)
    }

    @Test func otherFailuresBelongToNoFamily() {
        #expect(SQLiteError(extendedResultCode: SQLiteError.constraintUnique, message: "", sql: nil).failure == nil)
        #expect(SQLiteError(extendedResultCode: SQLITE_MISUSE, message: "", sql: nil).failure == nil)
    }
}
