import Foundation
import ObjectGraph

/// A photo: its stored pixel size, EXIF orientation and a small JPEG thumbnail, and what its
/// camera recorded when it has EXIF: capture time and offset, place, camera and lens.
final class ImageMedium: Medium {
    @Attribute(minValue: 1) var width: Int32
    @Attribute(minValue: 1) var height: Int32
    @Attribute(minValue: 1, maxValue: 8) var orientation: Int16 = 1
    @Attribute var thumbnail: Data?
    // What the camera recorded (EXIF), all optional so older stores migrate lightly:
    // the capture instant, the camera's UTC offset in seconds when it wrote one,
    // WGS 84 degrees and metres, and the camera and lens names as the file has them.
    @Attribute(.indexed) var captureTime: Date?
    @Attribute(minValue: -18 * 3600, maxValue: 18 * 3600) var captureUTCOffset: Int32?
    // True when that offset was found by comparing the camera's clock with its GPS time.
    @Attribute var captureUTCOffsetFromGPS: Bool?
    @Attribute(minValue: -90, maxValue: 90) var latitude: Double?
    @Attribute(minValue: -180, maxValue: 180) var longitude: Double?
    @Attribute var altitude: Double?
    @Attribute(maxLength: 128) var camera: String?
    @Attribute(maxLength: 128) var lens: String?
}
