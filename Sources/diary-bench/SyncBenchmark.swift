// The sync suite: the release `diary` syncing copies of the `cli` suite's diaries through a
// folder remote, as whole processes, side by side with what copying the store folder costs.
import Foundation

/// Runs the `sync` suite; prints one line per result.
/// - Throws: ``BenchmarkFailure`` when `diary` or a tool fails.
func runSyncBenchmarks(json: Bool) throws {
    let reporter = BenchmarkReporter(suite: "sync", json: json)
    let diaryBinary = try locateDiaryBinary()
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench sync: \(line)\n".utf8)) }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-sync-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let passphrase = root.appendingPathComponent("passphrase")
    guard
        FileManager.default.createFile(
            atPath: passphrase.path, contents: Data("correct horse battery staple\n".utf8),
            attributes: [.posixPermissions: 0o600])
    else {
        throw BenchmarkFailure("cannot write \(passphrase.path)")
    }
    let timer = ProcessTimer(environment: [
        "TZ": "UTC", "NO_COLOR": "1", "DIARY_PASSPHRASE_COMMAND": "cat '\(passphrase.path)'"
    ])
    func diary(_ store: URL, _ arguments: [String]) throws -> Timing {
        try timer.run(diaryBinary, ["--store", store.path] + arguments)
    }

    // 10,000 received changes applied by a device joining a diary of 10,000 entries.
    let small = try CLIBenchmarkStore.make(entryCount: 10_000, log: log)
    defer { small.remove() }
    let smallCopy = root.appendingPathComponent("small"), smallRemote = root.appendingPathComponent("small-remote")
    let joiner = root.appendingPathComponent("joiner")
    try timer.run("/bin/cp", ["-a", small.diary.path, smallCopy.path])
    try diary(smallCopy, ["sync", "init", smallRemote.path])
    let sent = try diary(smallCopy, ["sync"])
    try diary(joiner, ["sync", "join", smallRemote.path])
    let applied = try diary(joiner, ["sync"])
    reporter.report("apply_10000_received_changes_cpu_vs_5s", value: applied.cpu / 1000, baseline: 5)
    reporter.report(
        "apply_10000_received_changes_cpu_vs_sending_them", value: applied.cpu / 1000, baseline: sent.cpu / 1000)
    log("10,000 changes: sent in \(Int(sent.wall)) ms, applied in \(Int(applied.wall)) ms")

    // The same photo added on two devices is one file on the remote.
    let photo = small.largePhoto.path
    let blobsBefore = try remoteFiles(smallRemote.appendingPathComponent("blobs")).count
    try diary(smallCopy, ["new", "--text", "harbour", "--image", photo])
    try diary(joiner, ["new", "--text", "harbour, too", "--image", photo])
    try diary(smallCopy, ["sync"])
    try diary(joiner, ["sync"])
    let blobs = try remoteFiles(smallRemote.appendingPathComponent("blobs")).count - blobsBefore
    reporter.report(
        "remote_media_files_added_by_one_photo_on_two_devices_vs_one", value: Double(blobs), baseline: 1, unit: "files")

    // The first sync of the 100,000-entry diary, beside copying its folder.
    let large = try CLIBenchmarkStore.make(entryCount: 100_000, log: log)
    defer { large.remove() }
    let largeCopy = root.appendingPathComponent("large"), largeRemote = root.appendingPathComponent("large-remote")
    try timer.run("/bin/cp", ["-a", large.diary.path, largeCopy.path])
    try diary(largeCopy, ["sync", "init", largeRemote.path])
    let first = try diary(largeCopy, ["sync"])
    let copied = try timer.run("/bin/cp", ["-a", largeCopy.path, root.appendingPathComponent("large-cp").path])
    reporter.report("first_sync_100000_entries_vs_30s", value: first.wall / 1000, baseline: 30)
    reporter.report("first_sync_100000_entries_vs_cp_a", value: first.wall / 1000, baseline: copied.wall / 1000)

    // One new text entry: what reaches the remote, beside what copying the changed store files sends.
    let before = try remoteFiles(largeRemote), storeBefore = try remoteFiles(largeCopy)
    try diary(largeCopy, ["new", "--text", "A quiet evening, rain on the window."])
    let storeAfter = try remoteFiles(largeCopy)
    try diary(largeCopy, ["sync"])
    let added = try remoteFiles(largeRemote).filter { before[$0.key] != $0.value }.values.reduce(0, +)
    let changedStore = storeAfter.filter { storeBefore[$0.key] != $0.value }.values.reduce(0, +)
    reporter.report("remote_bytes_of_one_new_entry_vs_2kb", value: Double(added), baseline: 2048, unit: "bytes")
    reporter.report(
        "remote_bytes_of_one_new_entry_vs_changed_store_files", value: Double(added), baseline: Double(changedStore),
        unit: "bytes")

    // An unchanged diary: one listing of the remote, nothing sent or applied.
    let unchanged = try timer.medians(
        runs: 9, { try diary(largeCopy, ["sync"]) },
        against: { try diary(largeCopy, ["list", "--month", large.month.name]) })
    reporter.report("unchanged_sync_100000_entries_vs_100ms", value: unchanged.value, baseline: 100, unit: "ms")
    report(reporter, "unchanged_sync_100000_entries_vs_list_month", unchanged)

    // The same against a WebDAV server on the loopback (`rclone serve webdav`): one PROPFIND.
    let davFolder = root.appendingPathComponent("dav"), davCopy = root.appendingPathComponent("large-dav")
    try FileManager.default.createDirectory(at: davFolder, withIntermediateDirectories: true)
    let port = 20_000 + Int(getpid() % 20_000)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/rclone")
    server.arguments = ["serve", "webdav", davFolder.path, "--addr", "127.0.0.1:\(port)"]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    guard (try? server.run()) != nil else {
        throw BenchmarkFailure("rclone serve webdav cannot start (apt-get install rclone)")
    }
    defer { server.terminate() }
    Thread.sleep(forTimeInterval: 1)
    try timer.run("/bin/cp", ["-a", largeCopy.path, davCopy.path])
    try diary(davCopy, ["sync", "leave"])
    try diary(davCopy, ["sync", "init", "webdav://127.0.0.1:\(port)/diary"])
    let davFirst = try diary(davCopy, ["sync"])
    log("first sync of 100,000 entries to WebDAV on the loopback: \(Int(davFirst.wall)) ms")
    let davUnchanged = try timer.medians(
        runs: 9, { try diary(davCopy, ["sync"]) },
        against: { try diary(davCopy, ["list", "--month", large.month.name]) })
    reporter.report(
        "unchanged_sync_100000_entries_webdav_loopback_vs_100ms", value: davUnchanged.value, baseline: 100, unit: "ms")
}

/// Every regular file under `folder` with its size (and modification time, so a rewrite counts).
private func remoteFiles(_ folder: URL) throws -> [String: Int64] {
    var files: [String: Int64] = [:]
    guard
        let walker = FileManager.default.enumerator(
            at: folder,
            includingPropertiesForKeys: [
                .fileSizeKey, .isRegularFileKey,
                .contentModificationDateKey
            ])
    else { return files }
    for case let url as URL in walker {
        let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey, .contentModificationDateKey])
        guard values.isRegularFile == true else { continue }
        // The modification time in the key: a file rewritten in place counts as sent again.
        let stamp = values.contentModificationDate?.timeIntervalSince1970 ?? 0
        files[url.path + "@" + String(stamp)] = Int64(values.fileSize ?? 0)
    }
    return files
}
