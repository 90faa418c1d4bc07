import Foundation
internal import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Asks the terminal itself which graphics protocol it speaks, as image viewers do: kitty's
/// graphics query (a 1-pixel picture to be checked, not shown) followed by the primary device
/// attributes request (DA1), which every terminal answers; a kitty answer before the DA1 one
/// means kitty graphics, a DA1 answer listing attribute 4 means sixels.
///
/// A real terminal answers in a millisecond or two; a pseudo-terminal with no terminal behind
/// it (`script`, an `expect` session) never does, so the wait is bounded by ``timeout`` and the
/// answer, or the silence, is kept per terminal session in the private scratch folder
/// (`terminal-<device>-<session>`): only the first picture of a session can wait.
enum TerminalGraphicsQuery {
    /// The longest wait for an answer, in milliseconds.
    static let timeout = 100
    /// The query written to the terminal.
    static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)
    /// The prefix of the files keeping answers.
    static let cachePrefix = "terminal-"

    /// What came back.
    enum Answer: String, Equatable {
        /// kitty graphics.
        case kitty
        /// Sixels.
        case sixel
        /// An answer naming neither.
        case none
        /// No complete answer within the timeout.
        case silent

        /// The protocol answered, if any.
        var mode: PictureMode? {
            switch self {
            case .kitty: .kitty
            case .sixel: .sixel
            case .none, .silent: nil
            }
        }
    }

    /// The answer of the controlling terminal, from the session's kept answer when there is one.
    /// Nothing is asked (`.silent`) when the process has no controlling terminal or runs in the
    /// background (changing the terminal's modes would stop it with SIGTTOU).
    static func ask(cacheDirectory: URL?) -> Answer {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .silent }
        defer { close(descriptor) }
        guard tcgetpgrp(descriptor) == getpgrp() else { return .silent }
        var status = stat()
        let cache =
            fstat(descriptor, &status) == 0
            ? cacheDirectory?.appendingPathComponent("\(cachePrefix)\(status.st_rdev)-\(getsid(0))") : nil
        if let cache, let kept = try? String(contentsOf: cache, encoding: .utf8),
            let answer = Answer(rawValue: kept.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return answer
        }
        let answer = exchange(on: descriptor)
        if let cache { keep(answer, at: cache) }
        return answer
    }

    /// Reads what `bytes` (the terminal's reply so far) say; nil while the DA1 answer is incomplete.
    static func answer(from bytes: [UInt8]) -> Answer? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}[?"),
            let end = text[start.upperBound...].firstIndex(of: "c")
        else { return nil }
        if text[..<start.lowerBound].contains("\u{1B}_Gi=31;OK") { return .kitty }
        let attributes = text[start.upperBound..<end].split(separator: ";")
        return attributes.contains("4") ? .sixel : .none
    }

    /// Writes the query with echo and line editing off, and reads until the DA1 answer or the timeout.
    private static func exchange(on descriptor: Int32) -> Answer {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return .silent }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return .silent }
        defer { _ = tcsetattr(descriptor, TCSANOW, &saved) }
        let written = query.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == query.count else { return .silent }
        var reply: [UInt8] = []
        let deadline = monotonicMilliseconds() + timeout
        var buffer = [UInt8](repeating: 0, count: 256)
        while reply.count < 4096 {
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return .silent }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Retried with the time that is left.
            let ready = retryingInterrupted { poll(&poller, 1, Int32(max(0, deadline - monotonicMilliseconds()))) }
            guard ready > 0 else { return .silent }
            let count = buffer.withUnsafeMutableBytes { bytes in
                retryingInterrupted { read(descriptor, bytes.baseAddress, bytes.count) }
            }
            if count < 0 && errno == EAGAIN { continue }
            guard count > 0 else { return .silent }
            reply += buffer[0..<count]
            if let answer = answer(from: reply) { return answer }
        }
        return .silent
    }

    /// Keeps `answer` at `file` (the folder is the user's alone), and removes the answers kept
    /// for sessions that have ended.
    private static func keep(_ answer: Answer, at file: URL) {
        let folder = file.deletingLastPathComponent()
        PrivateScratch.prepare(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(cachePrefix) && name != file.lastPathComponent {
            guard let session = name.split(separator: "-").last.flatMap({ pid_t($0) }), session > 0,
                kill(session, 0) != 0 && errno == ESRCH
            else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
        try? Data(answer.rawValue.utf8).write(to: file, options: .atomic)
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}
