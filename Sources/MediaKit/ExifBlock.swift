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
        if let time = metadata.captureTime, time.utcOffsetSeconds == nil, facts.has_gps_time != 0,
            let offset = CaptureTime.offsetSeconds(
                wallClock: time.wallClock, gpsDate: Self.text(facts.gps_date_stamp),
                gpsSecondsOfDay: facts.gps_time_seconds)
        {
            metadata.captureTime = CaptureTime(
                wallClock: time.wallClock, utcOffsetSeconds: offset, offsetSource: .gpsClock)
        }
        // 0, 0 exactly is what a camera without a fix writes (a Samsung GT-I9000's zeros), not a
        // photo taken in the Gulf of Guinea.
        if facts.has_location != 0, facts.latitude.isFinite, facts.longitude.isFinite,
            facts.latitude != 0 || facts.longitude != 0
        {
            metadata.location = GeoLocation(
                latitude: facts.latitude, longitude: facts.longitude,
                altitude: facts.has_altitude != 0 && facts.altitude.isFinite ? facts.altitude : nil)
        }
        metadata.camera = Self.camera(make: Self.name(facts.make), model: Self.name(facts.model))
        metadata.lens = Self.name(facts.lens_model) ?? Self.name(facts.lens_make)
    }

    /// "Make Model" without saying the maker twice: the model alone when it starts with a word of
    /// the make ("NIKON CORPORATION" and "NIKON D70" give `NIKON D70`; "EASTMAN KODAK COMPANY" and
    /// "KODAK DX4900" give `KODAK DX4900`), else the make without its company words and the model
    /// ("OLYMPUS OPTICAL CO.,LTD" and "C2000Z" give `OLYMPUS C2000Z`).
    static func camera(make: String?, model: String?) -> String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            let makeWords = Self.words(make)
            if let first = Self.words(model).first, makeWords.contains(first) { return model }
            let brand = Self.brand(of: make)
            return String("\(brand) \(model)".prefix(PhotoMetadata.maxNameLength))
        }
    }

    /// Words of a company's name that are no part of its brand.
    private static let companyWords: Set<String> = [
        "CORPORATION", "CORP", "CO", "LTD", "LIMITED", "COMPANY", "INC", "INCORPORATED", "AG", "GMBH", "KG",
        "SA", "SAS", "SPA", "BV", "PLC", "LLC", "OPTICAL", "ELECTRIC", "COMPUTER", "CAMERA"
    ]

    /// The make without its company words ("PENTAX Corporation" is `PENTAX`, "Leica Camera AG"
    /// `Leica`); the make as it is when nothing else would be left.
    private static func brand(of make: String) -> String {
        let kept = make.split(whereSeparator: { $0 == " " || $0 == "," })
            .filter { !companyWords.contains(normalised($0)) }
        return kept.isEmpty ? make : kept.joined(separator: " ")
    }

    /// A name's words, upper-cased without trailing dots, for comparing makers.
    private static func words(_ name: String) -> [String] {
        name.split(whereSeparator: { $0 == " " || $0 == "," }).map(normalised).filter { !$0.isEmpty }
    }

    private static func normalised(_ word: Substring) -> String {
        String(word.uppercased().drop(while: { $0 == "." }).reversed().drop(while: { $0 == "." }).reversed())
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
