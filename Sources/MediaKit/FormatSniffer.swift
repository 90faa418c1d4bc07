/// What the first bytes of a file say it is.
enum SniffedFormat: Equatable {
    case jpeg
    case png
    /// A container signature libsndfile reads (RIFF/WAVE, AIFF, FLAC, Ogg, ...).
    case audio
    /// Maybe audio (an MP3 frame sync or ID3 tag, or nothing known): libsndfile must confirm.
    case possiblyAudio
    case unknown
}

/// Recognises media by content, never by name.
enum FormatSniffer {
    /// Bytes needed by `format(of:)`.
    static let prefixLength = 12

    static func format(of bytes: [UInt8]) -> SniffedFormat {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && Array(bytes[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if (starts(ascii("RIFF")) || starts(ascii("RIFX")) || starts(ascii("RF64"))) && starts(ascii("WAVE"), at: 8) {
            return .audio
        }
        if starts(ascii("FORM")) && (starts(ascii("AIFF"), at: 8) || starts(ascii("AIFC"), at: 8)) { return .audio }
        if starts(ascii("fLaC")) || starts(ascii("OggS")) || starts(ascii("caff")) || starts(ascii(".snd")) {
            return .audio
        }
        if starts(ascii("ID3")) { return .possiblyAudio }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 { return .possiblyAudio }
        return bytes.isEmpty ? .unknown : .possiblyAudio
    }
}
