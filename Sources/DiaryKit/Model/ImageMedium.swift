import Foundation
import ObjectGraph

/// A photo: its stored pixel size, EXIF orientation and a small JPEG thumbnail.
final class ImageMedium: Medium {
    @Attribute(minValue: 1) var width: Int32
    @Attribute(minValue: 1) var height: Int32
    @Attribute(minValue: 1, maxValue: 8) var orientation: Int16 = 1
    @Attribute var thumbnail: Data?
}
