import Foundation

/// A point on Earth in WGS 84 degrees: latitude north (south negative) within ±90, longitude
/// east (west negative) within ±180, both finite.
public struct Coordinates: Sendable, Hashable {
    /// Degrees north (south negative), within ±90.
    public let latitude: Double
    /// Degrees east (west negative), within ±180.
    public let longitude: Double

    /// The point, or nil when either degree is not finite or out of its range.
    public init?(latitude: Double, longitude: Double) {
        guard Self.isLatitude(latitude), Self.isLongitude(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether `value` is a finite latitude within ±90 degrees.
    public static func isLatitude(_ value: Double) -> Bool { value.isFinite && abs(value) <= 90 }

    /// Whether `value` is a finite longitude within ±180 degrees.
    public static func isLongitude(_ value: Double) -> Bool { value.isFinite && abs(value) <= 180 }

    /// `35.658581, 139.745433`: six decimals (about 0.1 m), never `-0.000000`.
    public var text: String { Self.degrees(latitude) + ", " + Self.degrees(longitude) }

    /// The point on OpenStreetMap, a marker at zoom 16:
    /// `https://www.openstreetmap.org/?mlat=35.658581&mlon=139.745433#map=16/35.658581/139.745433`.
    public var openStreetMapURL: String {
        let lat = Self.degrees(latitude), lon = Self.degrees(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
    }

    /// Six decimals, never "-0.000000".
    static func degrees(_ value: Double) -> String {
        let text = String(format: "%.6f", value)
        return text == "-0.000000" ? "0.000000" : text
    }
}
