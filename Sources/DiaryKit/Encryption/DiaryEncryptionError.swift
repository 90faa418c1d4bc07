import Foundation

/// Why an encrypted diary, its key file, its passphrase or the key cache could not be used
/// (inside ``DiaryError/encryption(_:)``).
public enum DiaryEncryptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The passphrase does not open the store's key file (or the file's header was changed);
    /// nothing was changed.
    case wrongPassphrase(URL)
    /// `Diary.key` is not a key file this version reads.
    case damagedKeyFile(URL, detail: String)
    /// The key file at the URL is gone, and the database beside it is encrypted: the diary
    /// cannot be opened without it (not a passphrase matter).
    case missingKeyFile(URL)
    /// The key file at the URL unseals with the passphrase, but its data key does not open the
    /// database beside it: another diary's key file (or another key file's diary).
    case foreignKeyFile(URL)
    /// libsodium is missing, or a derivation failed (out of memory).
    case unavailable(String)
    /// The kernel keyring cannot be used here (no keyutils, or the kernel refuses it).
    case keyringUnavailable(String)
    /// A command that needs an encrypted diary was given a plain one.
    case notEncrypted(URL)
    /// `diary encrypt` or `init --encrypt` on a diary that is encrypted already.
    case alreadyEncrypted(URL)
    /// The diary is encrypted and was opened without its key.
    case locked(URL)

    /// One line naming the store and what is wrong.
    public var description: String {
        switch self {
        case .wrongPassphrase(let store):
            "wrong passphrase for \(store.path)"
        case .damagedKeyFile(let url, let detail):
            "\(url.path) is damaged: \(detail); without it the diary cannot be opened (restore it from a backup)"
        case .missingKeyFile(let url):
            "\(url.path) is missing: the diary beside it is encrypted and cannot be opened without its key file "
                + "(restore it from a backup); nothing was changed"
        case .foreignKeyFile(let url):
            "\(url.path) is not this diary's key file: the passphrase opens it, but its key does not open the diary "
                + "beside it (restore the diary's own key file from a backup); nothing was changed"
        case .unavailable(let reason):
            "encryption is unavailable: \(reason)"
        case .keyringUnavailable(let reason):
            "the kernel keyring is unavailable (\(reason))"
        case .notEncrypted(let store):
            "the diary at \(store.path) is not encrypted ('diary encrypt' encrypts it)"
        case .alreadyEncrypted(let store):
            "the diary at \(store.path) is encrypted already"
        case .locked(let store):
            "the diary at \(store.path) is encrypted and needs its passphrase"
        }
    }

    /// The sysexits family: a wrong or missing passphrase is a permission failure, a damaged or
    /// foreign key file bad data, a missing key file missing input, a missing library or keyring
    /// unavailable.
    public var category: DiaryError.Category {
        switch self {
        case .wrongPassphrase, .locked: .permission
        case .damagedKeyFile, .foreignKeyFile: .dataError
        case .missingKeyFile: .missingInput
        case .unavailable, .keyringUnavailable: .unavailable
        case .notEncrypted, .alreadyEncrypted: .usage
        }
    }
}
