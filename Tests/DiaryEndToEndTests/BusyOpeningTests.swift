import Foundation
import TestSupport
import Testing

/// Opening a store takes its write lock briefly (to read its metadata); while another process
/// holds that lock, a terminal is told why nothing happens, as it is for a save.
@Suite struct BusyOpeningTests {
    /// Holds the store's write lock from `sqlite3` for `seconds`, started in the background.
    private func holdWriteLock(of store: TestStore, seconds: Int) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = [
            "-c",
            "printf 'BEGIN IMMEDIATE;\\n.shell sleep \(seconds)\\nCOMMIT;\\n' | sqlite3 '\(store.url.path)/Diary.sqlite'"
        ]
        try holder.run()
        Thread.sleep(forTimeInterval: 0.4)
        return holder
    }

    @Test func aListingWaitingForAnotherWritersLockSaysSoOnATerminalAndThenLists() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "waited for"])
        let holder = try holdWriteLock(of: store, seconds: 2)
        defer { holder.waitUntilExit() }
        let run = try runDiaryInTerminal(["list"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Waiting for another diary process to finish writing (up to 10 s)"), "\(run)")
        #expect(run.stdout.contains("waited for"), "\(run)")
    }

    @Test func withoutATerminalTheWaitIsSilent() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "waited for"])
        let holder = try holdWriteLock(of: store, seconds: 2)
        defer { holder.waitUntilExit() }
        let run = try store.run(["list"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
    }
}
