import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path-level POSIX operations the blob store needs and Foundation does not offer with
/// the same guarantees (fsync of a directory, a rename that never copies).
package enum FileSystem {
    /// Flushes a directory's entries (names created, renamed or removed in it) to disk.
    ///
    /// - Throws: ``SystemCallError`` from `open` or `fsync`.
    package static func synchronizeDirectory(atPath path: String) throws(SystemCallError) {
        let directory = try FileDescriptor(path: path, flags: O_RDONLY | O_DIRECTORY)
        try directory.synchronize()
    }

    /// Creates the directory at `path` with mode 0700 (less what the umask takes); returns false
    /// when it already existed.
    ///
    /// - Throws: ``SystemCallError`` from `mkdir` for any failure but `EEXIST`.
    @discardableResult
    package static func makeDirectory(atPath path: String) throws(SystemCallError) -> Bool {
        do throws(SystemCallError) {
            _ = try retryingInterrupted("mkdir") { mkdir(path, PrivateFileModes.directory) }
            return true
        } catch  where error.code == EEXIST {
            return false
        }
    }

    /// Atomically renames `source` to `destination`, replacing an existing destination.
    ///
    /// - Throws: ``SystemCallError`` from `rename`.
    package static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        _ = try retryingInterrupted("rename") { posixRename(source, destination) }
    }

    /// Removes the file at `path`; returns false when there was none.
    ///
    /// - Throws: ``SystemCallError`` from `unlink` for any failure but `ENOENT`.
    @discardableResult
    package static func removeFile(atPath path: String) throws(SystemCallError) -> Bool {
        do throws(SystemCallError) {
            _ = try retryingInterrupted("unlink") { unlink(path) }
            return true
        } catch  where error.isMissingFile {
            return false
        }
    }

    /// The `lstat` of `path`, or nil when nothing is there.
    ///
    /// - Throws: ``SystemCallError`` from `lstat` for any failure but `ENOENT`.
    package static func status(ofPath path: String) throws(SystemCallError) -> stat? {
        var info = stat()
        do throws(SystemCallError) {
            _ = try retryingInterrupted("lstat") { lstat(path, &info) }
            return info
        } catch  where error.isMissingFile || error.code == ENOTDIR {
            return nil
        }
    }

    /// The names in the directory at `path` (without `.` and `..`), or nil when there is no
    /// directory there.
    ///
    /// - Throws: ``SystemCallError`` from `opendir` for any failure but `ENOENT` and `ENOTDIR`.
    package static func entries(ofDirectory path: String) throws(SystemCallError) -> [String]? {
        guard let stream = opendir(path) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw SystemCallError(call: "opendir", code: code)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `info` describes a regular file (not a directory or link).
    package static func isRegularFile(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The size in bytes of the file `info` describes.
    package static func size(_ info: stat) -> Int64 {
        Int64(info.st_size)
    }

    /// When the file `info` describes was last modified, in whole seconds since 1970.
    package static func modificationTime(_ info: stat) -> TimeInterval {
        #if canImport(Darwin)
            TimeInterval(info.st_mtimespec.tv_sec)
        #else
            TimeInterval(info.st_mtim.tv_sec)
        #endif
    }
}

// The C function whose name the method above shadows inside the type.
private func posixRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
