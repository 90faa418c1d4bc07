/// What the first bytes of a file say it is.
enum SniffedFormat: Equatable {
    case jpeg
    case png
    /// An ISO base media file of images: HEIC, HEIF or AVIF, as its brands say.
    case heif(ImageFormat)
    /// A RIFF/WEBP file.
    case webp
    /// A native FLAC stream (`fLaC`): FFmpeg reads every FLAC the format allows.
    case flac
    /// A container signature libsndfile reads (RIFF/WAVE, AIFF, Ogg, ...).
    case audio
    /// An ISO base media file that is not an image (M4A, MP4): FFmpeg must confirm a recording.
    case mp4
    /// Maybe audio (an MP3 frame sync or ID3 tag, or nothing known): libsndfile must confirm.
    case possiblyAudio
    case unknown
}

/// Recognises media by content, never by name.
enum FormatSniffer {
    /// Bytes needed by `format(of:)`: enough for an `ftyp` box with a dozen brands.
    static let prefixLength = 64

    static func format(of bytes: [UInt8]) -> SniffedFormat {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && Array(bytes[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return .webp }
        if starts(ascii("ftyp"), at: 4) { return isoMedia(brands: brands(ofFileType: bytes)) }
        if (starts(ascii("RIFF")) || starts(ascii("RIFX")) || starts(ascii("RF64"))) && starts(ascii("WAVE"), at: 8) {
            return .audio
        }
        if starts(ascii("FORM")) && (starts(ascii("AIFF"), at: 8) || starts(ascii("AIFC"), at: 8)) { return .audio }
        if starts(ascii("fLaC")) { return .flac }
        if starts(ascii("OggS")) || starts(ascii("caff")) || starts(ascii(".snd")) {
            return .audio
        }
        if starts(ascii("ID3")) { return .possiblyAudio }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 { return .possiblyAudio }
        return bytes.isEmpty ? .unknown : .possiblyAudio
    }

    /// The major brand, then the compatible brands, of the `ftyp` box at the start of `bytes`
    /// (as far as the prefix holds them).
    private static func brands(ofFileType bytes: [UInt8]) -> [String] {
        let declared = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(bytes.count, max(8, declared))
        var brands: [String] = []
        for offset in stride(from: 8, to: end - 3, by: 4) where offset != 12 {  // 12: the minor version
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
        }
        return brands
    }

    /// HEIC, AVIF or HEIF by brand, as libheif's `heif_get_file_mime_type` decides, with the
    /// brands of the HEIF forms libheif 1.15 cannot decode (`mif3`'s compact box, JPEG, JPEG 2000,
    /// AVC, VVC and uncompressed items), so that they are refused as images it cannot read,
    /// never handed to the recording reader; otherwise a possible recording.
    private static func isoMedia(brands: [String]) -> SniffedFormat {
        guard !brands.isEmpty else { return .mp4 }
        let avif: Set = ["avif", "avis", "MA1A", "MA1B"]
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "MiHE"]
        let heif: Set = [
            "mif1", "mif2", "mif3", "msf1", "miaf", "MiHA", "MiHB", "MiPr", "unif",
            "avci", "avcs", "j2ki", "j2is", "jpeg", "jpgs", "vvic", "vvis"
        ]
        if brands.contains(where: avif.contains) { return .heif(.avif) }
        if brands.contains(where: hevc.contains) { return .heif(.heic) }
        if brands.contains(where: heif.contains) { return .heif(.heif) }
        return .mp4
    }
}
