import Foundation

/// Reads a diary's own JSON export (``DiaryExportFormat/json``) one entry at a time: an
/// array of scripting-interface entry objects whose media name their file by `path`,
/// relative to the JSON file's folder. Entries keep their UUIDs, both times and their place; every
/// medium's recorded SHA-256 is checked when it is imported.
final class DiaryJSONReader: EntrySource {
    let url: URL
    private let entries: JSONEntryArray
    private let root: URL
    /// The number of the entry read last, for messages.
    private var number: Int { entries.number }

    /// Opens `url`: the JSON file, or the export folder holding `entries.json`.
    /// - Throws: ``InteropError``.
    init(at url: URL) throws(InteropError) {
        let file = BundlePath.kind(of: url) == .directory ? url.appendingPathComponent(DiaryExporter.jsonFileName) : url
        self.url = file
        root = file.deletingLastPathComponent()
        let reader = try StreamingJSONReader(fileAt: file)
        try reader.enterTopLevelArray()
        entries = JSONEntryArray(reader, file: file)
    }

    var progress: (done: Int64, total: Int64) { entries.progress }

    func nextEntry() throws(InteropError) -> ImportedEntry? {
        guard let fields = try entries.next() else { return nil }
        let uuidText = try fields.string("uuid")
        guard let uuid = UUID(uuidString: uuidText) else {
            throw fields.problem("\"uuid\" is not a UUID (found \"\(uuidText)\")")
        }
        var media: [ImportedMedium] = []
        for (index, record) in (try fields.optionalObjects("media") ?? []).enumerated() {
            media.append(try medium(record, index: index, fields: fields))
        }
        // A zone this machine does not know leaves the entry in the importer's own.
        let zone = try fields.optionalString("timeZone").flatMap(TimeZone.init(identifier:))
        var entry = ImportedEntry(
            number: number, uuid: uuid, creationTime: try time(fields, "creationTime"),
            updateTime: try time(fields, "updateTime"), timeZone: zone,
            text: try fields.optionalString("text"),
            tags: try fields.optionalStrings("tags") ?? [],
            starred: try fields.optionalBool("starred") ?? false, media: media)
        // A place edited out of range comes in without it, counted, as from Day One.
        PlaceReading(fields.node["place"], nameKeys: ["name"]).apply(to: &entry)
        return entry
    }

    private func time(_ fields: EntryFields, _ key: String) throws(InteropError) -> Date {
        let text = try fields.string(key)
        guard let date = BundleTimestamp.date(from: text) else {
            throw fields.problem(
                ISO8601Timestamp.problem(key: key, text: text, example: "2026-11-29T14:30:00.000+01:00"))
        }
        return date
    }

    private func medium(_ record: EntryFields, index: Int, fields: EntryFields) throws(InteropError) -> ImportedMedium {
        let path = try record.string("path")
        let kindText = try record.string("kind")
        guard let kind = MediumKind(rawValue: kindText) else {
            throw fields.problem("\"media\"[\(index)].kind is neither image nor audio (found \"\(kindText)\")")
        }
        let sha256 = try record.string("sha256").lowercased()
        guard let components = try? BundlePath.components(of: path) else {
            throw .mediumRejected(file: url, entry: number, path: path, reason: "the path leaves the export")
        }
        let location = components.reduce(root) { $0.appendingPathComponent($1) }
        var folder = root
        for component in components.dropLast() {
            folder.appendPathComponent(component)
            guard BundlePath.kind(of: folder) == .directory else {
                throw .missingMedium(file: url, entry: number, path: path)
            }
        }
        switch BundlePath.kind(of: location) {
        case .missing: throw .missingMedium(file: url, entry: number, path: path)
        case .regularFile: break
        case .directory, .other:
            throw .mediumRejected(
                file: url, entry: number, path: path, reason: "it is a link or another non-regular file")
        }
        var medium = ImportedMedium(
            url: location, path: path, kind: kind,
            fileName: try record.optionalString("fileName") ?? location.lastPathComponent,
            sha256: sha256)
        if let text = try record.optionalString("captureTime") {
            guard let time = BundleTimestamp.date(from: text) else {
                throw fields.problem(
                    ISO8601Timestamp.problem(
                        key: "media[\(index)].captureTime", text: text,
                        example: "2026-11-29T14:30:00.000+01:00"))
            }
            var offset: Int?
            if let number = try record.optionalNumber("captureUTCOffset") {
                // A zone is at most 18 hours from UTC; anything else is not an offset.
                guard let seconds = Int(exactly: number), abs(seconds) <= 18 * 3600 else {
                    throw fields.problem(
                        "\"media\"[\(index)].captureUTCOffset is not a UTC offset in seconds (found \(number))")
                }
                offset = seconds
            }
            medium.recordedCapture = RecordedCapture(
                time: time, utcOffset: offset,
                offsetIsFromGPS: try record.optionalString("captureUTCOffsetSource") == "gps")
        }
        return medium
    }
}
