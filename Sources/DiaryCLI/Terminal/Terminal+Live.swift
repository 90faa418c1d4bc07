import Foundation

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
    package static func live(environment: [String: String], pictureCache: URL? = nil) -> Terminal {
        var terminal = Terminal(
            standardOutput: FileDescriptorWriter.standardOutput,
            standardError: FileDescriptorWriter.standardError,
            isStandardOutputTerminal: isatty(STDOUT_FILENO) == 1,
            isStandardErrorTerminal: isatty(STDERR_FILENO) == 1,
            isStandardInputTerminal: isatty(STDIN_FILENO) == 1,
            width: windowWidth(of: STDOUT_FILENO) ?? windowWidth(of: STDERR_FILENO)
                ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            colorAllowed: colorAllowed(environment: environment),
            canRewriteLines: canRewriteLines(environment: environment))
        var size = winsize()
        if terminal.isStandardOutputTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 {
            terminal.height = Int(size.ws_row)
            if size.ws_xpixel > 0, size.ws_ypixel > 0, size.ws_col > 0 {
                terminal.cellPixels = (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
            }
        }
        if terminal.isStandardOutputTerminal, terminal.colorAllowed, !(environment["TERM"] ?? "").isEmpty {
            let detection = PictureMode.detect(environment: environment)
            terminal.pictureMode = {
                switch detection {
                case .known(let mode), .symbols(let mode): mode
                case .ask(let symbols): TerminalGraphicsQuery.ask(cacheDirectory: pictureCache).mode ?? symbols
                }
            }
        }
        return terminal
    }

    /// The column count of the terminal on a descriptor, nil when it is not one.
    static func windowWidth(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
