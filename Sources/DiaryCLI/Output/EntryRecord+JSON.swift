import DiaryKit
import Foundation

extension EntryRecord {
    /// The entry as the documented `--json` object: `id`, `uuid`, `creationTime`,
    /// `updateTime` (ISO 8601 with milliseconds and the offset of `timeZone`), `text`
    /// (null when none), `tags`, `starred` and `media`.
    func json(in timeZone: TimeZone) -> JSONValue {
        [
            "id": .integer(Int(id)),
            "uuid": .string(uuid.uuidString.lowercased()),
            "creationTime": .date(creationTime, in: timeZone, fractionalSeconds: true),
            "updateTime": .date(updateTime, in: timeZone, fractionalSeconds: true),
            "text": .optional(text.map(JSONValue.string)),
            "tags": .array(tags.map(JSONValue.string)),
            "starred": .bool(starred),
            "media": .array(media.map(\.json)),
        ]
    }
}

extension MediumRecord {
    /// The medium as a member of an entry's `media` array: the common facts, then the
    /// pixel size and orientation of a photo or the duration (seconds), sample rate and
    /// channel count of a recording.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("index", .integer(index)),
            ("kind", .string(kind.rawValue)),
            ("mimeType", .string(mimeType)),
            ("fileName", .string(fileName)),
            ("byteCount", .integer(Int(byteCount))),
            ("sha256", .string(sha256)),
        ]
        switch kind {
        case .image:
            members += [("width", .optional(width.map(JSONValue.integer))),
                        ("height", .optional(height.map(JSONValue.integer))),
                        ("orientation", .integer(orientation ?? 1))]
        case .audio:
            members += [("duration", .optional(duration.map(JSONValue.number))),
                        ("sampleRate", .optional(sampleRate.map(JSONValue.integer))),
                        ("channels", .optional(channels.map(JSONValue.integer)))]
        }
        return .object(members)
    }
}
