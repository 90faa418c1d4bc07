import Foundation
import ObjectGraph

/// One entry as the bulk paths write it (``Diary/insertEntries(_:)`` and the importer),
/// its tags found or made and its media checked and staged.
struct BulkEntry {
    var uuid: UUID
    var creationTime: Date
    var updateTime: Date
    var text: String?
    var starred: Bool
    /// The IANA identifier of the time zone it was written in, when known.
    var timeZone: String?
    /// Where it was written, when known.
    var place: EntryPlace?
    var tags: [Tag]
    /// The media in order: each checked file, under the name this entry gives it, and its staged copy.
    var media: [(item: PreparedMedium, blob: StagedBlob)]

    /// Inserts the entry with its tags and media into `context`, unsaved; the first photo's
    /// thumbnail becomes its icon.
    /// - Throws: ``DiaryError`` when the context refuses an object or a staged file (`store`
    ///   names the database in the error).
    @discardableResult
    func insert(into context: ManagedObjectContext, store: URL) throws(DiaryError) -> DiaryEntry {
        let entry = try DiaryError.wrapping(store) { try context.insert(DiaryEntry.self) }
        entry.isImporting = true
        entry.uuid = uuid
        entry.creationTime = creationTime
        entry.updateTime = updateTime
        entry.text = text
        if starred { entry.starred = true }
        if let timeZone { entry.timeZone = timeZone }
        if let place { entry.place = place }
        for tag in tags { entry.add(tag, to: "tags") }
        var icon: Data?
        for (position, medium) in media.enumerated() {
            let stored = try Medium.make(from: medium.item, in: context, store: store)
            stored.position = Int32(position)
            stored.diaryEntry = entry
            try stored.attach(medium.blob, store: store)
            if icon == nil, let image = stored as? ImageMedium { icon = image.thumbnail }
        }
        if let icon { entry.icon = icon }
        return entry
    }
}
