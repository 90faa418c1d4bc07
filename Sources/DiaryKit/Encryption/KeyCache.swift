internal import CDeferredLibraries
internal import CKeyutils
import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unlocked data keys kept in the kernel keyring between commands (keyutils, opened on first
/// use): a key of type `user` described `photodiary:<key identifier>` (the identifier in the
/// store's key file, so a moved store keeps its entry), readable only by its possessor and
/// this user, with a timeout. It is added to the login session's keyring where there is one,
/// else to the user keyring; lookups search the session keyring, then the user keyring.
package enum KeyCache {
    /// What a lookup found.
    package enum Lookup: Sendable {
        /// The kept data key.
        case found(StoreEncryptionKey)
        /// No key kept, or it timed out.
        case notFound
        /// The keyring cannot be used here; the reason.
        case unavailable(String)
    }

    /// The description of the keyring entry for the key named `identifier`.
    package static func description(of identifier: UUID) -> String {
        "photodiary:" + identifier.lowercaseText
    }

    /// The kept key named `identifier`.
    package static func find(_ identifier: UUID) -> Lookup {
        if let reason = loadError() { return .unavailable(reason) }
        let serial: Int
        switch search(identifier) {
        case .success(let found?): serial = found
        case .success(nil): return .notFound
        case .failure(let failure): return .unavailable(failure.reason)
        }
        // The key as the keyring gives it, in secret memory until it is copied into the key's own.
        let bytes = SecretBytes(count: StoreEncryptionKey.byteCount + 1)
        let count = bytes.pointer.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            keyctl_read(key_serial_t(serial), $0, bytes.count)
        }
        guard count == StoreEncryptionKey.byteCount else {
            if count < 0, let reason = unavailability(errno) { return .unavailable(reason) }
            return .notFound
        }
        let read = UnsafeBufferPointer(start: bytes.pointer, count: StoreEncryptionKey.byteCount)
        guard let key = try? StoreEncryptionKey(bytes: read) else { return .notFound }
        return .found(key)
    }

    /// Keeps `key` as the key named `identifier` for `seconds`, replacing one kept before.
    /// - Throws: ``DiaryEncryptionError/keyringUnavailable(_:)``.
    package static func keep(_ key: StoreEncryptionKey, as identifier: UUID, seconds: Int) throws(DiaryError) {
        if let reason = loadError() { throw .encryption(.keyringUnavailable(reason)) }
        let ring = try targetKeyring()
        let serial = key.withUnsafeBytes { bytes in
            add_key("user", description(of: identifier), bytes.baseAddress, bytes.count, ring)
        }
        guard serial >= 0 else { throw .encryption(.keyringUnavailable(failure("add_key", errno))) }
        guard keyctl_setperm(serial, entryPermissions) == 0,
            keyctl_set_timeout(serial, UInt32(clamping: max(1, seconds))) == 0
        else {
            let reason = failure("keyctl", errno)
            _ = keyctl_invalidate(serial)
            throw .encryption(.keyringUnavailable(reason))
        }
    }

    /// Drops the key named `identifier` from every keyring it is in; whether there was one.
    /// - Throws: ``DiaryEncryptionError/keyringUnavailable(_:)``.
    package static func forget(_ identifier: UUID) throws(DiaryError) -> Bool {
        if let reason = loadError() { throw .encryption(.keyringUnavailable(reason)) }
        var dropped = false
        // One search finds one link; a key added from two sessions is two keys.
        for _ in 0..<16 {
            switch search(identifier) {
            case .success(let serial?):
                guard keyctl_invalidate(key_serial_t(serial)) == 0 || keyctl_revoke(key_serial_t(serial)) == 0 else {
                    throw .encryption(.keyringUnavailable(failure("keyctl_invalidate", errno)))
                }
                dropped = true
            case .success(nil):
                return dropped
            case .failure(let failure):
                throw .encryption(.keyringUnavailable(failure.reason))
            }
        }
        return dropped
    }

    // MARK: Parts

    /// What the diary's keyring entries allow: everything to their possessor, and to this user
    /// all but linking them elsewhere.
    static let entryPermissions = key_perm_t(
        KEY_POS_ALL | KEY_USR_VIEW | KEY_USR_READ | KEY_USR_WRITE | KEY_USR_SEARCH | KEY_USR_SETATTR)

    /// The keyring a key is added to: the session keyring of a login session, else the user
    /// keyring. A process outside any session has the per-user session keyring as its session
    /// keyring; adding to `@s` there would make a new session keyring of this process alone,
    /// which no later command sees.
    static func targetKeyring() throws(DiaryError) -> key_serial_t {
        let session = keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0)
        let userSession = keyctl_get_keyring_ID(KEY_SPEC_USER_SESSION_KEYRING, 0)
        if session >= 0, session != userSession { return session }
        let user = keyctl_get_keyring_ID(KEY_SPEC_USER_KEYRING, 1)
        guard user >= 0 else { throw .encryption(.keyringUnavailable(failure("keyctl_get_keyring_ID", errno))) }
        return user
    }

    /// The serial of the key named `identifier` (session keyring first, then the user
    /// keyring), nil when there is none, or why the keyring cannot be searched.
    private static func search(_ identifier: UUID) -> Result<Int?, Failure> {
        search(described: description(of: identifier))
    }

    /// The serial of the `user` key described `description` (session keyring first, then the
    /// user keyring), nil when there is none, or why the keyring cannot be searched.
    static func search(described description: String) -> Result<Int?, Failure> {
        for ring in [KEY_SPEC_SESSION_KEYRING, KEY_SPEC_USER_KEYRING] {
            let serial = keyctl_search(ring, "user", description, 0)
            if serial >= 0 { return .success(Int(serial)) }
            if let reason = unavailability(errno) { return .failure(Failure(reason)) }
        }
        return .success(nil)
    }

    /// A reason, kept as an error so it fits a `Result`.
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Why keyutils cannot be loaded, or nil.
    static func loadError() -> String? {
        cdl_keyutils_load_error().map { "libkeyutils cannot be loaded: " + String(cString: $0) }
    }

    /// The reason for an errno that means the keyring cannot be used at all; nil for one that
    /// only means "no such key" (none, timed out, revoked, or a keyring that does not exist yet).
    private static func unavailability(_ code: Int32) -> String? {
        switch code {
        case ENOKEY, EKEYEXPIRED, EKEYREVOKED, ENOENT: nil
        default: failure("keyctl_search", code)
        }
    }

    private static func failure(_ call: String, _ code: Int32) -> String {
        "\(call): \(String(cString: strerror(code)))"
    }
}
