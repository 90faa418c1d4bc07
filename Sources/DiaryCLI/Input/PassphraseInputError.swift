/// Why no passphrase could be had. Every case exits 77 (EX_NOPERM), as a wrong passphrase
/// does: the command was not allowed into the diary, and nothing was changed; except a
/// passphrase too long to take, which is bad input (64).
package enum PassphraseInputError: CLIReportableError, Equatable {
    /// Neither a terminal to ask on nor `DIARY_PASSPHRASE_COMMAND`.
    case noTerminal(store: String, variable: String)
    /// A new passphrase (`encrypt`, `passphrase`, a sync remote's) with neither a terminal to
    /// ask on nor the command in `variable`; `subject` is what it is for (a store's path, a remote).
    case noTerminalForNew(subject: String, variable: String)
    /// A diary to be made encrypted (`DIARY_ENCRYPT=1`, `init --encrypt`) at `store`, which does
    /// not exist yet, with neither a terminal nor a passphrase command: nothing was made.
    case noTerminalForNewDiary(store: String)
    /// The terminal could not be used (`reason` from the system).
    case terminalFailed(reason: String)
    /// The passphrase command could not be started, or exited with a non-zero status.
    case commandFailed(variable: String, detail: String)
    /// The passphrase typed or printed is empty.
    case empty(source: String)
    /// The new passphrase and its repetition differ.
    case mismatch
    /// Input ended (Ctrl-D) before a passphrase was typed.
    case cancelled
    /// The passphrase from `source` has more than `limit` bytes; refused, not cut. `cutByTerminal`
    /// when the limit is the terminal's (whose line discipline drops what a line holds beyond it).
    case tooLong(source: String, limit: Int, cutByTerminal: Bool)
    /// `DIARY_NO_PROMPT=1` (what shell completions set) forbids asking, and the diary is locked.
    case notAsking(store: String)

    /// 77 for all of them but ``tooLong(source:limit:cutByTerminal:)``, which is 64.
    package var exitCode: ExitCode {
        if case .tooLong = self { return .usage }
        return .noPermission
    }

    /// One line saying what to do.
    package var message: String {
        switch self {
        case .noTerminal(let store, let variable):
            "the diary at \(store) is encrypted, and there is no terminal to ask for its passphrase on; "
                + "set \(variable) to a command that prints it"
        case .noTerminalForNew(let subject, let variable):
            "a new passphrase for \(subject) is needed, and there is no terminal to ask for it on; "
                + "set \(variable) to a command that prints it; nothing was changed"
        case .noTerminalForNewDiary(let store):
            "there is no diary at \(store) yet, and a new encrypted diary needs a passphrase, but there is no "
                + "terminal to ask for it on; set \(PassphraseSource.newCommandVariable) to a command that prints one "
                + "(or run the command on a terminal to type it); nothing was created"
        case .terminalFailed(let reason):
            "cannot ask for the passphrase on the terminal: \(reason)"
        case .commandFailed(let variable, let detail):
            "the passphrase command in \(variable) \(detail); nothing was changed"
        case .empty(let source):
            "the passphrase from \(source) is empty; nothing was changed"
        case .mismatch:
            "the two passphrases differ; nothing was changed"
        case .notAsking(let store):
            "the diary at \(store) is locked and DIARY_NO_PROMPT=1 forbids asking for its passphrase; "
                + "run 'diary unlock' first"
        case .cancelled:
            "no passphrase was typed; nothing was changed"
        case .tooLong(let source, let limit, let cutByTerminal):
            cutByTerminal
                ? "the passphrase from \(source) is longer than the \(limit) bytes diary takes there (a terminal cuts "
                    + "longer lines); it was not used cut, and nothing was changed"
                : "the passphrase from \(source) is longer than the \(limit) bytes diary takes; it was not cut, "
                    + "and nothing was changed"
        }
    }
}
