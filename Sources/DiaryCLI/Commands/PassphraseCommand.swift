import DiaryKit

/// `diary passphrase [--rekey]`: changes an encrypted diary's passphrase, keeping its data key,
/// or with `--rekey` re-encrypts the whole diary under a new one.
struct PassphraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "passphrase", abstract: "Change an encrypted diary's passphrase.",
        discussion: """
            Asks for the current passphrase, then twice for the new one. Without --rekey only \
            the key file changes: it keeps the data key, sealed again under the new passphrase \
            (with a new salt, at the key derivation cost the file records), so it is quick \
            whatever the diary's size and a key kept by 'diary unlock' stays valid; but a copy \
            of the old Diary.key (in a backup) with the old passphrase still opens the data. \
            --rekey also re-encrypts the whole diary, database and media, under a new random \
            data key, built beside the old store and swapped in as 'diary encrypt' does (an \
            interruption leaves the old diary or the new one, whole), so the old key file and \
            passphrase open nothing of it any more; it takes as long as encrypting. In scripts, \
            DIARY_PASSPHRASE_COMMAND prints the current passphrase and \
            DIARY_NEW_PASSPHRASE_COMMAND the new one. A wrong current passphrase changes \
            nothing (exit 77); another diary process using the store makes --rekey refuse (exit 75).
            """)

    @Flag("rekey", help: "Also re-encrypt the diary under a new data key, so old key files open nothing.")
    var rekey: Bool

    func run(in context: CommandContext) throws {
        let store = context.storeDirectory
        try Diary.requireEncrypted(directory: store)
        // Checked before the new one is asked, so a typo is found at once.
        let key = try context.askedKey()
        let new = try context.passphrases.new(for: store.path, replacing: true)
        if rekey {
            _ = try Diary.rekey(directory: store, unlockedWith: key, to: new)
            context.writeErrorLine("Re-encrypted the diary at \(store.path) under a new data key and passphrase.")
        } else {
            try Diary.changePassphrase(directory: store, unlockedWith: key, to: new)
            context.writeErrorLine("Changed the passphrase of the diary at \(store.path).")
        }
    }
}
