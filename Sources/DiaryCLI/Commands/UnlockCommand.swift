import DiaryKit

/// `diary unlock [--for D]`: asks for the passphrase once and keeps the diary's key in the
/// kernel keyring, so the commands after it do not ask.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "unlock", abstract: "Keep an encrypted diary's key in the kernel keyring for a while.",
        discussion: """
            Asks for the passphrase (or runs DIARY_PASSPHRASE_COMMAND) and keeps the diary's \
            data key, not the passphrase, in the session keyring (else the user keyring), readable \
            only by this user, until the time is up or 'diary lock'. Later commands of this user \
            find it and do not ask. Where the keyring is unavailable (some containers), nothing \
            is kept and the command exits 69.
            """)

    @Option("for", valueName: "duration", help: "How long the key is kept: 90s, 15m, 2h (default 15m, at most 24h).")
    var givenDuration: UnlockDuration?

    /// `--for`, else the standard 15 minutes.
    var duration: UnlockDuration { givenDuration ?? .standard }

    func run(in context: CommandContext) throws {
        // A plain diary (or none) is said to be one before any passphrase is asked.
        try Diary.requireEncrypted(directory: context.storeDirectory)
        let key = try context.askedKey()
        try Diary.keepUnlocked(key, seconds: duration.seconds)
        context.writeErrorLine(
            "Unlocked the diary at \(context.storeDirectory.path) for "
                + DurationText.describe(seconds: duration.seconds) + " ('diary lock' locks it now).")
    }
}

/// A length of time as help and messages say it: `15 minutes`, `2 hours`, `90 seconds`.
enum DurationText {
    /// The largest whole unit that fits exactly.
    static func describe(seconds: Int) -> String {
        if seconds % 3600 == 0 { return QuantityText.count(seconds / 3600, "hour") }
        if seconds % 60 == 0 { return QuantityText.count(seconds / 60, "minute") }
        return QuantityText.count(seconds, "second")
    }
}
