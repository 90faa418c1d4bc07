import Foundation

/// A compacted snapshot of a mirror: the whole mirrored state one device held at a cut (every
/// object's values and clock, tombstones included), so a device joining later loads it and
/// replays only the change sets after the cut instead of every one since the mirror began.
///
/// Two sealed files on the remote, never rewritten:
/// ```
/// snapshots/<covered>-<id>.state   the records: lines, each a JSON array of MirrorRecordState
/// snapshots/<covered>-<id>.head    this description (uploaded after the state it describes)
/// ```
/// `<covered>` (12 digits) is how many change sets the cut includes, all devices together, so a
/// device picks the newest snapshot from a listing without reading one (the remote knows the
/// count anyway: it lists the change sets); `<id>` is a keyed hash of the making device and the
/// moment, so the name says nothing else. The head binds the state by its SHA-256 and length,
/// which the sealed state's authenticated trailer must repeat: a state flipped, cut short,
/// swapped for another snapshot's or not yet whole is refused before anything of it is applied.
struct MirrorSnapshot: Codable, Sendable, Equatable {
    static let currentFormat = 1
    /// The layout version of the head and its state.
    var format = MirrorSnapshot.currentFormat
    /// The mirror (the remote's key file names it), so a snapshot copied from another remote
    /// sealed with the same key is refused.
    var mirror: UUID
    /// The keyed hash its files are named by, which the names must repeat.
    var id: String
    /// The device that made it, and its name as its user knows it.
    var device: String
    var deviceName: String
    /// When it was made (the making device's clock).
    var created: MirrorStamp
    /// The cut: for each device, the last of its change sets the state includes (absent: none).
    var vector: [String: Int]
    /// What its maker had seen of each device's edits (``StoreMirror/Setting/knownPrefix``),
    /// itself included; a device loading it knows as much (nil in snapshots from before).
    var known: [String: MirrorStamp]?
    /// The names of the devices in ``vector``, for messages.
    var names: [String: String]
    /// How many records the state holds.
    var records: Int
    /// The SHA-256 and length of the state's content (before sealing).
    var sha256: String
    var byteCount: Int64

    /// How many change sets the cut includes, all devices together.
    var covered: Int { vector.values.reduce(0, +) }

    /// The most records one line of the state holds.
    static let recordsPerLine = 256
    /// The largest head a device reads (a head is a few hundred bytes per device).
    static let largestHead: Int64 = 1 << 20

    /// The remote path of the head of snapshot `id` covering `covered` change sets.
    static func headPath(covered: Int, id: String) -> String { "snapshots/\(name(covered: covered, id: id)).head" }

    /// The remote path of the state the head at `headPath(covered:id:)` describes.
    static func statePath(covered: Int, id: String) -> String { "snapshots/\(name(covered: covered, id: id)).state" }

    private static func name(covered: Int, id: String) -> String {
        let number = String(covered)
        return String(repeating: "0", count: max(0, 12 - number.count)) + number + "-" + id
    }

    /// What a remote path of a snapshot's head names; nil for any other path.
    static func parseHead(path: String) -> (covered: Int, id: String)? {
        let parts = path.split(separator: "/")
        guard parts.count == 2, parts[0] == "snapshots", parts[1].hasSuffix(".head") else { return nil }
        let name = parts[1].dropLast(5).split(separator: "-")
        guard name.count == 2, name[0].count == 12, let covered = Int(name[0]), covered >= 0,
            BlobStore.isValidHash(String(name[1]))
        else { return nil }
        return (covered, String(name[1]))
    }
}
