/// The status `diary` exits with: the sysexits(3) values a script can rely on.
///
/// Every error reaches the process exit through ``ErrorReporter``, which is the one
/// place that turns an error into one of these codes.
package struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric status handed to `exit(3)`.
    package let rawValue: Int32

    /// Makes an exit code from its numeric status.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the command did what was asked.
    package static let success = ExitCode(rawValue: 0)
    /// 64 (EX_USAGE): the command line was wrong: unknown option, missing argument, bad value.
    package static let usage = ExitCode(rawValue: 64)
    /// 65 (EX_DATAERR): the input data was wrong: a corrupt photo, a broken bundle.
    package static let dataError = ExitCode(rawValue: 65)
    /// 66 (EX_NOINPUT): an input file or an entry does not exist or cannot be read.
    package static let noInput = ExitCode(rawValue: 66)
    /// 69 (EX_UNAVAILABLE): a service the command needs is missing, such as the editor.
    package static let unavailable = ExitCode(rawValue: 69)
    /// 70 (EX_SOFTWARE): an internal error; a bug in `diary`.
    package static let software = ExitCode(rawValue: 70)
    /// 74 (EX_IOERR): reading or writing a file failed.
    package static let ioError = ExitCode(rawValue: 74)
    /// 75 (EX_TEMPFAIL): try again later, for example when the store is busy.
    package static let temporaryFailure = ExitCode(rawValue: 75)
    /// 77 (EX_NOPERM): this user may not read a file or enter a folder the command needs.
    package static let noPermission = ExitCode(rawValue: 77)

    /// The numeric status as text, e.g. `64`.
    package var description: String { String(rawValue) }
}
