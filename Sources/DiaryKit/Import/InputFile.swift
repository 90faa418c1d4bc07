import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening a file a user names as input: without blocking (a FIFO or a terminal would
/// otherwise hang `open` or the first `read` forever), and only when it is a regular file.
enum InputFile {
    /// Opens `url` read-only; the descriptor is the caller's to close.
    /// - Throws: ``InteropError/fileNotFound(_:)`` when nothing is there;
    ///   ``InteropError/permissionDenied(_:)`` when this account may not read it or enter a
    ///   folder on its way; ``InteropError/folderNotFile(_:)`` for a folder;
    ///   ``InteropError/notARegularFile(_:)`` for a FIFO, a device or a socket;
    ///   ``InteropError/unreadable(_:reason:)`` for another failed open.
    static func open(_ url: URL) throws(InteropError) -> Int32 {
        try openWithSize(url).descriptor
    }

    /// Opens `url` as ``open(_:)`` does and gives the file's size too: what a reader of an
    /// import needs for its progress.
    /// - Throws: as ``open(_:)``.
    static func openWithSize(_ url: URL) throws(InteropError) -> (descriptor: Int32, byteCount: Int64) {
        let descriptor = Glibc.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .fileNotFound(url) }
            if errno == EACCES { throw .permissionDenied(url) }
            throw .unreadable(url, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            if status.st_mode & S_IFMT == S_IFDIR { throw .folderNotFile(url) }
            throw .notARegularFile(url)
        }
        // Reads of a regular file never block; clear the flag all the same.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int64(status.st_size))
    }
}
