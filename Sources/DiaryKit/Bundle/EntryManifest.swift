import Foundation

/// The contents of a bundle's `entry.json`.
///
/// ```json
/// {
///   "format": "photodiary-entry",          // always this string
///   "formatVersion": 1,                    // readers refuse versions they do not know
///   "uuid": "5C0D…",                       // the entry's identity, kept on import
///   "creationTime": "2026-11-29T14:30:05.250+01:00",   // ISO 8601 with offset
///   "updateTime": "2026-11-29T15:02:11.000+01:00",
///   "timeZone": "Europe/Berlin",           // where it was written (IANA); omitted when unknown
///   "text": "Beach day\n\nWaves.",         // omitted when the entry has no text
///   "tags": ["travel"],
///   "starred": false,
///   "place": {"name": "Brooklyn Bridge Park, Brooklyn, New York, United States",   // where it was
///             "latitude": 40.70282, "longitude": -73.99668},   // written; omitted when unknown,
///                                          // name or degrees null when only the other is known
///   "media": [                             // in display order
///     {"index": 1, "kind": "image", "mimeType": "image/jpeg",
///      "fileName": "IMG_0042.jpg",         // the original name, a label only
///      "path": "media/IMG_0042.jpg",       // where the file is, relative to the bundle
///      "byteCount": 123, "sha256": "…64 hex digits…",
///      "width": 4000, "height": 3000, "orientation": 1,
///      "captureTime": "2026-11-29T13:02:11.250+09:00",   // what the camera recorded (EXIF),
///      "captureUTCOffset": 32400,          // each omitted when absent: the capture time in the
///      "latitude": 35.658581, "longitude": 139.745433,   // camera's own offset (seconds, only
///      "altitude": 40.5,                   // when it wrote one; else in the writer's zone),
///      "camera": "Canon EOS 5D", "lens": "EF24-105mm f/4L IS USM"},   // WGS 84 degrees, metres
///     {"index": 2, "kind": "audio", "mimeType": "audio/x-wav", "fileName": "waves.wav",
///      "path": "media/waves.wav", "byteCount": 456, "sha256": "…",
///      "duration": 183.2, "sampleRate": 44100, "channels": 2}
///   ]
/// }
/// ```
///
/// Written pretty-printed with the keys in the order above; optional facts a medium
/// lacks are omitted. Required on reading: `format`, `formatVersion`, `uuid`, both
/// times, `media` and, per medium, `index`, `kind`, `mimeType`, `fileName`, `path`,
/// `byteCount`, `sha256`; `tags` and `starred` default to none and false. `timeZone` came
/// later within version 1: a reader that does not know it ignores it, one that does keeps it.
/// So did the camera facts: informative, since import reads them again from the photo itself.
/// And `place`: a reader that knows it keeps it, and refuses a bundle whose place is out of
/// range (a degree beyond ±90/±180 or alone, a name over 256 characters) as it does a bad time.
struct EntryManifest: Sendable, Equatable {
    /// The value of `format`.
    static let formatName = "photodiary-entry"
    /// The value of `formatVersion` this build writes and reads.
    static let formatVersion = 1

    /// One record of `media`.
    struct Medium: Sendable, Equatable {
        var index: Int
        var kind: MediumKind
        var mimeType: String
        var fileName: String
        var path: String
        var byteCount: Int64
        var sha256: String
        var width: Int?
        var height: Int?
        var orientation: Int?
        var duration: Double?
        var sampleRate: Int?
        var channels: Int?
        /// `captureTime`, `captureUTCOffset`, `captureUTCOffsetSource`, `latitude`, `longitude`, `altitude`,
        /// `camera`, `lens`.
        var photo = PhotoFacts()
    }

    var uuid: UUID
    var creationTime: Date
    var updateTime: Date
    /// The IANA name of the time zone the entry was written in, when known.
    var timeZone: String? = nil
    var text: String?
    var tags: [String]
    var starred: Bool
    /// Where the entry was written, when known.
    var place: EntryPlace? = nil
    var media: [Medium]
}

extension EntryManifest {
    /// The manifest of `entry` whose media are stored at `paths` (same order).
    init(_ entry: EntrySnapshot, paths: [String]) {
        self.init(
            uuid: entry.uuid, creationTime: entry.creationTime, updateTime: entry.updateTime,
            timeZone: entry.timeZone, text: entry.text, tags: entry.tags, starred: entry.starred,
            place: entry.place,
            media: zip(entry.media, paths).enumerated().map { position, pair in
                let (medium, path) = pair
                return Medium(
                    index: position + 1, kind: medium.kind, mimeType: medium.mimeType,
                    fileName: medium.originalFileName, path: path, byteCount: medium.byteCount,
                    sha256: medium.sha256, width: medium.width, height: medium.height,
                    orientation: medium.orientation, duration: medium.duration,
                    sampleRate: medium.sampleRate, channels: medium.channels, photo: medium.photo)
            })
    }

    /// The entry this manifest describes, its media's bytes found under `root`.
    func snapshot(mediaRoot root: URL) -> EntrySnapshot {
        EntrySnapshot(
            uuid: uuid, creationTime: creationTime, updateTime: updateTime, text: text,
            tags: tags, starred: starred,
            media: media.map { medium in
                var snapshot = MediumSnapshot(
                    kind: medium.kind, mimeType: medium.mimeType,
                    originalFileName: medium.fileName, byteCount: medium.byteCount,
                    sha256: medium.sha256, width: medium.width, height: medium.height,
                    orientation: medium.orientation, duration: medium.duration,
                    sampleRate: medium.sampleRate, channels: medium.channels,
                    sourceURL: root.appendingPathComponent(medium.path))
                snapshot.photo = medium.photo
                return snapshot
            },
            timeZone: timeZone, place: place)
    }
}
