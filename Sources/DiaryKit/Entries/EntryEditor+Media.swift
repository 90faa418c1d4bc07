import Foundation
import ObjectGraph

extension EntryEditor {
    /// The entry's media in order (those added in this session included), as records whose
    /// `fileURL` is the source file until the session is saved.
    public var media: [MediumRecord] {
        entry.orderedMedia.enumerated().map { offset, medium in
            MediumRecord(
                index: offset + 1,
                snapshot: diary.snapshot(of: medium, source: pendingFiles[ObjectIdentifier(medium)]))
        }
    }

    /// Checks every file in `urls` completely (content sniffed; photos decoded and
    /// thumbnailed, recordings decoded and their waveform measured, one pass each) and,
    /// only when all are good, adds them to the entry after its current media.
    /// As ``addMedia(_:progress:)`` with the same `expected` kind for every file.
    ///
    /// - Parameters:
    ///   - expected: when given, every file must be of this kind (`--image`, `--audio`).
    ///   - progress: called after each file is checked with the count done, the total and the file.
    /// - Throws: as ``addMedia(_:progress:)``.
    public func addMedia(
        _ urls: [URL], expected: MediumKind? = nil,
        progress: ((_ done: Int, _ total: Int, _ file: URL) -> Void)? = nil
    ) throws(DiaryError) {
        try addMedia(urls.map { MediaRequest($0, expected: expected) }, progress: progress)
    }

    /// Checks every requested file completely (content sniffed; photos decoded and
    /// thumbnailed, recordings decoded and their waveform measured, one pass each) and
    /// copies it into the store's staging area, hashing it, all files at once on every core
    /// (a recording's copy beside a photo's decode); only when all are good, adds them to the
    /// entry after its current media, in the order given. ``save()`` commits the copies; an
    /// editor dropped unsaved removes them.
    ///
    /// - Parameter progress: called after each file is checked, in order, with the count done,
    ///   the total and the file.
    /// - Throws: the first file's problem (in the order given): ``DiaryError/missingFile(_:)``,
    ///   ``DiaryError/unreadableFile(_:reason:)``, ``DiaryError/invalidMedia(_:reason:)``,
    ///   ``DiaryError/wrongMediaKind(_:expected:found:)``, store errors when the copy cannot be
    ///   written; ``DiaryError/tooManyMedia(count:limit:)`` before any is decoded. Nothing is
    ///   added then, and no copy is left.
    public func addMedia(
        _ requests: [MediaRequest],
        progress: ((_ done: Int, _ total: Int, _ file: URL) -> Void)? = nil
    ) throws(DiaryError) {
        // Counted before any file is decoded.
        let count = entry.orderedMedia.count + requests.count
        if count > EntryLimits.maximumMediaCount {
            throw .tooManyMedia(count: count, limit: EntryLimits.maximumMediaCount)
        }
        add(try diary.prepareAll(requests, progress: progress))
    }

    /// Adds prepared files (checked and staged by ``Diary/prepareMedia(_:pool:_:)``) after the
    /// current media, in order; the editor owns their staged copies from now on: ``save()``
    /// commits them, a failed save or an editor dropped unsaved removes them.
    package func add(_ files: [PreparedFile]) {
        var position = (entry.orderedMedia.last?.position ?? -1) + 1
        for file in files {
            do throws(DiaryError) {
                let medium = try Medium.make(from: file.medium, in: context, store: diary.databaseURL)
                medium.position = position
                position += 1
                medium.diaryEntry = entry
                pendingFiles[ObjectIdentifier(medium)] = file.url
                preparedBlobs[ObjectIdentifier(medium)] = file.blob
            } catch {
                // Inserting into the editor's own context does not fail for a checked file.
                diary.discard(file)
            }
        }
        refreshIcon()
    }

    /// Adds checked media after the current ones; their files are streamed into the blob
    /// store by the save.
    func add(_ prepared: [PreparedMedium]) throws(DiaryError) {
        var position = (entry.orderedMedia.last?.position ?? -1) + 1
        for item in prepared {
            let medium = try Medium.make(from: item, in: context, store: diary.databaseURL)
            medium.position = position
            position += 1
            medium.diaryEntry = entry
            pendingFiles[ObjectIdentifier(medium)] = item.url
        }
        refreshIcon()
    }

    /// Removes the medium at 1-based `index`; its blob file is deleted after the save when
    /// no other medium shares it.
    /// - Throws: ``DiaryError/unknownMedium(index:entryID:count:)``.
    public func removeMedium(at index: Int) throws(DiaryError) {
        let media = entry.orderedMedia
        guard media.indices.contains(index - 1) else {
            throw .unknownMedium(index: index, entryID: entryID, count: media.count)
        }
        let medium = media[index - 1]
        pendingFiles[ObjectIdentifier(medium)] = nil
        if let blob = preparedBlobs.removeValue(forKey: ObjectIdentifier(medium)) { diary.blobStore.discard(blob) }
        context.delete(medium)
        for (offset, remaining) in entry.orderedMedia.enumerated() where remaining.position != Int32(offset) {
            remaining.position = Int32(offset)
        }
        refreshIcon()
    }

    /// Removes the media at several 1-based indexes, as numbered before any is removed.
    /// - Throws: ``DiaryError/unknownMedium(index:entryID:count:)`` before removing anything.
    public func removeMedia(at indexes: [Int]) throws(DiaryError) {
        let count = entry.orderedMedia.count
        if let bad = indexes.first(where: { !(1...max(count, 1)).contains($0) || count == 0 }) {
            throw .unknownMedium(index: bad, entryID: entryID, count: count)
        }
        for index in Set(indexes).sorted(by: >) { try removeMedium(at: index) }
    }

    /// Streams each added file into the blob store's staging area, hashing it on the way (unless
    /// ``addMedia(_:progress:)`` staged it already), and points its medium at the staged blob
    /// with the hash and size found. The save commits the
    /// blobs inside its transaction (see `ManagedObject.setBinaryValue(_:forKey:)`), so another
    /// process's save can never remove a shared blob file between its commit and our row.
    func streamPendingFiles(progress: ((_ done: Int, _ total: Int, _ file: URL) -> Void)?) throws(DiaryError) {
        let total = pendingFiles.count
        var done = 0
        for medium in entry.orderedMedia {
            guard let url = pendingFiles[ObjectIdentifier(medium)] else { continue }
            let staged: StagedBlob
            if let early = preparedBlobs.removeValue(forKey: ObjectIdentifier(medium)) {
                staged = early
            } else {
                staged = try diary.stageInBlobStore(url)
            }
            stagedBlobs.append(staged)
            try medium.attach(staged, store: diary.databaseURL)
            pendingFiles[ObjectIdentifier(medium)] = nil
            done += 1
            progress?(done, total, url)
        }
    }

    /// Removes the staging files of a save that failed (a committed blob stays for the sweep),
    /// and those of prepared files not yet attached.
    func discardStagedBlobs() {
        for staged in stagedBlobs { diary.blobStore.discard(staged) }
        for staged in preparedBlobs.values { diary.blobStore.discard(staged) }
        stagedBlobs = []
        preparedBlobs = [:]
    }

    /// Makes the entry's icon the thumbnail of its first photo (none without photos).
    func refreshIcon() {
        let icon = entry.orderedMedia.lazy.compactMap { ($0 as? ImageMedium)?.thumbnail }.first
        if entry.icon != icon { entry.icon = icon }
    }
}
