import Foundation

/// Progress on stderr while media files are checked and read: shown only on a terminal,
/// and only for several files or a large one (32 MB and more).
struct MediaProgress {
    private let reporter: ProgressReporter
    private let total: Int
    private let isWorthShowing: Bool

    /// Prepares progress for `files`.
    init(context: CommandContext, files: [URL]) {
        reporter = context.terminal.progressReporter()
        total = files.count
        let largest = files.compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.max() ?? 0
        isWorthShowing = reporter.isEnabled && (files.count > 1 || largest >= 32_000_000)
    }

    /// A callback for ``DiaryKit/EntryEditor/addMedia(_:expected:progress:)`` whose files
    /// start at `offset` among all of them; nil when nothing is shown.
    func callback(offset: Int, verb: String = "checking") -> ((Int, Int, URL) -> Void)? {
        guard isWorthShowing else { return nil }
        let reporter = reporter
        let total = total
        return { done, _, file in
            reporter.update(completed: offset + done, total: total, "\(verb) \(file.lastPathComponent)")
        }
    }

    /// Clears the progress line.
    func finish() {
        if isWorthShowing { reporter.finish() }
    }
}
