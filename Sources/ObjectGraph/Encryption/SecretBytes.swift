internal import CDeferredLibraries
internal import CSodium

/// Secret bytes in memory of their own: locked against swapping where the system allows,
/// zeroed before they are freed. Immutable after `init`, so sharing across threads is safe.
final class SecretBytes: Sendable {
    /// The bytes; valid for the object's lifetime.
    nonisolated(unsafe) let pointer: UnsafeMutablePointer<UInt8>
    /// How many.
    let count: Int

    init(count: Int) {
        CoreDumpProtection.engage()
        self.count = count
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
        _ = sodium_mlock(pointer, count)
    }

    deinit {
        sodium_memzero(pointer, count)
        _ = sodium_munlock(pointer, count)
        pointer.deallocate()
    }
}
