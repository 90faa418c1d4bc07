import Foundation
import TestSupport
import Testing

/// An older copy of an encrypted diary's `Diary.sqlite` put back (a backup, a sync tool
/// restoring a version, an attacker undoing edits, stars and deletions): before, every command
/// read it as the diary and `check` called it sound; now every command refuses it (65),
/// changing nothing, and `check --repair` accepts it when that was meant.
@Suite struct RolledBackDatabaseCommandTests {
    static let passphrase = [
        "DIARY_PASSPHRASE_COMMAND": "printf '%s\\n' 'roll pass'",
        "DIARY_NEW_PASSPHRASE_COMMAND": "printf '%s\\n' 'roll pass'"
    ]

    @Test func anOlderDatabasePutBackIsRefusedUntilCheckRepairAcceptsIt() throws {
        let store = try TestStore()
        let env = Self.passphrase
        try store.succeed(["new", "--text", "kept from the start"])
        try store.succeed(["encrypt"], environment: env)
        try store.succeed(["new", "--text", "written before the backup"], environment: env)
        let backup = try TemporaryDirectory(prefix: "diary-rollback-copy")
        let names = ["Diary.sqlite", "Diary.sqlite-wal", "Diary.sqlite-shm"]
        for name in names where FileManager.default.fileExists(atPath: store.url.appendingPathComponent(name).path) {
            try FileManager.default.copyItem(
                at: store.url.appendingPathComponent(name), to: backup.url.appendingPathComponent(name))
        }
        try store.succeed(["new", "--text", "written after the backup"], environment: env)
        try store.succeed(["edit", "1", "--star"], environment: env)
        try store.succeed(["delete", "2", "--yes"], environment: env)
        for name in names {
            try? FileManager.default.removeItem(at: store.url.appendingPathComponent(name))
            let copy = backup.url.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: copy.path) {
                try FileManager.default.copyItem(at: copy, to: store.url.appendingPathComponent(name))
            }
        }
        let before = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "on top of the old copy"], ["check"]] {
            let run = try store.run(arguments, environment: env)
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(run.stderr.contains("older than the diary this machine last wrote"), "\(run.stderr)")
            #expect(try store.snapshot() == before, "\(arguments) changed the store")
        }
        let repair = try store.run(["check", "--repair"], environment: env)
        #expect(repair.status == 0 && repair.stderr.contains("accepted the database as it is"), "\(repair)")
        let texts = try #require(try store.json(["list"], environment: env) as? [[String: Any]]).compactMap {
            $0["text"] as? String
        }
        #expect(texts.sorted() == ["kept from the start", "written before the backup"])
        try store.succeed(["new", "--text", "after accepting"], environment: env)
        #expect(try store.run(["list"], environment: env).status == 0)
    }

    /// Whoever puts back the counter file with the database defeats the file; while the diary is
    /// unlocked, the kernel keyring remembers the count too, and refuses the pair.
    @Test(.enabled(if: EncryptedStoreCommandTests.keyringWorks, "the kernel keyring is unavailable in this sandbox"))
    func anOlderDatabasePutBackWithItsCounterIsRefusedWhileUnlocked() throws {
        let store = try TestStore()
        let env = Self.passphrase
        try store.succeed(["new", "--text", "kept from the start"])
        try store.succeed(["encrypt"], environment: env)
        try store.succeed(["unlock", "--for", "5m"], environment: env)
        defer { _ = try? store.run(["lock"]) }
        try store.succeed(["new", "--text", "written before the backup"])
        let backup = try TemporaryDirectory(prefix: "diary-rollback-pair")
        let names = ["Diary.sqlite", "Diary.sqlite-wal", "Diary.sqlite-shm", "Diary.sqlite-counter"]
        for name in names where FileManager.default.fileExists(atPath: store.url.appendingPathComponent(name).path) {
            try FileManager.default.copyItem(
                at: store.url.appendingPathComponent(name), to: backup.url.appendingPathComponent(name))
        }
        try store.succeed(["new", "--text", "written after the backup"])
        try store.succeed(["edit", "1", "--star"])
        for name in names {
            try? FileManager.default.removeItem(at: store.url.appendingPathComponent(name))
            let copy = backup.url.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: copy.path) {
                try FileManager.default.copyItem(at: copy, to: store.url.appendingPathComponent(name))
            }
        }
        let before = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "on top of the old copy"]] {
            let run = try store.run(arguments)
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(run.stderr.contains("older than the diary this machine last wrote"), "\(run.stderr)")
            #expect(try store.snapshot() == before, "\(arguments) changed the store")
        }
        try store.succeed(["check", "--repair"])
        let texts = try #require(try store.json(["list"]) as? [[String: Any]]).compactMap { $0["text"] as? String }
        #expect(texts.sorted() == ["kept from the start", "written before the backup"])
        try store.succeed(["new", "--text", "after accepting"])
    }
}
