import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The modes that keep a store to its owner, whatever the umask: folders 0700, files 0600
/// (committed blobs 0400), set exactly rather than left to the umask; and the tightening of a
/// store made before, or loosened since.
package enum PrivateFileModes {
    /// A store's folders: only the owner may list, enter or change them.
    package static let directory: mode_t = 0o700
    /// A store's files while written: only the owner may read or write them.
    package static let file: mode_t = 0o600
    /// A committed blob: only the owner may read it, nobody may write it.
    package static let readOnlyFile: mode_t = 0o400
    /// The bits a private file or folder never has: anything for the group or others.
    static let openToOthers: mode_t = 0o077

    /// Creates the folder at `path` and every missing one above it, each with mode 0700
    /// exactly; folders already there are left as they are.
    ///
    /// - Throws: ``PrivateFileModesError`` naming the folder that could not be made.
    package static func createDirectories(atPath path: String) throws(PrivateFileModesError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/" {
            // Followed through links: `~/.local/share` may well be one.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: current, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw PrivateFileModesError(path: current, reason: "not a directory")
                }
                break
            }
            missing.append(current)
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        for folder in missing.reversed() {
            do throws(SystemCallError) {
                // Another process may make the same folder meanwhile: then it is theirs, as made.
                guard try FileSystem.makeDirectory(atPath: folder) else { continue }
                _ = try retryingInterrupted("chmod") { chmod(folder, directory) }
            } catch {
                throw PrivateFileModesError(path: folder, reason: error.description)
            }
        }
    }

    /// Creates the file at `path` empty with mode 0600 when nothing is there (so a database
    /// engine that keeps an existing file's mode, and gives its journals the same, starts from
    /// a private file); leaves an existing file as it is.
    ///
    /// - Throws: ``PrivateFileModesError`` when the file cannot be created for another reason
    ///   than its being there or the folder being closed to writing.
    package static func createFileIfMissing(atPath path: String) throws(PrivateFileModesError) {
        do throws(SystemCallError) {
            _ = try FileDescriptor(path: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: Self.file)
        } catch  where [EEXIST, EACCES, EPERM, EROFS].contains(error.code) {
            // There already (perhaps read-only, or a link), or not ours to create here: the
            // engine's own open deals with it and reports what it finds.
        } catch {
            throw PrivateFileModesError(path: path, reason: error.description)
        }
    }

    /// Takes every permission of the group and others from the folder at `path`, from its
    /// entries named `entries` and from everything under those that are folders, when the
    /// folder or one of those entries is open to others (a store made by an earlier version,
    /// or one loosened by hand). A store whose folder and named entries are private is left
    /// alone without walking its media; anything else in the folder is never touched (a
    /// store may live in a folder that holds other things). Symbolic links are neither
    /// followed nor changed.
    ///
    /// - Returns: the paths whose modes were changed, empty when all was private.
    /// - Throws: ``PrivateFileModesError`` naming the first path that could not be changed.
    package static func tighten(folderAt path: String, entries: [String]) throws(PrivateFileModesError) -> [String] {
        do throws(SystemCallError) {
            guard let root = try FileSystem.status(ofPath: path), isDirectory(root) else { return [] }
            var found: [(String, stat)] = []
            for name in entries {
                if let info = try FileSystem.status(ofPath: path + "/" + name) {
                    found.append((path + "/" + name, info))
                }
            }
            guard isLoose(root) || found.contains(where: { isLoose($0.1) }) else { return [] }
            var changed: [String] = []
            try tighten(path, status: root, recursively: false, changed: &changed)
            for (entry, info) in found {
                try tighten(entry, status: info, recursively: true, changed: &changed)
            }
            return changed
        } catch {
            throw PrivateFileModesError(path: path, reason: error.description)
        }
    }

    /// Tightens `path` (whose `lstat` is `info`) and, for a folder when `recursively`, everything in it.
    private static func tighten(
        _ path: String, status info: stat, recursively: Bool,
        changed: inout [String]
    ) throws(SystemCallError) {
        guard isDirectory(info) || FileSystem.isRegularFile(info) else { return }
        // Only this account's own files: another's (a shared folder the store lives in) is
        // neither ours to change nor changeable.
        if info.st_mode & openToOthers != 0, info.st_uid == geteuid() {
            let mode = info.st_mode & 0o7777 & ~openToOthers
            _ = try retryingInterrupted("chmod") { chmod(path, mode) }
            changed.append(path)
        }
        guard recursively, isDirectory(info) else { return }
        for name in try FileSystem.entries(ofDirectory: path) ?? [] {
            let child = path + "/" + name
            if let childInfo = try FileSystem.status(ofPath: child) {
                try tighten(child, status: childInfo, recursively: true, changed: &changed)
            }
        }
    }

    /// Whether `info` is a folder or regular file of this account with any permission for the
    /// group or others.
    private static func isLoose(_ info: stat) -> Bool {
        (isDirectory(info) || FileSystem.isRegularFile(info)) && info.st_mode & openToOthers != 0
            && info.st_uid == geteuid()
    }

    private static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// A folder or file whose private mode could not be set: its path and why.
package struct PrivateFileModesError: Error, CustomStringConvertible {
    /// The folder or file.
    package let path: String
    /// The failed call and its `strerror` text.
    package let reason: String

    /// `<path>: <reason>`.
    package var description: String { "\(path): \(reason)" }
}
