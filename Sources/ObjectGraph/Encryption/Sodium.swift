internal import CDeferredLibraries
internal import CSodium
import Synchronization

/// libsodium, opened and initialised once, on the first use of encryption: a plain store never
/// loads it (see CDeferredLibraries).
package enum Sodium {
    /// Whether `sodium_init` succeeded, or why libsodium is unavailable; nil until first asked.
    private static let state = Mutex<Result<Void, StoreEncryptionError>?>(nil)

    /// Loads and initialises libsodium if that has not happened yet.
    ///
    /// - Throws: ``StoreEncryptionError/libraryUnavailable(_:)`` naming why it cannot be loaded.
    package static func ensureLoaded() throws(StoreEncryptionError) {
        let result = state.withLock { state -> Result<Void, StoreEncryptionError> in
            if let state { return state }
            let loaded: Result<Void, StoreEncryptionError>
            if let reason = cdl_sodium_load_error() {
                loaded = .failure(.libraryUnavailable(String(cString: reason)))
            } else if sodium_init() < 0 {
                loaded = .failure(.libraryUnavailable("libsodium could not be initialised"))
            } else {
                loaded = .success(())
            }
            state = loaded
            return loaded
        }
        try result.get()
    }
}
