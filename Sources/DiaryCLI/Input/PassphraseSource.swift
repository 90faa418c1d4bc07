import DiaryKit

/// Where a command gets a passphrase: the command in `DIARY_PASSPHRASE_COMMAND` when that is
/// set, else the terminal (without echo). Never an argument.
///
/// A new passphrase (`encrypt`, `init --encrypt`, the new one of `passphrase`) is asked twice
/// on the terminal and must match; in scripts it comes from `DIARY_NEW_PASSPHRASE_COMMAND`, or
/// for `encrypt` and `init --encrypt` from `DIARY_PASSPHRASE_COMMAND` when the first is not set.
struct PassphraseSource {
    /// The variable holding the command that prints the current passphrase.
    static let commandVariable = "DIARY_PASSPHRASE_COMMAND"
    /// The variable holding the command that prints a new passphrase.
    static let newCommandVariable = "DIARY_NEW_PASSPHRASE_COMMAND"

    /// The environment the variables are read from (and the commands run in).
    let environment: [String: String]

    /// The current passphrase of the store at `store`.
    /// - Throws: ``PassphraseInputError``.
    func current(for store: String) throws(PassphraseInputError) -> Passphrase {
        if let runner = runner(Self.commandVariable) { return try runner.run() }
        guard TerminalPassphrasePrompt.isAvailable else {
            throw .noTerminal(store: store, variable: Self.commandVariable)
        }
        let typed = try TerminalPassphrasePrompt.ask("Passphrase for \(store): ")
        guard !typed.isEmpty else { throw .empty(source: "the terminal") }
        return typed
    }

    /// A new passphrase for the store at `store`; `replacing` when the store has one already
    /// (then only `DIARY_NEW_PASSPHRASE_COMMAND` gives it in a script, since
    /// `DIARY_PASSPHRASE_COMMAND` gives the current one); `creating` when the store does not
    /// exist yet and is to be made encrypted.
    /// - Throws: ``PassphraseInputError``.
    func new(for store: String, replacing: Bool, creating: Bool = false) throws(PassphraseInputError) -> Passphrase {
        if let runner = runner(Self.newCommandVariable) ?? (replacing ? nil : runner(Self.commandVariable)) {
            return try runner.run()
        }
        guard TerminalPassphrasePrompt.isAvailable else {
            if creating { throw .noTerminalForNewDiary(store: store) }
            throw .noTerminalForNew(
                subject: store, variable: replacing ? Self.newCommandVariable : Self.commandVariable)
        }
        let first = try TerminalPassphrasePrompt.ask("New passphrase for \(store): ")
        guard !first.isEmpty else { throw .empty(source: "the terminal") }
        let second = try TerminalPassphrasePrompt.ask("Type the new passphrase again: ")
        guard first.matches(second) else { throw .mismatch }
        return first
    }

    private func runner(_ variable: String) -> PassphraseCommandRunner? {
        guard let command = environment[variable], !command.allSatisfy(\.isWhitespace) else { return nil }
        return PassphraseCommandRunner(variable: variable, command: command, environment: environment)
    }
}
