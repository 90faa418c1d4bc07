import DiaryKit
import Synchronization

extension CommandContext {
    /// The key of the encrypted diary in ``storeDirectory``: the one `diary unlock` kept in the
    /// kernel keyring, else unsealed with the passphrase (``PassphraseSource``). Nil for a plain
    /// diary, which loads neither libsodium nor keyutils. Where the keyring cannot be used, says
    /// so once per process on stderr and asks.
    /// - Throws: ``DiaryError`` (a wrong passphrase, a damaged key file), ``PassphraseInputError``.
    func unlockedKey() throws -> DiaryKey? {
        guard Diary.isEncrypted(directory: storeDirectory) else { return nil }
        switch try Diary.cachedKey(directory: storeDirectory) {
        case .found(let key):
            return key
        case .notFound:
            break
        case .keyringUnavailable(let reason):
            if asksNothing { throw PassphraseInputError.notAsking(store: storeDirectory.path) }
            noteKeyringUnavailable(reason)
        }
        // Shell completions run commands as the user types: never a prompt on the command line,
        // never seconds of key derivation, even with DIARY_PASSPHRASE_COMMAND set.
        if asksNothing { throw PassphraseInputError.notAsking(store: storeDirectory.path) }
        return try askedKey()
    }

    /// Whether `DIARY_NO_PROMPT=1` forbids asking for (or deriving from) a passphrase: a locked
    /// diary then fails at once, as shell completions need.
    var asksNothing: Bool { environment["DIARY_NO_PROMPT"] == "1" }

    /// The key unsealed with the passphrase, never the keyring's (what `unlock` and
    /// `passphrase` check).
    /// - Throws: ``DiaryError``, ``PassphraseInputError``.
    func askedKey() throws -> DiaryKey {
        let passphrase = try passphrases.current(for: storeDirectory.path)
        return try Diary.unlock(directory: storeDirectory, passphrase: passphrase)
    }

    /// Where this command's passphrases come from.
    var passphrases: PassphraseSource { PassphraseSource(environment: environment) }

    /// Says once per process that the keyring is unavailable and passphrases will be asked.
    func noteKeyringUnavailable(_ reason: String) {
        guard
            keyringNoticeGiven.withLock({ given in
                defer { given = true }
                return !given
            })
        else { return }
        writeErrorLine(
            "diary: note: the kernel keyring is unavailable (\(reason)); "
                + "the passphrase is asked for each command")
    }
}

/// Whether this process has said the keyring is unavailable.
private let keyringNoticeGiven = Mutex(false)
