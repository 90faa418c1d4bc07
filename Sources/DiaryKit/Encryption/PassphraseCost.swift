internal import CSodium

/// How much work and memory deriving a key from a passphrase takes (Argon2id's opslimit and
/// memlimit); recorded in the key file, so a file written with one cost opens with it.
///
/// ``standard`` is libsodium's MODERATE (3 passes over 256 MiB): about 0.7 s on the
/// project's 2-core build machine, once per command that asks for the passphrase
/// (`diary unlock` keeps the data key, so later commands do not pay it).
package struct PassphraseCost: Sendable, Hashable {
    /// Argon2id passes (crypto_pwhash's opslimit).
    package var operations: UInt64
    /// Argon2id memory in bytes (crypto_pwhash's memlimit).
    package var memoryBytes: UInt64

    /// Makes a cost from its parts.
    package init(operations: UInt64, memoryBytes: UInt64) {
        self.operations = operations
        self.memoryBytes = memoryBytes
    }

    /// What a new or changed passphrase is derived with: libsodium's MODERATE.
    package static let standard = PassphraseCost(
        operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MODERATE),
        memoryBytes: UInt64(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))

    /// The cheapest cost libsodium accepts for Argon2id (1 pass over 8 KiB): for tests only,
    /// which reach it through `package` API, never through anything a user can set.
    package static let testing = PassphraseCost(operations: 1, memoryBytes: 8 << 10)

    /// The most passes a key file may ask for: 10, or what this version writes if more.
    static let maximumOperations = max(10, standard.operations)
    /// The most memory a key file may ask for: 1 GiB, or what this version writes if more.
    static let maximumMemoryBytes = max(1 << 30, standard.memoryBytes)

    /// Whether a key file's cost is one this program derives with: libsodium's minimum
    /// upwards, at most ``maximumOperations`` passes over ``maximumMemoryBytes``.
    ///
    /// The cost is read before anything in the file can be authenticated: the seal that covers it
    /// is opened with the key derived at that cost, and no check made before the derivation could
    /// be keyed by anything but the passphrase (a cheaper derivation to check it would let anyone
    /// with the file guess passphrases at that cheaper cost). So the bound is what keeps a file
    /// changed to ask for 4 GiB or 1,024 passes from costing every command gigabytes or minutes;
    /// a cost within it that was changed is then found by the seal, as a wrong passphrase.
    var isAcceptable: Bool {
        operations >= 1 && operations <= Self.maximumOperations
            && memoryBytes >= UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN) && memoryBytes <= Self.maximumMemoryBytes
    }
}
