import Foundation
import ObjectGraph

extension Diary {
    /// Imports the entry bundle at `url` (a `.diaryentry` folder or its zip).
    ///
    /// The bundle is checked completely first: its manifest, that no path leaves it, every
    /// file's size and SHA-256, and every medium decoded by MediaKit. An entry whose UUID
    /// is already in the diary is skipped, not duplicated. An imported entry keeps its
    /// UUID, text, tags, star, place, both times and its media's bytes.
    /// - Throws: ``DiaryError/bundle(_:)`` for a missing, malformed, unsafe or tampered
    ///   bundle (a rejected medium carries MediaKit's reason); store errors.
    public func importBundle(at url: URL) throws(DiaryError) -> ImportOutcome {
        let cache = PreparedMediaCache()
        let inspector = self.inspector
        let reader = BundleReader { file, medium in
            cache.store(
                try PreparedMedium(
                    fileAt: file, expected: medium.kind,
                    fileName: medium.originalFileName, inspector: inspector))
        }
        let bundle: ImportableEntry
        do {
            bundle = try reader.read(url)
        } catch {
            throw .bundle(error)
        }
        defer { bundle.cleanUp() }
        let snapshot = bundle.entry
        if let existing = try entryID(uuid: snapshot.uuid) {
            return .skipped(uuid: snapshot.uuid, existingID: existing, inTrash: try isInTrash(existing))
        }
        let editor = try newEntry()
        var prepared: [PreparedMedium] = []
        for medium in snapshot.media {
            var item: PreparedMedium
            if let cached = cache.item(for: medium.sourceURL) {
                item = cached
            } else {
                item = try PreparedMedium(
                    fileAt: medium.sourceURL, expected: medium.kind,
                    fileName: medium.originalFileName, inspector: inspector)
            }
            // The moment the export recorded stands: read again here, an EXIF time without an
            // offset would be taken in this machine's zone and move by the zones' difference.
            if let time = medium.photo.captureTime {
                item.recordedCapture = RecordedCapture(
                    time: time, utcOffset: medium.photo.captureUTCOffset,
                    offsetIsFromGPS: medium.photo.captureUTCOffsetIsFromGPS)
            }
            prepared.append(item)
        }
        try editor.take(snapshot, media: prepared)
        do {
            return .imported(try editor.save())
        } catch {
            // Another process may have imported the same bundle meanwhile (the UUID is unique).
            if let existing = try? entryID(uuid: snapshot.uuid) {
                return .skipped(uuid: snapshot.uuid, existingID: existing, inTrash: (try? isInTrash(existing)) ?? false)
            }
            throw error
        }
    }
}

extension EntryEditor {
    /// Fills a new entry from an imported snapshot, keeping its identity and times.
    func take(_ snapshot: EntrySnapshot, media: [PreparedMedium]) throws(DiaryError) {
        entry.uuid = snapshot.uuid
        entry.creationTime = snapshot.creationTime
        entry.updateTime = snapshot.updateTime
        if let zone = snapshot.timeZone { entry.timeZone = zone }
        if let place = snapshot.place { entry.place = place }
        entry.isImporting = true
        text = snapshot.text
        isStarred = snapshot.starred
        try addTags(snapshot.tags)
        try add(media)
    }
}
