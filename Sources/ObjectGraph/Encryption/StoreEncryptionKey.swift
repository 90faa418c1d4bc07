internal import CDeferredLibraries
internal import CSodium

/// The 256-bit data key of an encrypted store: what its pages and blobs are encrypted with.
///
/// An app never stores it in the clear: it keeps it wrapped by a key derived from a passphrase
/// (see DiaryKit's key file) and hands the unwrapped key to
/// ``PersistentStoreOptions/encryptionKey`` to open the store. The bytes live in memory of their
/// own (``SecretBytes``: locked against swapping where the system allows it, left out of core
/// dumps), are zeroed when the last copy of the key goes, and are never printed: the description
/// shows no byte of them.
public struct StoreEncryptionKey: Sendable, Hashable, CustomStringConvertible {
    /// How many bytes a data key has.
    public static let byteCount = 32

    private let storage: Storage

    /// The key made of `bytes`, which must be exactly ``byteCount`` long. The caller should
    /// zero its own copy once the key is made.
    ///
    /// - Throws: ``StoreEncryptionError/invalidKeyLength(_:)`` for any other length;
    ///   ``StoreEncryptionError/libraryUnavailable(_:)`` when libsodium cannot be loaded.
    public init(bytes: some Collection<UInt8>) throws(StoreEncryptionError) {
        guard bytes.count == Self.byteCount else { throw .invalidKeyLength(bytes.count) }
        try Sodium.ensureLoaded()
        storage = Storage(copying: bytes)
    }

    /// A new key of random bytes from the system's generator (libsodium's `randombytes_buf`).
    ///
    /// - Throws: ``StoreEncryptionError/libraryUnavailable(_:)`` when libsodium cannot be loaded.
    public static func random() throws(StoreEncryptionError) -> StoreEncryptionKey {
        try Sodium.ensureLoaded()
        return StoreEncryptionKey(storage: Storage(random: ()))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Calls `body` with the key's bytes, which it must not keep.
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(storage.bytes))
    }

    /// Two keys are equal when their bytes are, compared in constant time.
    public static func == (lhs: StoreEncryptionKey, rhs: StoreEncryptionKey) -> Bool {
        lhs.storage === rhs.storage
            || sodium_memcmp(lhs.storage.bytes.baseAddress!, rhs.storage.bytes.baseAddress!, byteCount) == 0
    }

    /// Hashes nothing of the key: equal keys hash alike, and no function of the bytes leaves it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(Self.byteCount)
    }

    /// `StoreEncryptionKey(<hidden>)`: a key is never printed.
    public var description: String { "StoreEncryptionKey(<hidden>)" }

    /// The key's bytes in memory of their own (``SecretBytes``: locked against swapping where
    /// the system allows, a failed lock not being an error; out of core dumps; zeroed when freed).
    /// Immutable after `init`, so sharing it across threads is safe.
    private final class Storage: Sendable {
        let memory = SecretBytes(count: StoreEncryptionKey.byteCount)
        var bytes: UnsafeMutableRawBufferPointer {
            UnsafeMutableRawBufferPointer(start: memory.pointer, count: StoreEncryptionKey.byteCount)
        }

        init(copying source: some Collection<UInt8>) {
            _ = bytes.initializeMemory(as: UInt8.self, from: source)
        }

        init(random: Void) {
            randombytes_buf(memory.pointer, StoreEncryptionKey.byteCount)
        }
    }
}
