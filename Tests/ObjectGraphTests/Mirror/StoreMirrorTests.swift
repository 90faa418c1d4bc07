import Foundation
import Testing

@testable import ObjectGraph

@Suite("Store mirror")
struct StoreMirrorTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    @Test("three stores syncing through a folder end with the same notes, tags, parts and files")
    func threeStoresConverge() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let laptop = try MirrorPeer("laptop"), desktop = try MirrorPeer("desktop"), phone = try MirrorPeer("phone")
        let first = try laptop.addNote("Lisbon, day one", tags: ["travel", "food"], parts: ["ticket"])
        try laptop.edit(first) { note, _ in note["file"] = Data(repeating: 7, count: 300_000) }
        try laptop.create(on: remote)
        try desktop.addNote("written before joining", tags: ["travel"])
        try desktop.join(remote)
        try phone.join(remote)

        let sent = try laptop.sync(remote)
        #expect(sent.sentObjects == 4 && sent.sentBlobs == 1)
        let received = try desktop.sync(remote)
        #expect(received.received["laptop"] == 4 && received.receivedBlobs == 1)
        try phone.sync(remote)
        try laptop.sync(remote)
        try phone.sync(remote)

        let expected = try laptop.snapshot()
        #expect(expected.count == 2)
        #expect(try desktop.snapshot() == expected)
        #expect(try phone.snapshot() == expected)
        // "travel" was made on two devices: one tag everywhere.
        #expect(try phone.tagNames() == ["food", "travel"])
        #expect(try desktop.tagNames() == ["food", "travel"])

        // Nothing of the diary is readable on the remote.
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! {
            guard let data = try? Data(contentsOf: url) else { continue }
            for word in ["Lisbon", "travel", "ticket", "laptop", first.uuidString.lowercased(), first.uuidString] {
                #expect(data.range(of: Data(word.utf8)) == nil, "\(word) in \(url.lastPathComponent)")
            }
        }
        // An unchanged sync sends nothing.
        let idle = try phone.sync(remote)
        #expect(idle.sentChangeSets == 0 && idle.received.isEmpty)
    }

    @Test("a device that leaves and joins again brings back no second copy of a part and no false conflict")
    func aDeviceThatLeftAndJoinedAgainDuplicatesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = ["Part": "label"]
        let laptop = try MirrorPeer("laptop", partIdentityAttributes: parts)
        let desktop = try MirrorPeer("desktop", partIdentityAttributes: parts)
        let note = try laptop.addNote("Lisbon, day one", tags: ["travel"], parts: ["ticket", "map"])
        try laptop.create(on: remote)
        try laptop.sync(remote)
        try desktop.join(remote)
        try desktop.sync(remote)
        try desktop.edit(note) { note, _ in note["stars"] = Int64(3) }
        try desktop.sync(remote)

        try desktop.mirror.leave()
        try desktop.join(remote)
        let again = try desktop.sync(remote)
        try laptop.sync(remote)
        let last = try desktop.sync(remote)
        #expect(again.conflicts.isEmpty && last.conflicts.isEmpty)
        let expected = try laptop.snapshot()
        #expect(expected == ["\(note.uuidString)|Lisbon, day one|3|travel|map,ticket|-"])
        #expect(try desktop.snapshot() == expected)
    }

    @Test("the same part added to the same note on two devices is one part")
    func theSamePartAddedOnTwoDevicesIsOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = ["Part": "label"]
        let laptop = try MirrorPeer("laptop", partIdentityAttributes: parts)
        let desktop = try MirrorPeer("desktop", partIdentityAttributes: parts)
        let note = try laptop.addNote("shared", parts: [])
        try laptop.create(on: remote)
        try laptop.sync(remote)
        try desktop.join(remote)
        try desktop.sync(remote)
        for peer in [laptop, desktop] {
            try peer.edit(note) { note, context in
                let part = try context.insertObject(entityName: "Part")
                part["label"] = "receipt"
                part.setValue(note, forKey: "note")
            }
        }
        try laptop.sync(remote)
        try desktop.sync(remote)
        try laptop.sync(remote)
        #expect(try laptop.snapshot() == ["\(note.uuidString)|shared|0||receipt|-"])
        #expect(try desktop.snapshot() == laptop.snapshot())
    }

    @Test("edits of different values on two devices both stay; tags added and removed merge as sets")
    func editsMergePerValue() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b")
        let note = try a.addNote("first", tags: ["x", "y"])
        try a.create(on: remote)
        try b.join(remote)
        try a.sync(remote)
        try b.sync(remote)
        try a.edit(note) { note, _ in note["stars"] = Int64(5) }
        try b.edit(note) { note, context in
            note["text"] = "second"
            note.remove(try b.tag("x", in: context), from: "tags")
            note.add(try b.tag("z", in: context), to: "tags")
        }
        try a.edit(note) { note, context in note.add(try a.tag("w", in: context), to: "tags") }
        try a.sync(remote)
        try b.sync(remote)
        try a.sync(remote)
        let expected = try a.snapshot()
        #expect(try b.snapshot() == expected)
        #expect(expected.first?.contains("|second|5|w,y,z|") == true, "\(expected)")
    }

    @Test("a text edited on two devices keeps both versions, the same on every device")
    func concurrentTextKeepsBoth() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("base")
        try a.create(on: remote)
        try b.join(remote)
        try c.join(remote)
        try a.sync(remote)
        try b.sync(remote)
        try c.sync(remote)
        try a.edit(note) { note, _ in note["text"] = "from a" }
        try b.edit(note) { note, _ in note["text"] = "from b" }
        let summaryA = try a.sync(remote)
        let summaryB = try b.sync(remote)
        try c.sync(remote)
        try a.sync(remote)
        #expect(summaryA.conflicts.isEmpty && summaryB.conflicts.count == 1)
        let expected = try a.snapshot()
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
        let text = try #require(expected.first)
        #expect(
            text.contains("from a") && text.contains("from b") && text.contains("--- conflicting edit from "), "\(text)"
        )
        // A later edit made from the merged text replaces it everywhere, without a new conflict.
        try c.edit(note) { note, _ in note["text"] = "settled" }
        try c.sync(remote)
        let afterA = try a.sync(remote), afterB = try b.sync(remote)
        #expect(afterA.conflicts.isEmpty && afterB.conflicts.isEmpty)
        #expect(try a.snapshot().first?.contains("|settled|") == true)
        #expect(try b.snapshot() == a.snapshot())
    }

    @Test("an edit racing a deletion wins: the note comes back on the deleting device, with its parts")
    func editBeatsConcurrentDelete() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b")
        let note = try a.addNote("keep me", parts: ["p1"])
        let doomed = try a.addNote("delete me")
        try a.create(on: remote)
        try b.join(remote)
        try a.sync(remote)
        try b.sync(remote)
        try a.edit(note) { note, context in context.delete(note) }
        try a.edit(doomed) { note, context in context.delete(note) }
        try b.edit(note) { note, _ in note["stars"] = Int64(3) }
        try a.sync(remote)
        let summary = try b.sync(remote)
        #expect(summary.revived.count >= 1)
        try a.sync(remote)
        try b.sync(remote)
        let expected = try b.snapshot()
        #expect(expected.count == 1 && expected.first?.contains("|keep me|3||p1|") == true, "\(expected)")
        let onA = try a.snapshot()
        #expect(onA == expected, "\(onA) \(expected)")
    }

    @Test(
        "a tag removed while one device deletes the note and another edits it stays removed on every device, the remover too",
        arguments: [false, true])
    func aTagRemovedRacingADeletionAndAnEdit(deleterFirst: Bool) throws {
        // The randomized run's seed 53 (five devices, sixty steps), reduced: b removes a tag, then
        // applies c's deletion (which saw no removal: a removal stamps no add, so the note goes),
        // then a's edit, which brings the note back. b's tombstone knew of its removal, the state
        // bringing it back did not: b alone had the tag again. (Devices apply the others' change
        // sets in the order of their identifiers.)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("n", tags: ["blue", "red"])
        try a.create(on: remote); try b.join(remote); try c.join(remote)
        try a.setDevice(deleterFirst ? "00000000000000a2" : "00000000000000a1")
        try b.setDevice("00000000000000b1")
        try c.setDevice(deleterFirst ? "00000000000000a1" : "00000000000000a2")
        for peer in [a, b, c] { try peer.sync(remote) }
        try c.edit(note) { note, context in context.delete(note) }
        try c.sync(remote)
        try b.edit(note) { note, context in note.remove(try b.tag("blue", in: context), from: "tags") }
        try a.edit(note) { note, _ in note["stars"] = Int64(4) }
        try a.sync(remote)
        try b.sync(remote)
        for _ in 0..<2 { for peer in [a, b, c] { try peer.sync(remote) } }
        let expected = ["\(note.uuidString)|n|4|red||-"]
        #expect(try a.snapshot() == expected)
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
    }

    @Test("a flipped, truncated or swapped change set is refused and nothing of it applied")
    func tamperedChangeSetsAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b")
        try a.addNote("one")
        try a.create(on: remote)
        try b.join(remote)
        try a.sync(remote)
        let file = try #require(try remote.listFiles().first { $0.path.hasSuffix(".chg") })
        let url = folder.appending(path: file.path)
        let original = try Data(contentsOf: url)
        for damaged in [
            flipping(original, at: original.count / 2), original.prefix(original.count - 10), Data("junk".utf8)
        ] {
            try damaged.write(to: url)
            let summary = try b.sync(remote)
            #expect(summary.refused.count == 1 && summary.received.isEmpty, "\(summary)")
            #expect(try b.snapshot().isEmpty)
        }
        try original.write(to: url)
        #expect(try b.sync(remote).received["a"] == 1)
        #expect(try b.snapshot() == a.snapshot())
    }

    @Test("a change set replaced by an older one or by another device's is refused; put back, it applies")
    func replacedChangeSetsAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("first")
        try a.create(on: remote)
        try b.join(remote)
        try c.join(remote)
        try a.sync(remote)
        try a.edit(note) { note, _ in note["text"] = "second" }
        try a.sync(remote)
        try c.addNote("from c")
        try c.sync(remote)
        let files = try remote.listFiles().map(\.path).filter { $0.hasSuffix(".chg") }
        let aSecond = try #require(files.first { $0.hasSuffix("/000000000002.chg") })
        let aFolder = String(aSecond.dropLast("000000000002.chg".count))
        let older = try Data(contentsOf: folder.appending(path: aFolder + "000000000001.chg"))
        let cFile = try #require(files.first { !$0.hasPrefix(aFolder) })
        let original = try Data(contentsOf: folder.appending(path: aSecond))
        for replacement in [older, try Data(contentsOf: folder.appending(path: cFile))] {
            try replacement.write(to: folder.appending(path: aSecond))
            let summary = try b.sync(remote)
            #expect(summary.refused.count == 1 && summary.refused[0].hasPrefix(aSecond), "\(summary)")
            // a's first change set and c's applied; nothing of the replaced one.
            let notes = try b.snapshot()
            #expect(notes.count == 2 && notes.contains { $0.contains("|first|") }, "\(notes)")
        }
        try original.write(to: folder.appending(path: aSecond))
        #expect(try b.sync(remote).received["a"] == 1)
        try a.sync(remote)
        #expect(try b.snapshot() == a.snapshot())
        #expect(try b.snapshot().contains { $0.contains("|second|") })
    }

    @Test("devices whose clocks are hours apart: an edit made after seeing another's wins, whichever clock is ahead")
    func clocksHoursApart() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ahead, behind, note) = try MirrorPeer.pair(
            ("ahead", "behind"), skews: (3 * 3600, -2 * 3600), on: remote, text: "written ahead", stars: 1)
        // The device five hours behind edits after seeing the note: its edit is the later one.
        try behind.edit(note) { note, _ in note["stars"] = Int64(5) }
        try behind.sync(remote)
        try ahead.sync(remote)
        let seen = try ahead.snapshot()
        #expect(seen.first?.contains("|5|") == true, "\(seen)")
        // And back: the device ahead edits after seeing that.
        try ahead.edit(note) { note, _ in note["text"] = "edited ahead" }
        try ahead.sync(remote)
        try behind.sync(remote)
        let expected = try ahead.snapshot()
        #expect(expected.first?.contains("|edited ahead|5|") == true, "\(expected)")
        #expect(try behind.snapshot() == expected)
    }

    @Test("an edit not yet sent from a device whose clock is behind outlives a deletion made without seeing it")
    func anUnseenEditOnAClockBehindOutlivesADeletion() throws {
        // The deleting device had seen its own later edit, stamped hours after the other device's
        // clock: a single stamp of what the deletion saw would call the unseen edit seen.
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ahead, behind, note) = try MirrorPeer.pair(
            ("ahead", "behind"), skews: (3 * 3600, -2 * 3600), on: remote, text: "written ahead", stars: 1)
        try ahead.edit(note) { note, _ in note["stars"] = Int64(3) }
        try ahead.sync(remote)
        try ahead.edit(note) { note, context in context.delete(note) }
        try ahead.sync(remote)
        try behind.edit(note) { note, _ in note["text"] = "kept behind" }
        try behind.sync(remote)
        try ahead.sync(remote)
        let expected = try behind.snapshot()
        #expect(expected.count == 1 && expected.first?.contains("|kept behind|") == true, "\(expected)")
        #expect(try ahead.snapshot() == expected)
        #expect(try ahead.clocks() == behind.clocks())
    }

    @Test("a full remote fails the sync with nothing half there; once there is room, the next sync sends it all")
    func aFullRemoteLosesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let laptop = try MirrorPeer("laptop"), desktop = try MirrorPeer("desktop")
        let full = LimitedRemote(remote, room: 64 * 1024)
        let note = try laptop.addNote("a photo's day", tags: ["trip"], parts: ["p"])
        try laptop.edit(note) { note, _ in note["file"] = Data(repeating: 3, count: 300_000) }
        try laptop.create(on: full)
        #expect(throws: MirrorError.remoteFull(remote: remote.displayName)) { try laptop.sync(full) }
        // Nothing names the photo that did not fit, and no file is half there.
        #expect(try remote.listFiles().allSatisfy { !$0.path.hasSuffix(".chg") })
        try desktop.join(full)
        try desktop.sync(full)
        #expect(try desktop.snapshot().isEmpty)
        // Room again: the next sync sends what the failed one did not, and both devices agree.
        full.room = .max
        try laptop.sync(full)
        try desktop.sync(full)
        #expect(try desktop.snapshot() == laptop.snapshot())
        #expect(try desktop.snapshot().first?.contains("|a photo's day|") == true)
    }

    @Test("what uploads killed over a day ago left behind is removed by the next sync; uploads under way are not")
    func abandonedUploadsAreRemoved() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let laptop = try MirrorPeer("laptop")
        try laptop.addNote("one")
        try laptop.create(on: remote)
        try laptop.sync(remote)
        let blobs = folder.appending(component: "blobs")
        try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
        let old = MirrorRemoteFile.temporaryPath(for: "blobs/abc", at: Date(timeIntervalSinceNow: -2 * 86_400))
        let recent = MirrorRemoteFile.temporaryPath(for: "blobs/def", at: Date(timeIntervalSinceNow: -3600))
        for path in [old, recent] { try Data(repeating: 1, count: 1000).write(to: folder.appending(path: path)) }
        #expect(try remote.listFiles().allSatisfy { !MirrorRemoteFile.isTemporary($0.path) })
        #expect(
            try remote.listFiles(includingUploads: true).filter { MirrorRemoteFile.isTemporary($0.path) }.count == 2)
        let summary = try laptop.sync(remote)
        #expect(summary.removedUploads == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: old).path))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: recent).path))
    }

    @Test("the wrong passphrase opens nothing; a remote cannot be made twice")
    func passphraseGuardsTheRemote() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b")
        try a.create(on: remote)
        #expect(throws: MirrorError.wrongPassphrase(remote: remote.displayName)) {
            try b.join(remote, passphrase: "wrong")
        }
        #expect(throws: MirrorError.remoteAlreadyInitialized(remote: remote.displayName)) { try b.create(on: remote) }
        #expect(throws: MirrorError.notMirrored) { try b.sync(remote) }
        try b.join(remote)
        #expect(try b.mirror.remoteAddress() == remote.displayName)
    }

    private func flipping(_ data: Data, at index: Int) -> Data {
        var copy = data
        copy[index] ^= 0x01
        return copy
    }
}

/// A remote with only so much room: an upload that does not fit fails as a full disk does.
final class LimitedRemote: MirrorRemote, @unchecked Sendable {
    // @unchecked: `room` is only touched by the test's own thread.
    let base: FolderRemote
    var room: Int64
    var displayName: String { base.displayName }

    init(_ base: FolderRemote, room: Int64) {
        self.base = base
        self.room = room
    }

    func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        try base.listFiles(includingUploads: includingUploads)
    }
    func remove(_ path: String) throws(MirrorError) { try base.remove(path) }
    func download(_ path: String, to destination: URL) throws(MirrorError) { try base.download(path, to: destination) }
    func upload(_ source: URL, as path: String) throws(MirrorError) {
        let size = Int64((try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0)
        guard size <= room else { throw .remoteFull(remote: displayName) }
        room -= size
        try base.upload(source, as: path)
    }
}

@Suite("Store mirror, parts scenarios")
struct MirrorPartScenarioTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-parts-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    func addPart(_ peer: MirrorPeer, _ note: UUID, _ label: String) throws {
        try peer.edit(note) { note, context in
            let part = try context.insertObject(entityName: "Part")
            part["label"] = label
            part.setValue(note, forKey: "note")
        }
    }

    func settle(_ peers: [MirrorPeer]) throws {
        for _ in 0..<3 { for peer in peers { try peer.sync(remote) } }
    }

    @Test(
        "a part added to a synced note reaches a device that applies the part's change set before the note's",
        arguments: [false, true])
    func aPartArrivingBeforeItsNote(partIdentities: Bool) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let attributes = partIdentities ? ["Part": "label"] : [:]
        let a = try MirrorPeer("a", partIdentityAttributes: attributes),
            b = try MirrorPeer("b", partIdentityAttributes: attributes),
            c = try MirrorPeer("c", partIdentityAttributes: attributes)
        try a.create(on: remote); try b.join(remote); try c.join(remote)
        // b applies c's change sets before a's.
        try a.setDevice("00000000000000a3"); try b.setDevice("00000000000000b2"); try c.setDevice("00000000000000a1")
        let note = try a.addNote("n", parts: ["p1"])
        try a.sync(remote)
        try c.sync(remote)
        try addPart(c, note, "ticket")
        try c.sync(remote)
        // b's first sync: c's change set (the ticket), then a's (the note).
        try b.sync(remote)
        let onB = try b.snapshot()
        #expect(onB.first?.contains("|p1,ticket|") == true, "\(onB)")
        try settle([a, b, c])
        let expected = try a.snapshot()
        #expect(expected.first?.contains("|p1,ticket|") == true, "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
    }

    @Test(
        "a part added while another device deletes the note and a third edits it comes back with the note everywhere",
        arguments: 0..<6)
    func aPartAddedRacingADeletionAndAnEdit(order: Int) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("n", parts: ["p1"])
        try a.create(on: remote); try b.join(remote); try c.join(remote)
        try settle([a, b, c])
        try c.edit(note) { note, context in context.delete(note) }
        try addPart(a, note, "ticket")
        try b.edit(note) { note, _ in note["stars"] = Int64(5) }
        let peers = [a, b, c]
        for index in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order] {
            try peers[index].sync(remote)
        }
        try settle(peers)
        let expected = try a.snapshot()
        #expect(expected.first?.contains("|5||p1,ticket|") == true, "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
    }

    @Test(arguments: [0, 1, 2, 3])
    func aPartAddedWhileTheNoteIsDeletedElsewhere(order: Int) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("n", parts: ["p1"])
        try a.create(on: remote); try b.join(remote); try c.join(remote)
        try settle([a, b, c])
        try addPart(a, note, "ticket")
        try b.edit(note) { note, context in context.delete(note) }
        switch order {
        case 0: try a.sync(remote); try b.sync(remote)
        case 1: try b.sync(remote); try a.sync(remote)
        case 2: try b.sync(remote); try c.sync(remote); try a.sync(remote)
        default: try a.sync(remote); try c.sync(remote); try b.sync(remote)
        }
        try settle([a, b, c])
        let expected = try a.snapshot()
        let onB = try b.snapshot(), onC = try c.snapshot()
        #expect(onB == expected, "\(expected) \(onB)")
        #expect(onC == expected, "\(expected) \(onC)")
    }

    @Test(
        "a part the deleting device never had comes back with its note everywhere, on devices that deleted it with the note too"
    )
    func aPartTheDeletionNeverSawComesBackWithItsNote() throws {
        // The randomized run's seed 851 (five devices, sixty steps), reduced. c deletes the note
        // after an edit (sent first, so the deletion saw it) stamped later than b's new part, so
        // devices holding the part delete it with the note; d's later edit brings the note back. d, which had kept the
        // note before the part reached it, and b, which deleted and brought back the note in one sync (its
        // record of the part still naming the deleted part), never sent the part again.
        defer { try? FileManager.default.removeItem(at: folder) }
        let peers = try ["a", "b", "c", "d", "e"].map { try MirrorPeer($0) }
        let (a, b, c, d, e) = (peers[0], peers[1], peers[2], peers[3], peers[4])
        let note = try a.addNote("n", parts: ["p1"])
        try a.create(on: remote)
        for peer in peers.dropFirst() { try peer.join(remote) }
        // Each device applies the others' change sets in the order of their identifiers.
        for (peer, device) in zip(
            peers,
            [
                "00000000000000a1", "00000000000000b1", "00000000000000c1", "00000000000000d1",
                "00000000000000e1"
            ])
        { try peer.setDevice(device) }
        try settle(peers)
        try addPart(b, note, "map")
        Thread.sleep(forTimeInterval: 0.005)
        try c.edit(note) { note, _ in note["stars"] = Int64(2) }
        try c.sync(remote)
        try c.edit(note) { note, context in context.delete(note) }
        try c.sync(remote)
        Thread.sleep(forTimeInterval: 0.005)
        try d.edit(note) { note, _ in note["text"] = "kept" }
        try d.sync(remote)
        try b.sync(remote)
        try e.sync(remote)
        try settle(peers)
        let expected = try a.snapshot()
        let others = try peers.dropFirst().map { try $0.snapshot() }
        // c's deletion carries what c had seen of each device's edits (MirrorObjectClock.knew):
        // b's part is later than all c had of b, so the note lives on with it wherever the part
        // meets the deletion, before or after.
        #expect(
            expected.first?.contains("|kept|") == true && expected.first?.contains("|map,p1|") == true,
            "\(expected)")
        for (peer, got) in zip(peers.dropFirst(), others) { #expect(got == expected, "\(peer.name)") }
    }

    @Test("a part deleted alone stays deleted when its note, deleted on another device, is brought back by an edit")
    func aPartDeletedAloneStaysDeletedThroughItsNotesRevival() throws {
        // The randomized run's seed 1873, reduced: d keeps the note against b's deletion (d's edit
        // wins) and, before, would keep the part with it against c's deletion of the part alone,
        // stamped earlier than b's; a device meeting c's deletion first deleted the part for good.
        defer { try? FileManager.default.removeItem(at: folder) }
        let peers = try ["a", "b", "c", "d"].map { try MirrorPeer($0, partIdentityAttributes: ["Part": "label"]) }
        let (a, b, c, d) = (peers[0], peers[1], peers[2], peers[3])
        let note = try a.addNote("n", parts: ["p1", "p2"])
        try a.create(on: remote)
        for peer in peers.dropFirst() { try peer.join(remote) }
        for (peer, device) in zip(
            peers, ["00000000000000a1", "00000000000000b1", "00000000000000c1", "00000000000000d1"])
        {
            try peer.setDevice(device)
        }
        try settle(peers)
        try c.edit(note) { note, context in
            if let part = (note.value(forKey: "parts") as? Set<ManagedObject>)?.first(where: {
                $0["label", as: String.self] == "p1"
            }) {
                context.delete(part)
            }
        }
        try c.sync(remote)
        Thread.sleep(forTimeInterval: 0.005)
        try b.edit(note) { note, context in context.delete(note) }
        try d.edit(note) { note, _ in note["text"] = "kept" }
        try b.sync(remote)
        try d.sync(remote)
        try settle(peers)
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|kept|") && expected[0].contains("|p2|"), "\(expected)")
        for peer in peers.dropFirst() { #expect(try peer.snapshot() == expected, "\(peer.name)") }
    }

    @Test(
        "the same part twice in one note stays two objects, not three, when the device that made them leaves and joins again"
    )
    func copiesOfAPartKeepTheirIdentitiesThroughARejoin() throws {
        // The randomized run's seed 1847, reduced: the second copy's identity was random, so the
        // device joining again sent it as a third object.
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", partIdentityAttributes: ["Part": "label"])
        let b = try MirrorPeer("b", partIdentityAttributes: ["Part": "label"])
        _ = try a.addNote("n", parts: ["ticket", "ticket"])
        try a.create(on: remote)
        try b.join(remote)
        try settle([a, b])
        try a.mirror.leave()
        try a.join(remote)
        try settle([a, b])
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|ticket,ticket|"), "\(expected)")
        #expect(try b.snapshot() == expected)
    }

    @Test(arguments: [0, 1])
    func partsAddedOnTwoDevices(order: Int) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("n", parts: ["p1"])
        try a.create(on: remote); try b.join(remote); try c.join(remote)
        try settle([a, b, c])
        try addPart(a, note, "ticket")
        try addPart(b, note, "map")
        if order == 1 { try c.edit(note) { note, _ in note["stars"] = Int64(4) } }
        try settle([a, b, c])
        let expected = try a.snapshot()
        #expect(expected.first?.contains("map,p1,ticket") == true, "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
    }
}
