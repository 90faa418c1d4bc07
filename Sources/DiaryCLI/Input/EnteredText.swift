import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text a user typed for an entry, in the editor or piped in, held until the command settles
/// it: ``discard()`` once it is saved (or there is nothing to save), ``keeping(after:in:)``
/// when anything fails after it was typed, so no failure loses it.
///
/// The editor's file stays on disk until then; piped text is written to a file of its own
/// (0600, in a 0700 folder of the temporary directory) only when it has to be kept.
package struct EnteredText: Sendable {
    /// The text as the command uses it (trimmed), or ``TextInputOutcome/cancelled``.
    package let outcome: TextInputOutcome
    /// Exactly what was typed.
    let raw: String
    /// The editor's file, still on disk; nil for piped text.
    let file: URL?
    /// Where a file for piped text is made.
    let temporaryDirectory: URL

    /// Removes the editor's file and its folder: the text is saved, or was nothing to keep.
    package func discard() {
        if let file { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    }

    /// Keeps the text on disk after `error` (the editor's file as it is, piped text in a new
    /// private file) and gives the error to report, whose line ends with `your text is kept
    /// in <path>`. Should no file be writable, the text goes to stdout instead, and the line
    /// says so.
    package func keeping(after error: any Error, in context: CommandContext) -> TextKeptError {
        guard !raw.allSatisfy(\.isWhitespace) else { discard(); return TextKeptError(error, keptIn: nil) }
        if let file { return TextKeptError(error, keptIn: .file(PrivateScratch.keep(file))) }
        do {
            let kept = try Self.writePrivately(raw, in: temporaryDirectory)
            return TextKeptError(error, keptIn: .file(kept.path))
        } catch {
            context.write(raw.hasSuffix("\n") ? raw : raw + "\n")
            return TextKeptError(error, keptIn: .standardOutput(reason: String(describing: error)))
        }
    }

    /// Writes `text` to `diary-entry.md` in a new 0700 folder of `directory`, the file 0600.
    static func writePrivately(_ text: String, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent(PrivateScratch.keptPrefix + UUID().uuidString, isDirectory: true)
        PrivateScratch.prepare(directory)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("diary-entry.md")
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.synchronize()
        try handle.close()
        return file
    }
}
