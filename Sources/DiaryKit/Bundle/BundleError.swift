import Foundation

/// Why exporting or importing an entry bundle failed.
///
/// Every case names the bundle (or file) and the problem in one line a user can act on
/// (`description`), and carries a sysexits-style `category` the command line maps to
/// its exit status.
public enum BundleError: Error, Sendable {
    /// The bundle, or the file or folder given as one, does not exist.
    case bundleNotFound(URL)
    /// The path names something that is neither a `.diaryentry` folder nor a zip of one.
    case notABundle(URL, reason: String)
    /// The bundle has no `entry.json`.
    case manifestMissing(bundle: URL)
    /// `entry.json` is not valid JSON or is larger than any real manifest.
    case manifestUnreadable(bundle: URL, reason: String)
    /// `entry.json` names another format than `photodiary-entry`.
    case unsupportedFormat(bundle: URL, found: String)
    /// `entry.json` has a format version this build cannot read.
    case unsupportedFormatVersion(bundle: URL, found: Int)
    /// A required field of `entry.json` is absent; `field` is its path, e.g. `media[2].sha256`.
    case missingField(bundle: URL, field: String)
    /// A field of `entry.json` has a wrong type or value.
    case invalidField(bundle: URL, field: String, problem: String)
    /// A media path in `entry.json` is absolute or leaves the bundle.
    case unsafePath(bundle: URL, path: String)
    /// A path inside the bundle is a symbolic link or another non-regular file.
    case notARegularFile(bundle: URL, path: String)
    /// An archive member is absolute, climbs out with `..`, is a link, a device or encrypted.
    case unsafeArchiveEntry(bundle: URL, entry: String, reason: String)
    /// An archive member or the whole archive unpacks to more than the reader allows.
    case archiveTooLarge(bundle: URL, entry: String, limit: Int64)
    /// A zip has more members than any real bundle.
    case archiveTooManyMembers(bundle: URL, limit: Int)
    /// The manifest declares more than the reader's limits allow (media, sizes, text);
    /// `detail` names what and the limit.
    case overLimit(bundle: URL, detail: String)
    /// libarchive could not read the zip.
    case archiveCorrupt(bundle: URL, reason: String)
    /// A medium listed in `entry.json` has no file in the bundle.
    case missingMedium(bundle: URL, path: String)
    /// A medium's file has another size than `entry.json` records.
    case sizeMismatch(bundle: URL, path: String, expected: Int64, found: Int64)
    /// A medium's file has another SHA-256 than `entry.json` records.
    case hashMismatch(bundle: URL, path: String, expected: String, found: String)
    /// The injected validator rejected a medium (its content is not what it claims).
    case mediumRejected(bundle: URL, path: String, reason: String)
    /// A medium to export has no file at its source URL.
    case sourceMissing(URL)
    /// A medium to export does not have the size or hash its snapshot records.
    case sourceMismatch(URL, problem: String)
    /// Reading or writing a file failed; `operation` says what was being done.
    case io(URL, operation: String, reason: String)

    /// The sysexits-style family of a bundle error.
    public enum Category: Sendable, Hashable {
        /// The bundle or a medium is malformed, tampered with or unsafe (EX_DATAERR).
        case dataError
        /// A bundle or a file it needs does not exist (EX_NOINPUT).
        case missingInput
        /// The file system failed (EX_IOERR).
        case ioError
        /// This user may not read a file or enter a folder (EX_NOPERM).
        case permission
    }

    /// The family of this error (the command line chooses its exit status).
    public var category: Category {
        switch self {
        case .bundleNotFound, .sourceMissing:
            return .missingInput
        case .io:
            return .ioError
        case .notABundle, .manifestMissing, .manifestUnreadable, .unsupportedFormat,
            .unsupportedFormatVersion, .missingField, .invalidField, .unsafePath,
            .notARegularFile, .unsafeArchiveEntry, .archiveTooLarge, .archiveTooManyMembers, .archiveCorrupt,
            .sizeMismatch, .hashMismatch, .mediumRejected, .sourceMismatch, .missingMedium, .overLimit:
            return .dataError
        }
    }
}
