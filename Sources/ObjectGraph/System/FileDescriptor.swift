import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open POSIX file descriptor that closes itself when it goes out of scope.
///
/// Every call retries on `EINTR`; ``writeAll(_:)`` loops over short writes.
/// Non-copyable, so exactly one owner closes the descriptor exactly once.
package struct FileDescriptor: ~Copyable {
    /// The raw descriptor; valid until the value is consumed or dropped.
    package let rawValue: Int32

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added) and `mode` for created files
    /// (0600 by default: a store's files are its owner's alone).
    ///
    /// - Throws: ``SystemCallError`` from `open`.
    package init(path: String, flags: Int32, mode: mode_t = PrivateFileModes.file) throws(SystemCallError) {
        let descriptor = try retryingInterrupted("open") { open(path, flags | O_CLOEXEC, mode) }
        rawValue = descriptor
    }

    deinit {
        close(rawValue)
    }

    /// Opens the existing file at `path` for reading.
    ///
    /// - Throws: ``SystemCallError`` from `open`.
    package static func reading(_ path: String) throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(path: path, flags: O_RDONLY)
    }

    /// Creates the file at `path` for writing with mode 0600; fails if anything is there.
    ///
    /// - Throws: ``SystemCallError`` from `open` (`EEXIST` when the path is taken).
    package static func creatingExclusively(_ path: String) throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(path: path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: PrivateFileModes.file)
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of file.
    ///
    /// - Throws: ``SystemCallError`` from `read`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingInterrupted("read") { posixRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads until `buffer` is full or the file ends; returns the number of bytes read.
    ///
    /// - Throws: ``SystemCallError`` from `read`.
    package func readAll(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try ObjectGraph.readAll(from: rawValue, into: buffer)
    }

    /// Reads the whole file into memory, or returns nil when its size is not `expectedByteCount`
    /// (checked before reading and again at end of file).
    ///
    /// - Throws: ``SystemCallError`` from `fstat` or `read`.
    package func readWhole(expectedByteCount: Int64) throws(SystemCallError) -> Data? {
        guard try size() == expectedByteCount, let count = Int(exactly: expectedByteCount) else { return nil }
        var data = Data(count: count)
        var failure: SystemCallError?
        let filled = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
            do throws(SystemCallError) {
                return try readAll(into: buffer)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        var probe: UInt8 = 0
        let beyond = try withUnsafeMutableBytes(of: &probe) { (byte) throws(SystemCallError) in try read(into: byte) }
        return filled == count && beyond == 0 ? data : nil
    }

    /// Writes every byte of `bytes`, looping over short writes.
    ///
    /// - Throws: ``SystemCallError`` from `write`.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        try ObjectGraph.writeAll(to: rawValue, bytes)
    }

    /// Writes every byte of `bytes` at `offset` in the file (`pwrite`: the file position stays
    /// where it was), looping over short writes.
    ///
    /// - Throws: ``SystemCallError`` from `pwrite` (`EIO` when it stops making progress).
    package func writeAll(_ bytes: UnsafeRawBufferPointer, atOffset offset: Int64) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written = try retryingInterrupted("pwrite") {
                pwrite(rawValue, base + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            guard written > 0 else { throw SystemCallError(call: "pwrite", code: EIO) }
            done += written
        }
    }

    /// Flushes the file's data and metadata to stable storage.
    ///
    /// - Throws: ``SystemCallError`` from `fsync`.
    package func synchronize() throws(SystemCallError) {
        _ = try retryingInterrupted("fsync") { fsync(rawValue) }
    }

    /// Sets the file's permission bits.
    ///
    /// - Throws: ``SystemCallError`` from `fchmod`.
    package func setPermissions(_ mode: mode_t) throws(SystemCallError) {
        _ = try retryingInterrupted("fchmod") { fchmod(rawValue, mode) }
    }

    /// Opens the regular file at `path` for reading without waiting: a FIFO or a device is
    /// opened non-blocking and then refused (`EISDIR` for a folder, `EINVAL` otherwise), so that staging
    /// never hangs on a path that names no file.
    ///
    /// - Throws: ``SystemCallError`` from `open` or `fstat`, or for a path that is not a regular file.
    package static func readingRegularFile(_ path: String) throws(SystemCallError) -> FileDescriptor {
        let file = try FileDescriptor(path: path, flags: O_RDONLY | O_NONBLOCK)
        var info = stat()
        _ = try retryingInterrupted("fstat") { fstat(file.rawValue, &info) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return file
        case S_IFDIR: throw SystemCallError(call: "open", code: EISDIR)
        default: throw SystemCallError(call: "open (not a regular file)", code: EINVAL)
        }
    }

    /// The file's size in bytes, from `fstat`.
    ///
    /// - Throws: ``SystemCallError`` from `fstat`.
    package func size() throws(SystemCallError) -> Int64 {
        var info = stat()
        _ = try retryingInterrupted("fstat") { fstat(rawValue, &info) }
        return Int64(info.st_size)
    }

    /// Hands the descriptor to a `FileHandle` that closes it when deallocated.
    package consuming func intoFileHandle() -> FileHandle {
        let descriptor = rawValue
        discard self
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

// The C function whose name the method above shadows inside the type.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
