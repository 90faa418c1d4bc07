import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a text file line by line in 64 KiB chunks, so memory stays flat for any size: a
/// line longer than ``maximumLineBytes`` is refused as soon as that many bytes are read
/// without a line break, never gathered whole.
///
/// Not `Sendable`: it owns an open file.
final class LineReader {
    let url: URL
    /// The file's size from `fstat` of the open file; 0 for a pipe, whose size is unknown.
    let byteCount: Int64
    /// The longest line accepted, in bytes (without its line break).
    let maximumLineBytes: Int
    private(set) var bytesConsumed: Int64 = 0
    /// Lines handed out so far.
    private(set) var lineNumber = 0
    /// The start of the last line refused (at most 64 bytes, bytes that are not UTF-8 replaced),
    /// so that a reader can tell which entry it belongs to.
    private(set) var refusedLineStart = ""
    /// Whether the last line handed out ended with a line break (false only for a file's last
    /// line without one).
    private(set) var lastLineWasTerminated = true
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var start = 0
    /// How many bytes from `start` on are known to hold no line break.
    private var searched = 0
    private var atEnd = false

    /// Opens `url`, a regular file (never blocking on a FIFO; a folder or a device such as
    /// `/dev/zero`, which would never end, is refused).
    /// - Throws: ``InteropError/fileNotFound(_:)``, ``InteropError/unreadable(_:reason:)``,
    ///   ``InteropError/notARegularFile(_:)``.
    init(fileAt url: URL, maximumLineBytes: Int) throws(InteropError) {
        self.url = url
        self.maximumLineBytes = maximumLineBytes
        let (descriptor, byteCount) = try InputFile.openWithSize(url)
        self.byteCount = byteCount
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit { try? handle.close() }

    /// The next line without its `\n` (and `\r`), or nil at the end of the file.
    /// - Throws: ``InteropError/unreadable(_:reason:)``; ``InteropError/malformed(file:entry:reason:)``
    ///   (without an entry) for a line that is not UTF-8 or is longer than ``maximumLineBytes``.
    func nextLine() throws(InteropError) -> String? {
        while true {
            if let newline = pending[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if end - start > maximumLineBytes { throw tooLong() }
                let line = try decode(pending[start..<end])
                lineNumber += 1
                bytesConsumed += Int64(newline + 1 - start)
                start = newline + 1
                searched = 0
                lastLineWasTerminated = true
                return line
            }
            searched = pending.count - start
            // Checked before more is read: a line without end never fills memory.
            if searched > maximumLineBytes + 1 { throw tooLong() }
            if atEnd {
                guard start < pending.count else { return nil }
                if pending.count - start > maximumLineBytes { throw tooLong() }
                let line = try decode(pending[start...])
                lineNumber += 1
                bytesConsumed += Int64(pending.count - start)
                start = pending.count
                searched = 0
                lastLineWasTerminated = false
                return line
            }
            pending.removeFirst(start)
            start = 0
            do {
                let chunk = try handle.read(upToCount: 64 * 1024) ?? Data()
                if chunk.isEmpty { atEnd = true } else { pending.append(contentsOf: chunk) }
            } catch {
                throw .unreadable(url, reason: Diary.reason(of: error))
            }
        }
    }

    private func tooLong() -> InteropError {
        refusedLineStart = String(decoding: pending[start..<min(pending.count, start + 64)], as: UTF8.self)
        return .malformed(
            file: url, entry: nil, reason: "line \(lineNumber + 1) is longer than \(Self.size(maximumLineBytes))")
    }

    private func decode(_ bytes: ArraySlice<UInt8>) throws(InteropError) -> String {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            refusedLineStart = String(decoding: bytes.prefix(64), as: UTF8.self)
            throw .malformed(file: url, entry: nil, reason: "line \(lineNumber + 1) is not UTF-8 text")
        }
        return line
    }

    /// `4 MiB`, `512 KiB` or `100 bytes`, for messages about limits.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
