// The crypto suite's whole-process rows: the release `diary` on the `cli` suite's diary of
// 100,000 entries and on an encrypted copy of it, alternately in one run, with the encrypted
// diary's key in the kernel keyring (`diary unlock`), as a user works after unlocking once.
import Foundation

/// Runs the whole-process rows of the `crypto` suite; prints one line per result.
/// - Throws: ``BenchmarkFailure`` when `diary` or a tool fails, or when a measured run on the
///   encrypted diary would have had to ask for the passphrase (no keyring here).
func runCryptoCLIBenchmarks(json: Bool, entryCount: Int = 100_000) throws {
    let reporter = BenchmarkReporter(suite: "crypto", json: json)
    let diaryBinary = try locateDiaryBinary()
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench crypto: \(line)\n".utf8)) }
    let store = try CLIBenchmarkStore.make(entryCount: entryCount, log: log)
    defer { store.remove() }

    // The encrypted twin: a copy of the plain diary, turned by `diary encrypt`, then unlocked.
    let encrypted = store.root.appendingPathComponent("encrypted-store")
    let passphrase = store.root.appendingPathComponent("passphrase")
    try? FileManager.default.removeItem(at: encrypted)
    guard
        FileManager.default.createFile(
            atPath: passphrase.path, contents: Data("correct horse battery staple\n".utf8),
            attributes: [.posixPermissions: 0o600])
    else {
        throw BenchmarkFailure("cannot write \(passphrase.path)")
    }
    let asking = "cat '\(passphrase.path)'"
    let setup = ProcessTimer(environment: [
        "TZ": "UTC", "NO_COLOR": "1",
        "DIARY_PASSPHRASE_COMMAND": asking, "DIARY_NEW_PASSPHRASE_COMMAND": asking
    ])
    var clock = Date()
    try setup.run("/bin/cp", ["-a", store.diary.path, encrypted.path])
    try setup.run(diaryBinary, ["--store", encrypted.path, "encrypt"])
    try setup.run(diaryBinary, ["--store", encrypted.path, "unlock", "--for", "30m"])
    log("encrypted copy made and unlocked in \(String(format: "%.1f", Date().timeIntervalSince(clock))) s")
    defer {
        _ = try? setup.run(diaryBinary, ["--store", encrypted.path, "lock"])
        try? FileManager.default.removeItem(at: encrypted)
    }

    // Measured runs cannot ask: a run that found no key in the keyring fails the suite
    // instead of timing a passphrase derivation.
    let timer = ProcessTimer(environment: ["TZ": "UTC", "NO_COLOR": "1", "DIARY_PASSPHRASE_COMMAND": "false"])
    func on(_ folder: URL, _ arguments: [String]) -> () throws -> Timing {
        { try timer.run(diaryBinary, ["--store", folder.path] + arguments) }
    }
    clock = Date()
    let month = ["list", "--month", store.month.name]
    report(
        reporter, "list_month_\(entryCount)_encrypted_vs_plain",
        try timer.medians(runs: 15, on(encrypted, month), against: on(store.diary, month)))
    let new = ["new", "--text", "A quiet evening, rain on the window."]
    report(
        reporter, "new_text_\(entryCount)_encrypted_vs_plain",
        try timer.medians(runs: 15, on(encrypted, new), against: on(store.diary, new)))
    let media = [
        "new", "--text", "Harbour at dusk", "--image", store.largePhoto.path, "--audio", store.longRecording.path
    ]
    report(
        reporter, "new_12mp_jpeg_3min_wav_\(entryCount)_encrypted_vs_plain",
        try timer.medians(runs: 11, on(encrypted, media), against: on(store.diary, media)))
    log("rows measured in \(String(format: "%.1f", Date().timeIntervalSince(clock))) s")
}
