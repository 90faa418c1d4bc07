import Foundation
import ObjectGraph

extension Diary {
    /// Writes `snapshots` as new entries in one save (one transaction): the bulk path for
    /// bringing in a long history at once, such as another diary's entries or a benchmark
    /// store. Each entry keeps its UUID, times, text, tags and star. Media are checked by
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
        var writer = BulkEntryWriter(diary: self, context: context)
        try writer.loadTags()
        // The save commits the staged blobs; a failed one leaves their temporary files, removed here.
        defer { discardStaged(writer.media.values.map(\.blob)) }
        let entries = try snapshots.map { snapshot throws(DiaryError) in try writer.insert(snapshot) }
        do {
            try context.save()
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
        return entries.compactMap(\.objectID.primaryKey)
    }
}

/// The state one bulk insert shares across its entries: the tags by case-folded name and
/// the media already checked and copied, by file.
private struct BulkEntryWriter {
    let diary: Diary
    let context: ManagedObjectContext
    var tags: [String: Tag] = [:]
    var media: [URL: (item: PreparedMedium, blob: StagedBlob)] = [:]

    init(diary: Diary, context: ManagedObjectContext) {
        self.diary = diary
        self.context = context
    }

    /// Every stored tag, fetched once instead of once per entry.
    mutating func loadTags() throws(DiaryError) {
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag)
        for tag in try DiaryError.wrapping(diary.databaseURL, { try context.fetch(request) }) {
            tags[Tag.normalized(tag.name)] = tag
        }
    }

    /// Inserts one entry with its tags and media (unsaved).
    mutating func insert(_ snapshot: EntrySnapshot) throws(DiaryError) -> DiaryEntry {
        if snapshot.text?.isBlank ?? true, snapshot.media.isEmpty { throw .emptyEntry }
        let entry = try DiaryError.wrapping(diary.databaseURL) { try context.insert(DiaryEntry.self) }
        entry.isImporting = true
        entry.uuid = snapshot.uuid
        entry.creationTime = snapshot.creationTime
        entry.updateTime = snapshot.updateTime
        entry.text = snapshot.text
        if snapshot.starred { entry.starred = true }
        for name in snapshot.tags {
            entry.add(try tag(named: name), to: "tags")
        }
        for (position, medium) in snapshot.media.enumerated() {
            let (item, blob) = try prepared(medium)
            let stored = try Medium.make(from: item, in: context, store: diary.databaseURL)
            try stored.attach(blob, store: diary.databaseURL)
            stored.position = Int32(position)
            stored.diaryEntry = entry
            if entry.icon == nil, let image = stored as? ImageMedium { entry.icon = image.thumbnail }
        }
        return entry
    }

    /// The tag called `name` (in any case), created on first use.
    private mutating func tag(named name: String) throws(DiaryError) -> Tag {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidTag(name) }
        let key = Tag.normalized(trimmed)
        if let tag = tags[key] { return tag }
        let tag = try DiaryError.wrapping(diary.databaseURL) { try context.insert(Tag.self) }
        tag.name = trimmed
        tags[key] = tag
        return tag
    }

    /// The medium's file checked and staged in the blob store, once per file.
    private mutating func prepared(_ medium: MediumSnapshot) throws(DiaryError) -> (PreparedMedium, StagedBlob) {
        let url = medium.sourceURL.standardizedFileURL
        if let known = media[url] { return (known.item, known.blob) }
        let item = try PreparedMedium(fileAt: url, expected: medium.kind, fileName: medium.originalFileName,
                                      inspector: diary.inspector)
        let blob = try diary.stageInBlobStore(url)
        media[url] = (item, blob)
        return (item, blob)
    }
}
