/// What a medium in an entry bundle is: a photo or a sound recording.
///
/// The raw values are the `kind` strings of `entry.json` and of the `--json` output.
public enum MediumKind: String, Sendable, Hashable, CaseIterable {
    /// A still image (JPEG, PNG).
    case image
    /// A sound recording (anything libsndfile reads).
    case audio
}
