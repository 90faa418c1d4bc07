import DiaryKit
import Foundation
internal import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where piped-in text comes from: the process's stdin, or fixed bytes in tests.
package struct StandardInput: Sendable {
    private let readBytes: @Sendable () throws(TextInputError) -> [UInt8]
    /// Whether something may be piped in: stdin is a pipe or a file (not a terminal, nor
    /// `/dev/null`). Fixed input in tests is.
    package let isPiped: Bool
    /// Whether piped text is waiting that a command would leave unread (looked at without
    /// blocking; a pipe whose writer has not written yet counts as nothing).
    package let hasWaitingText: @Sendable () -> Bool

    /// Reads the process's file descriptor 0 to its end, or one byte past the limit of an
    /// entry's text (``EntryLimits/maximumTextByteCount``), whichever comes first.
    package static let process = StandardInput(
        isPiped: descriptorIsPipeOrFile(STDIN_FILENO),
        hasWaitingText: { descriptorHasWaitingBytes(STDIN_FILENO) }
    ) {
        () throws(TextInputError) in
        try readToEnd(descriptor: STDIN_FILENO, limit: EntryLimits.maximumTextByteCount + 1)
    }

    /// Whether `descriptor` is a pipe (FIFO or socket) or a regular file.
    private static func descriptorIsPipeOrFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }

    /// Whether bytes can be read from `descriptor` now: a regular file with bytes after the
    /// position, or a pipe that poll says is readable and from which a byte comes (that byte is
    /// read: it is only looked at by a command that leaves the rest unread anyway).
    private static func descriptorHasWaitingBytes(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        if status.st_mode & S_IFMT == S_IFREG { return lseek(descriptor, 0, SEEK_CUR) < status.st_size }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLIN) != 0 else { return false }
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) == 1
    }

    /// Always gives these bytes (for tests); empty, it stands for no input piped in at all.
    package static func fixed(_ text: String) -> StandardInput {
        let bytes = Array(text.utf8)
        return StandardInput(isPiped: !bytes.isEmpty, hasWaitingText: { !bytes.isEmpty }) { () throws(TextInputError) in
            bytes
        }
    }

    /// Makes a source from a closure that returns everything there is to read.
    package init(
        isPiped: Bool = true, hasWaitingText: @escaping @Sendable () -> Bool = { false },
        _ readBytes: @escaping @Sendable () throws(TextInputError) -> [UInt8]
    ) {
        self.readBytes = readBytes
        self.isPiped = isPiped
        self.hasWaitingText = hasWaitingText
    }

    /// All the text to its end, classified (whitespace only is ``TextInputOutcome/cancelled``).
    /// - Throws: ``TextInputError/standardInputUnreadable(reason:)``, ``TextInputError/notUTF8(source:)``,
    ///   or ``TextInputError/tooLong(source:limit:keptAt:)`` beyond an entry's text limit.
    package func readText() throws(TextInputError) -> TextInputOutcome {
        TextInputOutcome(raw: try readRaw())
    }

    /// All the text to its end, as ``EnteredText`` that is written to a file of its own only
    /// when the command has to keep it.
    /// - Throws: as ``readText()``.
    func readEnteredText(temporaryDirectory: URL) throws(TextInputError) -> EnteredText {
        let raw = try readRaw()
        return EnteredText(
            outcome: TextInputOutcome(raw: raw), raw: raw, file: nil, temporaryDirectory: temporaryDirectory)
    }

    /// The bytes to their end as text, refused beyond an entry's limit or when not UTF-8.
    private func readRaw() throws(TextInputError) -> String {
        let bytes = try readBytes()
        if bytes.count > EntryLimits.maximumTextByteCount {
            throw .tooLong(source: "standard input", limit: EntryLimits.maximumTextByteCount, keptAt: nil)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .notUTF8(source: "standard input")
        }
        return text
    }

    /// Reads to the end, or until `limit` bytes are read.
    private static func readToEnd(descriptor: Int32, limit: Int) throws(TextInputError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let wanted = min(chunk.count, limit - bytes.count)
            if wanted == 0 { return bytes }
            let count = chunk.withUnsafeMutableBytes { raw in
                retryingInterrupted { read(descriptor, raw.baseAddress, wanted) }
            }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else {
                throw .standardInputUnreadable(reason: String(cString: strerror(errno)))
            }
        }
    }
}
