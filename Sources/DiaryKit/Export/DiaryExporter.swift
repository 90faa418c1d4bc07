import Foundation
import ObjectGraph

/// Writes a whole diary (or the entries a query selects) into one folder: the entries in
/// JSON or Markdown, and `media/` with every distinct media file once, named by its SHA-256
/// (so a photo in two entries is copied once), copied from its blob and checked on the way.
///
/// Entries are read in pages of ``pageSize`` from a fresh context each, oldest first, so
/// memory does not grow with the diary.
struct DiaryExporter {
    let diary: Diary
    let directory: URL
    let timeZone: any TimeZoneRules
    /// Entries read per page.
    static let pageSize = 500
    /// The folder of media files inside the export.
    static let mediaFolder = "media"

    /// Where `medium` is written, relative to the export folder.
    static func mediaPath(of medium: MediumRecord) -> String {
        // From the content's MIME type only: a stored name's `.html` never reaches the export.
        let ext = MediaFileName.defaultExtension(for: medium.mimeType) ?? ""
        return "\(mediaFolder)/\(medium.sha256)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Checks that the export's destination is new or an empty folder.
    /// - Throws: ``InteropError/io(_:reason:)``.
    static func checkDestination(_ directory: URL) throws(InteropError) {
        if BundlePath.exists(directory) {
            guard BundlePath.kind(of: directory) == .directory else {
                throw .io(directory, reason: "it is a file; export into a new or empty folder")
            }
            let children = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            guard children.isEmpty else {
                throw .io(directory, reason: "the folder is not empty; export into a new or empty folder")
            }
        }
    }

    /// Creates the export folder, which must be new or empty.
    /// - Throws: ``InteropError/io(_:reason:)``.
    func prepareFolder() throws(InteropError) {
        try Self.checkDestination(directory)
        do {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(Self.mediaFolder),
                withIntermediateDirectories: true)
        } catch {
            throw .io(directory, reason: Diary.reason(of: error))
        }
    }

    /// Copies `medium`'s blob to its place under `media/` unless it is there already,
    /// checking size and SHA-256. Returns whether it was copied.
    func copy(_ medium: MediumRecord) throws(DiaryError) -> Bool {
        let target = directory.appendingPathComponent(Self.mediaPath(of: medium))
        if BundlePath.exists(target) { return false }
        try Self.copy(medium.snapshot, to: target, synchronize: true)
        return true
    }

    /// Streams `medium`'s bytes (decrypted, in an encrypted store) into a new file at `target`,
    /// checking size and SHA-256 on the way; memory stays the same whatever its size. With
    /// `synchronize`, the file is flushed before it is closed.
    /// - Throws: ``DiaryError/bundle(_:)``.
    static func copy(_ medium: MediumSnapshot, to target: URL, synchronize: Bool) throws(DiaryError) {
        do throws(BundleError) {
            let source = try MediumReader.open(medium.source)
            let destination = try BundleFile.create(target)
            let copied = try source.stream { (chunk) throws(BundleError) in try destination.write(chunk) }
            guard copied.byteCount == medium.byteCount, copied.sha256 == medium.sha256 else {
                throw BundleError.sourceMismatch(medium.sourceURL, problem: "differs from its recorded size or SHA-256")
            }
            if synchronize { try destination.synchronize() }
            try destination.close()
            try source.close()
        } catch {
            throw .bundle(error)
        }
    }

    /// Calls `body` with every entry `query` selects, oldest first, a page at a time.
    /// - Throws: store errors, and whatever `body` throws.
    func forEachEntry(_ query: DiaryQuery, _ body: (EntryRecord) throws(DiaryError) -> Void) throws(DiaryError) {
        try diary.forEachPage(query, pageSize: Self.pageSize) { (page, context) throws(DiaryError) in
            for record in try diary.records(of: page, in: context) {
                try body(record)
            }
        }
    }

    /// Writes `text` to the open `file`.
    static func write(_ text: String, to file: BundleFile) throws(DiaryError) {
        do { try file.write(Data(text.utf8)) } catch { throw .bundle(error) }
    }

    /// Flushes and closes `file`.
    static func finish(_ file: BundleFile) throws(DiaryError) {
        do {
            try file.synchronize()
            try file.close()
        } catch {
            throw .bundle(error)
        }
    }
}
