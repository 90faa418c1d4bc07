import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor for streaming a bundle's files in 64 KiB chunks; closed when
/// released. Symbolic links are never followed when opening.
///
/// Not `Sendable`: one open file belongs to one export or import.
final class BundleFile {
    /// The chunk size of every streamed read and copy.
    static let chunkSize = 64 * 1024

    /// The file's location, for messages.
    let url: URL
    /// The descriptor; -1 once closed.
    private(set) var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Opens the regular file `url` for reading without following a symbolic link at its
    /// last component (and without blocking on a FIFO).
    /// Throws `ifMissing` when there is no such file, `.io` for other failures.
    static func openForReading(_ url: URL, ifMissing: BundleError) throws(BundleError) -> BundleFile {
        // Without blocking: a FIFO put where a file should be is refused, not waited on.
        let descriptor = Glibc.open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw ifMissing }
            throw .io(url, operation: "open", reason: String(cString: strerror(code)))
        }
        let file = BundleFile(url: url, descriptor: descriptor)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .posix(url, "inspect") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .io(url, operation: "read", reason: "it is not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Creates `url` for writing with `mode` (less the umask: 0644 for what is shared, 0600
    /// for a private temporary copy); fails when anything, even a dangling link, is there.
    static func create(_ url: URL, mode: mode_t = 0o644) throws(BundleError) -> BundleFile {
        let descriptor = Glibc.open(
            url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
            mode)
        guard descriptor >= 0 else { throw .posix(url, "create") }
        return BundleFile(url: url, descriptor: descriptor)
    }

    /// Opens a folder only to flush its entries (`synchronize`) after a rename.
    static func openDirectory(_ url: URL) throws(BundleError) -> BundleFile {
        let descriptor = Glibc.open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .posix(url, "open the folder") }
        return BundleFile(url: url, descriptor: descriptor)
    }

    /// The size of the open file.
    func size() throws(BundleError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .posix(url, "inspect") }
        return Int64(status.st_size)
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BundleError) -> Int {
        let count = retryingInterrupted { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else { throw .posix(url, "read") }
        return count
    }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(BundleError) {
        do throws(SystemCallError) {
            try writeAll(to: descriptor, bytes)
        } catch {
            throw .io(url, operation: "write", reason: String(cString: strerror(error.code)))
        }
    }

    /// Writes all of `data`.
    func write(_ data: Data) throws(BundleError) {
        try data.withBytes { (bytes) throws(BundleError) in try write(bytes) }
    }

    /// Flushes the file (or folder) to the disk.
    func synchronize() throws(BundleError) {
        guard fsync(descriptor) == 0 else { throw .posix(url, "flush") }
    }

    /// Closes the descriptor, reporting a failed close (a late write error).
    func close() throws(BundleError) {
        let descriptor = self.descriptor
        self.descriptor = -1
        guard Glibc.close(descriptor) == 0 else { throw .posix(url, "close") }
    }

    /// Reads the file to its end in chunks, hashing it, and hands every chunk to `sink`.
    /// Returns the byte count and the SHA-256 in hex.
    func stream(
        to sink: (UnsafeRawBufferPointer) throws(BundleError) -> Void = { _ in }
    ) throws(BundleError) -> (byteCount: Int64, sha256: String) {
        let hasher = SHA256Hasher()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = try read(into: buffer)
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            hasher.update(chunk)
            try sink(chunk)
            total += Int64(count)
        }
        return (total, hasher.finalizeHex())
    }

    /// Reads the whole file when it has at most `limit` bytes; nil when it is longer.
    /// The size is taken from `fstat` first, and reading stops past `limit`, so a huge
    /// (or sparse) file is refused without being read.
    func readAll(limit: Int) throws(BundleError) -> Data? {
        guard try size() <= Int64(limit) else { return nil }
        var data = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return data }
            // The file grew after fstat.
            if data.count + count > limit { return nil }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

extension BundleError {
    /// An `.io` error for the failed system call whose `errno` is current.
    static func posix(_ url: URL, _ operation: String) -> BundleError {
        .io(url, operation: operation, reason: String(cString: strerror(errno)))
    }
}

extension Data {
    /// `withUnsafeBytes` keeping the error type of `body`.
    func withBytes(
        _ body: (UnsafeRawBufferPointer) throws(BundleError) -> Void
    ) throws(BundleError) {
        let failure = withUnsafeBytes { bytes -> BundleError? in
            do throws(BundleError) { try body(bytes); return nil } catch { return error }
        }
        if let failure { throw failure }
    }
}
