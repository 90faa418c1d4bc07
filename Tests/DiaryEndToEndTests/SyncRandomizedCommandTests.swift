import Foundation
import TestSupport
import Testing

/// Three diaries on the built binary writing, editing, tagging, starring, adding photos,
/// deleting, restoring, emptying the trash, syncing through a folder and having syncs killed in an
/// order drawn from a seed: after every device has synced, all hold the same entries (their media
/// hashes included) and the same trash, and every entry no device deleted is there.
@Suite struct SyncRandomizedCommandTests {
    static let secret = SyncCommandTests.secret

    /// `list --json --all` and `trash --json` without the per-store entry numbers.
    static func state(_ store: TestStore) throws -> String {
        try SyncCommandTests.entries(store) + "\n" + SyncCommandTests.entries(store, ["trash", "--json"])
    }

    /// The numbers of `store`'s entries in `arguments`' JSON listing, in the order of their uuids.
    static func ids(_ store: TestStore, _ arguments: [String]) throws -> [(id: Int, uuid: String)] {
        let entries = try #require(try store.json(arguments) as? [[String: Any]])
        return entries.compactMap { entry in
            guard let id = entry["id"] as? Int, let uuid = entry["uuid"] as? String else { return nil }
            return (id, uuid)
        }.sorted { $0.uuid < $1.uuid }
    }

    @Test(arguments: Array(UInt64(1)...4))
    func randomDiaryHistoriesConverge(seed: UInt64) throws {
        let remote = try TemporaryDirectory(prefix: "diary-sync-random")
        let stores = try (0..<3).map { _ in try TestStore() }
        try stores[0].succeed(["new", "--text", "before the first sync"])
        try stores[0].succeed(["sync", "init", remote.url.path], environment: Self.secret)
        for store in stores.dropFirst() {
            try store.succeed(["sync", "join", remote.url.path], environment: Self.secret)
        }
        var random = SeededGenerator(seed: seed)
        var written: [String] = []  // the uuids of the entries written
        var deleted = Set<String>()
        var killed = 0
        for step in 0..<36 {
            let store = stores[Int.random(in: 0..<stores.count, using: &random)]
            let entries = try Self.ids(store, ["list", "--json", "--all"])
            let entry = entries.isEmpty ? nil : entries[Int.random(in: 0..<entries.count, using: &random)]
            let tag = ["home", "travel", "Home"][Int.random(in: 0..<3, using: &random)]
            switch Int.random(in: 0..<13, using: &random) {
            case 0, 1:
                var arguments = ["new", "--text", "entry \(step)", "--tag", tag]
                if Bool.random(using: &random) { arguments += ["--image", Fixture.path("jpeg-baseline.jpg")] }
                try store.succeed(arguments)
                let made = try #require(try store.json(["list", "--json", "--all"]) as? [[String: Any]])
                written += made.filter { $0["text"] as? String == "entry \(step)" }.compactMap { $0["uuid"] as? String }
            case 2:
                if let entry { try store.succeed(["edit", String(entry.id), "--text", "edit \(step)"]) }
            case 3:
                if let entry { try store.succeed(["edit", String(entry.id), "--append", "more \(step)"]) }
            case 4:
                if let entry { try store.succeed(["edit", String(entry.id), "--tag", tag]) }
            case 5:
                if let entry { _ = try store.run(["edit", String(entry.id), "--untag", tag]) }
            case 6:
                if let entry {
                    try store.succeed(["edit", String(entry.id), Bool.random(using: &random) ? "--star" : "--unstar"])
                }
            case 7:
                if let entry {
                    try store.succeed(["delete", String(entry.id), "--yes"])
                    deleted.insert(entry.uuid)
                }
            case 8:
                let trashed = try Self.ids(store, ["trash", "--json"])
                if let restored = trashed.first { try store.succeed(["restore", String(restored.id)]) }
            case 9:
                if Int.random(in: 0..<3, using: &random) == 0 { try store.succeed(["trash", "--empty", "--yes"]) }
            case 10:
                // A sync killed at a random moment: sending, receiving or applying.
                let deadline = Date().addingTimeInterval(Double.random(in: 0..<0.4, using: &random))
                try SyncCommandTests.killSync(store) { Date() >= deadline }
                killed += 1
            default:
                try store.succeed(["sync"], environment: Self.secret)
            }
        }
        for _ in 0..<3 {
            for store in stores { try store.succeed(["sync"], environment: Self.secret) }
        }
        let expected = try Self.state(stores[0])
        for (index, store) in stores.enumerated().dropFirst() {
            #expect(try Self.state(store) == expected, "seed \(seed): store \(index) differs")
        }
        // Every entry written and never deleted anywhere is on every device, out of the trash.
        let listed = Set(try Self.ids(stores[0], ["list", "--json", "--all"]).map(\.uuid))
        for uuid in written where !deleted.contains(uuid) {
            #expect(listed.contains(uuid), "seed \(seed), \(killed) syncs killed: entry \(uuid) is lost")
        }
    }
}
