internal import CDeferredLibraries

/// Keeps key material out of core dumps and away from other processes of the user: the first
/// secret a process holds (a key, a passphrase) makes it leave no core dump and not be
/// dumpable or traceable (`RLIMIT_CORE`'s soft limit 0, `PR_SET_DUMPABLE` 0) for the rest of its life. Key
/// memory itself is also locked against swapping and marked not to be dumped: ``SecretBytes`` in
/// Swift, and the page cipher's derived keys in `CStoreCipher` (both from `sodium_malloc`).
package enum CoreDumpProtection {
    /// Makes this process undumpable (once; later calls do nothing).
    package static func engage() {
        _ = engaged
    }

    /// Whether the kernel would dump this process now (`PR_GET_DUMPABLE`).
    package static var processIsDumpable: Bool { cdl_is_dumpable() != 0 }

    private static let engaged: Bool = cdl_forbid_core_dumps() == 0
}
