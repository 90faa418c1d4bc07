import Foundation

/// A file opened for reading, with its size checked against the limits; closed on deinit.
/// Used by one call on one thread, never shared.
final class MediaFile {
    let path: String
    let handle: UnsafeMutablePointer<FILE>
    let byteCount: Int64

    /// Opens `url`; throws `unreadable` with the system's reason, or `tooLarge`.
    init(url: URL, limits: MediaLimits) throws(MediaError) {
        path = url.path
        // Opened without blocking, so a FIFO or a device is refused instead of hanging `open`.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: path, reason: "not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let handle = fdopen(descriptor, "rb") else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        self.handle = handle
        byteCount = Int64(status.st_size)
        if byteCount > limits.maxFileSize {
            throw .tooLarge(path: path, limit: .fileSize(byteCount: byteCount, limit: limits.maxFileSize))
        }
    }

    deinit { fclose(handle) }

    /// The first `count` bytes (fewer when the file is shorter); leaves the position at the start.
    func prefix(_ count: Int) throws(MediaError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        rewind(handle)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, handle) }
        if ferror(handle) != 0 {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        rewind(handle)
        return Array(bytes.prefix(got))
    }
}

extension MediaFile {
    /// Every byte of the file (its size was checked against `maxFileSize` on opening), for the
    /// libraries that read only from memory; leaves the position at the start.
    func contents() throws(MediaError) -> [UInt8] {
        guard byteCount <= Int64(Int.max) else {
            throw .tooLarge(path: path, limit: .fileSize(byteCount: byteCount, limit: Int64(Int.max)))
        }
        return try prefix(Int(byteCount))
    }
}
