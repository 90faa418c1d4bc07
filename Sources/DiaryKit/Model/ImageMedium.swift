import Foundation
import ObjectGraph

/// A photo: its stored pixel size, EXIF orientation and a small JPEG thumbnail, and what its
/// camera recorded when it has EXIF: capture time and offset, place, camera and lens.
final class ImageMedium: Medium {
    var width: Int32 { get { self["width"] ?? 0 } set { self["width"] = newValue } }
    var height: Int32 { get { self["height"] ?? 0 } set { self["height"] = newValue } }
    var orientation: Int16 { get { self["orientation"] ?? 1 } set { self["orientation"] = newValue } }
    var thumbnail: Data? { get { self["thumbnail"] } set { self["thumbnail"] = newValue } }
    var captureTime: Date? { get { self["captureTime"] } set { self["captureTime"] = newValue } }
    var captureUTCOffset: Int32? { get { self["captureUTCOffset"] } set { self["captureUTCOffset"] = newValue } }
    var latitude: Double? { get { self["latitude"] } set { self["latitude"] = newValue } }
    var longitude: Double? { get { self["longitude"] } set { self["longitude"] = newValue } }
    var altitude: Double? { get { self["altitude"] } set { self["altitude"] = newValue } }
    var camera: String? { get { self["camera"] } set { self["camera"] = newValue } }
    var lens: String? { get { self["lens"] } set { self["lens"] = newValue } }
}
