import Foundation
import MediaKit
import ObjectGraph

/// A diary on disk: the facade the command line uses.
///
/// A diary lives in one folder: `Diary.sqlite` (WAL mode, with `-wal` and `-shm` beside it
/// while open) and `Diary.blobs/`, the content-addressed media files. Opening a folder that
/// has no diary yet creates one only for ``DiaryAccess/creating``; reading never does.
///
/// Every read opens its own short-lived context, so results always reflect the store as it
/// is, including what other processes wrote. Writes go through ``EntryEditor`` sessions,
/// each with its own isolated context on the shared coordinator.
///
/// `Sendable`: every stored property is immutable and `Sendable` itself.
///
/// Most members live in a `Diary+Concern.swift` extension in the folder of their concern; the
/// topics below name the files.
///
/// ## Topics
///
/// ### Opening and locating a diary
/// - ``init(directory:access:busyTimeout:mediaLimits:forReading:whileWaiting:key:)``
/// - ``defaultLocation(environment:)`` (`Store/Diary+Location.swift`)
/// - ``removeIfNeverUsed()`` (`Store/Diary+Removal.swift`)
///
/// ### Reading entries
/// `Browsing/Diary+Browsing.swift`, and `Diary+Paging.swift` beside it for paging through them.
/// - ``entry(id:)``
/// - ``entryID(uuid:)``
/// - ``entries(_:)``
/// - ``daySections(_:)``
/// - ``calendar(year:month:timeZone:)``
/// - ``onThisDay(_:query:)``
/// - ``search(_:phrases:query:)``
/// - ``tags()``
/// - ``entryCount()``
/// - ``entryCount(_:)``
///
/// ### Writing and deleting entries
/// `Entries/`: `Diary+BulkInsert.swift`, `Diary+Delete.swift`, `Diary+Records.swift` (records read back).
/// - ``newEntry()``
/// - ``editEntry(id:)``
/// - ``insertEntries(_:)``
/// - ``deleteEntry(id:)``
/// - ``deleteEntries(ids:)``
///
/// ### The trash
/// `Trash/Diary+Trash.swift`.
/// - ``trashRetention``
/// - ``moveToTrash(ids:now:)``
/// - ``restoreEntries(ids:)``
/// - ``trash()``
/// - ``emptyTrash()``
/// - ``purgeExpiredTrash(now:)``
/// - ``damagedMedia(ofTrashedEntries:)``
///
/// ### Media
/// `Media/Diary+MediaPreparation.swift`, `Media/Diary+Previews.swift`; `Store/Diary+Blobs.swift` stages files.
/// - ``prepareMedia(_:pool:_:)``
/// - ``discard(_:)``
/// - ``previews(ofEntry:)``
/// - ``picture(ofMedium:entry:maxSide:)``
/// - ``previewWaveformSize``
///
/// ### Entry bundles
/// `Bundle/Diary+Export.swift`, `Bundle/Diary+Import.swift`.
/// - ``export(ids:to:format:timeZone:)``
/// - ``export(_:to:format:)``
/// - ``importBundle(at:)``
///
/// ### Whole-diary imports and exports
/// `Import/Diary+BulkImport.swift`, `Export/Diary+WholeExport.swift`, `PhotoImport/Diary+PhotoImport.swift`,
/// `Book/Diary+BookExport.swift`.
/// - ``importEntries(from:format:timeZone:batchSize:progress:)``
/// - ``defaultImportBatchSize``
/// - ``exportDiary(_:format:to:timeZone:progress:)``
/// - ``importPhotos(_:tags:progress:)``
/// - ``withoutStoredMedia(_:)``
/// - ``exportBook(_:to:timeZone:progress:)``
///
/// ### Checking and repairing
/// `Check/Diary+Check.swift`.
/// - ``check(repair:staleAfter:temporaryDirectory:)``
///
/// ### Encryption
/// `Encryption/Diary+Encryption.swift`, `Encryption/Diary+Conversion.swift`.
/// - ``isEncrypted(directory:)``
/// - ``exists(directory:)``
/// - ``requireEncrypted(directory:)``
/// - ``prepareEncrypted(directory:passphrase:)``
/// - ``encrypt(directory:passphrase:)``
/// - ``decrypt(directory:key:)``
/// - ``unlock(directory:passphrase:)``
/// - ``cachedKey(directory:)``
/// - ``keepUnlocked(_:seconds:)``
/// - ``lock(directory:)``
/// - ``changePassphrase(directory:unlockedWith:to:)``
///
/// ### Sync and settings
/// `Sync/Diary+Sync.swift`, `Settings/Diary+Settings.swift`.
/// - ``syncRemote(_:base:)``
/// - ``syncAddress()``
/// - ``startSync(address:remote:passphrase:)``
/// - ``joinSync(address:remote:passphrase:)``
/// - ``sync(remote:progress:)``
/// - ``syncStatus(remote:)``
/// - ``leaveSync()``
/// - ``setting(_:)``
/// - ``settings()``
/// - ``setSetting(_:to:local:)``
/// - ``unsetSetting(_:)``
/// - ``takeSettingNotices()``
public final class Diary: Sendable {
    /// The diary's folder.
    public let directory: URL
    /// The SQLite database, `<directory>/Diary.sqlite`.
    public let databaseURL: URL
    /// The media files, `<directory>/Diary.blobs/`.
    public let blobDirectory: URL
    /// The coordinator every context of this diary shares.
    let coordinator: PersistentStoreCoordinator
    /// The blob directory, for streaming media in and reading them out.
    package let blobStore: BlobStore
    /// The data key of an encrypted diary (nil for a plain one), for the check of its pages.
    let encryptionKey: StoreEncryptionKey?
    /// Validates and describes media.
    let inspector: MediaInspector
    /// The files and folders of the store whose modes opening it for writing took from other
    /// accounts (a store made by an earlier version, or loosened by hand); empty when it was
    /// private already or opened for reading.
    public let tightenedPaths: [String]
    /// Whether opening created the diary's folder (see ``removeIfNeverUsed()``).
    let createdFolder: Bool
    /// Whether days are counted on each entry's own clock (``DiaryEntry/localTime``): false only
    /// for a store written before entries kept one, opened by an account that may not fill it in,
    /// whose days are then counted on the reader's clock as that version did.
    let countsOwnClocks: Bool

    /// How much of the database a reading process maps (256 MiB).
    static let readingMemoryMapSize = 256 << 20
    /// How many bytes of pages a writing process caches (16 MiB): a bulk import's batch of
    /// 5,000 entries touches more than SQLite's default 2 MB, and spilling them cost 15 % of
    /// its time; it adds about 13 MB to the import's peak memory, short commands touch far less.
    static let writingPageCacheSize = 16 << 20

    /// The database's file name inside the diary folder.
    public static let databaseName = "Diary.sqlite"
    /// What the store keeps in its folder: the database, its journals and the blob folder
    /// (what opening for writing makes private; anything else in the folder is left alone).
    static let storeEntryNames = [
        databaseName, databaseName + "-wal", databaseName + "-shm", databaseName + "-counter",
        databaseName + "-journal", "Diary.blobs", DiaryKeyFile.fileName, syncFolderName
    ]

    /// Whether `name` is a copy ObjectGraph made of the database before migrating it to a newer
    /// model (`Diary.sqlite.backup-<old model hash>`, with its `-wal`/`-shm` when opened).
    static func isMigrationBackup(_ name: String) -> Bool {
        name.hasPrefix(databaseName + ".backup-")
    }

    /// Opens the diary in `directory`; with ``DiaryAccess/creating`` (the default), creating the
    /// folder and an empty diary when missing.
    ///
    /// Nothing is created for ``DiaryAccess/reading`` and ``DiaryAccess/updating``, and never
    /// beside a blob folder whose database is gone. A diary this account may only read opens
    /// read-only for reading and is refused for writing, before anything is touched.
    ///
    /// The folder and any folders made above it are 0700, every file in it 0600 (media 0400),
    /// whatever the umask. Opened for writing, a store open to other accounts is made private
    /// first (see ``tightenedPaths``).
    ///
    /// - Parameters:
    ///   - access: what the caller means to do (see ``DiaryAccess``).
    ///   - busyTimeout: how long to wait for another process's write lock, in seconds.
    ///   - mediaLimits: the largest files and pixel counts media may have.
    ///   - forReading: true for a short process that mostly reads (a listing, a search):
    ///     SQLite then reads the database through a memory map, which saves a read call and a
    ///     copy per page. Leave it false for imports and other long writes, whose resident
    ///     memory would otherwise grow with the pages they touch; they get a larger page
    ///     cache instead, so big transactions do not spill pages before they commit.
    ///   - whileWaiting: called once (on the saving thread) when a save has waited half a
    ///     second for another process's write lock, with the busy timeout in seconds; a
    ///     terminal can then say why nothing happens.
    ///   - key: the unlocked key of an encrypted diary (see ``Diary/unlock(directory:passphrase:)``);
    ///     nil for a plain one. With it, a diary created here is encrypted under it.
    /// - Throws: ``DiaryEncryptionError/locked(_:)`` for an encrypted diary opened without its key,
    ///   ``DiaryError/noDiary(_:)`` when there is none and `access` does not create one,
    ///   ``DiaryError/readOnlyStore(_:)`` for writing to a diary this account may only read,
    ///   ``DiaryError/uncreatableFolder(_:reason:)``, ``DiaryError/invalidLocation(_:reason:)`` for a file,
    ///   ``DiaryError/incompatibleStore(_:detail:)`` for a store of another diary version,
    ///   ``DiaryError/corruptStore(_:detail:)``, ``DiaryError/storeBusy(_:)``, ``DiaryError/io(path:reason:)``.
    public init(
        directory: URL, access: DiaryAccess = .creating, busyTimeout: TimeInterval = 10,
        mediaLimits: MediaLimits = MediaLimits(), forReading: Bool = false,
        whileWaiting: (@Sendable (_ timeout: TimeInterval) -> Void)? = nil,
        key: DiaryKey? = nil
    ) throws(DiaryError) {
        let directory = directory.standardizedFileURL
        Self.removeLeftoverConversion(of: directory)
        if key == nil, Self.isEncrypted(directory: directory) { throw .encryption(.locked(directory)) }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder)
        if exists, !isFolder.boolValue {
            throw .invalidLocation(directory.path, reason: "it is a file, not a folder")
        }
        createdFolder = !exists
        if !exists {
            guard access == .creating else { throw .noDiary(directory) }
            do throws(PrivateFileModesError) {
                try PrivateFileModes.createDirectories(atPath: directory.path)
            } catch {
                throw .uncreatableFolder(directory, reason: Self.folderFailure(directory, error))
            }
        }
        self.directory = directory
        databaseURL = directory.appending(component: Self.databaseName, directoryHint: .notDirectory)
        let readOnly = !Self.mayWrite(directory, database: databaseURL)
        if readOnly && access != .reading { throw .readOnlyStore(directory) }
        do throws(PrivateFileModesError) {
            tightenedPaths =
                access == .reading || readOnly
                ? []
                : try PrivateFileModes.tighten(folderAt: directory.path, entries: Self.storeEntryNames)
        } catch {
            throw .io(path: error.path, reason: error.reason)
        }
        let coordinator = PersistentStoreCoordinator(model: DiaryModel.shared)
        self.coordinator = coordinator
        inspector = MediaInspector(limits: mediaLimits)
        var options = PersistentStoreOptions(
            externalStorageThreshold: 0,
            busyTimeoutMilliseconds: Int32(max(0, min(busyTimeout, 3600)) * 1000),
            memoryMapSize: forReading ? Self.readingMemoryMapSize : 0,
            pageCacheSize: forReading ? 0 : Self.writingPageCacheSize,
            createsStore: access == .creating, isReadOnly: readOnly,
            lockWaitNotice: whileWaiting.map { tell in
                LockWaitNotice { _, timeout in tell(Double(timeout) / 1000) }
            })
        options.encryptionKey = key?.dataKey
        // While the diary is unlocked, the kernel keyring remembers its commit count too.
        options.commitCountWitness = key.map { KeyCache.commitWitness(key: $0.identifier) }
        // Every save is recorded, so a sync (whenever it first runs) sends exactly what changed.
        options.recordsPersistentHistory = true
        encryptionKey = key?.dataKey
        let store: any PersistentStore
        do {
            store = try coordinator.addPersistentStore(type: .sqlite, at: databaseURL, options: options)
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
        guard let blobs = store.blobDirectory else {
            throw .store(detail: "the store has no blob directory")
        }
        blobDirectory = blobs
        if readOnly {
            blobStore = BlobStore(readingDirectory: blobs, encryptionKey: options.encryptionKey)
            countsOwnClocks = try Self.holdsEveryLocalTime(
                ManagedObjectContext(coordinator: coordinator), store: databaseURL)
            return
        }
        countsOwnClocks = true
        do {
            blobStore = try BlobStore(directory: blobs, encryptionKey: options.encryptionKey)
        } catch {
            throw .io(path: blobs.path, reason: error.description)
        }
        try fillInLocalTimes()
    }

    /// A fresh context over the diary's store.
    func makeContext() -> ManagedObjectContext {
        ManagedObjectContext(coordinator: coordinator)
    }

    /// A fresh context for reading lists of entries: thumbnails, icons and waveforms stay in
    /// the store until one is read (a listing shows none of them).
    func makeBrowsingContext() -> ManagedObjectContext {
        let context = makeContext()
        context.defersBinaryValues = true
        return context
    }

    /// The permanent object ID of entry `id` in this store.
    func entryObjectID(_ id: Int64) -> ObjectID? {
        guard let store = coordinator.persistentStores.first, id > 0 else { return nil }
        return .permanent(entityName: DiaryModel.Entity.entry, storeIdentifier: store.identifier, primaryKey: id)
    }

    /// The stored entry `id` in `context`; one in the trash only when `inTrash` allows it.
    /// - Throws: ``DiaryError/unknownEntry(id:)``; ``DiaryError/entryInTrash(id:)``.
    func fetchEntry(
        _ id: Int64, in context: ManagedObjectContext,
        inTrash: TrashScope = .excluded
    ) throws(DiaryError) -> DiaryEntry {
        guard let objectID = entryObjectID(id) else { throw .unknownEntry(id: id) }
        do {
            guard let entry = try context.existingObject(with: objectID) as? DiaryEntry else {
                throw DiaryError.unknownEntry(id: id)
            }
            switch (inTrash, entry.trashedTime) {
            case (.excluded, .some): throw DiaryError.entryInTrash(id: id)
            case (.only, .none): throw DiaryError.entryNotInTrash(id: id)
            default: return entry
            }
        } catch ObjectGraphError.objectNotFound {
            throw .unknownEntry(id: id)
        } catch let error as DiaryError {
            throw error
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
    }

    /// The entry with short id `id` as plain values.
    /// - Throws: ``DiaryError/unknownEntry(id:)``; store errors.
    public func entry(id: Int64) throws(DiaryError) -> EntryRecord {
        let context = makeContext()
        return try record(of: try fetchEntry(id, in: context))
    }

    /// The short id of the entry with `uuid`, or nil when the diary has none.
    /// - Throws: store errors as ``DiaryError``.
    public func entryID(uuid: UUID) throws(DiaryError) -> Int64? {
        let context = makeContext()
        let request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: .equals("uuid", .uuid(uuid)))
        return try DiaryError.wrapping(databaseURL) { try context.fetch(request).first?.objectID.primaryKey }
    }

    /// A session writing a new entry; nothing is stored until its ``EntryEditor/save()``.
    /// - Throws: ``DiaryError/store(detail:)`` only if the diary's model is broken.
    public func newEntry() throws(DiaryError) -> EntryEditor {
        try EntryEditor(diary: self, entryID: nil)
    }

    /// A session changing entry `id`; nothing is stored until its ``EntryEditor/save()``.
    /// - Throws: ``DiaryError/unknownEntry(id:)``.
    public func editEntry(id: Int64) throws(DiaryError) -> EntryEditor {
        try EntryEditor(diary: self, entryID: id)
    }

    /// A short reason for a file-system error: the system's own words for an errno
    /// ("Permission denied"), never a raw NSError dump.
    static func reason(of error: any Error) -> String {
        // The framework's own errors say what failed in their description ("<path>: mkdir: …").
        if let described = error as? PrivateFileModesError { return described.description }
        var current = error as NSError
        while let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError { current = underlying }
        if current.domain == NSPOSIXErrorDomain, let message = strerror(Int32(current.code)) {
            return String(cString: message)
        }
        return current.localizedDescription
    }
}
