import Foundation
import MediaKit

/// What a photo's camera recorded, as the diary keeps it (every fact optional; a recording
/// and a photo without EXIF have none).
public struct PhotoFacts: Sendable, Hashable {
    /// The moment it was taken.
    public var captureTime: Date?
    /// The camera's offset from UTC in seconds when it wrote one (`OffsetTimeOriginal`) or its
    /// GPS time tells it; nil when the capture time was read in the zone of the process that
    /// attached it.
    public var captureUTCOffset: Int?
    /// Whether `captureUTCOffset` comes from comparing the camera's clock with its GPS time
    /// (the camera wrote no offset), not from the camera.
    public var captureUTCOffsetIsFromGPS: Bool
    /// Degrees north (south negative).
    public var latitude: Double?
    /// Degrees east (west negative).
    public var longitude: Double?
    /// Metres above sea level (negative below).
    public var altitude: Double?
    /// Camera make and model, as the file has them (user-controlled text).
    public var camera: String?
    /// Lens, as the file has it (user-controlled text).
    public var lens: String?

    /// Facts with the given values; all absent by default.
    public init(
        captureTime: Date? = nil, captureUTCOffset: Int? = nil, captureUTCOffsetIsFromGPS: Bool = false,
        latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil, camera: String? = nil,
        lens: String? = nil
    ) {
        self.captureTime = captureTime
        self.captureUTCOffset = captureUTCOffset
        self.captureUTCOffsetIsFromGPS = captureUTCOffset != nil && captureUTCOffsetIsFromGPS
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.camera = camera
        self.lens = lens
    }

    /// The facts of MediaKit's `metadata`; a capture time without offset is read in `zone`.
    init(_ metadata: PhotoMetadata, assuming zone: TimeZone) {
        self.init(
            captureTime: metadata.captureTime.map { Diary.milliseconds($0.instant(assuming: zone)) },
            captureUTCOffset: metadata.captureTime?.utcOffsetSeconds,
            captureUTCOffsetIsFromGPS: metadata.captureTime?.offsetSource == .gpsClock,
            latitude: metadata.location?.latitude, longitude: metadata.location?.longitude,
            altitude: metadata.location?.altitude, camera: metadata.camera, lens: metadata.lens)
    }

    /// No fact at all.
    public var isEmpty: Bool { self == PhotoFacts() }

    /// The place as text, `35.658581, 139.745433, 40.5 m` (six decimals, about 0.1 m; the
    /// altitude when known); nil without coordinates.
    public var placeText: String? {
        guard let (latitude, longitude) = coordinates else { return nil }
        var text = Coordinates.degrees(latitude) + ", " + Coordinates.degrees(longitude)
        if let altitude, altitude.isFinite { text += ", " + String(format: "%.1f m", altitude) }
        return text
    }

    /// The place on OpenStreetMap, a marker at the coordinates at zoom 16:
    /// `https://www.openstreetmap.org/?mlat=35.658581&mlon=139.745433#map=16/35.658581/139.745433`.
    public var openStreetMapURL: String? {
        guard let (latitude, longitude) = coordinates else { return nil }
        let lat = Coordinates.degrees(latitude), lon = Coordinates.degrees(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
    }

    /// The place, when both coordinates are known.
    public var coordinates: (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite else { return nil }
        return (latitude, longitude)
    }
}
