import Foundation
import ObjectGraph

/// One editing session of one entry, new or existing, with its own isolated context on the
/// diary's coordinator: change text, tags, star and media freely; nothing reaches the store
/// until ``save()``, which commits everything or nothing. Dropping the editor without
/// saving discards the changes.
///
/// Not `Sendable`: an editor and its context belong to the task that made it.
public final class EntryEditor {
    /// The diary being edited.
    public let diary: Diary
    let context: ManagedObjectContext
    let entry: DiaryEntry
    /// Files added in this session, streamed into the blob store when saving.
    var pendingFiles: [ObjectIdentifier: URL] = [:]
    /// Blobs staged for the next save, discarded if it fails.
    var stagedBlobs: [StagedBlob] = []
    /// Copies staged when their files were added (``addMedia(_:progress:)``), by medium,
    /// until the save attaches them; discarded if the editor is dropped unsaved.
    var preparedBlobs: [ObjectIdentifier: StagedBlob] = [:]

    /// The entry's short id; nil for a new entry until it is saved.
    public private(set) var entryID: Int64?

    /// A session on entry `entryID`, or on a new entry when nil.
    /// - Throws: ``DiaryError/unknownEntry(id:)``, store errors.
    init(diary: Diary, entryID: Int64?) throws(DiaryError) {
        self.diary = diary
        self.entryID = entryID
        let context = diary.makeContext()
        // A star or tag set by another process meanwhile is merged with this session's
        // changes; only a field changed on both sides (or a deleted entry) fails the save.
        context.mergePolicy = .mergeUnlessClashing
        self.context = context
        if let entryID {
            guard let id = diary.entryObjectID(entryID),
                let existing = context.object(with: id) as? DiaryEntry, existing.hasIdentity
            else {
                throw .unknownEntry(id: entryID)
            }
            if existing.trashedTime != nil { throw .entryInTrash(id: entryID) }
            entry = existing
        } else {
            entry = try DiaryError.wrapping(diary.databaseURL) { try context.insert(DiaryEntry.self) }
        }
    }

    deinit {
        for staged in preparedBlobs.values { diary.blobStore.discard(staged) }
    }

    // MARK: Text and star

    /// The entry's text; setting text that is empty once trimmed removes it.
    public var text: String? {
        get { entry.text }
        set {
            entry.text = (newValue ?? "").isBlank ? nil : newValue
        }
    }

    /// Adds `more` to the text as a new paragraph (or sets it when there is none).
    public func appendText(_ more: String) {
        guard let current = text, !current.isBlank else {
            text = more
            return
        }
        let separator = current.hasSuffix("\n") ? "\n" : "\n\n"
        text = current + separator + more
    }

    /// Whether the entry is starred.
    public var isStarred: Bool {
        get { entry.starred }
        set { if entry.starred != newValue { entry.starred = newValue } }
    }

    /// The UUID of the entry.
    public var uuid: UUID? { entry.uuid }

    // MARK: Saving

    /// Streams the session's new files into the blob store (hashing them on the way),
    /// then writes every change in one transaction. Afterwards ``entryID`` is set and the
    /// editor may be used for further changes.
    ///
    /// - Parameter progress: called after each added file is copied, with the count done,
    ///   the total and the file (for a progress line on long imports).
    /// - Returns: the saved entry.
    /// - Throws: ``DiaryError/emptyEntry`` when the entry has neither text nor media;
    ///   ``DiaryError/textTooLong(byteCount:limit:)``, ``DiaryError/tooManyMedia(count:limit:)``
    ///   beyond ``EntryLimits``;
    ///   ``DiaryError/unreadableFile(_:reason:)`` when an added file vanished;
    ///   ``DiaryError/storeBusy(_:)``, ``DiaryError/io(path:reason:)`` and other store errors.
    ///   Nothing is written then (at worst a blob file no entry refers to, which
    ///   ``Diary/check(repair:)`` removes).
    /// Whether the session changed anything (text, tags, star, date, media); an entry set to
    /// what it already holds has no change, and saving it would write nothing.
    public var hasChanges: Bool { context.hasChanges || !pendingFiles.isEmpty }

    /// The record of the entry as saved, nil for a new entry not saved yet.
    /// - Throws: store errors.
    public func savedRecord() throws(DiaryError) -> EntryRecord? {
        guard entryID != nil, !entry.objectID.isTemporaryID else { return nil }
        return try diary.record(of: entry)
    }

    @discardableResult
    public func save(
        progress: ((_ done: Int, _ total: Int, _ file: URL) -> Void)? = nil
    ) throws(DiaryError) -> EntryRecord {
        // Refused before any file is copied, with the error the save's validation would give.
        if entry.isEmpty { throw .emptyEntry }
        let textBytes = entry.text?.utf8.count ?? 0
        if textBytes > EntryLimits.maximumTextByteCount {
            throw .textTooLong(byteCount: textBytes, limit: EntryLimits.maximumTextByteCount)
        }
        let mediaCount = entry.orderedMedia.count
        if mediaCount > EntryLimits.maximumMediaCount {
            throw .tooManyMedia(count: mediaCount, limit: EntryLimits.maximumMediaCount)
        }
        // Moved to the trash by another process since this session began: saving into it
        // would report an update of an entry no listing shows.
        if let entryID, try diary.isInTrash(entryID) { throw .entryInTrash(id: entryID) }
        do {
            try streamPendingFiles(progress: progress)
            refreshIcon()
            try saveResolvingTagClashes()
        } catch {
            discardStagedBlobs()
            throw error
        }
        stagedBlobs = []
        entryID = entry.objectID.primaryKey
        return try diary.record(of: entry)
    }

    /// Saves; when another process created one of this session's new tags meanwhile, uses
    /// theirs instead and tries again.
    private func saveResolvingTagClashes() throws(DiaryError) {
        for attempt in 1...3 {
            do {
                try context.save()
                return
            } catch ObjectGraphError.uniquenessViolation where attempt < 3 && adoptStoredTags() {
                continue
            } catch {
                throw DiaryError(error, store: diary.databaseURL)
            }
        }
    }
}
