import Foundation

extension EntryRecord {
    /// The entry as the documented scripting-interface object (`diary show --json`, every
    /// listing's `--json`, the JSON export): `id`, `uuid`, `creationTime`, `updateTime` (ISO 8601
    /// with milliseconds and the offset of `timeZone`), `text` (null when none), `tags`, `starred`,
    /// `place` (only when the entry has one) and `media`. The one builder of that object.
    ///
    /// The JSON export adds two members: with `includingTimeZone`, the time zone the entry was
    /// written in (`timeZone`, after `updateTime`, when known); with `mediaPath`, each medium's
    /// `path`, where its file lies relative to the export.
    package func scriptingJSON(
        in timeZone: any TimeZoneRules, includingTimeZone: Bool = false,
        mediaPath: ((MediumRecord) -> String)? = nil
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .integer(Int(id))),
            ("uuid", .string(self.uuid.lowercaseText)),
            ("creationTime", .date(self.creationTime, in: timeZone, fractionalSeconds: true)),
            ("updateTime", .date(self.updateTime, in: timeZone, fractionalSeconds: true))
        ]
        if includingTimeZone, let zone = self.timeZone { members.append(("timeZone", .string(zone))) }
        members += [
            ("text", .optional(self.text.map(JSONValue.string))),
            ("tags", .array(self.tags.map(JSONValue.string))),
            ("starred", .bool(self.starred))
        ]
        if let place = self.place { members.append(("place", place.scriptingJSON)) }
        members.append(("media", .array(media.map { $0.scriptingJSON(in: timeZone, path: mediaPath?($0)) })))
        return .object(members)
    }
}

extension EntryPlace {
    /// The entry's `place` member: `{"name", "latitude", "longitude"}`, each null when unknown.
    package var scriptingJSON: JSONValue {
        .object([
            ("name", .optional(name.map(JSONValue.string))),
            ("latitude", .optional(coordinates.map { .number($0.latitude) })),
            ("longitude", .optional(coordinates.map { .number($0.longitude) }))
        ])
    }
}

extension MediumRecord {
    /// The medium as a member of an entry's `media` array: the common facts, then the pixel
    /// size (null when unknown) and orientation (1 when absent, as the scripting interface
    /// documents) of a photo, or the duration (seconds), sample rate and channel count of a
    /// recording (null when unknown). A photo's camera facts follow when it has them, each left
    /// out when absent: `captureTime` (in the camera's own offset when it wrote one, else
    /// `timeZone`'s), `captureUTCOffset` (seconds: the camera's, or with `captureUTCOffsetSource`
    /// `"gps"` found from its GPS time), `latitude`, `longitude`
    /// (degrees), `altitude` (metres), `camera`, `lens`. `path`, when given, comes last.
    package func scriptingJSON(in timeZone: any TimeZoneRules, path: String? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("index", .integer(index)),
            ("kind", .string(self.kind.rawValue)),
            ("mimeType", .string(self.mimeType)),
            ("fileName", .string(fileName)),
            ("byteCount", .integer(Int(self.byteCount))),
            ("sha256", .string(self.sha256))
        ]
        switch self.kind {
        case .image:
            members += [
                ("width", .optional(self.width.map(JSONValue.integer))),
                ("height", .optional(self.height.map(JSONValue.integer))),
                ("orientation", .integer(self.orientation ?? 1))
            ]
            let photo = self.photo
            if let time = photo.captureTime {
                let zone: any TimeZoneRules = photo.captureUTCOffset.map { FixedOffset(seconds: $0) } ?? timeZone
                members.append(("captureTime", .date(time, in: zone, fractionalSeconds: true)))
            }
            if let offset = photo.captureUTCOffset { members.append(("captureUTCOffset", .integer(offset))) }
            if photo.captureUTCOffsetIsFromGPS { members.append(("captureUTCOffsetSource", .string("gps"))) }
            for (key, value) in [
                ("latitude", photo.latitude), ("longitude", photo.longitude), ("altitude", photo.altitude)
            ] {
                if let value, value.isFinite { members.append((key, .number(value))) }
            }
            if let camera = photo.camera { members.append(("camera", .string(camera))) }
            if let lens = photo.lens { members.append(("lens", .string(lens))) }
        case .audio:
            members += [
                ("duration", .optional(self.duration.map(JSONValue.number))),
                ("sampleRate", .optional(self.sampleRate.map(JSONValue.integer))),
                ("channels", .optional(self.channels.map(JSONValue.integer)))
            ]
        }
        if let path { members.append(("path", .string(path))) }
        return .object(members)
    }
}
