import DiaryKit

extension CommandContext {
    /// On a terminal, when a listing of `shown` entries stopped at `query`'s limit, a last
    /// line saying how many there are: `20 of 105 shown; --all for every entry`. Scripts
    /// (stdout not a terminal) get the listing alone.
    func writeLimitNote(shown: Int, query: DiaryQuery, diary: Diary) throws {
        guard terminal.isStandardOutputTerminal, let limit = query.limit, shown >= limit else { return }
        let total = try diary.entryCount(query)
        guard total > shown else { return }
        // diary's own words and styling: written as they are (writeLine escapes, for stored text).
        write(terminal.outputStyle.dim("\(shown) of \(total) shown; --all for every entry") + "\n")
    }
}
