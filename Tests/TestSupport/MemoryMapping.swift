import Foundation

/// One mapping of this process's memory as `/proc/self/smaps` describes it: what tests of key
/// memory check (locked against swapping, left out of core dumps).
public struct MemoryMapping: Sendable {
    /// The mapping's addresses.
    public let range: Range<UInt>
    /// Its `VmFlags` (`lo`: locked, `dd`: not dumped, …).
    public let flags: Set<String>
    /// Its `Locked:` figure: how much of it is resident and locked, in kB.
    public let lockedKilobytes: Int

    /// Whether the kernel keeps it out of swap (`mlock`).
    public var isLocked: Bool { flags.contains("lo") }
    /// Whether the kernel leaves it out of core dumps (`MADV_DONTDUMP`).
    public var isLeftOutOfDumps: Bool { flags.contains("dd") }

    /// The mapping that holds `address`, or nil when none does (or smaps cannot be read).
    public static func containing(_ address: UnsafeRawPointer) -> MemoryMapping? {
        // Read to the end: `String(contentsOfFile:)` stops at the size /proc reports.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let target = UInt(bitPattern: address)
        var current: Range<UInt>?
        var locked = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-")
                if bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) {
                    current = start..<end
                    locked = 0
                }
            } else if first == "Locked:", fields.count > 1 {
                locked = Int(fields[1]) ?? 0
            } else if first == "VmFlags:", let range = current, range.contains(target) {
                return MemoryMapping(
                    range: range, flags: Set(fields.dropFirst().map(String.init)), lockedKilobytes: locked)
            }
        }
        return nil
    }

    /// Whether this process may lock a few pages of memory (a soft `RLIMIT_MEMLOCK` of at least
    /// 256 KiB; many containers allow 64 KiB, 8 MiB is usual), so that a test of locked key
    /// memory means something.
    public static var canLockMemory: Bool {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limit) == 0 else { return false }
        return limit.rlim_cur >= 256 << 10
    }
}
