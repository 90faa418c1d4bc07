import Foundation

/// Reads a text file line by line in 64 KiB chunks, so memory stays flat for any size.
///
/// Not `Sendable`: it owns an open file.
final class LineReader {
    let url: URL
    let byteCount: Int64
    private(set) var bytesConsumed: Int64 = 0
    /// Lines handed out so far.
    private(set) var lineNumber = 0
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Opens `url`.
    /// - Throws: ``InteropError/fileNotFound(_:)``, ``InteropError/unreadable(_:reason:)``.
    init(fileAt url: URL) throws(InteropError) {
        self.url = url
        switch FileAccess.of(url) {
        case .missing: throw .fileNotFound(url)
        case .permissionDenied: throw .permissionDenied(url)
        // Opening a folder fails later with a raw NSError description; say what it is instead.
        case .folder: throw .folderNotFile(url)
        case .readable: break
        }
        do {
            handle = try FileHandle(forReadingFrom: url)
            byteCount = Int64(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0)
        } catch {
            throw .unreadable(url, reason: Diary.reason(of: error))
        }
    }

    deinit { try? handle.close() }

    /// The next line without its `\n` (and `\r`), or nil at the end of the file.
    /// - Throws: ``InteropError/unreadable(_:reason:)``; ``InteropError/malformed(file:entry:reason:)``
    ///   for a line that is not UTF-8.
    func nextLine() throws(InteropError) -> String? {
        while true {
            if let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = try decode(pending[start..<end])
                lineNumber += 1
                bytesConsumed += Int64(newline + 1 - start)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < pending.count else { return nil }
                let line = try decode(pending[start...])
                bytesConsumed += Int64(pending.count - start)
                start = pending.count
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

    private func decode(_ bytes: ArraySlice<UInt8>) throws(InteropError) -> String {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw .malformed(file: url, entry: nil, reason: "line \(lineNumber + 1) is not UTF-8 text")
        }
        return line
    }
}
