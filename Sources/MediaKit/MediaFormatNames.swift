/// The names of the formats MediaKit accepts, as users know them: the one list that error
/// messages and the command line's help name them from.
public enum MediaFormatNames {
    /// Photos: `JPEG, PNG, HEIC, AVIF, WebP`.
    public static let photos = ["JPEG", "PNG", "HEIC", "AVIF", "WebP"]
    /// Recordings: `WAV, AIFF, FLAC, Ogg, MP3, M4A, CAF, AU` (Ogg: Vorbis, Opus, FLAC, Speex;
    /// M4A: AAC, ALAC, AC-3, E-AC-3, FLAC, Opus).
    public static let recordings = ["WAV", "AIFF", "FLAC", "Ogg", "MP3", "M4A", "CAF", "AU"]

    /// `JPEG, PNG, HEIC, AVIF, WebP`.
    public static var photoList: String { photos.joined(separator: ", ") }
    /// `WAV, AIFF, FLAC, Ogg, MP3, M4A, CAF, AU`.
    public static var recordingList: String { recordings.joined(separator: ", ") }
}
