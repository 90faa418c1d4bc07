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

    /// Every status `diary` exits with, each with a few words for the root help and a sentence
    /// for the manual page: the one list the help, the manual page and the README's table
    /// (checked by a test) come from. 70 is left out: it is a bug, not an answer.
    package static let documented: [(code: ExitCode, brief: String, meaning: String)] = [
        (.success, "done", "Done (also a cancelled empty entry)."),
        (
            .usage, "usage error (a bad option or date)",
            "Usage: an unknown option, a bad date or month, conflicting options."
        ),
        (
            .dataError, "bad data (a corrupt photo or bundle)",
            "Bad data: a corrupt or mistaken photo or recording, a broken or tampered bundle, a damaged store."
        ),
        (
            .noInput, "a missing file or unknown entry",
            "Missing input: a file or bundle that does not exist, an unknown entry."
        ),
        (.unavailable, "no editor", "The editor could not be started or failed."),
        (.ioError, "I/O error", "Reading or writing failed."),
        (
            .temporaryFailure, "store busy",
            "The store is busy, or another diary changed the same entry meanwhile; nothing was saved."
        ),
        (
            .noPermission, "no permission (or a wrong passphrase)",
            "Permission denied: a file or folder this user may not read; or an encrypted diary's passphrase is "
                + "wrong, missing, or may not be asked (DIARY_NO_PROMPT)."
        )
    ]

    /// `Exit status: 0 done, 64 usage error (…), …`: the sentence of the root help.
    package static var helpSentence: String {
        "Exit status: " + documented.map { "\($0.code) \($0.brief)" }.joined(separator: ", ") + "."
    }
}
