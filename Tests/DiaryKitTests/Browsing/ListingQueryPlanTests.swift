import DiaryKit
import Foundation
import TestSupport
import Testing

/// Every listing asks for entries not in the trash within a stretch of local times, in local-time
/// order; SQLite must answer it through the local-time index. With an index on `trashedTime` (nil
/// for nearly every entry) it walked the whole diary through that one instead: `list --month`
/// on 100,000 entries took 66 ms where it had taken 15.
@Suite struct ListingQueryPlanTests {
    @Test func aMonthOfEntriesIsFoundThroughTheLocalTimeIndex() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let diary = try Diary(directory: folder.url.appendingPathComponent("diary"))
        let database = diary.databaseURL
        let plan = try queryPlan(
            database,
            """
            EXPLAIN QUERY PLAN SELECT Z_PK FROM DiaryEntry WHERE trashedTime IS NULL
            AND localTime >= 0 AND localTime < 86400 ORDER BY localTime DESC LIMIT 50
            """)
        #expect(plan.contains("DiaryEntry_localTime"), "plan: \(plan)")
        // In the index's order: no sorting of the month's rows again.
        #expect(!plan.contains("TEMP B-TREE"), "plan: \(plan)")
        #expect(!plan.contains("DiaryEntry_trashedTime"), "plan: \(plan)")
    }

    /// The sqlite3 shell's output for one statement on the database.
    private func queryPlan(_ database: URL, _ sql: String) throws -> String {
        let run = try runSQLiteShell(database, sql, readOnly: true)
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }
}
