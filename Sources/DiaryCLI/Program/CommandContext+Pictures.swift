import DiaryKit

extension CommandContext {
    /// The painter for pictures on stdout, nil when stdout shows none (not a terminal,
    /// `NO_COLOR`, `TERM=dumb`) or libchafa cannot be loaded (said once on stderr, and the
    /// command goes on with its text).
    func picturePainter() -> TerminalPicture? {
        guard let mode = terminal.pictureMode() else { return nil }
        if let reason = TerminalPicture.unavailableReason {
            writeErrorLine("diary: note: pictures are not shown: \(reason) (install libchafa0, or pass --no-preview)")
            return nil
        }
        return TerminalPicture(mode: mode, cellPixels: terminal.cellPixels)
    }

    /// The terminal's size in cells: its width and height, else 80 x 24.
    var terminalCells: (columns: Int, rows: Int) {
        (max(1, terminal.width ?? 80), max(1, terminal.height ?? 24))
    }

    /// The terminal's size in pixels (its cells as it reports them, else 10 x 20 each): the
    /// largest picture worth decoding for it.
    var terminalPixels: (width: Int, height: Int) {
        let cell = terminal.cellPixels ?? (10, 20)
        return (terminalCells.columns * cell.width, terminalCells.rows * cell.height)
    }
}
