import Foundation

/// One change set: what one sync of one device sent, the whole current state of every object it
/// changed since its last change set, with the stamp of each value. Sealed as one remote file,
/// `devices/<device>/<sequence>.chg`, never rewritten: a device that missed nothing applies its
/// change sets in sequence order, and applying one twice changes nothing.
struct MirrorChangeSet: Codable, Sendable {
    static let currentFormat = 1
    /// The layout version of the change set.
    var format = MirrorChangeSet.currentFormat
    /// The mirror (the remote's key file names it), so a change set copied from another
    /// remote sealed with the same key is refused.
    var mirror: UUID
    /// The device that made it.
    var device: String
    /// The device's name as its user knows it (the host name, say), for messages.
    var deviceName: String
    /// Its place in the device's sequence (1, 2, …), which its file name repeats.
    var sequence: Int
    /// The objects.
    var records: [MirrorRecordState]

    /// The remote path of a device's change set.
    static func path(device: String, sequence: Int) -> String {
        let number = String(sequence)
        return "devices/\(device)/" + String(repeating: "0", count: max(0, 12 - number.count)) + number + ".chg"
    }

    /// The device and sequence a remote path names; nil for any other path.
    static func parse(path: String) -> (device: String, sequence: Int)? {
        let parts = path.split(separator: "/")
        guard parts.count == 3, parts[0] == "devices", parts[2].hasSuffix(".chg"),
            let sequence = Int(parts[2].dropLast(4)), sequence > 0, MirrorDevice.isValidIdentifier(String(parts[1]))
        else { return nil }
        return (String(parts[1]), sequence)
    }
}

/// An object's whole mirrored state: its identity, its clock, and (in a change set) its values.
struct MirrorRecordState: Codable, Sendable, Equatable {
    /// The object's identity across devices (see ``StoreMirror``).
    var id: String
    /// Its entity.
    var entity: String
    /// Its stamps and member sets.
    var clock: MirrorObjectClock
    /// Attribute values by name (absent: nil); empty for a deleted object.
    var values: [String: MirrorValue] = [:]
    /// To-one destinations and ordered to-many members, by relationship name, as identities.
    var links: [String: [String]] = [:]
}

/// What decides how an object's values merge: stamps per key, the versions an attribute that
/// merges text has been, and observed-remove sets for to-many relationships.
struct MirrorObjectClock: Codable, Sendable, Equatable {
    /// When the object was made, or last brought back after a deletion it outlived.
    var life: MirrorStamp
    /// When it was deleted; nil while it lives.
    var gone: MirrorStamp?
    /// When it was last kept against a deletion made without seeing an edit of it (later than
    /// that deletion, so every device brings it back). Not a stamp of any value.
    var revived: MirrorStamp?
    /// The latest stamp of the object the deleting device had seen: an edit stamped later was
    /// made without seeing the deletion, and brings the object back.
    var seen: MirrorStamp?
    /// For a part (a medium of its entry): true when its latest deletion came with its owner's,
    /// which a revival of the owner answers; nil for a deletion of the part alone.
    var withOwner: Bool?
    /// For a part: the latest ``seen`` of the deletions of the part alone. Only an edit of the
    /// part made without seeing them brings it back; its owner's revival does not.
    var directSeen: MirrorStamp?
    /// For a deleted owner of parts: for each device, the latest of its stamps the deleting
    /// devices had applied from that device's own change sets (the latest of the deletions).
    /// A part that device made later was added without any of them seeing it, and keeps its
    /// owner (nil in deletions from before: every part counts as seen).
    var knew: [String: MirrorStamp]?
    /// The latest ``seen`` of the deletions the object was kept against or brought back from:
    /// a text version stamped no later was there to be deleted, so while a version made after it
    /// stands, those give way to it on every device alike (whichever order a device met the
    /// deletion, the versions and the revival in).
    var cut: MirrorStamp?
    /// The stamp of each attribute and to-one or ordered relationship set since the object was
    /// made (keys set only at creation are absent: their stamp is ``life``), and of the
    /// relationship to its parts when a part was added to it since.
    var stamps: [String: MirrorStamp] = [:] {
        didSet { keepEdits(overwrittenIn: oldValue) }
    }
    /// Each device's latest edit of the object whose stamp a later one took the place of (see
    /// ``editsByDevice``): what a deletion had seen of each device's edits stays exact.
    var edits: [String: MirrorStamp]?
    /// For each withdrawing attribute (a trash, see ``MirrorConfiguration/withdrawingAttributes``):
    /// each device's latest edit any setting of it had seen (and the edits made where it was set,
    /// seeing it), merged from every device and never shrunk. An edit later than these was made
    /// without seeing the object withdrawn.
    var withdrawalsSaw: [String: [String: MirrorStamp]]?
    /// For each withdrawing attribute: the latest stamp of a setting of it that an edit it had not
    /// seen undid. While no later setting stands, the attribute is nil on every device.
    var withdrawalsUndone: [String: MirrorStamp]?
    /// For attributes that keep concurrent text: the stamps of earlier versions of the value,
    /// newest first, so a merge knows whether one version was made from the other.
    var ancestry: [String: [MirrorStamp]] = [:]
    /// For attributes that keep concurrent text, while two or more concurrent versions stand:
    /// each of them (the value is their rendering, the latest first).
    var versions: [String: [MirrorTextVersion]] = [:]
    /// For attributes that keep concurrent text: the name of the device that made the value.
    var authors: [String: String] = [:]
    /// For each to-many relationship, each member's observed-remove set.
    var members: [String: [String: MirrorMemberDots]] = [:]

    /// The stamp of `key`.
    func stamp(of key: String) -> MirrorStamp { stamps[key] ?? life }

    /// Takes the stamps of `other` later than these: a deleted object's record keeps every stamp
    /// it learns of, so every device's record of it ends the same, whatever order the devices'
    /// change sets came in (no merge reads them; a device joining from a snapshot compares alike).
    mutating func absorbStamps(of other: MirrorObjectClock) {
        for (key, stamp) in other.stamps where stamp > self.stamp(of: key) { stamps[key] = stamp }
    }

    /// Takes every add and removal `other`'s member sets know of. An observed-remove set is the
    /// union of all a device has heard of it, so a deleted object's record keeps learning them
    /// too: an object brought back then holds the removals made before its deletion (or seen by
    /// it) on every device alike, whichever of them brought it back.
    mutating func absorbMembers(of other: MirrorObjectClock) {
        for (key, set) in other.members {
            for (identity, dots) in set {
                members[key, default: [:]][identity] = (members[key]?[identity] ?? MirrorMemberDots()).merged(
                    with: dots)
            }
        }
    }

    /// The latest stamp anywhere in the object.
    var latest: MirrorStamp { max(latestEdit, revived ?? life) }

    /// Whether the object lives on against a deletion stamped `gone` that had seen the object as
    /// it stood at `seen`: an edit made without seeing it (stamped later than `seen`) wins, and
    /// so does a revival answering that deletion or an earlier one (stamped later than `gone`).
    /// A revival is no edit: a deletion made without seeing it, but after the deletion it
    /// answered, still deletes (a part deleted on one device while its entry was brought back on
    /// another stays deleted, whichever a device hears of first).
    func outlives(gone: MirrorStamp, seen: MirrorStamp) -> Bool {
        latestEdit > seen || revived.map { $0 > gone } ?? false
    }

    /// Whether some device edited the object later than the latest of its edits `deletion` (a
    /// deleted object's clock) had seen: an edit made without seeing the deletion, however far
    /// behind that device's clock was (``seen``, one stamp, calls an edit from a clock hours
    /// behind seen).
    func hasEdit(unseenBy deletion: MirrorObjectClock) -> Bool {
        let seen = deletion.editsByDevice
        return editsByDevice.contains { device, stamp in seen.isNewer(stamp, for: device) }
    }

    /// Each device's latest edit of the object (its making, a value, a member added, a version
    /// of a text): standing in its stamps, or kept in ``edits`` once another's took its place.
    var editsByDevice: [String: MirrorStamp] {
        var latest = edits ?? [:]
        func take(_ stamp: MirrorStamp) { latest.raise(stamp.device, to: stamp) }
        take(life)
        for stamp in stamps.values { take(stamp) }
        for list in versions.values { for version in list { take(version.stamp) } }
        for list in ancestry.values { for stamp in list { take(stamp) } }
        for set in members.values { for dots in set.values { for dot in dots.added { take(dot) } } }
        return latest
    }

    /// Takes the edits `other` knows of into ``edits``, device by device, where later, and what
    /// its withdrawals saw and which it undid.
    mutating func absorbEdits(of other: MirrorObjectClock) {
        let mine = editsByDevice
        for (device, stamp) in other.editsByDevice where mine.isNewer(stamp, for: device) {
            edits.raise(device, to: stamp)
        }
        for (key, saw) in other.withdrawalsSaw ?? [:] { noteWithdrawal(of: key, saw: saw) }
        for (key, stamp) in other.withdrawalsUndone ?? [:] { withdrawalsUndone.raise(key, to: stamp) }
    }

    /// Raises what the withdrawals of `key` saw to `saw`, device by device.
    mutating func noteWithdrawal(of key: String, saw: [String: MirrorStamp]) {
        var all = withdrawalsSaw ?? [:]
        all[key, default: [:]].raise(toAll: saw)
        withdrawalsSaw = all
    }

    /// Whether the setting of withdrawing attribute `key` that stands was undone by an edit it
    /// had not seen: by an undoing another device decided on, or by an edit in this clock later
    /// than every withdrawal of `key` saw (only for settings made knowing what they saw).
    func undoesWithdrawal(of key: String) -> Bool {
        if let undone = withdrawalsUndone?[key], undone >= stamp(of: key) { return true }
        guard let saw = withdrawalsSaw?[key] else { return false }
        return editsByDevice.contains { device, stamp in saw.isNewer(stamp, for: device) }
    }

    /// Keeps in ``edits`` the stamps `old` held that its stamps no longer do.
    private mutating func keepEdits(overwrittenIn old: [String: MirrorStamp]) {
        for (key, stamp) in old where stamps[key] != stamp { edits.raise(stamp.device, to: stamp) }
    }

    /// ``edits`` without the devices whose latest edit stands elsewhere in the clock, so two
    /// devices that know the same edits hold the same clock.
    func withStandingEditsDropped() -> MirrorObjectClock {
        guard let edits else { return self }
        var standing = self
        standing.edits = nil
        let shown = standing.editsByDevice
        let kept = edits.filter { device, stamp in shown.isNewer(stamp, for: device) }
        standing.edits = kept.isEmpty ? nil : kept
        return standing
    }

    /// Whether the deletion this clock records had seen a part made at `life` (see ``knew``).
    func sawPart(madeAt life: MirrorStamp) -> Bool {
        guard let knew else { return true }
        return knew[life.device].map { life <= $0 } ?? false
    }

    /// Takes `other`'s ``knew``, device by device, where later.
    mutating func absorbKnowledge(of other: MirrorObjectClock) {
        guard let theirs = other.knew else { return }
        var merged = knew ?? [:]
        merged.raise(toAll: theirs)
        knew = merged
    }

    /// The latest stamp `device` made anywhere in the object.
    func latestStamp(madeBy device: String) -> MirrorStamp? {
        var latest: MirrorStamp?
        func take(_ stamp: MirrorStamp) {
            if stamp.device == device, latest.map({ stamp > $0 }) ?? true { latest = stamp }
        }
        take(life)
        if let gone { take(gone) }
        for stamp in stamps.values { take(stamp) }
        for set in members.values {
            for dots in set.values { for dot in dots.added.union(dots.removed) { take(dot) } }
        }
        return latest
    }

    /// For a deleted part: the latest ``seen`` of the deletions of the part alone this clock
    /// knows of (its own ``seen`` too, unless it went with its owner).
    var seenByDeletionsAlone: MirrorStamp? {
        guard withOwner != true, let seen else { return directSeen }
        return max(directSeen ?? seen, seen)
    }

    /// Takes the deletions of the part alone `deletion` knows of into ``directSeen``, which then
    /// holds them all (``withOwner`` is set: ``seen`` adds nothing to them).
    mutating func absorbDeletionsAlone(of deletion: MirrorObjectClock) {
        let own = gone != nil ? seenByDeletionsAlone : directSeen
        for seen in [own, deletion.seenByDeletionsAlone].compactMap({ $0 }) {
            directSeen = max(directSeen ?? seen, seen)
        }
        withOwner = true
    }

    /// The latest stamp of a value, member or part of the object (its life included, revivals not).
    var latestEdit: MirrorStamp {
        var latest = life
        for stamp in stamps.values where stamp > latest { latest = stamp }
        for set in members.values {
            for dots in set.values {
                for dot in dots.added where dot > latest { latest = dot }
            }
        }
        return latest
    }
}

/// One of the versions of a text edited concurrently: merging the sets of versions two devices
/// hold (dropping every version another was made from) gives every device the same set in any
/// order of merging, and so the same text.
struct MirrorTextVersion: Codable, Sendable, Equatable {
    var stamp: MirrorStamp
    var text: String?
    var ancestry: [MirrorStamp]
    var author: String
}

/// One member of a to-many relationship as an observed-remove set: the stamps of the adds, and
/// of the adds a removal saw. The member is in while some add was not removed, so an add wins
/// over a removal that did not see it, on every device alike.
struct MirrorMemberDots: Codable, Sendable, Equatable {
    var added: Set<MirrorStamp> = []
    var removed: Set<MirrorStamp> = []

    /// Whether the member is in the relationship.
    var isPresent: Bool { !added.subtracting(removed).isEmpty }

    /// Both sides' adds and removals.
    func merged(with other: MirrorMemberDots) -> MirrorMemberDots {
        MirrorMemberDots(added: added.union(other.added), removed: removed.union(other.removed))
    }
}

/// An attribute value in a change set: tagged, exact (doubles and dates by their bits), and a
/// stored medium by its hash and size (its sealed content goes to `blobs/`).
enum MirrorValue: Codable, Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case blob(BlobReference)

    init?(_ stored: StoredValue) {
        switch stored {
        case .string(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .double(let number): self = .double(number)
        case .bool(let flag): self = .bool(flag)
        case .date(let date): self = .date(date)
        case .data(let data): self = .data(data)
        case .uuid(let uuid): self = .uuid(uuid)
        case .blob(let reference): self = .blob(reference)
        case .null, .file, .staged, .deferred: return nil
        }
    }

    /// The value as the graph stores it (a blob as its reference: the caller stages it).
    var stored: StoredValue {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .date(let date): .date(date)
        case .data(let data): .data(data)
        case .uuid(let uuid): .uuid(uuid)
        case .blob(let reference): .blob(reference)
        }
    }

    private enum Tag: String, Codable {
        case s, i, d, b, t, x, u, h
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let tag = try container.decode(Tag.self)
        switch tag {
        case .s: self = .string(try container.decode(String.self))
        case .i: self = .integer(try container.decode(Int64.self))
        case .d: self = .double(Double(bitPattern: try container.decode(UInt64.self)))
        case .b: self = .bool(try container.decode(Bool.self))
        case .t:
            self = .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try container.decode(UInt64.self))))
        case .x: self = .data(try container.decode(Data.self))
        case .u: self = .uuid(try container.decode(UUID.self))
        case .h:
            let sha256 = try container.decode(String.self), count = try container.decode(Int64.self)
            guard BlobStore.isValidHash(sha256), count >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a medium's hash and size")
            }
            self = .blob(BlobReference(sha256: sha256, byteCount: count))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        switch self {
        case .string(let text): try container.encode(Tag.s); try container.encode(text)
        case .integer(let number): try container.encode(Tag.i); try container.encode(number)
        case .double(let number): try container.encode(Tag.d); try container.encode(number.bitPattern)
        case .bool(let flag): try container.encode(Tag.b); try container.encode(flag)
        case .date(let date):
            try container.encode(Tag.t); try container.encode(date.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let data): try container.encode(Tag.x); try container.encode(data)
        case .uuid(let uuid): try container.encode(Tag.u); try container.encode(uuid)
        case .blob(let reference):
            try container.encode(Tag.h); try container.encode(reference.sha256);
            try container.encode(reference.byteCount)
        }
    }
}

/// A device's identity: random, 16 lower-case hex digits, and the folder of its change sets.
enum MirrorDevice {
    static func newIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = generator.next() as UInt64
        let text = String(number, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    static func isValidIdentifier(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
