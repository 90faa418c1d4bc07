internal import CMediaShim
import Foundation

/// The facts of one EXIF TIFF block (a JPEG's APP1 payload after "Exif\0\0", a HEIF Exif
/// item after its header offset, a PNG eXIf chunk or a WebP EXIF chunk), read by libexif
/// through CMediaShim. Any damage, a loop of IFDs or libexif missing leaves facts out; it
/// never stops the picture being read.
struct ExifBlock {
    /// The Orientation 1...8; 1 when absent or invalid.
    var orientation = 1
    /// Capture time, place, camera and lens.
    var metadata = PhotoMetadata()

    /// Reads `tiff` (empty: no EXIF).
    init(tiff: [UInt8]) {
        guard !tiff.isEmpty else { return }
        var facts = cms_exif_facts()
        let status = tiff.withUnsafeBufferPointer { cms_exif_read($0.baseAddress, $0.count, &facts) }
        guard status == CMS_EXIF_FOUND else { return }
        if (1...8).contains(facts.orientation) { orientation = Int(facts.orientation) }
        metadata.captureTime = CaptureTime(
            exifDateTime: Self.text(facts.date_time_original), subSeconds: Self.text(facts.sub_sec_time_original),
            offset: Self.text(facts.offset_time_original))
        if facts.has_location != 0, facts.latitude.isFinite, facts.longitude.isFinite {
            metadata.location = GeoLocation(latitude: facts.latitude, longitude: facts.longitude,
                                            altitude: facts.has_altitude != 0 && facts.altitude.isFinite ? facts.altitude : nil)
        }
        metadata.camera = Self.camera(make: Self.name(facts.make), model: Self.name(facts.model))
        metadata.lens = Self.name(facts.lens_model) ?? Self.name(facts.lens_make)
    }

    /// "Make Model", or the model alone when it starts with the make.
    static func camera(make: String?, model: String?) -> String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            if model.lowercased().hasPrefix(make.lowercased()) { return model }
            return String("\(make) \(model)".prefix(PhotoMetadata.maxNameLength))
        }
    }

    /// A text tag trimmed of blanks and cut to `PhotoMetadata.maxNameLength`; nil when empty.
    private static func name<T>(_ tuple: T) -> String? {
        let value = text(tuple).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : String(value.prefix(PhotoMetadata.maxNameLength))
    }

    /// The text of a fixed-size C character array, up to its first NUL, as UTF-8 with invalid
    /// bytes replaced.
    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
