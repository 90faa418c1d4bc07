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

/// Lets the user write text in their editor: `$VISUAL`, else `$EDITOR`, else `vi`,
/// opened on a temporary file that holds the initial text.
///
/// The editor is started with `posix_spawnp` and an argument vector, never through a
/// shell: a value such as `code -w` is split on whitespace only (no quotes, no `$`,
/// no `;`), and the file's path is added as the last argument. While the editor runs,
/// `diary` ignores SIGINT and SIGQUIT so Ctrl-C reaches the editor alone.
package struct EditorLauncher: Sendable {
    /// The environment the editor is chosen from and started with.
    package let environment: [String: String]
    /// Where the temporary directory with the file is made.
    package let temporaryDirectory: URL

    /// Makes a launcher for an environment (usually the process's).
    package init(
        environment: [String: String],
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.environment = environment
        self.temporaryDirectory = temporaryDirectory
    }

    /// The `editor` setting (`diary config set editor …`), which comes first.
    package var configuredCommand: String?

    /// The editor's program and arguments: the `editor` setting, else `$VISUAL` or `$EDITOR`
    /// (the first one that is not blank), split on whitespace, else `["vi"]`.
    package var commandWords: [String] {
        let configured = (configuredCommand ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        if !configured.isEmpty { return configured }
        for name in ["VISUAL", "EDITOR"] {
            let words = (environment[name] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            if !words.isEmpty { return words }
        }
        return ["vi"]
    }

    /// Opens the editor on a new file containing `initialText`, waits for it to exit,
    /// and gives back what was saved; the file and its directory are removed afterwards.
    /// The directory is 0700 and the file 0600 whatever the umask: a diary entry is private.
    /// - Parameter fileName: the file's name, whose extension picks the editor's syntax mode.
    /// - Throws: ``TextInputError`` when the file cannot be written or read, the editor
    ///   cannot be started or exits unsuccessfully, or the text is not UTF-8.
    package func edit(
        initialText: String, fileName: String = "diary-entry.md"
    ) throws(TextInputError) -> TextInputOutcome {
        let typed = try editKeepingFile(initialText: initialText, fileName: fileName)
        typed.discard()
        return typed.outcome
    }

    /// As ``edit(initialText:fileName:)``, but the file stays on disk with what was saved in
    /// it until the caller settles the ``EnteredText`` (discards it once saved, keeps it when the
    /// save fails). The file is removed at once when the editor cannot be started or fails,
    /// and kept (its path in the error) when what it saved is not UTF-8.
    /// - Throws: as ``edit(initialText:fileName:)``.
    package func editKeepingFile(
        initialText: String, fileName: String = "diary-entry.md"
    ) throws(TextInputError) -> EnteredText {
        let directory = temporaryDirectory.appendingPathComponent(PrivateScratch.editingFolderName(), isDirectory: true)
        let file = directory.appendingPathComponent(fileName)
        PrivateScratch.prepare(temporaryDirectory)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Self.writePrivateFile(initialText, at: file.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .temporaryFile(path: file.path, reason: error.localizedDescription)
        }
        do {
            try run(commandWords + [file.path])
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        // The size first: text beyond an entry's limit stays in its file for the user.
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        if size > EntryLimits.maximumTextByteCount {
            throw .tooLong(
                source: "the editor", limit: EntryLimits.maximumTextByteCount, keptAt: PrivateScratch.keep(file))
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .temporaryFile(path: file.path, reason: "the editor left no file behind")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            // Typed, so kept: the user may fix the encoding and pipe it in.
            throw .editorTextNotUTF8(keptIn: PrivateScratch.keep(file))
        }
        return EnteredText(
            outcome: TextInputOutcome(raw: text), raw: text, file: file,
            temporaryDirectory: temporaryDirectory)
    }

    /// Creates the file at `path` (nothing may be there, not even a link) with mode 0600 and
    /// writes `text` into it.
    /// - Throws: `POSIXError` when the file cannot be created or written.
    private static func writePrivateFile(_ text: String, at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let written = Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(SystemCallError) in try writeAll(to: descriptor, bytes) }
        }
        if case .failure(let error) = written {
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
    }

    /// Spawns the program with these arguments and waits for it.
    private func run(_ arguments: [String]) throws(TextInputError) {
        let command = arguments.dropLast().joined(separator: " ")
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The editor starts with no blocked signals and default handlers for the
        // interactive ones, whatever the thread that launches it had.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid = pid_t()
        let spawnStatus = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard spawnStatus == 0 else {
            throw .editorNotStarted(command: command, reason: String(cString: strerror(spawnStatus)))
        }

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var status: Int32 = 0
        guard retryingInterrupted({ waitpid(pid, &status, 0) }) != -1 else {
            throw .editorFailed(command: command, status: -1)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exited = status & 0x7F == 0
        let exitStatus = (status >> 8) & 0xFF
        if !exited {
            throw .editorFailed(command: command, status: 128 + (status & 0x7F))
        }
        if exitStatus == 127 {
            // posix_spawnp reports a missing program through the child on some systems.
            throw .editorNotStarted(command: command, reason: "not found")
        }
        guard exitStatus == 0 else {
            throw .editorFailed(command: command, status: exitStatus)
        }
    }
}
