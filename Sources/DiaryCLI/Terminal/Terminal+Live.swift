#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Terminal {
    /// The process's terminal: stdout and stderr through ``FileDescriptorWriter``,
    /// `isatty` for each stream, the width from `ioctl(TIOCGWINSZ)` on stdout (then
    /// stderr, then `$COLUMNS`), and colour as the environment allows.
    package static func live(environment: [String: String]) -> Terminal {
        Terminal(standardOutput: FileDescriptorWriter.standardOutput,
                 standardError: FileDescriptorWriter.standardError,
                 isStandardOutputTerminal: isatty(STDOUT_FILENO) == 1,
                 isStandardErrorTerminal: isatty(STDERR_FILENO) == 1,
                 isStandardInputTerminal: isatty(STDIN_FILENO) == 1,
                 width: windowWidth(of: STDOUT_FILENO) ?? windowWidth(of: STDERR_FILENO)
                     ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                 colorAllowed: colorAllowed(environment: environment),
                 canRewriteLines: canRewriteLines(environment: environment))
    }

    /// The column count of the terminal on a descriptor, nil when it is not one.
    static func windowWidth(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
