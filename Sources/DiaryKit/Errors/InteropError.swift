import Foundation

/// Why importing another tool's export (or a diary's own JSON export) failed.
///
/// Every case names the file and, where it applies, the entry (counting from 1 in the
/// file's order) in one ``description`` line a user can act on.
public enum InteropError: Error, Sendable, Hashable {
    /// The file or folder to import does not exist.
    case fileNotFound(URL)
    /// The path names a FIFO, a device or a socket, which an import never waits on.
    case notARegularFile(URL)
    /// The file exists but cannot be read.
    case unreadable(URL, reason: String)
    /// A folder was given where the export file is expected.
    case folderNotFile(URL)
    /// This user may not read the file, or enter a folder on its way.
    case permissionDenied(URL)
    /// The file is not in the format expected; `entry` is nil when the problem is outside
    /// any entry (the document's start, a missing `entries` array).
    case malformed(file: URL, entry: Int?, reason: String)
    /// An entry refers to a media file the export does not contain.
    case missingMedium(file: URL, entry: Int, path: String)
    /// An entry's media file is no valid photo or recording, or differs from its record.
    case mediumRejected(file: URL, entry: Int, path: String, reason: String)
    /// A zipped export could not be unpacked safely.
    case archive(BundleError)
    /// Writing an export failed.
    case io(URL, reason: String)

    /// The sysexits-style family of this error (the same families as a bundle's: bad data,
    /// missing input, I/O, permission); the command line chooses its exit status.
    public var category: BundleError.Category {
        switch self {
        case .fileNotFound, .notARegularFile, .folderNotFile: .missingInput
        case .permissionDenied: .permission
        case .unreadable, .io: .ioError
        case .malformed, .missingMedium, .mediumRejected: .dataError
        case .archive(let error): error.category
        }
    }
}

extension InteropError: CustomStringConvertible {
    /// One line naming the file, the entry and the problem, e.g.
    /// `journal.json: entry 3: "date" is not a date (found "31.12.")`.
    public var description: String {
        switch self {
        case .fileNotFound(let url):
            "\(url.path): no such file or folder"
        case .notARegularFile(let url):
            "\(url.path): not a regular file or folder (a pipe, a device or a socket)"
        case .folderNotFile(let url):
            "\(url.path): it is a folder, not a file"
        case .permissionDenied(let url):
            "\(url.path): permission denied"
        case .unreadable(let url, let reason):
            "\(url.path): cannot be read: \(reason)"
        case .malformed(let url, let entry?, let reason):
            "\(url.path): entry \(entry): \(reason)"
        case .malformed(let url, nil, let reason):
            "\(url.path): \(reason)"
        case .missingMedium(let url, let entry, let path):
            "\(url.path): entry \(entry): the media file \(path) is not in the export"
        case .mediumRejected(let url, let entry, let path, let reason):
            "\(url.path): entry \(entry): \(path) was rejected: \(reason)"
        case .archive(let error):
            error.description
        case .io(let url, let reason):
            "\(url.path): \(reason)"
        }
    }
}
