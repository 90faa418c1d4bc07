import DiaryKit
internal import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A yes/no question to the person at the terminal before something goes (`rm -i`'s habit):
/// asked on stderr, answered on stdin; only `y` or `yes` is yes. Without a terminal on
/// stdin nobody can answer, so the command refuses unless `--yes` was given.
enum Confirmation {
    /// Whether to go ahead: true at once when `assumeYes`; otherwise `summary` and
    /// `question` are shown on stderr and one line is read from the terminal.
    /// - Throws: ``UsageError/invalid(_:)`` when stdin is not a terminal and `assumeYes` is
    ///   false (exit 64), saying to add `--yes`.
    static func confirm(
        _ question: String, summary: String, assumeYes: Bool,
        in context: CommandContext
    ) throws -> Bool {
        if assumeYes { return true }
        guard context.terminal.isStandardInputTerminal else {
            throw UsageError.invalid("stdin is not a terminal, so nobody can confirm this; add --yes to go ahead")
        }
        context.terminal.standardError.write(summary + question + " [y/N] ")
        context.terminal.standardError.flush()
        let answer = readAnswer().lowercased()
        return answer == "y" || answer == "yes"
    }

    /// One line from stdin, trimmed; empty at end of input.
    private static func readAnswer() -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 256 {
            let count = retryingInterrupted { read(STDIN_FILENO, &byte, 1) }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
