import Foundation
import Testing

@testable import ObjectGraph

/// A device offline while another makes 10,000 changes over many syncs: its first sync back
/// applies them all beside its own offline edits, and both devices end the same, with nothing
/// either saved missing.
@Suite("Store mirror, a device offline for 10,000 changes")
struct MirrorOfflineTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-offline-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    /// Every note of `peer`, by UUID.
    func notes(_ peer: MirrorPeer, in context: ManagedObjectContext) throws -> [UUID: ManagedObject] {
        let all = try context.fetch(FetchRequest(ManagedObject.self, entityName: "Note"))
        return Dictionary(
            uniqueKeysWithValues: all.compactMap { note in note["uuid", as: UUID.self].map { ($0, note) } })
    }

    @Test("a device back after 10,000 changes elsewhere converges in one sync, its offline edits kept")
    func aDeviceOfflineFor10000ChangesConverges() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let laptop = try MirrorPeer("laptop"), phone = try MirrorPeer("phone")
        var shared: [UUID] = []
        for index in 0..<100 { shared.append(try laptop.addNote("shared \(index)", tags: ["home"])) }
        try laptop.create(on: remote)
        try laptop.sync(remote)
        try phone.join(remote)
        try phone.sync(remote)
        // The laptop: 4,400 notes made, 4,400 edits, 1,995 deletions and 100 tags added, in 22 syncs.
        let rounds = 22
        var changes = 0
        var made: [UUID] = []
        for round in 0..<rounds {
            let context = laptop.context()
            for index in 0..<200 {
                let note = try context.insertObject(entityName: "Note")
                let uuid = UUID()
                note["uuid"] = uuid
                note["text"] = "made in round \(round), \(index)"
                made.append(uuid)
            }
            try context.save()
            changes += 200
            let all = try notes(laptop, in: context)
            for uuid in made.suffix(400).prefix(200) {
                all[uuid]?["stars"] = Int64(round + 1)
            }
            changes += 200
            for uuid in made.suffix(95 + 200).prefix(95) where round > 0 {
                if let note = all[uuid] { context.delete(note) }
                changes += 1
            }
            if round < 5 {
                let work = try laptop.tag("work", in: context)
                for uuid in shared.dropFirst(round * 20).prefix(20) { all[uuid]?.add(work, to: "tags") }
                changes += 20
            }
            try context.save()
            try laptop.sync(remote)
        }
        #expect(changes >= 10_000, "\(changes)")
        // The laptop deletes ten shared notes the phone edits while offline.
        for uuid in shared.prefix(10) { try laptop.edit(uuid) { note, context in context.delete(note) } }
        try laptop.sync(remote)
        for uuid in shared.prefix(20) { try phone.edit(uuid) { note, _ in note["text"] = "edited offline" } }
        let offline = try phone.addNote("written offline", tags: ["travel"])

        let summary = try phone.sync(remote)
        #expect(summary.refused.isEmpty, "\(summary.refused)")
        #expect(summary.revived.count == 10, "the ten deleted while edited offline come back: \(summary.revived.count)")
        try laptop.sync(remote)
        let expected = try laptop.snapshot()
        #expect(try phone.snapshot() == expected)
        let texts = expected.map { $0.split(separator: "|")[1] }
        #expect(texts.filter { $0 == "edited offline" }.count == 20)
        #expect(expected.contains { $0.hasPrefix(offline.uuidString) && $0.contains("|written offline|") })
        #expect(expected.count == 100 + rounds * 200 - (rounds - 1) * 95 + 1, "\(expected.count)")
    }
}
