import Foundation
import Testing

@testable import ObjectGraph

@Suite("Store mirror, snapshots")
struct MirrorSnapshotTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-snapshot-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    /// The snapshots' heads on the remote, oldest (fewest change sets) first.
    func heads() throws -> [String] {
        try remote.listFiles().map(\.path).filter { $0.hasPrefix("snapshots/") && $0.hasSuffix(".head") }.sorted()
    }

    /// Two devices write a history of some thirty change sets: notes with tags, parts and a file,
    /// values and texts edited on both at once, a note deleted while edited elsewhere, a note
    /// deleted, a tag removed. Returns the notes.
    @discardableResult
    func writeHistory(_ a: MirrorPeer, _ b: MirrorPeer) throws -> [UUID] {
        let first = try a.addNote("Lisbon", tags: ["travel", "food"], parts: ["ticket"])
        try a.edit(first) { note, _ in note["file"] = Data(repeating: 7, count: 100_000) }
        try a.create(on: remote)
        try b.join(remote)
        try a.sync(remote)
        try b.sync(remote)
        var notes = [first]
        for round in 0..<6 {
            notes.append(try a.addNote("a \(round)", tags: ["r\(round % 2)"]))
            try a.sync(remote)
            notes.append(try b.addNote("b \(round)", tags: ["travel"], parts: ["p\(round)"]))
            try b.sync(remote)
            try a.edit(notes[round]) { note, _ in note["stars"] = Int64(round) }
            try a.sync(remote)
        }
        try a.edit(first) { note, _ in note["text"] = "from a" }
        try b.edit(first) { note, _ in note["text"] = "from b" }
        try b.edit(notes[1]) { note, context in context.delete(note) }
        try a.edit(notes[1]) { note, _ in note["stars"] = Int64(9) }
        try b.edit(notes[2]) { note, context in context.delete(note) }
        try a.edit(notes[3]) { note, context in note.remove(try a.tag("r0", in: context), from: "tags") }
        for peer in [a, b, a, b] { try peer.sync(remote) }
        return notes
    }

    @Test(
        "a device joining from a snapshot holds the same objects and clocks as one replaying every change set, and reads fewer"
    )
    func joiningFromASnapshotEqualsReplayingEverything() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 8), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        let covered = try heads().compactMap { MirrorSnapshot.parseHead(path: $0)?.covered }
        #expect(covered.count >= 2)
        for (older, newer) in zip(covered, covered.dropFirst()) { #expect(newer - older >= 8, "\(covered)") }

        let fromSnapshot = try MirrorPeer("fromSnapshot"), replaying = try MirrorPeer("replaying")
        replaying.mirror.loadsSnapshots = false
        let snapshotReads = HookedRemote(remote), replayReads = HookedRemote(remote)
        try fromSnapshot.join(snapshotReads)
        try replaying.join(replayReads)
        let loaded = try fromSnapshot.sync(snapshotReads)
        let replayed = try replaying.sync(replayReads)
        #expect(try loaded.loadedSnapshot == heads().last && loaded.refused.isEmpty, "\(loaded)")
        #expect(replayed.loadedSnapshot == nil)
        #expect(
            snapshotReads.downloads.filter { $0.hasSuffix(".chg") }.count < replayReads.downloads.filter {
                $0.hasSuffix(".chg")
            }.count / 2)

        let expected = try a.snapshot()
        #expect(expected.count == 12 && expected.contains { $0.contains("--- conflicting edit from ") }, "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try replaying.snapshot() == expected)
        #expect(try fromSnapshot.snapshot() == expected)
        #expect(try fromSnapshot.tagNames() == replaying.tagNames())
        let clocks = try replaying.clocks()
        #expect(clocks.values.contains { $0.gone != nil })
        #expect(try fromSnapshot.clocks() == clocks)
        #expect(try a.clocks() == clocks)
    }

    @Test(
        "changes made after a snapshot, on a device that joined from it and on devices that never saw it, merge everywhere"
    )
    func changesAfterASnapshotMerge() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 8), b = try MirrorPeer("b", snapshotInterval: 0)
        let notes = try writeHistory(a, b)
        let joined = try MirrorPeer("joined"), replaying = try MirrorPeer("replaying")
        replaying.mirror.loadsSnapshots = false
        try joined.join(remote)
        try replaying.join(remote)
        #expect(try joined.sync(remote).loadedSnapshot != nil)
        try replaying.sync(remote)

        try joined.edit(notes[4]) { note, _ in note["text"] = "the new device's words" }
        try b.edit(notes[4]) { note, _ in note["text"] = "b's words" }
        try joined.edit(notes[5]) { note, context in note.add(try joined.tag("late", in: context), to: "tags") }
        try b.edit(notes[5]) { note, context in note.remove(try b.tag("r1", in: context), from: "tags") }
        try b.edit(notes[6]) { note, context in context.delete(note) }
        try joined.edit(notes[6]) { note, _ in note["stars"] = Int64(7) }
        try a.edit(notes[7]) { note, context in context.delete(note) }
        try joined.addNote("after the snapshot", tags: ["travel"])
        for _ in 0..<3 { for peer in [joined, b, a, replaying] { try peer.sync(remote) } }

        let expected = try a.snapshot()
        #expect(expected.contains { $0.contains("the new device's words") && $0.contains("b's words") }, "\(expected)")
        #expect(
            expected.contains { $0.contains("|7|") }, "the edit racing the deletion brings the note back: \(expected)")
        #expect(expected.contains { $0.contains("|after the snapshot|") })
        for peer in [b, joined, replaying] { #expect(try peer.snapshot() == expected, "\(peer.name)") }
        #expect(try joined.clocks() == replaying.clocks())
    }

    enum Damage: String, CaseIterable {
        case flippedState, truncatedState, flippedHead, junkHead
    }

    @Test(
        "a damaged snapshot is refused with nothing of it applied, and the change sets are replayed instead",
        arguments: Damage.allCases)
    func aDamagedSnapshotIsRefused(damage: Damage) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 20), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        let head = try #require(try heads().last)
        #expect(try heads().count == 1)
        let state = folder.appending(path: String(head.dropLast(".head".count)) + ".state")
        let headURL = folder.appending(path: head)
        switch damage {
        case .flippedState: try flipping(state)
        case .truncatedState: try Data(try Data(contentsOf: state).dropLast(100)).write(to: state)
        case .flippedHead: try flipping(headURL)
        case .junkHead: try Data("junk".utf8).write(to: headURL)
        }
        // With the change sets out of reach, the refusal shows: nothing of the snapshot is here.
        let blocked = HookedRemote(remote)
        blocked.failsDownload = { $0.hasSuffix(".chg") }
        let joiner = try MirrorPeer("joiner")
        try joiner.join(blocked)
        #expect(throws: MirrorError.self) { try joiner.sync(blocked) }
        #expect(try joiner.snapshot().isEmpty)
        #expect(try joiner.clocks().isEmpty)

        blocked.failsDownload = { _ in false }
        let summary = try joiner.sync(blocked)
        #expect(summary.loadedSnapshot == nil)
        #expect(
            summary.refused.count == 1 && summary.refused[0].hasPrefix(head + ": ")
                && summary.refused[0].hasSuffix("; replaying the change sets instead"), "\(summary.refused)")
        #expect(try joiner.snapshot() == a.snapshot())
    }

    @Test("a head renamed to claim a later cut is refused, and the snapshot it was loads")
    func aRenamedHeadIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 20), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        let head = try #require(try heads().last)
        let id = try #require(MirrorSnapshot.parseHead(path: head)?.id)
        let claimed = MirrorSnapshot.headPath(covered: 999, id: id)
        try FileManager.default.copyItem(at: folder.appending(path: head), to: folder.appending(path: claimed))
        try FileManager.default.copyItem(
            at: folder.appending(
                path: MirrorSnapshot.statePath(covered: MirrorSnapshot.parseHead(path: head)?.covered ?? 0, id: id)),
            to: folder.appending(path: MirrorSnapshot.statePath(covered: 999, id: id)))
        let joiner = try MirrorPeer("joiner")
        try joiner.join(remote)
        let summary = try joiner.sync(remote)
        #expect(
            summary.refused == [
                "\(claimed): holds another snapshot than its name says; replaying the change sets instead"
            ])
        #expect(summary.loadedSnapshot == head)
        #expect(try joiner.snapshot() == a.snapshot())
    }

    @Test(
        "a snapshot made while another device sends change sets includes what its cut says; a device joining from it gets the rest"
    )
    func aSnapshotMadeWhileAnotherDeviceWrites() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 0), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        #expect(try heads().isEmpty)
        let snapshotting = StoreMirror(
            coordinator: a.stack.coordinator,
            configuration: {
                var configuration = a.mirror.configuration
                configuration.snapshotInterval = 8
                return configuration
            }(), scratchFolder: a.mirror.scratchFolder)
        // b syncs while a's snapshot is on its way up.
        let racing = HookedRemote(remote)
        var written: UUID?
        racing.beforeUpload = { path in
            guard path.hasSuffix(".state"), written == nil else { return }
            written = try? b.addNote("written while a snapshots", tags: ["race"])
            if let written { _ = try? b.edit(written) { note, _ in note["stars"] = Int64(2) } }
            _ = try? b.sync(remote)
        }
        _ = try snapshotting.sync(remote: racing)
        #expect(written != nil)
        #expect(try heads().count == 1)

        let joiner = try MirrorPeer("joiner")
        try joiner.join(remote)
        let summary = try joiner.sync(remote)
        #expect(summary.loadedSnapshot != nil && summary.received["b"] == 2, "\(summary)")
        try a.sync(remote)
        let expected = try b.snapshot()
        #expect(expected.contains { $0.contains("|written while a snapshots|2|race|") })
        #expect(try joiner.snapshot() == expected)
        #expect(try a.snapshot() == expected)
    }

    @Test(
        "a sync that saved here while it ran makes its snapshot at the next sync, not of a moment the change sets do not say"
    )
    func aLocalSaveDuringTheSyncPutsTheSnapshotOff() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 0), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        let snapshotting = StoreMirror(
            coordinator: a.stack.coordinator,
            configuration: {
                var configuration = a.mirror.configuration
                configuration.snapshotInterval = 8
                return configuration
            }(), scratchFolder: a.mirror.scratchFolder)
        let meanwhile = HookedRemote(remote)
        var saved = false
        meanwhile.beforeUpload = { path in
            guard path.hasSuffix(".chg"), !saved else { return }
            saved = true
            _ = try? a.addNote("saved while syncing")
        }
        try a.addNote("to send")
        _ = try snapshotting.sync(remote: meanwhile)
        #expect(saved)
        #expect(try heads().isEmpty)
        _ = try snapshotting.sync(remote: remote)
        #expect(try heads().count == 1)
        let joiner = try MirrorPeer("joiner")
        try joiner.join(remote)
        #expect(try joiner.sync(remote).loadedSnapshot != nil)
        #expect(try joiner.snapshot() == a.snapshot())
        #expect(try joiner.snapshot().contains { $0.contains("|saved while syncing|") })
    }

    @Test(
        "a state uploaded without its head (the sync cut off between the two) is removed by the next sync, which uploads both"
    )
    func aStateWithoutItsHeadIsRemoved() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 20), b = try MirrorPeer("b", snapshotInterval: 0)
        try writeHistory(a, b)
        try FileManager.default.removeItem(at: folder.appending(component: "snapshots"))
        try a.addNote("one more")
        let cut = HookedRemote(remote)
        cut.failsUpload = { $0.hasSuffix(".head") }
        #expect(throws: MirrorError.self) { try a.mirror.sync(remote: cut) }
        let orphans = try remote.listFiles().map(\.path).filter { $0.hasSuffix(".state") }
        #expect(try orphans.count == 1 && heads().isEmpty)
        try a.sync(remote)
        let states = try remote.listFiles().map(\.path).filter { $0.hasSuffix(".state") }
        #expect(states.count == 1 && !states.contains(orphans[0]))
        #expect(
            try heads().map { String($0.dropLast(".head".count)) } == states.map { String($0.dropLast(".state".count)) }
        )
    }

    @Test(
        "a device that sent a note, then syncs first after a snapshot holding that note's deletion, replays the change sets and ends as a device replaying everything"
    )
    func aSnapshotDeletingAHeldObjectIsPassedOver() throws {
        // The kill run's seed 2167, reduced. The snapshot keeps only the tombstone of b's note:
        // a, whose unseen edit keeps the note, would have lost b's text edit, which the change
        // sets the snapshot covers still hold.
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a", snapshotInterval: 0), b = try MirrorPeer("b", snapshotInterval: 1)
        let note = try a.addNote("n")
        try a.create(on: remote)
        try a.sync(remote)
        try b.join(remote)
        try b.sync(remote)
        try b.edit(note) { note, _ in note["text"] = "edited on b" }
        try b.sync(remote)
        try b.edit(note) { note, context in context.delete(note) }
        try b.sync(remote)
        #expect(try !heads().isEmpty)
        try a.edit(note) { note, _ in note["stars"] = Int64(5) }
        let summary = try a.sync(remote)
        #expect(summary.loadedSnapshot == nil && summary.refused.isEmpty, "\(summary)")
        try b.sync(remote)
        let replaying = try MirrorPeer("replaying")
        replaying.mirror.loadsSnapshots = false
        try replaying.join(remote)
        try replaying.sync(remote)
        let expected = try replaying.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|edited on b|5|"), "\(expected)")
        #expect(try a.snapshot() == expected)
        #expect(try b.snapshot() == expected)
    }

    private func flipping(_ url: URL) throws {
        var data = try Data(contentsOf: url)
        data[data.count / 2] ^= 0x01
        try data.write(to: url)
    }
}

/// A folder remote that notes what is downloaded and lets a test act before an upload, or fail one.
final class HookedRemote: MirrorRemote, @unchecked Sendable {
    // @unchecked: every property is only touched by the test's own thread.
    let base: FolderRemote
    var displayName: String { base.displayName }
    /// The paths downloaded, in order.
    var downloads: [String] = []
    var beforeUpload: (String) -> Void = { _ in }
    var failsUpload: (String) -> Bool = { _ in false }
    var failsDownload: (String) -> Bool = { _ in false }

    init(_ base: FolderRemote) { self.base = base }

    func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        try base.listFiles(includingUploads: includingUploads)
    }
    func remove(_ path: String) throws(MirrorError) { try base.remove(path) }
    func download(_ path: String, to destination: URL) throws(MirrorError) {
        guard !failsDownload(path) else { throw .remoteFailed(remote: displayName, path: path, reason: "cut off") }
        downloads.append(path)
        try base.download(path, to: destination)
    }
    func upload(_ source: URL, as path: String) throws(MirrorError) {
        beforeUpload(path)
        guard !failsUpload(path) else { throw .remoteFailed(remote: displayName, path: path, reason: "cut off") }
        try base.upload(source, as: path)
    }
}
