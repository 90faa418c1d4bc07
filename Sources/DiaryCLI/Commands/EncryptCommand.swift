import DiaryKit

/// `diary encrypt`: turns a plain diary into an encrypted one.
struct EncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "encrypt", abstract: "Encrypt the diary with a passphrase.",
        discussion: """
            Asks twice for a new passphrase (or runs DIARY_NEW_PASSPHRASE_COMMAND, else \
            DIARY_PASSPHRASE_COMMAND), then builds the encrypted store beside the old one and \
            swaps it in: every entry, tag, thumbnail and media file is encrypted, media file \
            names too. An interruption leaves the old store or the new one, whole. Every later \
            command asks for the passphrase, unless 'diary unlock' keeps the key for a while. \
            Forgetting the passphrase loses the diary: there is no other way in. Another \
            diary process using the store makes it refuse (exit 75).
            """)

    func run(in context: CommandContext) throws {
        let store = context.storeDirectory
        // The store must be there, and plain, before a passphrase is asked for.
        try Diary.requirePlain(directory: store)
        let passphrase = try context.passphrases.new(for: store.path, replacing: false)
        _ = try Diary.encrypt(directory: store, passphrase: passphrase)
        context.writeErrorLine("Encrypted the diary at \(store.path).")
    }
}
