import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Diary {
    /// Exports the entries `query` selects (the whole diary by default), oldest first, into
    /// `directory` (created; it must be new or empty): as `entries.json` or as one Markdown
    /// file per local day, with `media/` holding every distinct media file once; `.book` is
    /// ``exportBook(_:to:timeZone:progress:)``.
    ///
    /// The export is written under a hidden temporary name beside `directory`
    /// (`.<name>.partial-<pid>-<uuid>`) and renamed into place only when complete, as bundles
    /// are: a failed or killed export never leaves a folder that looks whole. The leftovers
    /// of killed exports into the same place are removed first.
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
    public func exportDiary(
        _ query: DiaryQuery = DiaryQuery(), format: DiaryExportFormat, to directory: URL,
        timeZone: any TimeZoneRules = TimeZone.current,
        progress: ((InteropProgress) -> Void)? = nil
    ) throws(DiaryError) -> DiaryExportSummary {
        if format == .book {
            let book = try exportBook(query, to: directory, timeZone: timeZone, progress: progress)
            return DiaryExportSummary(entryCount: book.entryCount, mediaFileCount: book.mediaFileCount, files: [])
        }
        let final = directory.standardizedFileURL
        let parent = final.deletingLastPathComponent()
        let prefix = ".\(final.lastPathComponent).partial"
        do { try DiaryExporter.checkDestination(final) } catch { throw .interop(error) }
        WorkFolder.sweep(in: parent, prefix: prefix)
        let work = parent.appendingPathComponent(WorkFolder.name(prefix: prefix))
        let exporter = DiaryExporter(diary: self, directory: work, timeZone: timeZone)
        do throws(DiaryError) {
            do { try exporter.prepareFolder() } catch { throw DiaryError.interop(error) }
            let total = query.filter == EntryFilter() ? try entryCount() : 0
            let summary =
                switch format {
                case .json: try exporter.writeJSON(query, total: total, progress: progress)
                case .markdown: try exporter.writeMarkdown(query, total: total, progress: progress)
                case .book: DiaryExportSummary(entryCount: 0, mediaFileCount: 0, files: [])  // handled above
                }
            // rename(2) replaces an empty folder, never one with content.
            guard rename(work.path, final.path) == 0 else {
                throw DiaryError.interop(
                    .io(
                        final,
                        reason: "cannot move the finished export into place: "
                            + String(cString: strerror(errno))))
            }
            try? BundleFile.openDirectory(parent).synchronize()
            return summary
        } catch {
            try? FileManager.default.removeItem(at: work)
            throw error
        }
    }
}
