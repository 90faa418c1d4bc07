import Foundation
import MediaKit
import ObjectGraph

/// A diary on disk: the facade the command line uses.
///
/// A diary lives in one folder: `Diary.sqlite` (WAL mode, with `-wal` and `-shm` beside it
/// while open) and `Diary.blobs/`, the content-addressed media files. Opening a folder that
/// has no diary yet creates one.
///
/// Every read opens its own short-lived context, so results always reflect the store as it
/// is, including what other processes wrote. Writes go through ``EntryEditor`` sessions,
/// each with its own isolated context on the shared coordinator.
///
/// `Sendable`: every stored property is immutable and `Sendable` itself.
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
    let blobStore: BlobStore
    /// Validates and describes media.
    let inspector: MediaInspector

    /// How much of the database a reading process maps (256 MiB).
    static let readingMemoryMapSize = 256 << 20
    /// How many bytes of pages a writing process caches (16 MiB): a bulk import's batch of
    /// 5,000 entries touches more than SQLite's default 2 MB, and spilling them cost 15 % of
    /// its time; it adds about 13 MB to the import's peak memory, short commands touch far less.
    static let writingPageCacheSize = 16 << 20

    /// The database's file name inside the diary folder.
    public static let databaseName = "Diary.sqlite"

    /// Opens the diary in `directory`, creating the folder and an empty diary when missing.
    ///
    /// - Parameters:
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
    /// - Throws: ``DiaryError/invalidLocation(_:reason:)`` when the folder cannot be created,
    ///   ``DiaryError/incompatibleStore(_:detail:)`` for a store of another diary version,
    ///   ``DiaryError/corruptStore(_:detail:)``, ``DiaryError/storeBusy(_:)``, ``DiaryError/io(path:reason:)``.
    public init(directory: URL, busyTimeout: TimeInterval = 10, mediaLimits: MediaLimits = MediaLimits(),
                forReading: Bool = false,
                whileWaiting: (@Sendable (_ timeout: TimeInterval) -> Void)? = nil) throws(DiaryError) {
        let directory = directory.standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .invalidLocation(directory.path, reason: "it is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .invalidLocation(directory.path, reason: Self.reason(of: error))
        }
        self.directory = directory
        databaseURL = directory.appending(component: Self.databaseName, directoryHint: .notDirectory)
        coordinator = PersistentStoreCoordinator(model: DiaryModel.shared)
        inspector = MediaInspector(limits: mediaLimits)
        let options = PersistentStoreOptions(externalStorageThreshold: 0,
                                             busyTimeoutMilliseconds: Int32(max(0, min(busyTimeout, 3600)) * 1000),
                                             memoryMapSize: forReading ? Self.readingMemoryMapSize : 0,
                                             pageCacheSize: forReading ? 0 : Self.writingPageCacheSize,
                                             lockWaitNotice: whileWaiting.map { tell in
                                                 LockWaitNotice { _, timeout in tell(Double(timeout) / 1000) }
                                             })
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
        do {
            blobStore = try BlobStore(directory: blobs)
        } catch {
            throw .io(path: blobs.path, reason: error.description)
        }
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

    /// The stored entry `id` in `context`.
    /// - Throws: ``DiaryError/unknownEntry(id:)``.
    func fetchEntry(_ id: Int64, in context: ManagedObjectContext) throws(DiaryError) -> DiaryEntry {
        guard let objectID = entryObjectID(id) else { throw .unknownEntry(id: id) }
        do {
            guard let entry = try context.existingObject(with: objectID) as? DiaryEntry else {
                throw DiaryError.unknownEntry(id: id)
            }
            return entry
        } catch ObjectGraphError.objectNotFound {
            throw .unknownEntry(id: id)
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
        let request = FetchRequest(DiaryEntry.self, entityName: DiaryModel.Entity.entry,
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
        var current = error as NSError
        while let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError { current = underlying }
        if current.domain == NSPOSIXErrorDomain, let message = strerror(Int32(current.code)) {
            return String(cString: message)
        }
        return current.localizedDescription
    }
}

