import DiaryKit
import Foundation

extension CommandContext {
    /// Opens (creating on first use) the diary in ``storeDirectory``.
    /// - Throws: ``DiaryError`` when the folder cannot be used or the store is damaged or busy.
    func openDiary() throws(DiaryError) -> Diary {
        try Diary(directory: storeDirectory)
    }

    /// A listing in this context's time zone.
    func query(_ filter: EntryFilter = EntryFilter(), newestFirst: Bool = true, limit: Int? = nil) -> DiaryQuery {
        DiaryQuery(filter: filter, newestFirst: newestFirst, limit: limit, timeZone: timeZone)
    }

    /// Writes entries as a JSON array of entry objects.
    func writeJSON(entries: [EntryRecord]) {
        writeJSON(.array(entries.map { $0.json(in: timeZone) }))
    }

    /// A formatter for entries written to this context's stdout.
    var entryFormatter: EntryFormatter { EntryFormatter(context: self) }
}
