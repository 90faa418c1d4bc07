// Joining from a snapshot, in process: a diary written as 2,000 small change sets (a new entry,
// or an edit of one, per sync), then a store joining it by replaying every change set beside one
// joining from a snapshot made of the same diary, in the same run.
import DiaryKit
import Foundation
import ObjectGraph
import Synchronization

/// Runs the snapshot rows of the `sync` suite (also alone, as `sync-snapshot`).
/// - Throws: ``DiaryError``; ``BenchmarkFailure``.
func runSyncSnapshotBenchmarks(json: Bool, changeSets: Int = 2000) throws {
    let reporter = BenchmarkReporter(suite: "sync", json: json)
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench sync: \(line)\n".utf8)) }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-sync-snapshot-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = FolderRemote(folder: root.appendingPathComponent("remote"))
    let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    let writer = try Diary(directory: root.appendingPathComponent("writer"))
    try writer.startSync(address: folder.folder.path, remote: folder, passphrase: passphrase)
    var clock = Date()
    var ids: [Int64] = []
    for number in 0..<changeSets {
        if number % 4 == 0 || ids.isEmpty {
            let time = CLIBenchmarkStore.firstEntry.addingTimeInterval(Double(number) * 3600)
            ids += try writer.insertEntries([CLIBenchmarkStore.snapshot(number, at: time, media: [])])
        } else {
            let editor = try writer.editEntry(id: ids[number % ids.count])
            editor.appendText("Later, change \(number).")
            _ = try editor.save()
        }
        // No snapshot yet: the first joiner replays every change set.
        _ = try writer.sync(remote: folder, snapshotInterval: 0)
    }
    log("\(changeSets) change sets of \(ids.count) entries written in \(Int(Date().timeIntervalSince(clock))) s")

    let replaying = try join(root.appendingPathComponent("replaying"), folder, passphrase)
    clock = Date()
    let made = try writer.sync(remote: folder, snapshotInterval: 500)
    guard made.sentSnapshots == 1 else { throw BenchmarkFailure("the writer made no snapshot") }
    log("snapshot made in \(Int(Date().timeIntervalSince(clock) * 1000)) ms, \(made.sentBytes) bytes")
    let fromSnapshot = try join(root.appendingPathComponent("from-snapshot"), folder, passphrase)
    guard fromSnapshot.loaded else { throw BenchmarkFailure("the second store did not start from the snapshot") }

    let name = "join_\(changeSets)_change_sets_from_snapshot"
    reporter.report("\(name)_wall_vs_full_replay", value: fromSnapshot.wall, baseline: replaying.wall)
    reporter.report("\(name)_cpu_vs_full_replay", value: fromSnapshot.cpu, baseline: replaying.cpu)
    reporter.report(
        "\(name)_bytes_read_vs_full_replay", value: Double(fromSnapshot.bytes), baseline: Double(replaying.bytes),
        unit: "bytes")
    reporter.report(
        "\(name)_files_read_vs_full_replay", value: Double(fromSnapshot.files), baseline: Double(replaying.files),
        unit: "files")
}

/// What one store joining cost.
private struct JoinCost {
    var wall: Double
    var cpu: Double
    var bytes: Int64
    var files: Int
    var loaded: Bool
}

/// Joins a new diary at `directory` to `remote` and syncs it once, timed, counting what it read.
private func join(_ directory: URL, _ remote: FolderRemote, _ passphrase: Passphrase) throws -> JoinCost {
    let diary = try Diary(directory: directory)
    let counting = CountingRemote(remote)
    try diary.joinSync(address: remote.folder.path, remote: counting, passphrase: passphrase)
    let cpuStart = processCPUSeconds(), start = Date()
    let summary = try diary.sync(remote: counting, snapshotInterval: 0)
    let cost = JoinCost(
        wall: Date().timeIntervalSince(start), cpu: processCPUSeconds() - cpuStart,
        bytes: counting.bytes.withLock { $0 }, files: counting.files.withLock { $0 },
        loaded: summary.loadedSnapshot != nil)
    guard !summary.received.isEmpty, summary.refused.isEmpty else {
        throw BenchmarkFailure("the join received nothing: \(summary)")
    }
    return cost
}

/// The CPU seconds this process has used, all threads.
private func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
        usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// A folder remote that counts the files and bytes read from it.
private final class CountingRemote: MirrorRemote {
    let base: FolderRemote
    let bytes = Mutex<Int64>(0)
    let files = Mutex<Int>(0)
    var displayName: String { base.displayName }

    init(_ base: FolderRemote) { self.base = base }

    func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        try base.listFiles(includingUploads: includingUploads)
    }
    func remove(_ path: String) throws(MirrorError) { try base.remove(path) }
    func upload(_ source: URL, as path: String) throws(MirrorError) { try base.upload(source, as: path) }
    func download(_ path: String, to destination: URL) throws(MirrorError) {
        try base.download(path, to: destination)
        let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int64) ?? 0
        bytes.withLock { $0 += size }
        files.withLock { $0 += 1 }
    }
}
