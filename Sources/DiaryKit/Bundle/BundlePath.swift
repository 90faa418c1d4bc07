import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks on relative paths inside a bundle: media paths of the manifest and member
/// names of a zip.
enum BundlePath {
    /// Why a path may not be used inside a bundle.
    enum Problem: Error {
        case absolute, parentReference, empty, invalidCharacter

        /// The clause of an error message, after the path.
        var reason: String {
            switch self {
            case .absolute: return "is an absolute path"
            case .parentReference: return "climbs out of the bundle with .."
            case .empty: return "has an empty name"
            case .invalidCharacter: return "contains a backslash or a NUL character"
            }
        }
    }

    /// The components of a relative path that stays inside its bundle, without `.` and
    /// empty components. Throws for absolute paths (also `C:` drive forms), `..`,
    /// backslashes (Windows separators would hide a `..`) and NUL.
    static func components(of path: String) throws(Problem) -> [String] {
        if path.hasPrefix("/") { throw .absolute }
        if path.contains("\\") || path.contains("\0") { throw .invalidCharacter }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            .map(String.init).filter { $0 != "." }
        if let first = parts.first, first.count >= 2, first.dropFirst().first == ":" {
            throw .absolute
        }
        if parts.contains("..") { throw .parentReference }
        if parts.isEmpty { throw .empty }
        return parts
    }

    /// The path with `.` and empty components dropped (`media/./p.jpg` is `media/p.jpg`);
    /// a path that cannot be used is returned as it is.
    static func normalized(_ path: String) -> String {
        (try? components(of: path))?.joined(separator: "/") ?? path
    }

    /// What is at a path, looked at without following symbolic links.
    enum Kind {
        case missing, regularFile, directory, other
    }

    /// The kind of `url`'s last component (not following a link there).
    static func kind(of url: URL) -> Kind {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether anything, even a dangling link, is at `url`.
    static func exists(_ url: URL) -> Bool {
        kind(of: url) != .missing
    }
}
