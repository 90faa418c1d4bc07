import Foundation
import TestSupport
import Testing

/// `diary sync` snapshots on the built binary: a store joining starts from the newest snapshot on
/// the remote and lists what a store that replayed every change set lists.
@Suite struct SyncSnapshotCommandTests {
    /// The passphrase, and a snapshot every four change sets (the default is 500).
    static let environment = SyncCommandTests.secret.merging(["DIARY_SYNC_SNAPSHOT_EVERY": "4"]) { $1 }

    let remote: TemporaryDirectory
    init() throws { remote = try TemporaryDirectory(prefix: "diary-sync-snapshot-remote") }

    @discardableResult
    func sync(_ store: TestStore, _ arguments: [String] = []) throws -> ProcessRun {
        try store.succeed(["sync"] + arguments, environment: Self.environment)
    }

    func snapshotFiles() -> [String] {
        (FileManager.default.enumerator(atPath: remote.url.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasPrefix("snapshots/") }.sorted()
    }

    @Test func aStoreJoiningFromASnapshotListsWhatAStoreReplayingEveryChangeSetLists() throws {
        let laptop = try TestStore(), desktop = try TestStore()
        try laptop.succeed([
            "new", "--text", "Quokka at the harbour", "--tag", "travel", "--image", Fixture.path("jpeg-baseline.jpg")
        ])
        try sync(laptop, ["init", remote.url.path])
        var summaries = [try sync(laptop).stdout]
        // The desktop joins before any snapshot: it replays every change set as they come.
        try sync(desktop, ["join", remote.url.path])
        try sync(desktop)
        for round in 1...3 {
            try laptop.succeed(["new", "--text", "laptop \(round)", "--tag", "home"])
            summaries.append(try sync(laptop).stdout)
            try desktop.succeed(["new", "--text", "desktop \(round)", "--tag", "travel"])
            summaries.append(try sync(desktop).stdout)
        }
        try desktop.succeed(["edit", "1", "--append", "and the ferry back"])
        try desktop.succeed(["delete", "2", "--yes"])
        summaries.append(try sync(desktop).stdout)
        summaries.append(try sync(laptop).stdout)
        #expect(summaries.contains { $0.contains(" and a snapshot (") }, "\(summaries)")
        #expect(snapshotFiles().filter { $0.hasSuffix(".head") }.count >= 1, "\(snapshotFiles())")
        // Written after the snapshot: a store joining replays it.
        try desktop.succeed(["new", "--text", "after the snapshot", "--tag", "late"])
        try sync(desktop)

        let phone = try TestStore()
        try sync(phone, ["join", remote.url.path])
        let joined = try sync(phone)
        #expect(joined.stderr.contains("started from a snapshot"), "\(joined)")
        for store in [laptop, desktop, phone] { try sync(store) }
        let expected = try SyncCommandTests.entries(desktop)
        #expect(
            expected.contains("and the ferry back") && expected.contains("after the snapshot")
                && expected.contains("Quokka"))
        #expect(try SyncCommandTests.entries(phone) == expected)
        #expect(try SyncCommandTests.entries(laptop) == expected)
        // The trash holds the same entry (each store numbers its entries in its own order).
        let trash = try [phone, desktop].map { store in
            try store.succeed(["trash"]).stdout.replacing(try Regex("#[0-9]+ "), with: "#N ")
        }
        #expect(trash[0] == trash[1] && trash[0].contains("desktop 1"), "\(trash)")
    }

    @Test func aTamperedSnapshotIsRefusedByNameAndTheChangeSetsReplayedInstead() throws {
        let laptop = try TestStore()
        for round in 1...5 {
            try laptop.succeed(["new", "--text", "entry \(round)"])
            if round == 1 { try sync(laptop, ["init", remote.url.path]) }
            try sync(laptop)
        }
        let state = try #require(snapshotFiles().last { $0.hasSuffix(".state") })
        let url = remote.url.appending(path: state)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: url)

        let phone = try TestStore()
        try sync(phone, ["join", remote.url.path])
        let joined = try sync(phone)
        #expect(!joined.stderr.contains("started from a snapshot"), "\(joined)")
        #expect(
            joined.stderr.contains("diary: refused snapshots/") && joined.stderr.contains("fails authentication")
                && joined.stderr.contains("replaying the change sets instead"), "\(joined)")
        #expect(try SyncCommandTests.entries(phone) == SyncCommandTests.entries(laptop))
    }

    @Test func aSnapshotIntervalThatIsNoNumberIsAUsageError() throws {
        let laptop = try TestStore()
        try laptop.succeed(["new", "--text", "one"])
        try sync(laptop, ["init", remote.url.path])
        let bad = try laptop.run(
            ["sync"], environment: SyncCommandTests.secret.merging(["DIARY_SYNC_SNAPSHOT_EVERY": "often"]) { $1 })
        #expect(bad.status == 64 && bad.stderr.contains("DIARY_SYNC_SNAPSHOT_EVERY='often'"), "\(bad)")
    }
}
