import DiaryKit
internal import ObjectGraph
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks for a passphrase on the controlling terminal (`/dev/tty`, so it works while stdin and
/// stdout are redirected) with echo off. The terminal's settings are restored on every way out:
/// a typed line, end of input, an error, and SIGINT, SIGTERM, SIGHUP or SIGQUIT (whose handler
/// restores them and then dies of the signal as it would have).
enum TerminalPassphrasePrompt {
    /// The longest passphrase taken from the terminal: a line in canonical mode holds 4095
    /// bytes and the terminal drops the rest of a longer one, so a line that fills it may have
    /// been cut and is refused (``PassphraseInputError/tooLong(source:limit:cutByTerminal:)``).
    static let maximumByteCount = min(Passphrase.maximumByteCount, 4094)

    /// Whether this process has a controlling terminal to ask on.
    static var isAvailable: Bool {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return isatty(descriptor) == 1
    }

    /// Writes `prompt` to the terminal and reads one line without echo.
    /// - Throws: ``PassphraseInputError/terminalFailed(reason:)``, ``PassphraseInputError/cancelled``,
    ///   ``PassphraseInputError/tooLong(source:limit:cutByTerminal:)`` for a line longer than
    ///   ``maximumByteCount`` (read to its end, never cut).
    static func ask(_ prompt: String) throws(PassphraseInputError) -> Passphrase {
        Passphrase.keepOutOfCoreDumps()  // before a byte of it is read
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .terminalFailed(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else {
            throw .terminalFailed(reason: String(cString: strerror(errno)))
        }
        write(descriptor, prompt)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
        silent.c_lflag |= tcflag_t(ECHONL)
        EchoRestorer.arm(descriptor: descriptor, settings: original)
        defer { EchoRestorer.disarm() }
        // TCSANOW, not TCSAFLUSH: what was typed ahead stays to be read.
        guard tcsetattr(descriptor, TCSANOW, &silent) == 0 else {
            throw .terminalFailed(reason: String(cString: strerror(errno)))
        }
        defer { _ = tcsetattr(descriptor, TCSANOW, &original) }
        // One byte more than is taken, for a carriage return ending a line of the longest length;
        // in secret memory (locked, out of core dumps, zeroed when it goes).
        let line = SecretBytes(count: maximumByteCount + 1)
        var count = 0
        var overflowed = false
        var sawNewline = false
        var byte: UInt8 = 0
        while true {
            let got = retryingInterrupted { read(descriptor, &byte, 1) }
            guard got >= 0 else { throw .terminalFailed(reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            if byte == UInt8(ascii: "\n") {
                sawNewline = true
                break
            }
            if count < line.count {
                line.pointer[count] = byte
                count += 1
            } else {
                overflowed = true  // read on to the line's end, so none of it is left for the shell
            }
        }
        byte = 0
        if !sawNewline && count == 0 {
            write(descriptor, "\n")
            throw .cancelled
        }
        if count > 0, line.pointer[count - 1] == UInt8(ascii: "\r"), !overflowed { count -= 1 }
        guard !overflowed, count <= maximumByteCount else {
            throw .tooLong(source: "the terminal", limit: maximumByteCount, cutByTerminal: true)
        }
        return Passphrase(bytes: UnsafeBufferPointer(start: line.pointer, count: count))
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
    }
}

/// The terminal settings to put back if a signal ends the process while echo is off.
private enum EchoRestorer {
    /// The terminal and its settings while a prompt is open. Read by the signal handler, which
    /// may not take a lock: it is written only while the handlers are not installed (before
    /// ``arm(descriptor:settings:)`` installs them and after ``disarm()`` removes them), so the
    /// handler only ever reads a value that no one is writing.
    nonisolated(unsafe) static var saved: (descriptor: Int32, settings: termios)?
    /// The handlers the prompt replaced, put back by ``disarm()``.
    static let previous = Mutex<[Int32: sigaction]>([:])
    /// The signals that would otherwise leave the terminal without echo.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func arm(descriptor: Int32, settings: termios) {
        saved = (descriptor, settings)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if var saved = EchoRestorer.saved { _ = tcsetattr(saved.descriptor, TCSANOW, &saved.settings) }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        previous.withLock { previous in
            for number in signals {
                var old = sigaction()
                sigaction(number, &action, &old)
                previous[number] = old
            }
        }
    }

    static func disarm() {
        previous.withLock { previous in
            for (number, var old) in previous { sigaction(number, &old, nil) }
            previous = [:]
        }
        saved = nil
    }
}
