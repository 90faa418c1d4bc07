import Foundation
import ObjectGraph

/// An encrypted diary's unlocked data key, what opening it takes: from its key file and the
/// passphrase (``Diary/unlock(directory:passphrase:)``) or from the keyring
/// (``Diary/cachedKey(directory:)``). Never printed.
public struct DiaryKey: Sendable, CustomStringConvertible {
    /// The store's data key.
    package let dataKey: StoreEncryptionKey
    /// The key file's identifier of it (the keyring entry's name).
    package let identifier: UUID

    /// Pairs a data key with its identifier.
    package init(dataKey: StoreEncryptionKey, identifier: UUID) {
        self.dataKey = dataKey
        self.identifier = identifier
    }

    /// `DiaryKey(<hidden>)`.
    public var description: String { "DiaryKey(<hidden>)" }
}

/// What the keyring holds for a diary (see ``Diary/cachedKey(directory:)``).
public enum CachedDiaryKey: Sendable {
    /// The key `diary unlock` kept.
    case found(DiaryKey)
    /// None (never unlocked, locked, or timed out).
    case notFound
    /// The keyring cannot be used here; the reason, to say once.
    case keyringUnavailable(String)
}
