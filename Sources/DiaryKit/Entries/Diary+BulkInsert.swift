import Foundation
import ObjectGraph

extension Diary {
    /// Writes `snapshots` as new entries in one save (one transaction): the bulk path for
    /// bringing in a long history at once, such as another diary's entries or a benchmark
    /// store. Each entry keeps its UUID, times, time zone, place, text, tags and star. Media are checked by
    /// MediaKit and copied into the blob directory once per distinct file, however many
    /// entries share it.
    ///
    /// - Returns: the new entries' short ids, in the order of `snapshots`.
    /// - Throws: ``DiaryError/emptyEntry`` for an entry with neither text nor media,
    ///   ``DiaryError/invalidTag(_:)``, the media errors of ``EntryEditor/addMedia(_:expected:progress:)``,
    ///   ``DiaryError/store(detail:)`` when a UUID is already in the diary, other store
    ///   errors. Nothing is written then (at worst blob files no entry refers to, which
    ///   ``Diary/check(repair:)`` removes).
    public func insertEntries(_ snapshots: [EntrySnapshot]) throws(DiaryError) -> [Int64] {
        let context = makeContext()
        var tags = BulkTagCache()
        try tags.load(with: context, store: databaseURL)
        var media = BulkMediaFiles()
        // The save commits the staged blobs; a failed one leaves their temporary files, removed here.
        defer { discardStaged(media.staged) }
        var entries: [DiaryEntry] = []
        entries.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            if snapshot.text?.isBlank ?? true, snapshot.media.isEmpty { throw .emptyEntry }
            var entryTags: [Tag] = []
            for name in snapshot.tags {
                let trimmed = name.trimmedWhitespace
                guard !trimmed.isEmpty else { throw .invalidTag(name) }
                entryTags.append(try tags.tag(named: trimmed, in: context, store: databaseURL))
            }
            var entryMedia: [(item: PreparedMedium, blob: StagedBlob)] = []
            for medium in snapshot.media { entryMedia.append(try media.prepared(medium, for: self)) }
            let entry = BulkEntry(
                uuid: snapshot.uuid, creationTime: snapshot.creationTime, updateTime: snapshot.updateTime,
                text: snapshot.text, starred: snapshot.starred, timeZone: snapshot.timeZone,
                place: snapshot.place, tags: entryTags, media: entryMedia)
            entries.append(try entry.insert(into: context, store: databaseURL))
        }
        do {
            try context.save()
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
        return entries.compactMap(\.objectID.primaryKey)
    }
}

/// The media files of one bulk insert, each checked by MediaKit and staged in the blob
/// store once, however many entries share it.
private struct BulkMediaFiles {
    private var files: [URL: (item: PreparedMedium, blob: StagedBlob)] = [:]

    /// Every staged copy, for discarding what a failed save left.
    var staged: [StagedBlob] { files.values.map(\.blob) }

    /// The medium's file checked and staged, once per file.
    /// - Throws: the media errors of ``EntryEditor/addMedia(_:expected:progress:)``.
    mutating func prepared(
        _ medium: MediumSnapshot, for diary: Diary
    ) throws(DiaryError) -> (item: PreparedMedium, blob: StagedBlob) {
        let url = medium.sourceURL.standardizedFileURL
        if let known = files[url] { return known }
        let item = try PreparedMedium(
            fileAt: url, expected: medium.kind, fileName: medium.originalFileName,
            inspector: diary.inspector)
        let prepared = (item: item, blob: try diary.stageInBlobStore(url))
        files[url] = prepared
        return prepared
    }
}
