import DiaryKit
import Foundation

extension CommandContext {
    /// Opens (creating on first use) the diary in ``storeDirectory``; `forReading` for a
    /// command that only reads it (see ``Diary/init(directory:busyTimeout:mediaLimits:forReading:)``).
    /// - Throws: ``DiaryError`` when the folder cannot be used or the store is damaged or busy.
    ///
    /// On a terminal, a save that waits for another process's write lock says so on stderr.
    func openDiary(forReading: Bool = false) throws(DiaryError) -> Diary {
        guard terminal.isStandardErrorTerminal else {
            return try Diary(directory: storeDirectory, forReading: forReading)
        }
        let errors = terminal.standardError
        return try Diary(directory: storeDirectory, forReading: forReading) { @Sendable (timeout: TimeInterval) in
            errors.write("Waiting for another diary process to finish writing (up to \(Int(timeout.rounded())) s)…\n")
        }
    }

    /// A listing in this context's time zone.
    func query(_ filter: EntryFilter = EntryFilter(), newestFirst: Bool = true, limit: Int? = nil) -> DiaryQuery {
        DiaryQuery(filter: filter, newestFirst: newestFirst, limit: limit, timeZone: timeZone)
    }

    /// Writes entries as a JSON array of entry objects, or as a listing under day
    /// headings, or `emptyMessage` when there are none.
    func write(entries: [EntryRecord], json: Bool, emptyMessage: String) {
        if json {
            writeJSON(.array(entries.map { $0.json(in: timeZone) }))
        } else if entries.isEmpty {
            writeLine(emptyMessage)
        } else {
            write(entryFormatter.listing(entries))
        }
    }

    /// A formatter for entries written to this context's stdout.
    var entryFormatter: EntryFormatter { EntryFormatter(context: self) }
}
