// The `cli-jrnl` benchmark suite: the release `diary` beside jrnl 4.6 (issue #13's peer) doing
// the same on the same 1,000 entries, whole processes, alternated in one run.
import Foundation

/// Runs the cli-jrnl suite: `list --month` and `new --text` against jrnl's `-from/-to` listing
/// and jrnl's quick entry, and `--version` against `sqlite3 -version`. Ratios are diary / jrnl
/// (issue #13 asks ≤ 0.025, 40x faster) and diary / sqlite3 (≤ 2).
/// jrnl is `$DIARY_BENCH_JRNL`, else `/tmp/jrnlenv/bin/jrnl` (`python3 -m venv /tmp/jrnlenv &&
/// /tmp/jrnlenv/bin/pip install jrnl==4.6`), with a config of no editor and no colours.
/// - Throws: ``BenchmarkFailure`` when `diary` or jrnl is missing or a command fails.
func runJrnlComparisonBenchmarks(json: Bool, entryCount: Int = 1_000) throws {
    let reporter = BenchmarkReporter(suite: "cli-jrnl", json: json)
    let diaryBinary = try locateDiaryBinary()
    let jrnl = ProcessInfo.processInfo.environment["DIARY_BENCH_JRNL"] ?? "/tmp/jrnlenv/bin/jrnl"
    guard FileManager.default.isExecutableFile(atPath: jrnl) else {
        throw BenchmarkFailure(
            "no jrnl at \(jrnl): python3 -m venv /tmp/jrnlenv && /tmp/jrnlenv/bin/pip install jrnl==4.6, or set DIARY_BENCH_JRNL"
        )
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-jrnl-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal.txt")
    let config = folder.appendingPathComponent("jrnl.yaml")
    let store = folder.appendingPathComponent("diary")
    try JrnlJournal.text(entries: entryCount).write(to: journal, atomically: true, encoding: .utf8)
    try JrnlJournal.config(journal: journal.path).write(to: config, atomically: true, encoding: .utf8)

    let timer = ProcessTimer(environment: ["TZ": "UTC", "NO_COLOR": "1"])
    let diary = { (arguments: [String]) throws -> Timing in
        try timer.run(diaryBinary, ["--store", store.path] + arguments)
    }
    let jrnlRun = { (arguments: [String]) throws -> Timing in
        try timer.run(jrnl, ["--config-file", config.path] + arguments)
    }
    try diary(["import", "--from", "jrnl", journal.path])
    // jrnl rewrites an older config on its first run; let that happen before any timing.
    try jrnlRun(["-n", "1"])
    let runs = 15

    let start = try timer.medians(
        runs: 40, { try diary(["--version"]) },
        against: { try timer.run("/usr/bin/sqlite3", ["-version"]) })
    reporter.report("process_start_version", value: start.value, baseline: start.baseline, unit: "ms")

    let (month, from, to) = JrnlJournal.listedMonth
    let list = try timer.medians(
        runs: runs, { try diary(["list", "--month", month]) },
        against: { try jrnlRun(["-from", from, "-to", to]) })
    reporter.report(
        "list_month_\(entryCount)_vs_jrnl", value: list.value, baseline: list.baseline,
        unit: "ms")
    let new = try timer.medians(
        runs: runs, { try diary(["new", "--text", "Benchmark entry"]) },
        against: { try jrnlRun(["Benchmark entry"]) })
    reporter.report(
        "new_text_\(entryCount)_vs_jrnl", value: new.value, baseline: new.baseline,
        unit: "ms")
    reporter.note("  (target ratios: 0.025 = 40x faster than jrnl; --version at most 2x sqlite3 -version)")
}

/// The journal both sides read: jrnl's own text format, one entry every 17 hours from
/// 1 January 2024 (1,000 entries reach December 2025), each tagged `@home`.
enum JrnlJournal {
    /// The month listed (`diary list --month`) and jrnl's `-from`/`-to` for the same days.
    static let listedMonth = (month: "2025-11", from: "2025-11-01", to: "2025-11-30")

    /// The journal's text.
    static func text(entries: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let first = calendar.date(from: DateComponents(year: 2024, month: 1, day: 1, hour: 8)) ?? Date()
        var text = ""
        for index in 0..<entries {
            let day = first.addingTimeInterval(Double(index) * 17 * 3600)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: day)
            let stamp = String(
                format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0,
                parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
            text +=
                "[\(stamp)] Entry number \(index) about the day. @home\n"
                + "Some more text for entry \(index), a sentence or two of it.\n\n"
        }
        return text
    }

    /// A jrnl 4.6 config: no editor, no colours, the one journal.
    static func config(journal: String) -> String {
        """
        colors:
          body: none
          date: none
          tags: none
          title: none
        default_hour: 9
        default_minute: 0
        display_format: text
        editor: ''
        encrypt: false
        highlight: false
        indent_character: '|'
        journals:
          default:
            journal: \(journal)
        linewrap: 79
        tagsymbols: '#@'
        template: false
        timeformat: '%F %r'
        version: v4.6

        """
    }
}
