import Foundation
import TestSupport
import Testing

/// The WebDAV server killed while `diary sync` sends photos to it and while another device
/// fetches them: the sync fails with a line saying so (never a crash or a hang), the store is
/// whole, and once the server is back the next syncs converge with nothing lost.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rclone")))
struct SyncServerKilledTests {
    static let secret = SyncCommandTests.secret

    /// Runs `diary sync` on `store`, kills `server` once `ready` holds, and gives the sync's run.
    private func sync(_ store: TestStore, killing server: WebDAVServer, when ready: () -> Bool) throws -> ProcessRun {
        let scratch = try TemporaryDirectory(prefix: "diary-sync-killed")
        let output = scratch.url.appending(component: "out"), errors = scratch.url.appending(component: "err")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = try diaryBinary()
        process.arguments = ["sync"]
        var environment = ProcessInfo.processInfo.environment.merging(Self.secret) { $1 }
        environment["DIARY_HOME"] = store.url.path
        environment["TZ"] = "Europe/Berlin"
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline, !ready() { usleep(1_000) }
        server.stop()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }

    private func count(_ folder: URL) -> Int {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects.count) ?? 0
    }

    @Test func aServerKilledMidUploadAndMidDownloadLosesNothing() throws {
        let remote = try TemporaryDirectory(prefix: "diary-sync-remote")
        var server = try WebDAVServer(serving: remote.url)
        let port = server.port
        let address = "webdav://127.0.0.1:\(port)/diary"
        let laptop = try TestStore(), phone = try TestStore()
        let roll = laptop.scratch.appendingPathComponent("roll", isDirectory: true)
        try PhotoFolderImportInterruptionTests.roll(40, in: roll)
        try laptop.succeed(["import", "--from", "photos", roll.path])
        try laptop.succeed(["sync", "init", address], environment: Self.secret)

        /// Kills the server once `folder` holds five files during `store`'s sync, checks what the
        /// failed sync said and that the store is sound, and starts the server again.
        func interrupt(_ store: TestStore, watching folder: URL) throws -> ProcessRun {
            let run = try sync(store, killing: server) { count(folder) >= 5 }
            if run.status != 0 {
                #expect(run.stderr.hasPrefix("diary: ") && !run.stderr.contains("Fatal error"), "\(run)")
            }
            #expect(try store.succeed(["check"]).status == 0)
            server = try WebDAVServer(serving: remote.url, port: port)
            return run
        }
        // Killed while the photos go up, then while the phone fetches them.
        let sending = try interrupt(laptop, watching: remote.url.appending(path: "diary/blobs"))
        try laptop.succeed(["sync"], environment: Self.secret)
        try phone.succeed(["sync", "join", address], environment: Self.secret)
        let receiving = try interrupt(phone, watching: phone.url.appending(component: "Diary.blobs"))
        defer { server.stop() }
        try phone.succeed(["sync"], environment: Self.secret)
        try laptop.succeed(["sync"], environment: Self.secret)
        #expect(try SyncCommandTests.entries(phone) == SyncCommandTests.entries(laptop))
        #expect(try #require(try phone.json(["list", "--all"]) as? [[String: Any]]).count == 40)
        // Both kills landed mid-transfer (else this test proved less than it says).
        #expect(sending.status != 0 && receiving.status != 0, "sending: \(sending) receiving: \(receiving)")
    }
}
