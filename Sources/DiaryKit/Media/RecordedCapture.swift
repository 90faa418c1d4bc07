import Foundation

/// The moment a photo was taken as an export recorded it, with the camera's UTC offset when
/// it had one: on import it wins over the file's own EXIF time, which without an offset would
/// be read in the importing machine's zone and move by the difference of the zones.
public struct RecordedCapture: Sendable, Hashable {
    /// The moment.
    public var time: Date
    /// The camera's offset from UTC in seconds, nil when it recorded none.
    public var utcOffset: Int?
    /// Whether the offset was found from the photo's GPS time.
    public var offsetIsFromGPS: Bool

    /// A recorded moment.
    public init(time: Date, utcOffset: Int? = nil, offsetIsFromGPS: Bool = false) {
        self.time = time
        self.utcOffset = utcOffset
        self.offsetIsFromGPS = offsetIsFromGPS
    }
}
