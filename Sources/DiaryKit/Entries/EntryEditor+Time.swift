import Foundation

extension EntryEditor {
    /// When the entry was written (set for a new entry on creation). Set it to date an
    /// entry back, as `diary new --on "2026-10-25 01:30"` does; ``save()`` still
    /// refreshes the update time to the moment of saving.
    public var creationTime: Date? {
        get { entry.creationTime }
        set {
            guard let newValue, newValue != entry.creationTime else { return }
            entry.creationTime = newValue
        }
    }

    /// The earliest moment the entry's photos (those added in this session included) were
    /// taken, as their cameras recorded it; nil when none carries a capture time. What
    /// `diary new --on photo` dates an entry by.
    public var earliestCaptureTime: Date? {
        entry.orderedMedia.compactMap { ($0 as? ImageMedium)?.captureTime }.min()
    }

    /// Dates the entry by ``earliestCaptureTime`` (`--on photo`): true when a photo records it.
    /// An entry whose photos record no capture time is left as it is (false), unless `required`,
    /// as re-dating an existing entry needs: then that is refused too.
    /// - Throws: ``DiaryError/noPhotoToDateBy(entryID:hasPhotos:)`` when the entry has no photo
    ///   (those added in this session included), or none records it and `required`.
    @discardableResult
    public func dateByEarliestPhoto(required: Bool) throws(DiaryError) -> Bool {
        guard entry.orderedMedia.contains(where: { $0 is ImageMedium }) else {
            throw .noPhotoToDateBy(entryID: entryID, hasPhotos: false)
        }
        guard let taken = earliestCaptureTime else {
            if required { throw .noPhotoToDateBy(entryID: entryID, hasPhotos: true) }
            return false
        }
        creationTime = taken
        return true
    }

    /// Whether the entry has photos and no text (blank text counts as none): such an entry
    /// is dated by its photos' earliest capture time when no date is given.
    public var isPhotosOnly: Bool {
        (entry.text ?? "").allSatisfy(\.isWhitespace) && entry.orderedMedia.contains { $0 is ImageMedium }
    }

    /// The IANA name of the zone the entry was written in (set for a new entry from the
    /// process's zone); nil when the zone has no such name, as a `TZ` rule string has not.
    public var timeZoneIdentifier: String? {
        get { entry.timeZone }
        set { entry.timeZone = newValue }
    }

    /// The zone the entry records it was written in; nil when it names none the zone database
    /// knows. Re-dating an entry to another day keeps its time of day on this zone's clock.
    public var ownZone: (any TimeZoneRules)? { EntryZone.named(entry.timeZone) }

    /// Records where the entry was written: `writer`, the zone of whoever writes it (its IANA
    /// name, or its offset at the entry's time where it has none, as for a `TZ` rule string);
    /// but for an entry dated by a photo whose camera recorded another offset than `writer` has
    /// at that moment, the camera's offset (the photo was taken elsewhere).
    public func recordZone(writtenIn writer: any TimeZoneRules) {
        let time = entry.creationTime
        let photoOffset = entry.orderedMedia.lazy.compactMap { $0 as? ImageMedium }
            .first { $0.captureTime == time }?.captureUTCOffset.map(Int.init)
        if let photoOffset, photoOffset != writer.secondsFromGMT(for: time) {
            entry.timeZone = FixedOffset(seconds: photoOffset).identifier
        } else {
            entry.timeZone = EntryZone.recordedName(of: writer, at: time)
        }
    }
}
