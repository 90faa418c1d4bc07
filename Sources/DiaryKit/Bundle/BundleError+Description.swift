import Foundation

extension BundleError: CustomStringConvertible, LocalizedError {
    /// One line naming the bundle or file and what is wrong with it.
    public var description: String {
        switch self {
        case .bundleNotFound(let url):
            return "no entry bundle at \(Self.display(url))"
        case .notABundle(let url, let reason):
            return "\(Self.display(url)) is not an entry bundle: \(reason)"
        case .manifestMissing(let bundle):
            return "entry.json is missing in \(Self.display(bundle))"
        case .manifestUnreadable(let bundle, let reason):
            return "cannot read entry.json in \(Self.display(bundle)): \(reason)"
        case .unsupportedFormat(let bundle, let found):
            return "entry.json in \(Self.display(bundle)) has format \"\(found)\", "
                + "expected \"\(EntryManifest.formatName)\""
        case .unsupportedFormatVersion(let bundle, let found):
            return "entry.json in \(Self.display(bundle)) has format version \(found); "
                + "this diary reads version \(EntryManifest.formatVersion) (update the diary)"
        case .missingField(let bundle, let field):
            return "entry.json in \(Self.display(bundle)) lacks the required field \(field)"
        case .invalidField(let bundle, let field, let problem):
            return "entry.json in \(Self.display(bundle)): \(field) \(problem)"
        case .unsafePath(let bundle, let path):
            return "refusing \(path) in \(Self.display(bundle)): the path leaves the bundle"
        case .notARegularFile(let bundle, let path):
            return "refusing \(path) in \(Self.display(bundle)): not a regular file "
                + "(symbolic links are not followed)"
        case .unsafeArchiveEntry(let bundle, let entry, let reason):
            return "refusing \(Self.display(bundle)): archive member \(entry) \(reason)"
        case .archiveTooLarge(let bundle, let entry, let limit):
            return "refusing \(Self.display(bundle)): \(entry) unpacks to more than "
                + "\(limit) bytes"
        case .archiveTooManyMembers(let bundle, let limit):
            return "refusing \(Self.display(bundle)): it has more than \(limit) members"
        case .overLimit(let bundle, let detail):
            return "refusing \(Self.display(bundle)): \(detail)"
        case .archiveCorrupt(let bundle, let reason):
            return "cannot read the zip \(Self.display(bundle)): \(reason)"
        case .missingMedium(let bundle, let path):
            return "\(path) is listed in entry.json but missing in \(Self.display(bundle))"
        case .sizeMismatch(let bundle, let path, let expected, let found):
            return "size mismatch for \(path) in \(Self.display(bundle)): "
                + "expected \(expected) bytes, found \(found)"
        case .hashMismatch(let bundle, let path, let expected, let found):
            return "hash mismatch for \(path) in \(Self.display(bundle)): "
                + "expected \(Self.short(expected)), found \(Self.short(found))"
        case .mediumRejected(let bundle, let path, let reason):
            return "\(path) in \(Self.display(bundle)) is not a valid medium: \(reason)"
        case .sourceMissing(let url):
            return "cannot export: the medium file \(Self.display(url)) is missing "
                + "(run `diary check`)"
        case .sourceMismatch(let url, let problem):
            return "cannot export: the medium file \(Self.display(url)) \(problem) "
                + "(run `diary check`)"
        case .io(let url, let operation, let reason):
            return "cannot \(operation) \(Self.display(url)): \(reason)"
        }
    }

    /// The same line as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// `url`'s path with the home folder shown as `~`.
    static func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        guard home.count > 1, path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The one-line message of any error, for wrapping it into a bundle error.
    static func reason(of error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// The first 12 hex digits of a digest, enough to tell two apart in a message.
    private static func short(_ digest: String) -> String {
        digest.count > 12 ? digest.prefix(12) + "…" : digest
    }
}
