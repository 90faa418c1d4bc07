import Foundation

/// `diary show` of an entry holding a 12-megapixel photo and a three-minute recording on a
/// pseudo-terminal (`script`), with its pictures drawn against `--no-preview`, each mode a row:
/// kitty graphics and true-colour symbols (terminals known from the environment, so the
/// graphics query is not sent). Pictures are drawn from the stored thumbnail and waveform, so
/// the difference must stay small (at most 20 ms) whatever the original's size.
func runPreviewBenchmarks(json: Bool) throws {
    let reporter = BenchmarkReporter(suite: "preview", json: json)
    let diary = try locateDiaryBinary()
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-preview-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let photo = root.appendingPathComponent("large-12mp.jpg").path
    let recording = root.appendingPathComponent("long-3min.wav").path
    let timer = ProcessTimer(environment: ["DIARY_HOME": root.appendingPathComponent("store").path, "TZ": "UTC"])
    try timer.run(
        "/usr/bin/convert",
        [
            "-size", "4000x3000", "gradient:skyblue-darkgreen", "-seed", "7",
            "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "90", photo
        ])
    try timer.run(
        "/usr/bin/sox",
        ["-n", "-r", "44100", "-c", "2", "-b", "16", recording, "synth", "180", "pinknoise", "vol", "0.3"])
    try timer.run(diary, ["new", "--text", "Harbour at dusk", "--image", photo, "--audio", recording])

    let modes: [(name: String, environment: [String: String])] = [
        ("kitty", ["TERM": "xterm-kitty"]),
        ("truecolor_symbols", ["TERM": "xterm-256color", "COLORTERM": "truecolor", "TMUX": "bench"])
    ]
    for (name, environment) in modes {
        var terminal = timer
        environment.forEach { terminal.environment[$0.key] = $0.value }
        let comparison = try terminal.medians(
            runs: 15,
            {
                try terminal.run("/usr/bin/script", ["-qec", "\(diary) show 1", "/dev/null"])
            },
            against: {
                try terminal.run("/usr/bin/script", ["-qec", "\(diary) show 1 --no-preview", "/dev/null"])
            })
        report(reporter, "show_\(name)_vs_no_preview", comparison)
        reporter.note(
            String(
                format: "preview show_%@: %.1f ms more than without (target ≤ 20 ms)", name,
                comparison.value - comparison.baseline))
        reporter.report(
            "show_\(name)_extra_ms_vs_20ms", value: max(0, comparison.value - comparison.baseline),
            baseline: 20, unit: "ms")
    }
}
