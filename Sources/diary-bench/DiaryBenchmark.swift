// The `diary` benchmark suite: DiaryKit's facade against raw SQLite doing the same work on
// the same database, measured in the same run.
import CSQLite
import DiaryKit
import Foundation
import ObjectGraph

/// Runs the diary suite on a temporary store of `entryCount` entries spread over two years;
/// prints one line per result (JSON lines with `json`).
func runDiaryBenchmarks(json: Bool, entryCount: Int = 5_000) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-diary-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let diary = try Diary(directory: directory)
    let utc = TimeZone(identifier: "UTC") ?? .current
    let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
    let step = 2 * 365 * 86_400 / Double(entryCount)
    let populate = Date()
    for number in 0..<entryCount {
        let editor = try diary.newEntry()
        editor.text = "Entry \(number): a day like any other, with a walk and a sunset."
        try editor.addTag(number % 7 == 0 ? "travel" : "home")
        try editor.save()
    }
    let sql = try openRaw(diary.databaseURL)
    try sql.readAll(
        "UPDATE DiaryEntry SET creationTime = \(start.timeIntervalSinceReferenceDate) + (Z_PK - 1) * \(step)")
    let reporter = BenchmarkReporter(suite: "diary", json: json)
    let report = { (name: String, value: Double, baseline: Double) in
        reporter.report(name, value: value, baseline: baseline, unit: "ms")
    }
    FileHandle.standardError.write(
        Data("diary-bench: populated \(entryCount) entries in \(Int(Date().timeIntervalSince(populate))) s\n".utf8))

    // One month (about 1/24 of the entries), newest first, with tags and media.
    guard let november = CalendarMonth(year: 2025, month: 11) else { preconditionFailure("November 2025 is a month") }
    let month = DiaryQuery(filter: EntryFilter(period: .month(november)), timeZone: utc)
    let (monthStart, monthEnd) = EntryFilter.Period.month(november).interval(in: utc)
    let rawMonth = try median {
        try sql.readAll(
            """
            SELECT Z_PK, uuid, text, starred, creationTime, updateTime FROM DiaryEntry
            WHERE creationTime >= \(monthStart?.timeIntervalSinceReferenceDate ?? 0) AND creationTime < \
            \(monthEnd?.timeIntervalSinceReferenceDate ?? 0)
            ORDER BY creationTime DESC
            """)
    }
    let listMonth = try median { _ = try diary.entries(month) }
    report("list_month_\(entryCount)_vs_raw_select", listMonth, rawMonth)

    let rawLatest = try median {
        try sql.readAll(
            "SELECT Z_PK, uuid, text, starred, creationTime, updateTime FROM DiaryEntry "
                + "ORDER BY creationTime DESC LIMIT 20")
    }
    let latest = try median { _ = try diary.entries(DiaryQuery(limit: 20)) }
    report("list_latest_20_of_\(entryCount)_vs_raw_select", latest, rawLatest)

    // A new text entry in its own transaction (fsynced), against a raw insert the same way.
    let rawInsert = try median {
        try sql.readAll(
            "INSERT INTO DiaryEntry (Z_PK, Z_ENT, Z_OPT, uuid, text, starred, creationTime, updateTime) "
                + "VALUES ((SELECT max(Z_PK) + 1 FROM DiaryEntry), (SELECT Z_ENT FROM DiaryEntry LIMIT 1), 1, "
                + "randomblob(16), 'raw', 0, 0, 0)")
    }
    let newEntry = try median {
        let editor = try diary.newEntry()
        editor.text = "Measured entry"
        try editor.save()
    }
    report("new_text_entry_vs_raw_insert", newEntry, rawInsert)
    // Tagged with a tag most entries carry: shows what keeping the tag's side of the
    // relationship in step costs.
    let tagged = try median {
        let editor = try diary.newEntry()
        editor.text = "Measured entry"
        try editor.addTag("home")
        try editor.save()
    }
    report("new_entry_tagged_home_\(entryCount * 6 / 7)_vs_raw_insert", tagged, rawInsert)

    let rawOpen = try median { try openRaw(diary.databaseURL).readAll("SELECT count(*) FROM Z_METADATA") }
    let open = try median { _ = try Diary(directory: directory) }
    report("open_store_vs_raw_open", open, rawOpen)
}

/// The median wall time of `runs` calls of `body`, in milliseconds, after one warm-up call.
private func median(runs: Int = 9, _ body: () throws -> Void) throws -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[runs / 2]
}

/// A plain connection to the diary's database, opened as the store opens its own (with the
/// full-text tokenizer, which the entry table's triggers need, so both index the same way).
private func openRaw(_ database: URL) throws -> RawSQLite {
    let raw = try RawSQLite(database)
    try SQLiteFullTextTokenizer.register(on: raw.handle)
    sqlite3_busy_timeout(raw.handle, 10_000)
    try raw.execute("PRAGMA synchronous = FULL")
    return raw
}
