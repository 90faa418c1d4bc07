import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A passphrase as the user typed it (or a passphrase command printed it): its UTF-8 bytes, in
/// memory of their own (`SecretBytes`: locked against swapping where the system allows, left out
/// of core dumps), zeroed when the last copy goes, never printed.
///
/// Where a passphrase is read (the terminal prompt, `DIARY_PASSPHRASE_COMMAND`'s output), the
/// buffer is such memory too. What this cannot cover: the kernel's copies (the terminal's line
/// buffer, the pipe), libsodium's Argon2id working memory, and a passphrase a user writes into
/// the command itself (`DIARY_PASSPHRASE_COMMAND='echo …'`), which lives in Swift `String`s (the
/// environment, the child's arguments) that can be neither locked nor wiped.
public struct Passphrase: Sendable, CustomStringConvertible {
    private let storage: Storage

    /// The passphrase made of `bytes` (without the line's newline). The caller should zero
    /// its own buffer afterwards (or keep it in ``SecretBytes``, as the readers do).
    public init(bytes: some Collection<UInt8>) {
        Self.keepOutOfCoreDumps()
        storage = Storage(copying: bytes)
    }

    /// Makes this process leave no core dump and not be traceable by the user's other processes,
    /// for the rest of its life: what reading a passphrase, before it is one of these, needs.
    public static func keepOutOfCoreDumps() {
        CoreDumpProtection.engage()
    }

    /// The longest passphrase diary takes, in bytes: a longer one is refused where it is read,
    /// never cut (a cut one would seal a diary under a passphrase nobody typed).
    public static let maximumByteCount = 4096

    /// How many bytes it has.
    public var byteCount: Int { storage.memory.count }

    /// Whether it is empty (a new passphrase must not be).
    public var isEmpty: Bool { storage.memory.count == 0 }

    /// Whether two passphrases are the same bytes (the "type it again" check); compared in
    /// time that depends only on the lengths.
    public func matches(_ other: Passphrase) -> Bool {
        guard byteCount == other.byteCount else { return false }
        var difference: UInt8 = 0
        for index in 0..<byteCount { difference |= storage.memory.pointer[index] ^ other.storage.memory.pointer[index] }
        return difference == 0
    }

    /// Calls `body` with the bytes, which it must not keep.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage.memory.pointer, count: storage.memory.count))
    }

    /// `Passphrase(<hidden>)`.
    public var description: String { "Passphrase(<hidden>)" }

    /// The bytes in secret memory of their own (`SecretBytes`, zeroed when freed). Immutable
    /// after `init`, so sharing it across threads is safe.
    private final class Storage: Sendable {
        let memory: SecretBytes

        init(copying source: some Collection<UInt8>) {
            memory = SecretBytes(count: source.count)
            _ = UnsafeMutableBufferPointer(start: memory.pointer, count: memory.count).initialize(from: source)
        }
    }
}
