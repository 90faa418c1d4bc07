#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ObjectGraph

/// A passphrase as the user typed it (or a passphrase command printed it): its UTF-8 bytes,
/// zeroed when the last copy goes, never printed.
public struct Passphrase: Sendable, CustomStringConvertible {
    private let storage: Storage

    /// The passphrase made of `bytes` (without the line's newline). The caller should zero
    /// its own buffer afterwards.
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
    public var byteCount: Int { storage.bytes.count }

    /// Whether it is empty (a new passphrase must not be).
    public var isEmpty: Bool { storage.bytes.isEmpty }

    /// Whether two passphrases are the same bytes (the "type it again" check); compared in
    /// time that depends only on the lengths.
    public func matches(_ other: Passphrase) -> Bool {
        guard byteCount == other.byteCount else { return false }
        var difference: UInt8 = 0
        for index in 0..<byteCount { difference |= storage.bytes[index] ^ other.storage.bytes[index] }
        return difference == 0
    }

    /// Calls `body` with the bytes, which it must not keep.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(storage.bytes))
    }

    /// `Passphrase(<hidden>)`.
    public var description: String { "Passphrase(<hidden>)" }

    /// Bytes of their own, zeroed (explicit_bzero, which the compiler may not drop) before they
    /// are freed. Immutable after `init`, so sharing it across threads is safe.
    private final class Storage: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableBufferPointer<UInt8>

        init(copying source: some Collection<UInt8>) {
            bytes = .allocate(capacity: source.count)
            _ = bytes.initialize(from: source)
        }

        deinit {
            if let base = bytes.baseAddress { explicit_bzero(base, bytes.count) }
            bytes.deallocate()
        }
    }
}
