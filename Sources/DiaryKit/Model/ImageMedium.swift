import Foundation
import ObjectGraph

/// A photo: its stored pixel size, EXIF orientation and a small JPEG thumbnail.
final class ImageMedium: Medium {
    var width: Int32 { get { self["width"] ?? 0 } set { self["width"] = newValue } }
    var height: Int32 { get { self["height"] ?? 0 } set { self["height"] = newValue } }
    var orientation: Int16 { get { self["orientation"] ?? 1 } set { self["orientation"] = newValue } }
    var thumbnail: Data? { get { self["thumbnail"] } set { self["thumbnail"] = newValue } }
}
