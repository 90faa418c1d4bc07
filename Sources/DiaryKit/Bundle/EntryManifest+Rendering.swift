import Foundation

extension EntryManifest {
    /// `entry.json`'s text, times given in `timeZone`'s offset.
    func rendered(timeZone: any TimeZoneRules) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(Self.formatName)),
            ("formatVersion", .integer(Self.formatVersion)),
            ("uuid", .string(uuid.lowercaseText)),
            ("creationTime", .string(BundleTimestamp.string(from: creationTime, in: timeZone))),
            ("updateTime", .string(BundleTimestamp.string(from: updateTime, in: timeZone)))
        ]
        if let zone = self.timeZone { members.append(("timeZone", .string(zone))) }
        if let text { members.append(("text", .string(text))) }
        members.append(("tags", .array(tags.map { .string($0) })))
        members.append(("starred", .bool(starred)))
        if let place { members.append(("place", place.scriptingJSON)) }
        members.append(("media", .array(media.map { $0.json(timeZone: timeZone) })))
        return JSONValue.object(members).rendered()
    }
}

extension EntryManifest.Medium {
    /// The record as it appears in `media`, absent facts omitted.
    fileprivate func json(timeZone: any TimeZoneRules) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("index", .integer(index)),
            ("kind", .string(kind.rawValue)),
            ("mimeType", .string(mimeType)),
            ("fileName", .string(fileName)),
            ("path", .string(path)),
            ("byteCount", .integer(Int(byteCount))),
            ("sha256", .string(sha256))
        ]
        let optionalIntegers: [(String, Int?)] = [
            ("width", width), ("height", height), ("orientation", orientation)
        ]
        for (key, value) in optionalIntegers {
            if let value { members.append((key, .integer(value))) }
        }
        if let duration, duration.isFinite { members.append(("duration", .number(duration))) }
        for (key, value) in [("sampleRate", sampleRate), ("channels", channels)] {
            if let value { members.append((key, .integer(value))) }
        }
        if let time = photo.captureTime {
            let zone: any TimeZoneRules = photo.captureUTCOffset.map { FixedOffset(seconds: $0) } ?? timeZone
            members.append(("captureTime", .string(BundleTimestamp.string(from: time, in: zone))))
        }
        if let offset = photo.captureUTCOffset { members.append(("captureUTCOffset", .integer(offset))) }
        if photo.captureUTCOffsetIsFromGPS { members.append(("captureUTCOffsetSource", .string("gps"))) }
        for (key, value) in [("latitude", photo.latitude), ("longitude", photo.longitude), ("altitude", photo.altitude)]
        {
            if let value, value.isFinite { members.append((key, .number(value))) }
        }
        for (key, value) in [("camera", photo.camera), ("lens", photo.lens)] {
            if let value { members.append((key, .string(value))) }
        }
        return .object(members)
    }
}
