import Foundation

extension Diary {
    /// Imports every entry of another tool's export, or of this diary's own JSON export.
    ///
    /// The file is read one entry at a time and committed in batches of `batchSize` entries
    /// (fewer when they carry many media files),
    /// each checked completely (fields, media files decoded by MediaKit, recorded hashes)
    /// before anything of it is written, each saved in one transaction: an interrupted or
    /// failed import keeps the batches before, never part of one. Every entry has a stable
    /// UUID (its own, or one derived from the source, time and text), so importing the same
    /// file again skips what is already present. jrnl's local times are read in `timeZone`.
    ///
    /// - Parameters:
    ///   - url: jrnl: the JSON export or the journal text file; Day One: the export folder,
    ///     its zip or its `Journal.json`; json: `entries.json` or the export folder.
    ///   - progress: called after every batch with the bytes of the file read so far.
    /// - Returns: how many entries were imported and skipped.
    /// - Throws: ``DiaryError/interop(_:)`` naming the file, the entry number and the problem
    ///   (the failing batch is not written); store errors.
    public func importEntries(
        from url: URL, format: ImportFormat, timeZone: any TimeZoneRules = TimeZone.current,
        batchSize: Int = Diary.defaultImportBatchSize,
        progress: ((InteropProgress) -> Void)? = nil
    ) throws(DiaryError) -> BulkImportSummary {
        let source: any EntrySource
        do {
            source = try Self.entrySource(at: url.standardizedFileURL, format: format, timeZone: timeZone)
        } catch {
            throw .interop(error)
        }
        let importer = try BulkImporter(diary: self, source: source, batchSize: max(1, batchSize))
        return try importer.run(progress: progress)
    }

    /// Entries per import batch. Larger batches amortise the object graph loading a tag's
    /// whole entry set whenever an entry joins it (see the interop report); memory still stays
    /// bounded by one batch.
    public static let defaultImportBatchSize = 5000

    /// The reader for `format`; for jrnl, JSON when the file starts with `{`, the journal text otherwise.
    static func entrySource(
        at url: URL, format: ImportFormat,
        timeZone: any TimeZoneRules
    ) throws(InteropError) -> any EntrySource {
        switch format {
        case _ where FileAccess.of(url) == .permissionDenied:
            throw .permissionDenied(url)
        case .dayone:
            return try DayOneReader(at: url, timeZone: timeZone)
        case .json:
            return try DiaryJSONReader(at: url)
        case .jrnl:
            // Opened without blocking and only as a regular file: a FIFO is refused, not waited on.
            let file = FileHandle(fileDescriptor: try InputFile.open(url), closeOnDealloc: true)
            let head = (try? file.read(upToCount: 512)) ?? nil
            let first = head?.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            if first == UInt8(ascii: "{") { return try JrnlJSONReader(fileAt: url, timeZone: timeZone) }
            return try JrnlTextReader(fileAt: url, timeZone: timeZone)
        }
    }
}
