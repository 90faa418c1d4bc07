import DiaryKit

/// `diary decrypt`: turns an encrypted diary back into a plain one.
struct DecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "decrypt", abstract: "Decrypt the diary, removing its passphrase.",
        discussion: """
            Asks for the passphrase (or runs DIARY_PASSPHRASE_COMMAND), builds the plain store \
            beside the encrypted one and swaps it in; the key kept by 'diary unlock' is dropped. \
            An interruption leaves the old store or the new one, whole.
            """)

    func run(in context: CommandContext) throws {
        let store = context.storeDirectory
        try Diary.requireEncrypted(directory: store)
        // The passphrase, not the keyring: decrypting is a choice to confirm.
        let key = try context.askedKey()
        try Diary.decrypt(directory: store, key: key)
        context.writeErrorLine("Decrypted the diary at \(store.path).")
    }
}
