import Foundation

extension EntryManifest {
    /// The largest `entry.json` a reader loads; real ones are a few kilobytes.
    static let maximumByteCount = 8 << 20

    /// Decodes and checks `entry.json`'s bytes.
    ///
    /// Throws `BundleError.manifestUnreadable` for text that is not JSON,
    /// `.unsupportedFormat`/`.unsupportedFormatVersion` for another format,
    /// `.missingField`/`.invalidField` naming the field (e.g. `media[0].sha256`).
    static func decode(_ data: Data, bundle: URL) throws(BundleError) -> EntryManifest {
        do {
            return try JSONDecoder().decode(EntryManifest.self, from: data)
        } catch let problem as FormatProblem {
            switch problem {
            case .name(let found): throw .unsupportedFormat(bundle: bundle, found: found)
            case .version(let found): throw .unsupportedFormatVersion(bundle: bundle, found: found)
            }
        } catch let error as DecodingError {
            // JSONDecoder calls a number too large for its field (10^20 for an integer) "not valid
            // JSON"; JSONSerialization, which keeps such numbers as doubles, tells the two apart.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                (try? JSONSerialization.jsonObject(with: data)) != nil
            {
                throw .manifestUnreadable(bundle: bundle, reason: "a number in it is out of range for its field")
            }
            throw BundleError(error, bundle: bundle)
        } catch {
            throw .manifestUnreadable(bundle: bundle, reason: "\(error)")
        }
    }

    /// A manifest of another format, found before any other field is looked at.
    fileprivate enum FormatProblem: Error {
        case name(String)
        case version(Int)
    }
}

extension BundleError {
    /// The bundle error naming the field a decoding error is about.
    fileprivate init(_ error: DecodingError, bundle: URL) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingField(bundle: bundle, field: Self.field(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            self = .missingField(bundle: bundle, field: Self.field(context.codingPath))
        case .typeMismatch(let type, let context):
            self = .invalidField(
                bundle: bundle, field: Self.field(context.codingPath),
                problem: "must be \(Self.jsonTypeName(type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .manifestUnreadable(bundle: bundle, reason: "not valid JSON")
        case .dataCorrupted(let context):
            self = .invalidField(
                bundle: bundle, field: Self.field(context.codingPath),
                problem: context.debugDescription)
        @unknown default:
            self = .manifestUnreadable(bundle: bundle, reason: "\(error)")
        }
    }

    /// `media[0].sha256` for a coding path.
    private static func field(_ path: [any CodingKey]) -> String {
        var out = ""
        for key in path {
            if let position = key.intValue {
                out += "[\(position)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out.isEmpty ? "the top level" : out
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is [EntryManifest.Medium].Type, is [String].Type, is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}

extension EntryManifest: Decodable {
    private enum Key: String, CodingKey {
        case format, formatVersion, uuid, creationTime, updateTime, timeZone, text, tags, starred, place, media
    }

    private enum PlaceKey: String, CodingKey {
        case name, latitude, longitude
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == Self.formatName else { throw FormatProblem.name(format) }
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version == Self.formatVersion else { throw FormatProblem.version(version) }

        let uuidString = try container.decode(String.self, forKey: .uuid)
        guard let uuid = UUID(uuidString: uuidString) else {
            throw DecodingError.dataCorruptedError(
                forKey: .uuid, in: container,
                debugDescription: "is not a UUID")
        }
        self.uuid = uuid
        creationTime = try Self.decodeTime(container, .creationTime)
        updateTime = try Self.decodeTime(container, .updateTime)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        if let timeZone, !Self.isTimeZoneName(timeZone) {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container,
                debugDescription: "is not a time zone name (\(timeZone.prefix(40)))")
        }
        text = try container.decodeIfPresent(String.self, forKey: .text)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        if tags.contains(where: \.isBlank) {
            throw DecodingError.dataCorruptedError(
                forKey: .tags, in: container,
                debugDescription: "must not hold a blank tag")
        }
        starred = try container.decodeIfPresent(Bool.self, forKey: .starred) ?? false
        place = try Self.decodePlace(container)
        let media = try container.decode([Medium].self, forKey: .media)
        guard Set(media.map(\.index)).count == media.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .media, in: container, debugDescription: "has two media with one index")
        }
        // `media/./p.jpg` and `media//p.jpg` are `media/p.jpg`: one file checked once.
        guard Set(media.map { BundlePath.normalized($0.path) }).count == media.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .media, in: container, debugDescription: "has two media with one path")
        }
        self.media = media.sorted { $0.index < $1.index }
    }

    /// Whether `name` looks like an IANA time zone name (`Europe/Berlin`, `UTC`,
    /// `Etc/GMT+5`). One this machine does not know is kept all the same: its zone data
    /// may simply be older than the writer's.
    static func isTimeZoneName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "/_+-:".utf8.contains(byte)
            }
    }

    /// `place`, checked as ``EntryPlace`` checks it; nil when absent, null or empty.
    private static func decodePlace(_ container: KeyedDecodingContainer<Key>) throws -> EntryPlace? {
        guard container.contains(.place), try !container.decodeNil(forKey: .place) else { return nil }
        let members = try container.nestedContainer(keyedBy: PlaceKey.self, forKey: .place)
        let name = try members.decodeIfPresent(String.self, forKey: .name)
        let latitude = try members.decodeIfPresent(Double.self, forKey: .latitude)
        let longitude = try members.decodeIfPresent(Double.self, forKey: .longitude)
        do {
            return try EntryPlace(name: name, latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: PlaceKey(rawValue: error.field) ?? .name, in: members,
                debugDescription: error.description)
        }
    }

    private static func decodeTime(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date {
        let string = try container.decode(String.self, forKey: key)
        guard let date = BundleTimestamp.date(from: string) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: ISO8601Timestamp.isYearOutOfRange(string)
                    ? "is outside the years 0001–9999 (\(string))" : "is not an ISO 8601 time with offset (\(string))")
        }
        return date
    }
}

extension EntryManifest.Medium: Decodable {
    private enum Key: String, CodingKey {
        case index, kind, mimeType, fileName, path, byteCount, sha256
        case width, height, orientation, duration, sampleRate, channels
        case captureTime, captureUTCOffset, captureUTCOffsetSource, latitude, longitude, altitude, camera, lens
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func fail(_ key: Key, _ problem: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
        }
        func positive(_ key: Key) throws -> Int? {
            guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
            guard value > 0 else { throw fail(key, "must be positive, not \(value)") }
            return value
        }

        index = try container.decode(Int.self, forKey: .index)
        guard index >= 1 else { throw fail(.index, "must be 1 or more, not \(index)") }
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = MediumKind(rawValue: kindName) else {
            throw fail(.kind, "must be \"image\" or \"audio\", not \"\(kindName)\"")
        }
        self.kind = kind
        mimeType = try container.decode(String.self, forKey: .mimeType)
        guard !mimeType.isEmpty else { throw fail(.mimeType, "must not be empty") }
        fileName = try container.decode(String.self, forKey: .fileName)
        path = try container.decode(String.self, forKey: .path)
        guard !path.isEmpty else { throw fail(.path, "must not be empty") }
        byteCount = try container.decode(Int64.self, forKey: .byteCount)
        guard byteCount >= 0 else { throw fail(.byteCount, "must not be negative") }
        let digest = try container.decode(String.self, forKey: .sha256).lowercased()
        guard digest.count == 64, digest.allSatisfy(\.isHexDigit) else {
            throw fail(.sha256, "must be 64 hex digits")
        }
        sha256 = digest
        width = try positive(.width)
        height = try positive(.height)
        orientation = try container.decodeIfPresent(Int.self, forKey: .orientation)
        if let orientation, !(1...8).contains(orientation) {
            throw fail(.orientation, "must be 1 to 8, not \(orientation)")
        }
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        if let duration, !(duration.isFinite && duration >= 0) {
            throw fail(.duration, "must be a non-negative number of seconds")
        }
        sampleRate = try positive(.sampleRate)
        channels = try positive(.channels)
        if let text = try container.decodeIfPresent(String.self, forKey: .captureTime) {
            guard let time = BundleTimestamp.date(from: text) else {
                throw fail(.captureTime, "is not an ISO 8601 time with offset (\(String(text.prefix(40))))")
            }
            photo.captureTime = time
        }
        photo.captureUTCOffset = try container.decodeIfPresent(Int.self, forKey: .captureUTCOffset)
        if let offset = photo.captureUTCOffset, abs(offset) > 18 * 3600 {
            throw fail(.captureUTCOffset, "must be within ±64800 seconds, not \(offset)")
        }
        switch try container.decodeIfPresent(String.self, forKey: .captureUTCOffsetSource) {
        case nil, "camera": break
        case "gps": photo.captureUTCOffsetIsFromGPS = photo.captureUTCOffset != nil
        case let other?:
            throw fail(.captureUTCOffsetSource, "must be \"camera\" or \"gps\", not \"\(String(other.prefix(20)))\"")
        }
        func degrees(_ key: Key, _ limit: Double) throws -> Double? {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard value.isFinite, abs(value) <= limit else { throw fail(key, "must be within ±\(Int(limit)) degrees") }
            return value
        }
        photo.latitude = try degrees(.latitude, 90)
        photo.longitude = try degrees(.longitude, 180)
        photo.altitude = try container.decodeIfPresent(Double.self, forKey: .altitude)
        photo.camera = try container.decodeIfPresent(String.self, forKey: .camera)
        photo.lens = try container.decodeIfPresent(String.self, forKey: .lens)
    }
}
