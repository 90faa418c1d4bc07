import Foundation
internal import ObjectGraph
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor (1 or 2) through ObjectGraph's `writeAll`, which survives
/// partial writes and interrupted calls.
///
/// A buffered writer (stdout) collects up to 64 KiB before writing, so a long listing
/// costs a handful of system calls; it must be flushed before the process exits,
/// which ``DiaryCommand/main()`` does. An unbuffered one (stderr) writes at once, so
/// progress lines and errors appear when they happen. A failed write (a closed pipe)
/// is dropped: there is nobody left to tell.
package final class FileDescriptorWriter: OutputWriter, Sendable {
    private let descriptor: Int32
    private let isBuffered: Bool
    private let buffer = Mutex<[UInt8]>([])
    private static let capacity = 64 * 1024

    /// Makes a writer for a descriptor, buffered or not.
    package init(descriptor: Int32, buffered: Bool) {
        self.descriptor = descriptor
        self.isBuffered = buffered
    }

    /// The process's standard output, buffered.
    package static let standardOutput = FileDescriptorWriter(descriptor: STDOUT_FILENO, buffered: true)
    /// The process's standard error, unbuffered.
    package static let standardError = FileDescriptorWriter(descriptor: STDERR_FILENO, buffered: false)

    /// Writes the text (buffered writers may hold it until ``flush()``).
    package func write(_ text: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: text.utf8)
            if !isBuffered || buffer.count >= Self.capacity {
                drain(&buffer)
            }
        }
    }

    /// Writes out whatever is buffered.
    package func flush() {
        buffer.withLock { drain(&$0) }
    }

    /// Writes the whole of `buffer` (the locked one) and empties it.
    private func drain(_ buffer: inout [UInt8]) {
        // A failed write is dropped (see above).
        _ = buffer.withUnsafeBytes { bytes in
            Result { () throws(SystemCallError) in try writeAll(to: descriptor, bytes) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
