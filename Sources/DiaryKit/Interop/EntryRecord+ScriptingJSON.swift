import Foundation

extension EntryRecord {
    /// The entry in the scripting-interface shape (`diary show --json`), times in `timeZone`'s
    /// offset, plus the time zone it was written in (`timeZone`, when known) and for each
    /// medium `path`: where its file lies relative to the export.
    func scriptingJSON(timeZone: any TimeZoneRules, mediaPath: (MediumRecord) -> String) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("id", .integer(id)),
            ("uuid", .string(self.uuid.uuidString.lowercased())),
            ("creationTime", .string(BundleTimestamp.string(from: self.creationTime, in: timeZone))),
            ("updateTime", .string(BundleTimestamp.string(from: self.updateTime, in: timeZone))),
        ]
        if let zone = self.timeZone { members.append(("timeZone", .string(zone))) }
        members += [
            ("text", self.text.map(OrderedJSON.string) ?? .null),
            ("tags", .array(self.tags.map(OrderedJSON.string))),
            ("starred", .bool(self.starred)),
            ("media", .array(media.map { $0.scriptingJSON(path: mediaPath($0)) })),
        ]
        return .object(members)
    }
}

extension MediumRecord {
    /// The medium in the scripting-interface shape plus its `path`; facts of the other kind left out.
    func scriptingJSON(path: String) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("index", .integer(Int64(index))),
            ("kind", .string(self.kind.rawValue)),
            ("mimeType", .string(self.mimeType)),
            ("fileName", .string(fileName)),
            ("byteCount", .integer(self.byteCount)),
            ("sha256", .string(self.sha256)),
        ]
        let integers: [(String, Int?)] = [("width", self.width), ("height", self.height), ("orientation", self.orientation)]
        for case let (key, value?) in integers { members.append((key, .integer(Int64(value)))) }
        if let duration = self.duration, duration.isFinite { members.append(("duration", .number(duration))) }
        for case let (key, value?) in [("sampleRate", self.sampleRate), ("channels", self.channels)] {
            members.append((key, .integer(Int64(value))))
        }
        members.append(("path", .string(path)))
        return .object(members)
    }
}
