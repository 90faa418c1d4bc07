/// One status line on stderr that is rewritten in place while long work goes on:
/// `[3/10] importing IMG_0042.jpg`. Silent when stderr is not a terminal, so logs
/// and pipes never see it.
///
/// ```swift
/// let progress = context.terminal.progressReporter()
/// for (number, file) in files.enumerated() {
///     progress.update(completed: number + 1, total: files.count, "importing \(file.lastPathComponent)")
///     …
/// }
/// progress.finish()
/// ```
package struct ProgressReporter: Sendable {
    private let writer: any OutputWriter
    /// Whether anything is written.
    package let isEnabled: Bool
    private let width: Int?

    /// Makes a reporter writing to `writer` when enabled; lines are cut to `width - 1`
    /// columns so they never wrap.
    package init(writer: any OutputWriter, isEnabled: Bool, width: Int?) {
        self.writer = writer
        self.isEnabled = isEnabled
        self.width = width
    }

    /// Replaces the status line with `[completed/total] message`.
    package func update(completed: Int, total: Int, _ message: String) {
        guard isEnabled else { return }
        // Only ever written to a terminal: a file name in the message is always escaped.
        var line = "[\(completed)/\(total)] " + TerminalEscaper(isEnabled: true).escaped(message)
        if let width, width > 1, line.count > width - 1 {
            line = String(line.prefix(width - 2)) + "…"
        }
        writer.write("\r" + line + "\u{1B}[K")
    }

    /// Clears the status line, leaving the cursor at the start of an empty line.
    package func finish() {
        guard isEnabled else { return }
        writer.write("\r\u{1B}[K")
    }
}
