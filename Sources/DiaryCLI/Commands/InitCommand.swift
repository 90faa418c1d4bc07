import DiaryKit

/// `diary init [--encrypt]`: creates an empty diary, encrypted on request.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "init", abstract: "Create an empty diary, optionally encrypted.",
        discussion: """
            Any first command creates a diary; init does only that, and with --encrypt (or \
            DIARY_ENCRYPT=1 set for the first command) makes it encrypted from the start, \
            with a new passphrase asked twice (or from DIARY_NEW_PASSPHRASE_COMMAND, else \
            DIARY_PASSPHRASE_COMMAND). A folder that already holds a diary is left as it is \
            (exit 64 for --encrypt, which 'diary encrypt' does for an existing diary).
            """)

    @Flag("encrypt", help: "Create it encrypted (asks twice for a new passphrase).")
    var encrypt: Bool

    func run(in context: CommandContext) throws {
        let store = context.storeDirectory
        let exists = Diary.exists(directory: store)
        if exists {
            if encrypt || context.encryptsNewStores {
                throw DiaryError.encryption(
                    Diary.isEncrypted(directory: store)
                        ? .alreadyEncrypted(store.standardizedFileURL) : .notEncrypted(store.standardizedFileURL))
            }
            context.writeErrorLine("There is a diary at \(store.path) already.")
            return
        }
        _ = try context.openDiary(.creating, encrypting: encrypt)
        context.writeErrorLine(
            "Created \(encrypt || context.encryptsNewStores ? "an encrypted" : "a") diary at \(store.path).")
    }
}
