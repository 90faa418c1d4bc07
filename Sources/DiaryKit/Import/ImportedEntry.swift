import Foundation

/// One entry read from an export, checked and ready to become a diary entry.
public struct ImportedEntry: Sendable, Hashable {
    /// Its number in the file (counting from 1), for messages.
    public var number: Int
    /// The identity it gets: the source's own UUID where it has one, otherwise a name-based
    /// UUID of the source, time and text, so importing the same file again finds it present.
    public var uuid: UUID
    /// When it was written.
    public var creationTime: Date
    /// When it was last changed (the creation time when the source does not say).
    public var updateTime: Date
    /// The time zone it was written in, when the source records one.
    public var timeZone: TimeZone?
    /// Its text, if any.
    public var text: String?
    /// Tag names, as the source spells them (without `@` or `#`).
    public var tags: [String]
    /// Whether it is starred.
    public var starred: Bool
    /// Its photos and recordings, in order.
    public var media: [ImportedMedium]
    /// How a zone-less creation time was fitted to a daylight-saving change, if it had to be.
    public var clockAdjustment: LocalTimeAdjustment?
    /// Where it was written, when the source records a place the import could read.
    public var place: EntryPlace?
    /// What the source entry held that the diary cannot keep (counted, not imported).
    public var leftOut = LeftOutContent()

    /// Makes an entry.
    public init(
        number: Int, uuid: UUID, creationTime: Date, updateTime: Date? = nil,
        timeZone: TimeZone? = nil, text: String?, tags: [String] = [], starred: Bool = false,
        media: [ImportedMedium] = []
    ) {
        self.number = number
        self.uuid = uuid
        self.creationTime = creationTime
        self.updateTime = updateTime ?? creationTime
        self.timeZone = timeZone
        self.text = text
        self.tags = tags
        self.starred = starred
        self.media = media
    }

    /// The entry with the adjustment `resolution` made to its zone-less creation time noted.
    func noting(_ resolution: LocalTimeResolution) -> ImportedEntry {
        var entry = self
        entry.clockAdjustment = resolution.importAdjustment
        return entry
    }

    /// Whether the entry has neither text nor media (such an entry is not imported).
    public var isEmpty: Bool {
        media.isEmpty && (text ?? "").isBlank
    }
}

/// What an importer did to a local time without a zone that a daylight-saving change made
/// ambiguous or impossible (see ``LocalTimeResolution/importedInstant``).
public enum LocalTimeAdjustment: Sendable, Hashable {
    /// The clocks skipped the time; it was moved forward by the gap (02:30 became 03:30).
    case movedForwardOverGap
    /// The clocks showed the time twice; the first occurrence was taken.
    case tookFirstOfRepeated
}

/// One media file of an imported entry.
public struct ImportedMedium: Sendable, Hashable {
    /// Where the file is (inside the export's folder, or its unpacked copy).
    public var url: URL
    /// The path as the export names it, for messages.
    public var path: String
    /// The kind the export says it is; the file must be one.
    public var kind: MediumKind?
    /// The name to record (the original file name where the export keeps it).
    public var fileName: String
    /// The SHA-256 the export records, checked when importing; nil when it records none.
    public var sha256: String?
    /// The moment a photo was taken as the export recorded it (nil: read from the file).
    public var recordedCapture: RecordedCapture?

    /// Makes a medium.
    public init(url: URL, path: String, kind: MediumKind?, fileName: String, sha256: String? = nil) {
        self.url = url
        self.path = path
        self.kind = kind
        self.fileName = fileName
        self.sha256 = sha256
    }
}
