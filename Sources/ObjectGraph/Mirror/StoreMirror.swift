import Foundation

/// Mirrors a store to a remote other devices' stores also mirror to, end to end encrypted, over
/// its persistent history (what `NSPersistentCloudKitContainer` is to Core Data, with a folder,
/// WebDAV or rclone remote in place of CloudKit).
///
/// Every sync first stamps what was saved here since the last one (read from the persistent
/// history, each change stamped by a hybrid logical clock at its save's time), then sends the
/// whole state of every changed object as sealed change sets (media first), then applies other
/// devices' change sets in their order, each in one transaction whose author is
/// ``transactionAuthor``. Values merge per attribute, last writer wins by stamp; to-many
/// relationships merge as observed-remove sets (an add wins over a removal that did not see it);
/// text attributes named in ``MirrorConfiguration/textMergingAttributes`` keep both sides of a
/// concurrent edit; an object edited on one device while another deleted it comes back. Every
/// device computes every merge the same way, so after all have synced, all hold the same objects.
///
/// A device joining does not replay years of change sets: a sync that leaves
/// ``MirrorConfiguration/snapshotInterval`` change sets (500) or more beyond the newest snapshot
/// uploads one, the whole mirrored state this store holds (every object's values and clock,
/// deleted ones' too) at a cut: for each device, the last of its change sets included. A device
/// joining loads the newest whole snapshot it can authenticate and replays only the change sets
/// after the cut; it ends with the objects and clocks replaying all of them gives. Change sets a
/// snapshot covers stay on the remote: a device that was away replays them as before.
///
/// The remote's layout (nothing is ever rewritten in place):
/// ```
/// keys                                   the sync key, sealed by the passphrase (MirrorKeyFile)
/// devices/<device>/<sequence>.chg        change sets, sealed
/// blobs/<keyed hash>                     media, sealed, one file per content
/// snapshots/<covered>-<keyed hash>.state a snapshot's records, sealed (MirrorSnapshot)
/// snapshots/<covered>-<keyed hash>.head  what it holds: its cut, and its state's SHA-256 and size
/// ```
///
/// The store must record persistent history, and its model must hold
/// ``MirrorBookkeeping/entities(linkingTo:)``.
public final class StoreMirror {
    /// The transaction author of every save a mirror makes (they are not sent again).
    public static let transactionAuthor = "ObjectGraph.mirror"

    /// The store's coordinator.
    public let coordinator: PersistentStoreCoordinator
    /// The app's choices.
    public let configuration: MirrorConfiguration
    /// A private folder for sealed files on their way (`<store>.mirror/`, say).
    public let scratchFolder: URL
    /// Called for an object brought back because it was edited here or elsewhere while another
    /// device deleted it (an app puts it back in view: out of a trash, say). Runs before the save.
    public var onRevive: ((ManagedObject) -> Void)?
    /// Called for each object another device's change set inserts, changes (after the values
    /// are set) or deletes (`true`, before the deletion), with that device's name and when it
    /// made the change; runs before the save, in the mirror's context (what an app uses to say
    /// "changed on laptop" once).
    public var onApply: ((ManagedObject, _ deviceName: String, _ date: Date, _ isDeletion: Bool) -> Void)?
    /// How far this device's clock is off, added to every time it reads (its saves' times
    /// included): tests make devices whose clocks are hours apart with it.
    package var clockSkew: TimeInterval = 0

    /// Whether a device joining loads a snapshot (tests compare that with replaying every change set).
    package var loadsSnapshots = true

    /// A time this device's clock gives for `date` (see ``clockSkew``).
    func deviceTime(_ date: Date) -> Date { date.addingTimeInterval(clockSkew) }

    /// A mirror of `coordinator`'s store.
    public init(coordinator: PersistentStoreCoordinator, configuration: MirrorConfiguration, scratchFolder: URL) {
        self.coordinator = coordinator
        self.configuration = configuration
        self.scratchFolder = scratchFolder
    }

    enum Setting {
        static let remote = "remote"
        static let mirror = "mirror"
        static let device = "device"
        static let deviceName = "deviceName"
        static let key = "key"
        static let clock = "clock"
        static let historyToken = "historyToken"
        static let sequence = "sequence"
        static let appliedPrefix = "applied."
        static let namePrefix = "name."
        static let seenPrefix = "seen."
        /// For each other device, the latest of its own stamps in its change sets applied here
        /// (or in a snapshot loaded here): what a deletion made here has seen of its edits.
        static let knownPrefix = "known."
        /// The state of a snapshot being uploaded, until its head is.
        static let snapshotUpload = "snapshotUpload"
        /// The head of a snapshot being loaded, until all of it is.
        static let snapshotLoading = "snapshotLoading"
    }

    func makeContext() -> ManagedObjectContext {
        let context = ManagedObjectContext(coordinator: coordinator)
        context.transactionAuthor = Self.transactionAuthor
        return context
    }

    /// The remote address the store mirrors to; nil when it is not mirrored.
    public func remoteAddress() throws -> String? {
        try MirrorBook(context: makeContext()).setting(Setting.remote)
    }

    /// Makes `remote` a new mirror of this store: a random sync key, sealed with `passphrase` in
    /// the remote's key file. `address` is kept to name the remote later.
    /// - Throws: ``MirrorError/remoteAlreadyInitialized(remote:)``, ``MirrorError/alreadyMirrored(remote:)``, remote
    /// failures.
    public func create(remote: any MirrorRemote, address: String, passphrase: UnsafeRawBufferPointer) throws {
        let book = try MirrorBook(context: makeContext())
        if let current = book.setting(Setting.remote) { throw MirrorError.alreadyMirrored(remote: current) }
        let files = try remote.listFiles()
        if files.contains(where: { $0.path == MirrorKeyFile.path }) {
            throw MirrorError.remoteAlreadyInitialized(remote: remote.displayName)
        }
        let key: StoreEncryptionKey
        do { key = try StoreEncryptionKey.random() } catch {
            throw MirrorError.encryptionFailed(reason: error.description)
        }
        let mirror = UUID()
        let file = try MirrorKeyFile.sealing(
            key, mirror: mirror, passphrase: passphrase, cost: configuration.passphraseCost)
        let local = scratchFile()
        defer { try? FileManager.default.removeItem(at: local) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { try encoder.encode(file).write(to: local) } catch {
            throw MirrorError.remoteFailed(remote: "this device", path: local.path, reason: error.localizedDescription)
        }
        try remote.upload(local, as: MirrorKeyFile.path)
        try remember(book, address: address, mirror: mirror, key: key)
    }

    /// Joins the mirror on `remote` with its passphrase.
    /// - Throws: ``MirrorError/remoteNotInitialized(remote:)``, ``MirrorError/wrongPassphrase(remote:)``, remote
    /// failures.
    public func join(remote: any MirrorRemote, address: String, passphrase: UnsafeRawBufferPointer) throws {
        let book = try MirrorBook(context: makeContext())
        if let current = book.setting(Setting.remote) { throw MirrorError.alreadyMirrored(remote: current) }
        let file = try readKeyFile(remote)
        let key = try file.unsealing(with: passphrase, remote: remote.displayName)
        try remember(book, address: address, mirror: file.mirror, key: key)
    }

    /// Forgets the mirror here: the remote keeps everything (other devices go on), and this
    /// store keeps every object. Joining again later sends this store's objects as new changes.
    public func leave() throws {
        let context = makeContext()
        let book = try MirrorBook(context: context)
        guard book.setting(Setting.remote) != nil else { throw MirrorError.notMirrored }
        for setting in book.settings.values { context.delete(setting) }
        for record in try book.allRecords() { context.delete(record) }
        try context.save()
        try? FileManager.default.removeItem(at: scratchFolder)
    }

    private func remember(_ book: MirrorBook, address: String, mirror: UUID, key: StoreEncryptionKey) throws {
        try book.set(Setting.remote, address)
        try book.set(Setting.mirror, mirror.uuidString)
        try book.set(Setting.device, MirrorDevice.newIdentifier())
        try book.set(Setting.deviceName, configuration.deviceName)
        try book.set(Setting.key, key.withUnsafeBytes { Data($0).base64EncodedString() })
        try book.save()
    }

    func readKeyFile(_ remote: any MirrorRemote) throws -> MirrorKeyFile {
        let files = try remote.listFiles()
        guard files.contains(where: { $0.path == MirrorKeyFile.path }) else {
            throw MirrorError.remoteNotInitialized(remote: remote.displayName)
        }
        let local = scratchFile()
        defer { try? FileManager.default.removeItem(at: local) }
        try remote.download(MirrorKeyFile.path, to: local)
        guard let data = try? Data(contentsOf: local), data.count < 4096,
            let file = try? JSONDecoder().decode(MirrorKeyFile.self, from: data)
        else {
            throw MirrorError.damagedKeyFile(remote: remote.displayName, reason: "it is not a key file")
        }
        return file
    }

    /// A scratch file path (its folder made).
    func scratchFile() -> URL {
        try? PrivateFileModes.createDirectories(atPath: scratchFolder.path)
        return scratchFolder.appending(component: MirrorRemoteFile.temporaryPrefix + UUID().uuidString.lowercased())
    }

    /// The key and identities of a mirrored store.
    struct Identity {
        var device: String
        var deviceName: String
        var mirror: UUID
        var key: StoreEncryptionKey
    }

    func identity(_ book: MirrorBook) throws -> Identity {
        guard book.setting(Setting.remote) != nil, let device = book.setting(Setting.device),
            let mirrorText = book.setting(Setting.mirror), let mirror = UUID(uuidString: mirrorText),
            let keyText = book.setting(Setting.key), let keyBytes = Data(base64Encoded: keyText)
        else {
            throw MirrorError.notMirrored
        }
        let key: StoreEncryptionKey
        do { key = try StoreEncryptionKey(bytes: keyBytes) } catch {
            throw MirrorError.encryptionFailed(reason: error.description)
        }
        return Identity(
            device: device, deviceName: book.setting(Setting.deviceName) ?? device, mirror: mirror, key: key)
    }
}
