import Foundation

extension DiaryExporter {
    /// The JSON export's file name.
    static let jsonFileName = "entries.json"

    /// Writes `entries.json` (an array of scripting-interface entry objects with media
    /// paths) and the media; returns the entries and media files written.
    func writeJSON(
        _ query: DiaryQuery, total: Int,
        progress: ((InteropProgress) -> Void)?
    ) throws(DiaryError) -> DiaryExportSummary {
        let file: BundleFile
        do { file = try BundleFile.create(directory.appendingPathComponent(Self.jsonFileName)) } catch {
            throw .bundle(error)
        }
        var count = 0
        var mediaCount = 0
        var pending = "["
        try forEachEntry(query) { (record) throws(DiaryError) in
            for medium in record.media where try copy(medium) { mediaCount += 1 }
            pending += (count == 0 ? "\n" : ",\n")
            pending += record.scriptingJSON(in: timeZone, includingTimeZone: true, mediaPath: Self.mediaPath).rendered()
                .dropLast()
            count += 1
            if count % Self.pageSize == 0 {
                try Self.write(pending, to: file)
                pending = ""
                progress?(InteropProgress(entriesDone: count, done: Int64(count), total: Int64(total)))
            }
        }
        pending += count == 0 ? "]\n" : "\n]\n"
        try Self.write(pending, to: file)
        try Self.finish(file)
        progress?(InteropProgress(entriesDone: count, done: Int64(count), total: Int64(total)))
        return DiaryExportSummary(entryCount: count, mediaFileCount: mediaCount, files: [Self.jsonFileName])
    }
}
