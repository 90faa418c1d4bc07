import Foundation
import ObjectGraph

/// Moves the entries of one ``EntrySource`` into a diary in batches: each batch is checked
/// completely, inserted into one context, saved in one transaction, and the context reset
/// so memory stays flat however long the file.
///
/// Not `Sendable`: it owns a context and an open file.
final class BulkImporter {
    private let diary: Diary
    private let source: any EntrySource
    private let batchSize: Int
    private let context: ManagedObjectContext
    /// The stored tags, and those the batch being written makes.
    private var tags = BulkTagCache()
    private var summary = BulkImportSummary()
    /// UUIDs of entries imported by this run (a file may hold the same entry twice).
    private var seen = Set<UUID>()
    /// Blobs staged by the current attempt, discarded after it.
    private var staging: [StagedBlob] = []

    /// A batch closes early after this many media files: their checked thumbnails and
    /// waveforms are held until the batch is saved.
    static let maximumMediaPerBatch = 200
    /// How often a batch is retried when another process wrote the same tag or entry meanwhile.
    static let attempts = 3

    init(diary: Diary, source: any EntrySource, batchSize: Int) throws(DiaryError) {
        self.diary = diary
        self.source = source
        self.batchSize = batchSize
        context = diary.makeContext()
        try loadTags()
    }

    /// Reads, checks and saves every batch; returns the counts.
    func run(progress: ((InteropProgress) -> Void)?) throws(DiaryError) -> BulkImportSummary {
        var batch: [ImportedEntry] = []
        var mediaInBatch = 0
        while true {
            let next: ImportedEntry?
            do { next = try source.nextEntry() } catch { throw .interop(error) }
            if let next {
                batch.append(next)
                mediaInBatch += next.media.count
            }
            if batch.count >= batchSize || mediaInBatch >= Self.maximumMediaPerBatch || (next == nil && !batch.isEmpty)
            {
                try commit(batch)
                batch.removeAll(keepingCapacity: true)
                mediaInBatch = 0
                let (done, total) = source.progress
                progress?(InteropProgress(entriesDone: summary.total, done: done, total: total))
            }
            if next == nil { return summary }
        }
    }

    // MARK: One batch

    /// Checks `batch`, then writes it in one transaction.
    private func commit(_ batch: [ImportedEntry]) throws(DiaryError) {
        var wanted: [ImportedEntry] = []
        for entry in batch {
            try checkLimits(of: entry)
            if entry.isEmpty { summary.empty += 1; continue }
            if !seen.insert(entry.uuid).inserted { summary.alreadyPresent += 1; continue }
            wanted.append(entry)
        }
        // A rerun finds its first entry stored: then look every entry up.
        if let first = wanted.first, try isStored(first.uuid) {
            var missing: [ImportedEntry] = []
            for entry in wanted {
                if try isStored(entry.uuid) { summary.alreadyPresent += 1 } else { missing.append(entry) }
            }
            wanted = missing
        }
        guard !wanted.isEmpty else { return }
        let media = try prepareMedia(of: wanted)
        for attempt in 1...Self.attempts {
            // The save commits the staged blobs (renamed into place); whatever is left in the
            // staging area after a failed attempt is removed.
            defer { discardStaging() }
            do {
                try insert(wanted, media: media)
                try context.save()
                break
            } catch ObjectGraphError.uniquenessViolation where attempt < Self.attempts {
                // Another process stored one of these entries or tags meanwhile.
                context.reset()
                try loadTags()
                var missing: [ImportedEntry] = []
                for entry in wanted {
                    if try isStored(entry.uuid) { summary.alreadyPresent += 1 } else { missing.append(entry) }
                }
                wanted = missing
            } catch let error as DiaryError {
                context.reset()
                throw error
            } catch {
                context.reset()
                throw DiaryError(error, store: diary.databaseURL)
            }
        }
        tags.batchSaved()
        summary.imported += wanted.count
        summary.mediaCount += wanted.reduce(0) { $0 + $1.media.count }
        summary.movedForwardOverGap += wanted.count { $0.clockAdjustment == .movedForwardOverGap }
        summary.tookFirstOfRepeated += wanted.count { $0.clockAdjustment == .tookFirstOfRepeated }
        for entry in wanted where !entry.leftOut.isEmpty { summary.leftOut += entry.leftOut }
        context.reset()
    }

    /// Refuses an entry beyond ``EntryLimits`` (text length, media count) before any of its
    /// media is checked.
    private func checkLimits(of entry: ImportedEntry) throws(DiaryError) {
        let textBytes = entry.text?.utf8.count ?? 0
        if textBytes > EntryLimits.maximumTextByteCount {
            throw .interop(
                .malformed(
                    file: source.url, entry: entry.number,
                    reason: "its text has \(textBytes) bytes, "
                        + "more than the limit of \(EntryLimits.describe(bytes: Int64(EntryLimits.maximumTextByteCount))) per entry"
                ))
        }
        if entry.media.count > EntryLimits.maximumMediaCount {
            throw .interop(
                .malformed(
                    file: source.url, entry: entry.number,
                    reason: "it has \(entry.media.count) "
                        + "photos and recordings, more than the limit of \(EntryLimits.maximumMediaCount) per entry"))
        }
    }

    /// Removes the staging files of the last attempt (a no-op for those its save committed).
    private func discardStaging() {
        diary.discardStaged(staging)
        staging = []
    }

    /// Inserts the entries of a checked batch, with their tags and media, into the context.
    private func insert(_ batch: [ImportedEntry], media: [URL: PreparedMedium]) throws {
        tags.discardCreated()
        // A file several entries share is streamed into the blob store once per batch.
        var stagedBlobs: [URL: StagedBlob] = [:]
        for imported in batch {
            var entryTags: [Tag] = []
            for name in imported.tags {
                let trimmed = name.trimmedWhitespace
                guard !trimmed.isEmpty else { continue }
                entryTags.append(try tags.tag(named: trimmed, in: context, store: diary.databaseURL))
            }
            var entryMedia: [(item: PreparedMedium, blob: StagedBlob)] = []
            for file in imported.media {
                // One file may serve several entries under different names (an export's
                // deduplicated media): the check is shared, the recorded name is each entry's own.
                guard var item = media[file.url] else { continue }
                item.fileName = file.fileName
                let staged = try stagedBlobs[item.url] ?? diary.stageInBlobStore(item.url)
                if stagedBlobs[item.url] == nil { staging.append(staged) }
                stagedBlobs[item.url] = staged
                entryMedia.append((item, staged))
            }
            let entry = BulkEntry(
                uuid: imported.uuid, creationTime: imported.creationTime, updateTime: imported.updateTime,
                text: imported.text, starred: imported.starred, timeZone: imported.timeZone?.identifier,
                place: imported.place, tags: entryTags, media: entryMedia)
            try entry.insert(into: context, store: diary.databaseURL)
        }
    }

    /// Checks every medium of the batch: the recorded hash where there is one, then the full
    /// decoding pass of MediaKit. Nothing is written.
    private func prepareMedia(of batch: [ImportedEntry]) throws(DiaryError) -> [URL: PreparedMedium] {
        var prepared: [URL: PreparedMedium] = [:]
        for entry in batch {
            for medium in entry.media where prepared[medium.url] == nil {
                let reject = { (reason: String) in
                    DiaryError.interop(
                        .mediumRejected(
                            file: self.source.url, entry: entry.number,
                            path: medium.path, reason: reason))
                }
                if let expected = medium.sha256 {
                    let found: String
                    let limit = diary.inspector.limits.maxFileSize
                    do {
                        let file = try BundleFile.openForReading(medium.url, ifMissing: .sourceMissing(medium.url))
                        // The size from fstat first: a huge (or sparse) file is refused unread.
                        let size = try file.size()
                        guard size <= limit else {
                            throw reject("\(size) bytes is more than the limit of \(limit) bytes")
                        }
                        found = try file.stream().sha256
                    } catch let error as DiaryError {
                        throw error
                    } catch {
                        throw reject(String(describing: error))
                    }
                    guard found == expected else {
                        throw reject("its SHA-256 is \(found.prefix(12))…, the export records \(expected.prefix(12))…")
                    }
                }
                do {
                    var item = try PreparedMedium(
                        fileAt: medium.url, expected: medium.kind,
                        fileName: medium.fileName, inspector: diary.inspector)
                    item.recordedCapture = medium.recordedCapture
                    prepared[medium.url] = item
                } catch {
                    throw reject(error.description)
                }
            }
        }
        return prepared
    }

    // MARK: Store look-ups

    private func isStored(_ uuid: UUID) throws(DiaryError) -> Bool {
        var request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: .equals("uuid", .uuid(uuid)))
        request.fetchLimit = 1
        request.returnsObjectsAsFaults = true
        return try DiaryError.wrapping(diary.databaseURL) { try context.count(for: request) > 0 }
    }

    private func loadTags() throws(DiaryError) {
        try tags.load(with: context, store: diary.databaseURL)
        context.reset()
    }
}
