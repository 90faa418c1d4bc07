import Foundation
import Testing

@testable import ObjectGraph

@Suite("Store mirror, clocks")
struct MirrorClockConvergenceTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-clocks-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    @Test(
        "devices that each keep a note against the same deletion, having seen an edit it did not, end with the same clock"
    )
    func devicesRevivingAgainstOneDeletionAgree() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        let note = try a.addNote("keep me")
        try a.create(on: remote)
        try b.join(remote)
        try c.join(remote)
        for peer in [a, b, c] { try peer.sync(remote) }
        try a.edit(note) { note, context in context.delete(note) }
        try b.edit(note) { note, _ in note["stars"] = Int64(3) }
        try b.sync(remote)
        try c.sync(remote)
        // b and c both hold the edit when the deletion reaches them: each keeps the note.
        for peer in [a, b, c, a, b, c] { try peer.sync(remote) }
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|keep me|3|"), "\(expected)")
        #expect(try b.snapshot() == expected && c.snapshot() == expected)
        let clocks = try a.clocks()
        #expect(clocks.values.contains { $0.revived != nil })
        #expect(try b.clocks() == clocks)
        #expect(try c.clocks() == clocks)
    }

    @Test(
        "a deleted note's record holds the same stamps on every device, whatever order the devices' change sets came in"
    )
    func tombstonesAgreeWhateverTheOrder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try MirrorPeer("a"), b = try MirrorPeer("b"), c = try MirrorPeer("c")
        try b.create(on: remote)
        try a.join(remote)
        try c.join(remote)
        // c applies b's change sets (the note made, then deleted) before a's (its edit).
        try b.setDevice("0000000000000001")
        try a.setDevice("0000000000000002")
        let note = try b.addNote("short-lived")
        try b.sync(remote)
        try a.sync(remote)
        try a.edit(note) { note, _ in note["stars"] = Int64(5) }
        try a.sync(remote)
        try b.sync(remote)
        try b.edit(note) { note, context in context.delete(note) }
        try b.sync(remote)
        for peer in [a, c, a, c] { try peer.sync(remote) }
        #expect(try a.snapshot().isEmpty && c.snapshot().isEmpty)
        let clocks = try a.clocks()
        #expect(clocks.values.contains { $0.gone != nil && $0.stamps["stars"] != nil })
        #expect(try c.clocks() == clocks)
        #expect(try b.clocks() == clocks)
    }
}
