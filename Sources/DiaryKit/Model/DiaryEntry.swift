import Foundation
import ObjectGraph

/// One diary entry: text, tags, a star, and its media in order.
///
/// New entries get a UUID and both times in ``awakeFromInsert()``; every save refreshes
/// ``updateTime`` in ``willSave()``. An entry without text and without media fails
/// validation, so it is never saved.
final class DiaryEntry: ManagedObject {
    @Attribute(.unique) var uuid: UUID
    @Attribute(.searchable) var text: String?
    @Attribute var starred = false
    /// The thumbnail of the first image, JPEG.
    @Attribute var icon: Data?
    @Attribute(.indexed) var creationTime: Date
    @Attribute var updateTime: Date
    /// The IANA identifier of the time zone the entry was written in (Day One records one per entry).
    @Attribute(maxLength: 64) var timeZone: String?
    /// ``creationTime`` on the clock of the entry's own zone, as a floating instant
    /// (``EntryZone``): what days, months and years of a listing, the calendar and "on this
    /// day" are counted by. Kept by ``willSave()``; nil only in a store written before it existed
    /// until the diary is next opened for writing (``Diary/fillInLocalTimes()``).
    @Attribute(.indexed) var localTime: Date?
    /// When the entry went to the trash; nil while it is in the diary. Listings, search, the
    /// calendar, tags and exports leave trashed entries out. Not indexed: nearly every entry
    /// holds nil here, and with an index SQLite answers `trashedTime IS NULL AND creationTime
    /// BETWEEN …` (every listing) by walking the whole diary through it instead of the
    /// creation-time index (`list --month` on 100,000 entries took 66 ms instead of 15).
    @Attribute var trashedTime: Date?
    /// Where the entry was written (``EntryPlace``, read through ``place``): the name a person
    /// reads, and the point in WGS 84 degrees. All optional, so an older store gains them on
    /// opening by a lightweight migration.
    @Attribute(maxLength: 256) var placeName: String?
    @Attribute(minValue: -90, maxValue: 90) var placeLatitude: Double?
    @Attribute(minValue: -180, maxValue: 180) var placeLongitude: Double?
    /// The inverse is named here, by a key path to a to-one (`DiaryEntry?`), not on the medium by
    /// one to this to-many: making `\DiaryEntry.media` builds `Set<Medium>`, whose `Hashable`
    /// requirement sent the runtime through every conformance record of the binary for `Medium`
    /// and its subclasses (~530,000 instructions of every `diary` process, building the model).
    @Relationship(inverse: \Medium.diaryEntry, deleteRule: .cascade) var media: Set<Medium>
    @Relationship(deleteRule: .nullify) var tags: Set<Tag>

    /// Whether the entry holds its UUID and both times (the typed properties read zeros where
    /// an object of a row that is gone holds nothing).
    var hasIdentity: Bool {
        self["uuid", as: UUID.self] != nil && self["creationTime", as: Date.self] != nil
            && self["updateTime", as: Date.self] != nil
    }

    /// The names of the tags, in no order.
    var tagNames: [String] { members("tags", as: Tag.self).map(\.name) }

    /// The media sorted by position.
    var orderedMedia: [Medium] {
        let media = members("media", as: Medium.self)
        guard media.count > 1 else { return media }
        return media.sorted { ($0.position, $0.objectID.description) < ($1.position, $1.objectID.description) }
    }

    /// The members of to-many `key` that are `T`s, in no order: read from the relationship's
    /// own set, with no set of `T` built (a listing asks every entry for its tags and media).
    private func members<T: ManagedObject>(_ key: String, as type: T.Type) -> [T] {
        guard let members = value(forKey: key) as? Set<ManagedObject>, !members.isEmpty else { return [] }
        return members.compactMap { $0 as? T }
    }

    override func awakeFromInsert() {
        super.awakeFromInsert()
        let now = Date()
        setPrimitiveValue(UUID.randomVersion4(), forKey: "uuid")
        setPrimitiveValue(now, forKey: "creationTime")
        setPrimitiveValue(now, forKey: "updateTime")
        setPrimitiveValue(TimeZone.current.identifier, forKey: "timeZone")
    }

    override func willSave() {
        super.willSave()
        // Another device's change brings its own update time.
        let isMirrored = managedObjectContext?.transactionAuthor == StoreMirror.transactionAuthor
        if !isDeleted && !isImporting && !isMovingThroughTrash && !isFillingIn && !isMirrored {
            setPrimitiveValue(Date(), forKey: "updateTime")
        }
        // Another device's change brings the local time that device worked out (devices whose
        // zone databases differ must not correct each other for ever); a missing one is filled in.
        if !isDeleted && (!isMirrored || localTime == nil) { keepLocalTime() }
    }

    /// Sets ``localTime`` to ``ownLocalTime``, only when it differs.
    private func keepLocalTime() {
        guard let local = ownLocalTime, self["localTime", as: Date.self] != local else { return }
        setPrimitiveValue(local, forKey: "localTime")
    }

    /// The creation time on the clock of the entry's zone (the process's zone when it names none
    /// or an unknown one), as a floating instant; nil before it has a creation time.
    var ownLocalTime: Date? {
        guard let created = self["creationTime", as: Date.self] else { return nil }
        return EntryZone.floating(created, in: EntryZone.named(timeZone) ?? TimeZone.current)
    }

    /// Set while an imported entry keeps the times of its bundle.
    var isImporting = false
    /// Set while the entry goes to the trash or comes back: that is not an edit of it.
    var isMovingThroughTrash = false
    /// Set while opening fills in a local time the store lacks: that is not an edit either.
    var isFillingIn = false

    override func validateForInsert() throws { try validateContent() }
    override func validateForUpdate() throws { try validateContent() }

    private func validateContent() throws {
        if isEmpty { throw problem(key: nil, DiaryEntry.emptyRule) }
    }

    /// Whether the entry has neither text (beyond white space) nor media.
    var isEmpty: Bool {
        (text ?? "").isBlank
            && !media.contains { !$0.isDeleted }
    }

    /// The rule an empty entry breaks, as the validation problem words it.
    static let emptyRule = "an entry needs text or at least one medium"
}
