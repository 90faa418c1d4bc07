import DiaryKit

/// `diary passphrase`: changes an encrypted diary's passphrase without re-encrypting its data.
struct PassphraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "passphrase", abstract: "Change an encrypted diary's passphrase.",
        discussion: """
            Asks for the current passphrase, then twice for the new one. Only the key file \
            changes (the data key is sealed again, with a new salt, at the key derivation cost \
            the file records), so it is quick whatever the diary's size, and a key kept by \
            'diary unlock' stays valid. In scripts, \
            DIARY_PASSPHRASE_COMMAND prints the current passphrase and \
            DIARY_NEW_PASSPHRASE_COMMAND the new one. A wrong current passphrase changes \
            nothing (exit 77).
            """)

    func run(in context: CommandContext) throws {
        let store = context.storeDirectory
        try Diary.requireEncrypted(directory: store)
        // Checked before the new one is asked, so a typo is found at once.
        let key = try context.askedKey()
        let new = try context.passphrases.new(for: store.path, replacing: true)
        try Diary.changePassphrase(directory: store, unlockedWith: key, to: new)
        context.writeErrorLine("Changed the passphrase of the diary at \(store.path).")
    }
}
