#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A failed POSIX call: which call, on what, and `errno`.
struct SystemCallError: Error, CustomStringConvertible {
    /// The C function that failed, e.g. `"open"`.
    let call: String
    /// The `errno` it left.
    let code: Int32

    /// `strerror` text with the call name, e.g. `open: No such file or directory`.
    var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// Whether the call failed because the file or directory does not exist.
    var isMissingFile: Bool { code == ENOENT }
}

/// An open POSIX file descriptor that closes itself when it goes out of scope.
///
/// Every call retries on `EINTR`; ``writeAll(_:)`` loops over short writes.
/// Non-copyable, so exactly one owner closes the descriptor exactly once.
struct FileDescriptor: ~Copyable {
    /// The raw descriptor; valid until the value is consumed or dropped.
    let rawValue: Int32

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added) and `mode` for created files.
    ///
    /// - Throws: ``SystemCallError`` from `open`.
    init(path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemCallError) {
        let descriptor = try retryingOnInterrupt("open") { open(path, flags | O_CLOEXEC, mode) }
        rawValue = descriptor
    }

    deinit {
        close(rawValue)
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of file.
    ///
    /// - Throws: ``SystemCallError`` from `read`.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingOnInterrupt("read") { posixRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads the whole file into memory, or returns nil when its size is not `expectedByteCount`
    /// (checked before reading and again at end of file).
    ///
    /// - Throws: ``SystemCallError`` from `fstat` or `read`.
    func readWhole(expectedByteCount: Int64) throws(SystemCallError) -> Data? {
        guard try size() == expectedByteCount, let count = Int(exactly: expectedByteCount) else { return nil }
        var data = Data(count: count)
        var filled = 0
        var failure: SystemCallError?
        data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            do throws(SystemCallError) {
                while filled < count {
                    let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                    if got == 0 { return }
                    filled += got
                }
            } catch {
                failure = error
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
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = try retryingOnInterrupt("write") {
                posixWrite(rawValue, base + offset, bytes.count - offset)
            }
            offset += written
        }
    }

    /// Flushes the file's data and metadata to stable storage.
    ///
    /// - Throws: ``SystemCallError`` from `fsync`.
    func synchronize() throws(SystemCallError) {
        _ = try retryingOnInterrupt("fsync") { fsync(rawValue) }
    }

    /// Sets the file's permission bits.
    ///
    /// - Throws: ``SystemCallError`` from `fchmod`.
    func setPermissions(_ mode: mode_t) throws(SystemCallError) {
        _ = try retryingOnInterrupt("fchmod") { fchmod(rawValue, mode) }
    }

    /// The file's size in bytes, from `fstat`.
    ///
    /// - Throws: ``SystemCallError`` from `fstat`.
    func size() throws(SystemCallError) -> Int64 {
        var info = stat()
        _ = try retryingOnInterrupt("fstat") { fstat(rawValue, &info) }
        return Int64(info.st_size)
    }

    /// Hands the descriptor to a `FileHandle` that closes it when deallocated.
    consuming func intoFileHandle() -> FileHandle {
        let descriptor = rawValue
        discard self
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

/// Path-level POSIX operations the blob store needs and Foundation does not offer with
/// the same guarantees (fsync of a directory, a rename that never copies).
enum FileSystem {
    /// Flushes a directory's entries (names created, renamed or removed in it) to disk.
    ///
    /// - Throws: ``SystemCallError`` from `open` or `fsync`.
    static func synchronizeDirectory(atPath path: String) throws(SystemCallError) {
        let directory = try FileDescriptor(path: path, flags: O_RDONLY | O_DIRECTORY)
        try directory.synchronize()
    }

    /// Creates the directory at `path` with mode 0755; returns false when it already existed.
    ///
    /// - Throws: ``SystemCallError`` from `mkdir` for any failure but `EEXIST`.
    @discardableResult
    static func makeDirectory(atPath path: String) throws(SystemCallError) -> Bool {
        do throws(SystemCallError) {
            _ = try retryingOnInterrupt("mkdir") { mkdir(path, 0o755) }
            return true
        } catch where error.code == EEXIST {
            return false
        }
    }

    /// Atomically renames `source` to `destination`, replacing an existing destination.
    ///
    /// - Throws: ``SystemCallError`` from `rename`.
    static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        _ = try retryingOnInterrupt("rename") { posixRename(source, destination) }
    }

    /// Removes the file at `path`; returns false when there was none.
    ///
    /// - Throws: ``SystemCallError`` from `unlink` for any failure but `ENOENT`.
    @discardableResult
    static func removeFile(atPath path: String) throws(SystemCallError) -> Bool {
        do throws(SystemCallError) {
            _ = try retryingOnInterrupt("unlink") { unlink(path) }
            return true
        } catch where error.isMissingFile {
            return false
        }
    }

    /// The `lstat` of `path`, or nil when nothing is there.
    ///
    /// - Throws: ``SystemCallError`` from `lstat` for any failure but `ENOENT`.
    static func status(ofPath path: String) throws(SystemCallError) -> stat? {
        var info = stat()
        do throws(SystemCallError) {
            _ = try retryingOnInterrupt("lstat") { lstat(path, &info) }
            return info
        } catch where error.isMissingFile || error.code == ENOTDIR {
            return nil
        }
    }

    /// The names in the directory at `path` (without `.` and `..`), or nil when it does not exist.
    ///
    /// - Throws: ``SystemCallError`` from `opendir` for any failure but `ENOENT`.
    static func entries(ofDirectory path: String) throws(SystemCallError) -> [String]? {
        guard let stream = opendir(path) else {
            let code = errno
            if code == ENOENT { return nil }
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
    static func isRegularFile(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `info` describes a directory.
    static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// Runs a POSIX call until it returns something other than -1 with `EINTR`.
///
/// - Throws: ``SystemCallError`` named `name` when the call returns -1 for another reason.
private func retryingOnInterrupt<Result: BinaryInteger>(
    _ name: String, _ call: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = errno
        if code != EINTR { throw SystemCallError(call: name, code: code) }
    }
}

// The C functions whose names the methods above shadow inside their types.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

private func posixRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
