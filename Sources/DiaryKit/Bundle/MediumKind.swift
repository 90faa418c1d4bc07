/// What a medium in an entry bundle is: a photo or a sound recording.
///
/// The raw values are the `kind` strings of `entry.json` and of the `--json` output.
public enum MediumKind: String, Sendable, Hashable, CaseIterable {
    /// A still image (``acceptedFormats``: JPEG, PNG, HEIC, AVIF, WebP).
    case image
    /// A sound recording (``acceptedFormats``: WAV, AIFF, FLAC, Ogg, MP3, M4A, CAF, AU).
    case audio
}
