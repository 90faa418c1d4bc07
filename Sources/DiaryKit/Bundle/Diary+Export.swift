import Foundation

extension Diary {
    /// Writes one bundle per entry into `directory` (created when missing), named
    /// `<local date>-<slug>.diaryentry` (or `.diaryentry.zip`), with the media copied
    /// from their blob files and checked against their hashes on the way.
    ///
    /// Every id is looked up before anything is written.
    /// - Throws: ``DiaryError/unknownEntry(id:)``; ``DiaryError/bundle(_:)`` when writing fails
    ///   (bundles written before the failure stay).
    public func export(
        ids: [Int64], to directory: URL, format: BundleFormat = .directory,
        timeZone: any TimeZoneRules = TimeZone.current
    ) throws(DiaryError) -> [ExportedBundle] {
        let context = makeContext()
        var records: [EntryRecord] = []
        for id in ids { records.append(try record(of: try fetchEntry(id, in: context))) }
        return try export(records, to: directory, format: format, timeZone: timeZone)
    }

    /// Writes one bundle for each entry `query` selects (a date range, a tag, …).
    /// - Throws: as ``export(ids:to:format:timeZone:)``.
    public func export(
        _ query: DiaryQuery, to directory: URL,
        format: BundleFormat = .directory
    ) throws(DiaryError) -> [ExportedBundle] {
        try export(try entries(query), to: directory, format: format, timeZone: query.timeZone)
    }

    private func export(
        _ records: [EntryRecord], to directory: URL, format: BundleFormat,
        timeZone: any TimeZoneRules
    ) throws(DiaryError) -> [ExportedBundle] {
        let writer = BundleWriter(timeZone: timeZone)
        var written: [ExportedBundle] = []
        for record in records {
            do {
                let url = try writer.write(record.snapshot, to: directory, format: format)
                written.append(ExportedBundle(entryID: record.id, url: url))
            } catch {
                throw .bundle(error)
            }
        }
        return written
    }
}
