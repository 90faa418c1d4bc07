import Foundation
import Testing

@testable import ObjectGraph

/// A withdrawing attribute (the test model's `Note.binned`, the diary's trash) set on one device
/// while another edits the object: the edit wins and the object comes back out of the bin on
/// every device, as it does from a deletion; set after seeing every edit, or on two devices at
/// once, it stands.
@Suite("Store mirror, withdrawals")
struct MirrorWithdrawalTests {
    let folder = FileManager.default.temporaryDirectory.appending(component: "og-mirror-bin-\(UUID().uuidString)")
    var remote: FolderRemote { FolderRemote(folder: folder) }

    /// Two devices holding one synced note.
    func twoDevices(ahead: TimeInterval = 0, behind: TimeInterval = 0) throws -> (MirrorPeer, MirrorPeer, UUID) {
        try MirrorPeer.pair(("a", "b"), skews: (ahead, behind), on: remote, text: "written on a", stars: 1)
    }

    func bin(_ peer: MirrorPeer, _ note: UUID) throws {
        try peer.edit(note) { note, _ in note["binned"] = Date() }
    }

    @Test(
        "a note put in the bin on one device while edited on another comes back out of it on both, whichever syncs first",
        arguments: [false, true])
    func anEditRacingTheBinWins(editorFirst: Bool) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // The binning device's clock is hours ahead: the edit is stamped earlier, and still wins.
        let (a, b, note) = try twoDevices(ahead: 3 * 3600, behind: -2 * 3600)
        try bin(a, note)
        try b.edit(note) { note, _ in note["text"] = "edited on b" }
        var revived: [String: Int] = [:]
        for peer in editorFirst ? [b, a, b] : [a, b, a] {
            revived[peer.name, default: 0] += try peer.sync(remote).revived.count
        }
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|edited on b|") && !expected[0].hasSuffix("|binned"))
        #expect(try b.snapshot() == expected)
        #expect(try a.clocks() == b.clocks())
        // Each says so, as for an entry deleted while edited.
        #expect(revived == ["a": 1, "b": 1], "\(revived)")
    }

    @Test("a note put in the bin after seeing every edit stays in it")
    func aBinThatSawTheEditStands() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, note) = try twoDevices(ahead: -2 * 3600, behind: 3 * 3600)
        try b.edit(note) { note, _ in note["text"] = "edited on b" }
        try b.sync(remote)
        try a.sync(remote)
        try bin(a, note)
        try a.sync(remote)
        let summary = try b.sync(remote)
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].hasSuffix("|binned"), "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(summary.revived.isEmpty)
    }

    @Test("a note put in the bin on two devices at once stays in it")
    func twoBinsAtOnceStand() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, note) = try twoDevices(ahead: 3 * 3600)
        try bin(a, note)
        try bin(b, note)
        for peer in [a, b, a] { try peer.sync(remote) }
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].hasSuffix("|binned"), "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try a.clocks() == b.clocks())
    }

    @Test("three devices whose two bins and an edit cross end the same, in whichever order each met them")
    func anUndoingReachesEveryDevice() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, note) = try twoDevices()
        let c = try MirrorPeer("c")
        try c.join(remote)
        try c.sync(remote)
        // a bins without seeing b's edit; c sees b's edit, then bins (earlier than a's bin,
        // its clock being behind): a's bin stands by its stamp, and c's saw the edit.
        c.mirror.clockSkew = -3600
        try b.edit(note) { note, _ in note["text"] = "edited on b" }
        try b.sync(remote)
        try c.sync(remote)
        try bin(c, note)
        try bin(a, note)
        try c.sync(remote)
        try a.sync(remote)
        for _ in 0..<2 { for peer in [a, b, c] { try peer.sync(remote) } }
        let expected = try a.snapshot()
        #expect(expected.count == 1 && expected[0].contains("|edited on b|"), "\(expected)")
        #expect(try b.snapshot() == expected)
        #expect(try c.snapshot() == expected)
    }
}
