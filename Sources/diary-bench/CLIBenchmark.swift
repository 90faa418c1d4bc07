// The `cli` benchmark suite: the release `diary` binary as a user runs it (whole process,
// start included) beside `/usr/bin/sqlite3` doing the same work on the same database in
// the same run, on a store of 100,000 entries; plus where the time of a large media import goes.
import DiaryKit
import Foundation
import MediaKit
import ObjectGraph

/// Runs the cli suite; prints one line per result (JSON lines with `json`).
/// - Throws: ``BenchmarkFailure`` when the `diary` binary or a tool is missing or fails.
func runCLIBenchmarks(json: Bool, entryCount: Int = 100_000) throws {
    let reporter = BenchmarkReporter(suite: "cli", json: json)
    let diaryBinary = try locateDiaryBinary()
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench cli: \(line)\n".utf8)) }
    log("\(diaryBinary): Swift runtime linked \(try linksSwiftStatically(diaryBinary) ? "statically" : "dynamically")")
    let store = try CLIBenchmarkStore.make(entryCount: entryCount, log: log)
    defer { store.remove() }
    let sqlite = "/usr/bin/sqlite3"
    let database = store.diary.appendingPathComponent(Diary.databaseName).path
    let timer = ProcessTimer(environment: ["TZ": "UTC", "NO_COLOR": "1"])
    let diary = { (arguments: [String]) throws -> Timing in
        try timer.run(diaryBinary, ["--store", store.diary.path] + arguments)
    }
    let runs = 15

    // Process start alone: Swift runtime and Foundation loaded, arguments parsed, no store.
    let start = try timer.medians(
        runs: runs, { try diary(["--version"]) },
        against: { try timer.run(sqlite, ["-version"]) })
    report(reporter, "process_start_version", start)

    // `diary new --text` against sqlite3 inserting one entry row and its full-text index row
    // in one transaction (both fsync one WAL commit: the store and the shell both run
    // `synchronous = FULL`). The store's index triggers write `Z_FTS_DiaryEntry`, whose
    // tokenizer `og_words` lives in ObjectGraph and is unknown to the shell, so any write to
    // DiaryEntry through the shell fails while they fire. The baseline therefore turns the
    // triggers off for its own connection (`.dbconfig enable_trigger off`, the store's
    // schema untouched) and does the trigger's work itself, into a stand-in index made at
    // setup in the same database file: a contentless FTS5 table of the same column with
    // SQLite's built-in `unicode61 remove_diacritics 2` tokenizer, filled with every
    // entry's text so it is as large as the real one. The row goes into the real
    // DiaryEntry table, with its real indexes and 100,000 rows, so the B-tree work is the
    // same; only the tokenizer differs (the baseline's is C, ours is Swift), and that
    // difference is part of what the ratio measures. The raw text has the same number of
    // words as the one `diary new` saves (seven), so both index the same number of tokens.
    let rawMarker = "Benchmark baseline, rain on the window."
    let standIn = "bench_fts_DiaryEntry"
    let triggersOff = ".dbconfig enable_trigger off"
    try timer.run(
        sqlite,
        [
            database,
            """
            DROP TABLE IF EXISTS \(standIn);
            CREATE VIRTUAL TABLE \(standIn) USING fts5(c0, content='', tokenize='unicode61 remove_diacritics 2');
            INSERT INTO \(standIn) (rowid, c0) SELECT Z_PK, text FROM DiaryEntry;
            """
        ])
    let insert = try timer.medians(
        runs: runs, { try diary(["new", "--text", "A quiet evening, rain on the window."]) },
        against: {
            try timer.run(
                sqlite,
                [
                    database, triggersOff,
                    """
                    BEGIN;
                    INSERT INTO DiaryEntry (Z_PK, Z_ENT, Z_OPT, uuid, text, starred, creationTime, updateTime)
                    VALUES ((SELECT max(Z_PK) + 1 FROM DiaryEntry), (SELECT Z_ENT FROM DiaryEntry LIMIT 1), 1,
                            '\(UUID().uuidString)', '\(rawMarker)', 0, 0, 0);
                    INSERT INTO \(standIn) (rowid, c0) VALUES (last_insert_rowid(), '\(rawMarker)');
                    COMMIT;
                    """
                ])
        })
    // The raw rows never reached the store's own index, so they leave with the triggers off
    // too; the stand-in goes, and the store is again as `diary` made it.
    try timer.run(
        sqlite,
        [
            database, triggersOff,
            "DELETE FROM DiaryEntry WHERE text = '\(rawMarker)'; DROP TABLE \(standIn);"
        ])
    report(reporter, "new_text_\(entryCount)", insert)
    reporter.note(
        "  target: under 50 ms absolute — \(insert.value < 50 ? "met" : "NOT met") (\(format(insert.value)) ms)")

    // `diary list --month` against the query returning the same rows: the month's entries,
    // newest first, with their tags and photo and recording counts.
    let (month, from, to) = store.month
    let rawList = """
        SELECT e.Z_PK, e.uuid, e.creationTime, e.updateTime, e.starred, e.text,
          (SELECT group_concat(t.name, ' ') FROM Z_DiaryEntry_tags AS j JOIN Tag AS t ON t.Z_PK = j.destination
             WHERE j.source = e.Z_PK),
          (SELECT count(*) FROM Medium AS m WHERE m.diaryEntry = e.Z_PK AND m.width IS NOT NULL),
          (SELECT count(*) FROM Medium AS m WHERE m.diaryEntry = e.Z_PK AND m.duration IS NOT NULL)
        FROM DiaryEntry AS e
        WHERE e.creationTime >= \(from.timeIntervalSinceReferenceDate) AND e.creationTime < \
        \(to.timeIntervalSinceReferenceDate)
        ORDER BY e.creationTime DESC
        """
    try checkSameRows(diaryBinary: diaryBinary, store: store, month: month, rawList: rawList, timer: timer)
    let list = try timer.medians(
        runs: runs, { try diary(["list", "--month", month]) },
        against: { try timer.run(sqlite, [database, rawList]) })
    report(reporter, "list_month_\(entryCount)", list)
    let listJSON = try timer.medians(
        runs: runs, { try diary(["list", "--month", month, "--json"]) },
        against: { try timer.run(sqlite, ["-json", database, rawList]) })
    report(reporter, "list_month_json_\(entryCount)", listJSON)

    try runMediaImport(store: store, diary: diary, timer: timer, reporter: reporter)
}

/// `diary-bench cli-media`: only the cli suite's media rows (``runMediaImport``), on the same store.
/// - Throws: as ``runCLIBenchmarks(json:entryCount:)``.
func runCLIMediaBenchmarks(json: Bool, entryCount: Int = 100_000) throws {
    let reporter = BenchmarkReporter(suite: "cli", json: json)
    let diaryBinary = try locateDiaryBinary()
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench cli: \(line)\n".utf8)) }
    let store = try CLIBenchmarkStore.make(entryCount: entryCount, log: log)
    defer { store.remove() }
    let timer = ProcessTimer(environment: ["TZ": "UTC", "NO_COLOR": "1"])
    try runMediaImport(
        store: store, diary: { try timer.run(diaryBinary, ["--store", store.diary.path] + $0) },
        timer: timer, reporter: reporter)
}

/// `diary new` with a 12 MP photo and a 3-minute recording, whole process against `cp` of
/// the same two files; then the same import in this process, phase by phase.
func runMediaImport(
    store: CLIBenchmarkStore, diary: ([String]) throws -> Timing,
    timer: ProcessTimer, reporter: BenchmarkReporter
) throws {
    let photo = store.largePhoto.path, recording = store.longRecording.path
    let copies = store.root.appendingPathComponent("copies")
    try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
    let whole = try timer.medians(
        runs: 5,
        {
            try diary(["new", "--text", "Harbour at dusk", "--image", photo, "--audio", recording])
        }, against: { try timer.run("/bin/cp", [photo, recording, copies.path]) })
    report(reporter, "new_12mp_jpeg_3min_wav", whole)

    reporter.note("  target: at most 3x cp — \(whole.value <= 3 * whole.baseline ? "met" : "NOT met")")

    // In process, through DiaryKit's own steps: both files checked and copied at once on
    // every core (what `diary new` does), then the save; beside them, each file's longest
    // step alone on one thread (the photo's decode, the recording's hash and copy), whose
    // maximum is the floor of the parallel step.
    var phases: [String: [Double]] = [:]
    func lap(_ name: String, since start: inout UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        phases[name, default: []].append(Double(now - start) / 1e6)
        start = now
    }
    let inspector = MediaInspector()
    for _ in 0..<5 {
        var clock = DispatchTime.now().uptimeNanoseconds
        let opened = try Diary(directory: store.diary)
        lap("open_store", since: &clock)
        let editor = try opened.newEntry()
        editor.text = "Harbour at dusk"
        try editor.addMedia([
            MediaRequest(store.largePhoto, expected: .image),
            MediaRequest(store.longRecording, expected: .audio)
        ])
        lap("both_checked_and_copied_in_parallel", since: &clock)
        try editor.save()
        lap("save_transaction", since: &clock)
        _ = try inspector.importImage(fileAt: store.largePhoto)
        lap("alone_photo_validate_thumbnail", since: &clock)
        _ = try inspector.importAudio(fileAt: store.longRecording)
        lap("alone_recording_validate_waveform", since: &clock)
        let staged = try opened.blobStore.stage(fileAt: store.longRecording)
        opened.blobStore.discard(staged)
        lap("alone_recording_hash_copy_fsync", since: &clock)
    }
    let medians = phases.mapValues(ProcessTimer.median)
    let total = ["open_store", "both_checked_and_copied_in_parallel", "save_transaction"].reduce(0) {
        $0 + (medians[$1] ?? 0)
    }
    reporter.note("  in-process breakdown (median of 5, ms; baseline = the three steps of `new`, ratio = share):")
    for name in [
        "open_store", "both_checked_and_copied_in_parallel", "save_transaction", "alone_photo_validate_thumbnail",
        "alone_recording_validate_waveform", "alone_recording_hash_copy_fsync"
    ] {
        reporter.report("new_media_phase_\(name)", value: medians[name] ?? 0, baseline: total, unit: "ms")
    }
}

/// Fails unless `diary list --month --json` and the raw query return the same number of entries.
private func checkSameRows(
    diaryBinary: String, store: CLIBenchmarkStore, month: String, rawList: String,
    timer: ProcessTimer
) throws {
    let listed = store.root.appendingPathComponent("listed.json").path
    let raw = store.root.appendingPathComponent("raw.txt").path
    try timer.run(diaryBinary, ["--store", store.diary.path, "list", "--month", month, "--json"], output: listed)
    try timer.run(
        "/usr/bin/sqlite3",
        [
            store.diary.appendingPathComponent(Diary.databaseName).path,
            "SELECT count(*) FROM (\(rawList))"
        ], output: raw)
    let entries = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: listed))) as? [Any])?
        .count
    let rows = Int(
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: raw)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    guard let entries, entries == rows, entries > 0 else {
        throw BenchmarkFailure(
            "diary list --month \(month) gave \(entries ?? -1) entries, the raw query \(rows ?? -1) rows")
    }
}

/// The release `diary` beside this executable (or `$DIARY_BIN`), with a warning when it is
/// older than the sources it is built from.
func locateDiaryBinary() throws -> String {
    if let given = ProcessInfo.processInfo.environment["DIARY_BIN"] { return given }
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let binary = here.deletingLastPathComponent().appendingPathComponent("diary")
    guard let built = try? binary.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate else {
        throw BenchmarkFailure(
            "no diary binary at \(binary.path): run `swift build -c release --static-swift-stdlib --product diary` first"
        )
    }
    let sources = ["ObjectGraph", "MediaKit", "DiaryKit", "DiaryCLI", "diary"]
        .map { FileManager.default.currentDirectoryPath + "/Sources/" + $0 }
    // A warning, not a failure: SwiftPM leaves the binary alone when a change (a comment)
    // does not alter the object code.
    if let newest = sources.compactMap(newestModification).max(), newest > built {
        FileHandle.standardError.write(
            Data(
                ("diary-bench cli: warning: \(binary.path) is older than the sources;"
                    + " run `swift build -c release --static-swift-stdlib --product diary` if it is stale\n").utf8))
    }
    return binary.path
}

/// Whether `binary` carries the Swift runtime itself (`--static-swift-stdlib`) rather than
/// loading `libswiftCore.so`: a difference of about 6 ms CPU in every process start.
private func linksSwiftStatically(_ binary: String) throws -> Bool {
    let listing = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-ldd-\(getpid())")
    defer { try? FileManager.default.removeItem(at: listing) }
    try ProcessTimer().run("/usr/bin/ldd", [binary], output: listing.path)
    return !String(decoding: try Data(contentsOf: listing), as: UTF8.self).contains("libswiftCore")
}

private func newestModification(under path: String) -> Date? {
    guard
        let walker = FileManager.default.enumerator(
            at: URL(fileURLWithPath: path),
            includingPropertiesForKeys: [.contentModificationDateKey])
    else { return nil }
    var newest: Date?
    for case let url as URL in walker where url.pathExtension == "swift" {
        if let date = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate,
            date > newest ?? .distantPast
        {
            newest = date
        }
    }
    return newest
}

private func format(_ value: Double) -> String { String(format: "%.1f", value) }

/// Reports a comparison twice: wall-clock time (what a user waits for, the targets' measure)
/// and CPU time (`_cpu`, steadier on a shared, busy machine).
func report(_ reporter: BenchmarkReporter, _ name: String, _ comparison: Comparison) {
    reporter.report(name, value: comparison.value, baseline: comparison.baseline, unit: "ms")
    reporter.report(name + "_cpu", value: comparison.valueCPU, baseline: comparison.baselineCPU, unit: "ms")
}
