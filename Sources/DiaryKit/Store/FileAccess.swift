import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path a user gave leads to, as stat(2) and access(2) see it for this process: so a
/// file in a folder the user cannot enter is "permission denied", not "no such file".
enum FileAccess: Equatable {
    /// Nothing is there (or a part of the path is not a folder).
    case missing
    /// This process may not look into a folder on the way, or not read the file.
    case permissionDenied
    /// A folder.
    case folder
    /// Anything else this process may read (a file, a device).
    case readable

    /// Looks at `url`.
    static func of(_ url: URL) -> FileAccess {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return errno == EACCES ? .permissionDenied : .missing }
        if status.st_mode & S_IFMT == S_IFDIR { return .folder }
        return access(url.path, R_OK) == 0 || errno != EACCES ? .readable : .permissionDenied
    }
}
