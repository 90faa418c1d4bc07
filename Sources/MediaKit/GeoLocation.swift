/// Where a photo was taken, from its EXIF GPS tags (WGS 84).
public struct GeoLocation: Sendable, Hashable {
    /// Degrees north of the equator (-90...90; south negative).
    public var latitude: Double
    /// Degrees east of Greenwich (-180...180; west negative).
    public var longitude: Double
    /// Metres above sea level (negative below), nil when the camera recorded none.
    public var altitude: Double?

    /// A location from its coordinates.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
