import Foundation

/// Why mirroring a store failed. Every case says what to do; none leaves the store changed
/// (a failed sync keeps what it had already saved, which is always whole).
public enum MirrorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The remote cannot be listed or reached.
    case remoteUnreachable(remote: String, reason: String)
    /// A file could not be read from or written to the remote.
    case remoteFailed(remote: String, path: String, reason: String)
    /// The remote has no room left.
    case remoteFull(remote: String)
    /// The remote holds no mirror yet (no key file).
    case remoteNotInitialized(remote: String)
    /// The remote already holds a mirror, so it cannot be made a new one.
    case remoteAlreadyInitialized(remote: String)
    /// The remote's key file is not one this version reads.
    case damagedKeyFile(remote: String, reason: String)
    /// The passphrase does not open the remote's key file.
    case wrongPassphrase(remote: String)
    /// The store is not mirrored to any remote.
    case notMirrored
    /// The store is already mirrored to a remote.
    case alreadyMirrored(remote: String)
    /// The store's model lacks the entities a mirror keeps its bookkeeping in.
    case modelNotMirrorable
    /// The encryption library failed.
    case encryptionFailed(reason: String)
    /// Another device's change could not be applied here (it would break a rule of the model).
    case cannotApply(path: String, reason: String)

    public var description: String {
        switch self {
        case .remoteUnreachable(let remote, let reason):
            "cannot reach the sync remote \(remote): \(reason)"
        case .remoteFailed(let remote, let path, let reason):
            "the sync remote \(remote) failed on \(path): \(reason); run the sync again"
        case .remoteFull(let remote):
            "the sync remote \(remote) is full; make room there and run the sync again (nothing was lost)"
        case .remoteNotInitialized(let remote):
            "\(remote) holds no synced diary yet; set it up from the first device with `sync init`"
        case .remoteAlreadyInitialized(let remote):
            "\(remote) already holds a synced diary; join it with `sync join` instead"
        case .damagedKeyFile(let remote, let reason):
            "the key file on \(remote) cannot be read (\(reason)); restore it from a backup of the remote"
        case .wrongPassphrase(let remote):
            "the sync passphrase does not open \(remote); type the passphrase given at `sync init`"
        case .notMirrored:
            "this store is not synced; set it up with `sync init REMOTE` or `sync join REMOTE`"
        case .alreadyMirrored(let remote):
            "this store already syncs with \(remote); run `sync leave` first to sync elsewhere"
        case .modelNotMirrorable:
            "the store's model has no mirror bookkeeping entities (add StoreMirror.bookkeepingEntities)"
        case .encryptionFailed(let reason):
            "encryption failed: \(reason)"
        case .cannotApply(let path, let reason):
            "the change set \(path) cannot be applied here: \(reason)"
        }
    }
}
