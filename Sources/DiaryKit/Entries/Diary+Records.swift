import Foundation
import ObjectGraph

extension Diary {
    /// The plain-value record of a saved entry.
    /// - Throws: ``DiaryError/store(detail:)`` when the entry has no permanent id yet.
    func record(of entry: DiaryEntry) throws(DiaryError) -> EntryRecord {
        guard let id = entry.objectID.primaryKey, entry.hasIdentity else {
            throw .store(detail: "entry \(entry.objectID) is not saved or lacks its identity")
        }
        let media = entry.orderedMedia.map { snapshot(of: $0) }
        return EntryRecord(
            id: id,
            snapshot: EntrySnapshot(
                uuid: entry.uuid, creationTime: Self.milliseconds(entry.creationTime),
                updateTime: Self.milliseconds(entry.updateTime),
                text: entry.text, tags: Self.sortedNames(entry.tagNames), starred: entry.starred, media: media,
                timeZone: entry.timeZone, place: entry.place), localTime: entry.localTime.map(Self.milliseconds))
    }

    /// The snapshot of `medium`, its source being its blob file (`source` while not saved).
    func snapshot(of medium: Medium, source: URL? = nil) -> MediumSnapshot {
        let reference = Self.reference(of: medium)
        var snapshot = MediumSnapshot(
            kind: medium is AudioMedium ? .audio : .image, mimeType: medium.mimeType,
            originalFileName: medium.originalFileName, byteCount: medium.byteCount,
            sha256: medium.sha256, source: source.map { .file($0) } ?? .blob(blobStore, reference))
        if let image = medium as? ImageMedium {
            snapshot.width = Int(image.width)
            snapshot.height = Int(image.height)
            snapshot.orientation = Int(image.orientation)
            snapshot.photo = PhotoFacts(
                captureTime: image.captureTime.map(Self.milliseconds),
                captureUTCOffset: image.captureUTCOffset.map(Int.init),
                captureUTCOffsetIsFromGPS: image.captureUTCOffsetFromGPS == true,
                latitude: image.latitude, longitude: image.longitude, altitude: image.altitude,
                camera: image.camera, lens: image.lens)
        } else if let audio = medium as? AudioMedium {
            snapshot.duration = audio.duration
            snapshot.sampleRate = Int(audio.sampleRate)
            snapshot.channels = Int(audio.channels)
        }
        return snapshot
    }

    /// `date` rounded to whole milliseconds, the precision times are shown and exported
    /// with, so a record reads the same whichever way the store's doubles round.
    static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Tag names sorted case-insensitively (ties by exact spelling).
    static func sortedNames(_ names: [String]) -> [String] {
        names.sorted { lhs, rhs in
            let order = lhs.caseInsensitiveCompare(rhs)
            return order == .orderedSame ? lhs < rhs : order == .orderedAscending
        }
    }
}
