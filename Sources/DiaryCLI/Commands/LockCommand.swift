import DiaryKit

/// `diary lock`: drops the key `diary unlock` kept, so the next command asks again.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "lock", abstract: "Drop an encrypted diary's key from the kernel keyring.",
        discussion: """
            The next command asks for the passphrase again. Locking a diary that is not \
            unlocked changes nothing and succeeds.
            """)

    func run(in context: CommandContext) throws {
        let dropped = try Diary.lock(directory: context.storeDirectory)
        context.writeErrorLine(
            dropped
                ? "Locked the diary at \(context.storeDirectory.path)."
                : "The diary at \(context.storeDirectory.path) was not unlocked; nothing to do.")
    }
}
