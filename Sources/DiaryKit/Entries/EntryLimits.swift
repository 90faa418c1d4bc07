/// Bounds on one entry, far above any real diary entry and far below what makes every
/// later listing slow: checked before an entry is saved, imported or even read in full.
public enum EntryLimits {
    /// The most bytes (UTF-8) an entry's text may have: 4 MiB, the length of a few novels.
    public static let maximumTextByteCount = 4 << 20
    /// The most photos and recordings one entry may hold.
    public static let maximumMediaCount = 1_000
    /// The most tags one entry may carry: a bundle of 4,000 tags took 23 s to import before.
    public static let maximumTagCount = 256

    /// `4 MiB` for a byte count that is a whole number of MiB, else `N bytes`.
    static func describe(bytes: Int64) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
    }
}
