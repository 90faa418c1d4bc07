/// How an entry bundle is written.
public enum BundleFormat: Sendable, Hashable {
    /// A `<date>-<slug>.diaryentry/` folder.
    case directory
    /// One `<date>-<slug>.diaryentry.zip` file holding the same tree.
    case zip

    /// The file name suffix of a bundle in this format.
    var suffix: String {
        switch self {
        case .directory: return ".diaryentry"
        case .zip: return ".diaryentry.zip"
        }
    }
}
