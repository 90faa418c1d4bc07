import Foundation

/// How an app's model mirrors: which attribute names an object across devices, which text
/// attributes keep both sides of a concurrent edit, and what the device is called. Everything
/// else (every attribute, to-one, to-many, ordered to-many and stored medium of every entity but
/// the mirror's own) mirrors without being named here.
public struct MirrorConfiguration: Sendable {
    /// Per entity (a root entity's name covers its subentities), a unique attribute whose value
    /// names the object on every device: objects made separately on two devices with one value
    /// (a tag of the same name) become one. Objects of other entities get a random identity.
    public var identityAttributes: [String: String]
    /// Per entity whose objects are parts of an owner (its to-one whose inverse cascades: a
    /// medium of its entry), an attribute whose value names the part within its owner (a
    /// content hash): the part's identity is its owner's and that value, the same on every
    /// device. Parts of entities not named here get a random identity.
    public var partIdentityAttributes: [String: String] = [:]
    /// `Entity.attribute` of string attributes whose concurrent edits are both kept: the later
    /// as the value, the other appended after ``conflictLine``.
    public var textMergingAttributes: Set<String>
    /// The line that separates a concurrently edited text from the version it lost against,
    /// given the losing device's name and when it edited.
    public var conflictLine: @Sendable (_ deviceName: String, _ date: Date) -> String
    /// This device's name as its user knows it (the host name, say).
    public var deviceName: String
    /// `Entity.attribute` of attributes whose value withdraws the object while set (a date it
    /// went to the trash): set on one device while another edited the object without seeing it,
    /// it is cleared on every device, as a deletion racing an edit is (the object comes back,
    /// reported in ``MirrorSyncSummary/revived``). Set on two devices at once, or after seeing
    /// every edit, it stands.
    public var withdrawingAttributes: Set<String> = []
    /// Entities kept on this device only (settings that make sense on one machine): never
    /// sent, and refused when another device sends them.
    public var localEntities: Set<String> = []
    /// How many change sets, all devices together, may pile up beyond the newest snapshot on the
    /// remote before a sync uploads a new one (``StoreMirror`` describes snapshots); 0: never.
    /// 500 by default: a device joining then replays at most about that many change sets after
    /// the snapshot it loads, and a snapshot (the whole store's state, however many change sets
    /// it replaces) is made at most once per that many.
    public var snapshotInterval = 500
    /// Argon2id's cost for a new key file (libsodium's MODERATE; tests lower it).
    package var passphraseCost = MirrorKeyFile.standardCost

    /// A configuration; by default every object has a random identity and every value is last-writer-wins.
    public init(
        identityAttributes: [String: String] = [:], partIdentityAttributes: [String: String] = [:],
        textMergingAttributes: Set<String> = [], withdrawingAttributes: Set<String> = [],
        localEntities: Set<String> = [], deviceName: String,
        conflictLine: @escaping @Sendable (_ deviceName: String, _ date: Date) -> String = { name, date in
            "--- conflicting edit from \(name), \(ISO8601DateFormatter().string(from: date)) ---"
        }
    ) {
        self.identityAttributes = identityAttributes
        self.partIdentityAttributes = partIdentityAttributes
        self.textMergingAttributes = textMergingAttributes
        self.withdrawingAttributes = withdrawingAttributes
        self.localEntities = localEntities
        self.deviceName = deviceName
        self.conflictLine = conflictLine
    }
}

/// What one sync did, for its summary line.
public struct MirrorSyncSummary: Sendable, Equatable {
    /// Objects sent in change sets.
    public var sentObjects = 0
    /// Change sets written to the remote.
    public var sentChangeSets = 0
    /// Media uploaded, and their bytes (sealed).
    public var sentBlobs = 0
    public var sentBlobBytes: Int64 = 0
    /// All bytes written to the remote.
    public var sentBytes: Int64 = 0
    /// Objects received, by the sending device's name.
    public var received: [String: Int] = [:]
    /// Media downloaded.
    public var receivedBlobs = 0
    /// Texts edited on two devices at once, kept both (by the object's identity).
    public var conflicts: [String] = []
    /// Objects a device deleted while another edited them, kept (by identity).
    public var revived: [String] = []
    /// Remote files refused (failing authentication, or not whole yet), with why.
    public var refused: [String] = []
    /// Temporary files of uploads abandoned over a day ago (a sync killed mid-upload) removed.
    public var removedUploads = 0
    /// Snapshots uploaded (their bytes are in ``sentBytes``).
    public var sentSnapshots = 0
    /// The head of the snapshot this sync loaded (a device joining), whose records are counted in
    /// ``received`` under the name of the device that made it; nil when none was loaded.
    public var loadedSnapshot: String?

    /// An empty summary.
    public init() {}
}

/// A mirrored store's state as `sync status` shows it.
public struct MirrorStatus: Sendable, Equatable {
    /// The remote as it was given to ``StoreMirror/create(remote:address:passphrase:)``.
    public var remoteAddress: String
    /// This device's identity and name.
    public var device: String
    public var deviceName: String
    /// The other devices seen, with their names, the last change set applied and how many are waiting.
    public var devices: [Device]
    /// Objects the next sync sends: changed here since the last sync or not sent by it.
    public var pendingObjects: Int
    /// The change sets on the remote, all devices together (none when no remote was given).
    public var remoteChangeSets = 0
    /// How many change sets each snapshot on the remote covers, the newest first.
    public var remoteSnapshots: [Int] = []

    /// Another device.
    public struct Device: Sendable, Equatable {
        public var identifier: String
        public var name: String
        public var appliedChangeSets: Int
        public var waitingChangeSets: Int
        public var lastSeen: Date?
    }
}
