#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A failed POSIX call: which call, and the `errno` it left.
struct SystemCallError: Error, CustomStringConvertible {
    /// The C function that failed, e.g. `"open"`.
    let call: String
    /// The `errno` it left.
    let code: Int32

    /// `strerror` text with the call name, e.g. `open: No such file or directory`.
    var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// Whether the call failed because the file or directory does not exist.
    var isMissingFile: Bool { code == ENOENT }

    /// Runs a POSIX call until it returns something other than -1 with `EINTR`.
    ///
    /// - Throws: ``SystemCallError`` named `name` when the call returns -1 for another reason.
    static func retryingOnInterrupt<Result: BinaryInteger>(
        _ name: String, _ call: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = call()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw SystemCallError(call: name, code: code) }
        }
    }
}
