import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed POSIX call: which call, and the `errno` it left.
package struct SystemCallError: Error, CustomStringConvertible {
    /// The C function that failed, e.g. `"open"`.
    package let call: String
    /// The `errno` it left.
    package let code: Int32

    /// The failure of `call` with `errno` `code`.
    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `strerror` text with the call name, e.g. `open: No such file or directory`.
    package var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// Whether the call failed because the file or directory does not exist.
    package var isMissingFile: Bool { code == ENOENT }
}
