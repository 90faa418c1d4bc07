/// Why text could not be read from the editor or stdin.
package enum TextInputError: CLIReportableError, Equatable {
    /// The editor program could not be started (not found, not executable).
    case editorNotStarted(command: String, reason: String)
    /// The editor ran but exited with a non-zero status or was killed.
    case editorFailed(command: String, status: Int32)
    /// The temporary file could not be written or read back.
    case temporaryFile(path: String, reason: String)
    /// Stdin could not be read.
    case standardInputUnreadable(reason: String)
    /// The text is not valid UTF-8.
    case notUTF8(source: String)
    /// The text is longer than an entry may be (``EntryLimits/maximumTextByteCount``);
    /// `keptAt` names the file that still holds it, when there is one.
    case tooLong(source: String, limit: Int, keptAt: String?)
    /// The text saved in the editor is not valid UTF-8; its file is kept at `path`.
    case editorTextNotUTF8(keptIn: String)

    /// 69 when the editor is missing or failed, 74 for file and stdin trouble, 65 for bad text.
    package var exitCode: ExitCode {
        switch self {
        case .editorNotStarted, .editorFailed: .unavailable
        case .temporaryFile, .standardInputUnreadable: .ioError
        case .notUTF8, .tooLong, .editorTextNotUTF8: .dataError
        }
    }

    /// One line naming the editor, file or stream and what went wrong.
    package var message: String {
        switch self {
        case .editorNotStarted(let command, let reason):
            "cannot start the editor '\(command)': \(reason); set VISUAL or EDITOR, or pipe the text in"
        case .editorFailed(let command, let status):
            "the editor '\(command)' exited with status \(status); nothing was saved"
        case .temporaryFile(let path, let reason):
            "cannot use the temporary file \(path): \(reason)"
        case .standardInputUnreadable(let reason):
            "cannot read standard input: \(reason)"
        case .notUTF8(let source):
            "the text from \(source) is not valid UTF-8"
        case .tooLong(let source, let limit, let keptAt):
            "the text from \(source) is longer than the limit of \(limit >> 20) MiB (\(limit) bytes) per entry; "
                + (keptAt.map { "nothing was saved, your text is kept in \($0)" } ?? "nothing was saved")
        case .editorTextNotUTF8(let path):
            "the text saved in the editor is not valid UTF-8; your text is kept in \(path)"
        }
    }
}
