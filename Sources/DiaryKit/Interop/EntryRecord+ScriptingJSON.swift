import Foundation

extension EntryRecord {
    /// The entry in the scripting-interface shape (`diary show --json`), times in `timeZone`'s
    /// offset, each medium with `path`: where its file lies relative to the export.
    func scriptingJSON(timeZone: TimeZone, mediaPath: (MediumRecord) -> String) -> OrderedJSON {
        .object([
            ("id", .integer(id)),
            ("uuid", .string(uuid.uuidString)),
            ("creationTime", .string(BundleTimestamp.string(from: creationTime, in: timeZone))),
            ("updateTime", .string(BundleTimestamp.string(from: updateTime, in: timeZone))),
            ("text", text.map(OrderedJSON.string) ?? .null),
            ("tags", .array(tags.map(OrderedJSON.string))),
            ("starred", .bool(starred)),
            ("media", .array(media.map { $0.scriptingJSON(path: mediaPath($0)) })),
        ])
    }
}

extension MediumRecord {
    /// The medium in the scripting-interface shape plus its `path`; facts of the other kind left out.
    func scriptingJSON(path: String) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("index", .integer(Int64(index))),
            ("kind", .string(kind.rawValue)),
            ("mimeType", .string(mimeType)),
            ("fileName", .string(fileName)),
            ("byteCount", .integer(byteCount)),
            ("sha256", .string(sha256)),
        ]
        let integers: [(String, Int?)] = [("width", width), ("height", height), ("orientation", orientation)]
        for case let (key, value?) in integers { members.append((key, .integer(Int64(value)))) }
        if let duration, duration.isFinite { members.append(("duration", .number(duration))) }
        for case let (key, value?) in [("sampleRate", sampleRate), ("channels", channels)] {
            members.append((key, .integer(Int64(value))))
        }
        members.append(("path", .string(path)))
        return .object(members)
    }
}
