// The `interop` benchmark suite: importing a generated jrnl JSON export of 100,000 text
// entries through DiaryKit's bulk import, against raw SQLite inserting the same rows with
// one prepared statement in one transaction, measured in the same run; then importing the
// same export again (every entry already there), against the first import.
import CSQLite
import DiaryKit
import Foundation

/// Runs the interop suite; prints one line per result (JSON lines with `json`).
/// `DIARY_BENCH_INTEROP_ENTRIES` overrides the entry count (for profiling smaller runs),
/// `DIARY_BENCH_INTEROP_BATCH` the import's batch size.
func runInteropBenchmarks(json: Bool) throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["DIARY_BENCH_INTEROP_ENTRIES"].flatMap(Int.init) ?? 100_000
    let batch = environment["DIARY_BENCH_INTEROP_BATCH"].flatMap(Int.init) ?? Diary.defaultImportBatchSize
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-interop-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Plain text entries first (the target: > 20,000 entries/s, < 100 MB), then the same with
    // every fifth entry tagged, which exercises the object graph's to-many maintenance.
    let reporter = BenchmarkReporter(suite: "interop", json: json)
    for (variant, withTags) in [("text", false), ("tagged_every_5th", true)] {
        let folder = directory.appendingPathComponent(variant)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let export = folder.appendingPathComponent("jrnl.json")
        let rows = try writeJrnlExport(count: count, withTags: withTags, to: export)
        let peakBefore = peakResidentMegabytes()

        // The import runs first, so its peak is not hidden by the baseline's row array.
        let diary = try Diary(directory: folder.appendingPathComponent("store"))
        let importStart = monotonicSeconds()
        let summary = try diary.importEntries(
            from: export, format: .jrnl, timeZone: TimeZone(identifier: "UTC") ?? .gmt,
            batchSize: batch)
        let importSeconds = monotonicSeconds() - importStart
        let importPeak = peakResidentMegabytes()
        guard summary.imported == count else {
            throw BenchmarkFailure("imported \(summary.imported) entries, expected \(count)")
        }
        // A rerun finds every entry stored; it must cost no more than the first import
        // (it took the square of the entries once: 6 min 22 s for 40,000 against 9.7 s).
        let rerunStart = monotonicSeconds()
        let rerun = try diary.importEntries(
            from: export, format: .jrnl, timeZone: TimeZone(identifier: "UTC") ?? .gmt,
            batchSize: batch)
        let rerunSeconds = monotonicSeconds() - rerunStart
        guard rerun.alreadyPresent == count, rerun.imported == 0 else {
            throw BenchmarkFailure(
                "the rerun imported \(rerun.imported) and skipped \(rerun.alreadyPresent), expected \(count) skipped")
        }

        let rawStart = monotonicSeconds()
        try insertRaw(rows.map { $0.row() }, into: folder.appendingPathComponent("raw.sqlite"))
        let rawSeconds = monotonicSeconds() - rawStart
        let name = "jrnl_json_import_\(count)_\(variant)"
        reporter.report(
            "\(name)_time_per_entry_vs_raw_sqlite", value: importSeconds / Double(count) * 1e6,
            baseline: rawSeconds / Double(count) * 1e6, unit: "us")
        reporter.report("\(name)_peak_rss_vs_before_import", value: importPeak, baseline: peakBefore, unit: "MB")
        reporter.report(
            "\(name)_rerun_time_vs_first_import", value: rerunSeconds, baseline: importSeconds,
            unit: "s")
        reporter.note(
            "interop  \(variant): \(count) entries in \(rounded(importSeconds)) s = "
                + "\(Int(Double(count) / importSeconds)) entries/s (raw SQLite \(Int(Double(count) / rawSeconds)) rows/s); "
                + "peak RSS so far \(rounded(importPeak)) MB; rerun skipping all in \(rounded(rerunSeconds)) s")
    }
}

/// One generated entry, as the raw baseline inserts it.
private struct GeneratedRow {
    var uuid: UUID
    var time: Double
    var text: String
    var starred: Bool
}

/// What the raw baseline needs to rebuild a row after the import (kept small until then).
private struct GeneratedSeed {
    var index: Int
    var time: Double

    func row() -> GeneratedRow {
        GeneratedRow(
            uuid: UUID(), time: time, text: generatedTitle(index) + "\n" + generatedBody(index),
            starred: index % 10 == 0)
    }
}

private func generatedTitle(_ index: Int) -> String { "Entry \(index) of the generated journal." }

private func generatedBody(_ index: Int) -> String {
    "Walked along the river, wrote a few pages and met a friend for coffee. Number \(index)."
}

/// Writes a jrnl JSON export of `count` entries, one every 37 minutes from 2015 on, every
/// fifth with one of five tags (`withTags`) and every tenth starred; returns what the baseline needs to rebuild the
/// rows.
private func writeJrnlExport(count: Int, withTags: Bool, to url: URL) throws -> [GeneratedSeed] {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var rows: [GeneratedSeed] = []
    rows.reserveCapacity(count)
    var chunk = #"{"tags": {"@work": 1}, "entries": ["#
    let start = 1_420_070_400.0  // 2015-01-01T00:00:00Z
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd|HH:mm"
    for index in 0..<count {
        let time = start + Double(index) * 37 * 60
        let stamp = formatter.string(from: Date(timeIntervalSince1970: time)).split(separator: "|")
        let tags = withTags && index % 5 == 0 ? #"["@topic\#(index % 25 / 5)"]"# : "[]"
        let title = generatedTitle(index)
        let body = generatedBody(index)
        chunk += (index == 0 ? "\n" : ",\n")
        chunk +=
            #"{"title": "\#(title)", "body": "\#(body)", "date": "\#(stamp[0])", "time": "\#(stamp[1])", "#
            + #""tags": \#(tags), "starred": \#(index % 10 == 0)}"#
        rows.append(GeneratedSeed(index: index, time: time))
        if chunk.utf8.count > 1 << 20 {
            handle.write(Data(chunk.utf8))
            chunk = ""
        }
    }
    chunk += "\n]}\n"
    handle.write(Data(chunk.utf8))
    return rows
}

/// Inserts `rows` into a fresh table shaped like the entry table, one prepared statement
/// in one transaction, WAL mode as the diary uses.
private func insertRaw(_ rows: [GeneratedRow], into url: URL) throws {
    let database = try RawSQLite(url, create: true)
    try database.execute("PRAGMA journal_mode=WAL")
    try database.execute(
        "CREATE TABLE entry (id INTEGER PRIMARY KEY, uuid BLOB UNIQUE NOT NULL, text TEXT, "
            + "starred INTEGER NOT NULL, creationTime REAL NOT NULL, updateTime REAL NOT NULL)")
    try database.execute("CREATE INDEX entry_creation ON entry (creationTime)")
    try database.execute("BEGIN")
    let statement = try database.prepare(
        "INSERT INTO entry (uuid, text, starred, creationTime, updateTime) "
            + "VALUES (?, ?, ?, ?, ?)")
    defer { sqlite3_finalize(statement) }
    for row in rows {
        var uuid = row.uuid.uuid
        _ = withUnsafeBytes(of: &uuid) { sqlite3_bind_blob(statement, 1, $0.baseAddress, 16, csqlite_transient()) }
        sqlite3_bind_text(statement, 2, row.text, -1, csqlite_transient())
        sqlite3_bind_int(statement, 3, row.starred ? 1 : 0)
        sqlite3_bind_double(statement, 4, row.time)
        sqlite3_bind_double(statement, 5, row.time)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw database.lastError() }
        sqlite3_reset(statement)
    }
    try database.execute("COMMIT")
}

/// Peak resident set size of this process so far, in MB (getrusage's ru_maxrss, KiB on Linux).
private func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

private func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
