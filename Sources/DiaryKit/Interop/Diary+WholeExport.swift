import Foundation

extension Diary {
    /// Exports the entries `query` selects (the whole diary by default), oldest first, into
    /// `directory` (created; it must be new or empty): as `entries.json` or as one Markdown
    /// file per local day, with `media/` holding every distinct media file once.
    ///
    /// A JSON export imported with ``importEntries(from:format:timeZone:batchSize:progress:)``
    /// and `.json` into an empty diary gives back the same entries (UUIDs, times, text, tags,
    /// star and media bytes).
    /// - Parameters:
    ///   - timeZone: the zone of the times written and of the Markdown days.
    ///   - progress: called after every page of entries.
    /// - Throws: ``DiaryError/interop(_:)`` when the folder cannot be used;
    ///   ``DiaryError/bundle(_:)`` when a media file cannot be copied or differs from its
    ///   record; store errors.
    public func exportDiary(_ query: DiaryQuery = DiaryQuery(), format: DiaryExportFormat, to directory: URL,
                            timeZone: any TimeZoneRules = TimeZone.current,
                            progress: ((InteropProgress) -> Void)? = nil) throws(DiaryError) -> DiaryExportSummary {
        let exporter = DiaryExporter(diary: self, directory: directory.standardizedFileURL, timeZone: timeZone)
        do { try exporter.prepareFolder() } catch { throw .interop(error) }
        let total = query.filter == EntryFilter() ? try entryCount() : 0
        switch format {
        case .json: return try exporter.writeJSON(query, total: total, progress: progress)
        case .markdown: return try exporter.writeMarkdown(query, total: total, progress: progress)
        }
    }
}
