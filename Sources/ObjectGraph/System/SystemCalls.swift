#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The one place our Swift code retries a system call a signal interrupted (like swift-nio's
// `syscall(blocking:)`): every target's loops over `read`, `write`, `poll` or `waitpid` go
// through these instead of testing `errno` for `EINTR` themselves.

/// Runs `call` (a POSIX call that returns -1 and sets `errno` on failure) again for as long
/// as it fails with `EINTR`, and returns what it returned last: -1 only for another failure,
/// with `errno` still as the call left it, so the caller reports it in its own words.
package func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}

/// Runs `call` again for as long as it fails with `EINTR`, and returns its result.
///
/// - Throws: ``SystemCallError`` named `name` when the call returns -1 for another reason.
package func retryingInterrupted<Result: BinaryInteger>(
    _ name: String, _ call: () -> Result
) throws(SystemCallError) -> Result {
    let result = retryingInterrupted(call)
    if result == -1 { throw SystemCallError(call: name, code: errno) }
    return result
}

/// Reads from `descriptor` into `buffer` until it is full or the file ends.
///
/// - Returns: the number of bytes read; fewer than `buffer.count` only at the end of the file.
/// - Throws: ``SystemCallError`` from `read`.
package func readAll(from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int
{
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
        let got = try retryingInterrupted("read") { read(descriptor, base + filled, buffer.count - filled) }
        if got == 0 { break }
        filled += got
    }
    return filled
}

/// Writes every byte of `bytes` to `descriptor`, looping over short writes.
///
/// - Throws: ``SystemCallError`` from `write` (`EIO` when it stops making progress).
package func writeAll(to descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
        let written = try retryingInterrupted("write") { write(descriptor, base + offset, bytes.count - offset) }
        // write(2) returns 0 only when it cannot make progress; never spin on it.
        guard written > 0 else { throw SystemCallError(call: "write", code: EIO) }
        offset += written
    }
}
