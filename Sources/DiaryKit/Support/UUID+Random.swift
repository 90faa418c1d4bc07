import Foundation
import Synchronization

extension UUID {
    /// A random (version 4) UUID from the system's generator. Foundation's `UUID()` on Linux
    /// opens and closes a device file per call, and even `SystemRandomNumberGenerator` makes
    /// one `getrandom` call per 8 bytes: the bytes come from ``RandomBytePool`` instead.
    static func randomVersion4() -> UUID {
        var bytes = RandomBytePool.shared.next16()
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC variant
            return UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }
}

/// Random bytes from the kernel's generator, fetched 4 KiB at a time (one `arc4random_buf`
/// call, which glibc serves from `getrandom`) and handed out once each: an import of 100,000
/// entries made 200,000 `getrandom` calls for their UUIDs before.
final class RandomBytePool: Sendable {
    /// The process's pool.
    static let shared = RandomBytePool()

    private static let capacity = 4096
    private let state = Mutex<(bytes: [UInt8], used: Int)>(([], RandomBytePool.capacity))

    /// 16 bytes never handed out before.
    func next16() -> (UInt64, UInt64) {
        state.withLock { state in
            if state.used + 16 > state.bytes.count {
                state.bytes = Self.fresh()
                state.used = 0
            }
            defer { state.used += 16 }
            return state.bytes.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: state.used, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: state.used + 8, as: UInt64.self)
                )
            }
        }
    }

    /// A full pool of new bytes from the C library's `arc4random_buf` (glibc's draws them
    /// from `getrandom` and never fails).
    private static func fresh() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: capacity)
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { arc4random_buf(base, raw.count) }
        }
        return bytes
    }
}
