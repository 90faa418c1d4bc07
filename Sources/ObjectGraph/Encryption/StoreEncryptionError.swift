/// Why an encrypted store, or its key, could not be used.
public enum StoreEncryptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libsodium could not be loaded (the reason the loader gave, with how to install it).
    case libraryUnavailable(String)
    /// A data key must be ``StoreEncryptionKey/byteCount`` bytes; this one had that many.
    case invalidKeyLength(Int)

    /// One line saying what failed.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            "encryption is unavailable: \(reason)"
        case .invalidKeyLength(let count):
            "an encryption key has \(StoreEncryptionKey.byteCount) bytes, not \(count)"
        }
    }
}
