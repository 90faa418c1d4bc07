import DiaryKit
internal import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command in `DIARY_PASSPHRASE_COMMAND` (or `DIARY_NEW_PASSPHRASE_COMMAND`) through
/// `/bin/sh -c`, as restic's `--password-command` does (`pass show diary`): the first line it
/// prints is the passphrase. Its stdin and stderr are diary's own (so it may ask on the
/// terminal); a non-zero exit is an error.
struct PassphraseCommandRunner {
    /// The variable that held the command, for messages.
    let variable: String
    /// The shell command.
    let command: String
    /// The environment it runs in.
    let environment: [String: String]

    /// The most the command's output is read (the first line of it is used).
    static let maximumOutput = 64 << 10

    /// Runs the command and gives the first line it printed.
    /// - Throws: ``PassphraseInputError/commandFailed(variable:detail:)``, ``PassphraseInputError/empty(source:)``,
    ///   ``PassphraseInputError/tooLong(source:limit:cutByTerminal:)`` for a first line longer than
    ///   ``Passphrase/maximumByteCount`` (or no line end in ``maximumOutput`` bytes): refused, never cut.
    func run() throws(PassphraseInputError) -> Passphrase {
        Passphrase.keepOutOfCoreDumps()  // before a byte of it is read
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure("could not be started: \(systemReason())") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Neither end may leak into the child beyond its dup2'ed stdout (nor into other children).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw failure("could not be started: \(String(cString: strerror(spawned)))")
        }
        // In secret memory (locked, out of core dumps, zeroed when it goes).
        let memory = SecretBytes(count: Self.maximumOutput)
        let output = UnsafeMutableBufferPointer(start: memory.pointer, count: memory.count)
        var count = 0
        while count < output.count {
            let got = retryingInterrupted { read(readEnd, memory.pointer + count, output.count - count) }
            if got <= 0 { break }
            count += got
            if output[..<count].contains(UInt8(ascii: "\n")) { break }
        }
        close(readEnd)
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(pid, &status, 0) }
        if status & 0x7f != 0 { throw failure("was killed by signal \(status & 0x7f)") }
        let exitStatus = (status >> 8) & 0xff
        guard exitStatus == 0 else { throw failure("exited with status \(exitStatus)") }
        var end = output[..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
        if end > 0, output[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else { throw .empty(source: variable) }
        guard end <= Passphrase.maximumByteCount else {
            throw .tooLong(source: variable, limit: Passphrase.maximumByteCount, cutByTerminal: false)
        }
        return Passphrase(bytes: UnsafeBufferPointer(rebasing: output[..<end]))
    }

    private func failure(_ detail: String) -> PassphraseInputError {
        .commandFailed(variable: variable, detail: detail)
    }

    private func systemReason() -> String { String(cString: strerror(errno)) }
}
