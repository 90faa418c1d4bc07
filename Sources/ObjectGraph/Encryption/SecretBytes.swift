internal import CDeferredLibraries
internal import CSodium

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Secret bytes (a key, a passphrase, a key schedule) in memory of their own, from libsodium's
/// guarded allocator (`sodium_malloc`): pages no other allocation shares, locked against
/// swapping where the system allows (`mlock`; a lock refused under a low `RLIMIT_MEMLOCK` leaves
/// the memory usable), left out of core dumps (`MADV_DONTDUMP`), between inaccessible guard
/// pages, and zeroed when freed (`sodium_free`). Pages of their own matter: `munlock` is not
/// counted, so two secrets sharing a page would unlock each other.
///
/// When libsodium cannot be loaded (a plain store never needs it, but a passphrase may be read
/// before the store says it is encrypted), the bytes are ordinary memory, zeroed before it is
/// freed. Immutable after `init`, so sharing across threads is safe.
package final class SecretBytes: Sendable {
    /// The bytes, zeros at first; valid for the object's lifetime.
    package nonisolated(unsafe) let pointer: UnsafeMutablePointer<UInt8>
    /// How many.
    package let count: Int
    /// Whether the bytes come from `sodium_malloc` (else ordinary memory).
    package let isGuarded: Bool

    /// `count` zero bytes (at least 16 are allocated, a multiple of 16, so that the address is
    /// aligned for any C state kept in them: see ``bound(to:)``).
    package init(count: Int) {
        CoreDumpProtection.engage()
        self.count = count
        let allocated = max(16, (count + 15) & ~15)
        if (try? Sodium.ensureLoaded()) != nil, let memory = sodium_malloc(allocated) {
            pointer = memory.bindMemory(to: UInt8.self, capacity: allocated)
            isGuarded = true
        } else {
            pointer = UnsafeMutableRawPointer.allocate(byteCount: allocated, alignment: 16)
                .bindMemory(to: UInt8.self, capacity: allocated)
            isGuarded = false
        }
        pointer.initialize(repeating: 0, count: allocated)
    }

    deinit {
        if isGuarded {
            sodium_free(pointer)
        } else {
            explicit_bzero(pointer, max(16, (count + 15) & ~15))
            UnsafeMutableRawPointer(pointer).deallocate()
        }
    }

    /// Secret memory holding one `State` (a cipher's state, whose key schedule is as secret as
    /// the key), and a pointer to it valid for the memory's lifetime.
    static func holding<State>(_ type: State.Type) -> (memory: SecretBytes, state: UnsafeMutablePointer<State>) {
        precondition(MemoryLayout<State>.alignment <= 16)
        let memory = SecretBytes(count: MemoryLayout<State>.size)
        return (memory, UnsafeMutableRawPointer(memory.pointer).bindMemory(to: State.self, capacity: 1))
    }
}
