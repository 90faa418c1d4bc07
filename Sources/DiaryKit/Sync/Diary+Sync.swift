import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#endif

/// One diary on every device: the store mirrored (ObjectGraph's ``StoreMirror``) to a remote
/// every device reaches, end to end encrypted with a sync key sealed by the sync passphrase.
/// Entries are named across devices by their UUID and tags by their case-folded name; an entry's
/// text edited on two devices keeps both versions; an entry edited on one device while another
/// removed it for good comes back, out of the trash.
extension Diary {
    /// The folder in the store folder where sealed files wait on their way to or from the remote.
    static let syncFolderName = "Diary.sync"

    /// The remote an address names: `webdav://host/path` or `webdavs://host/path` (libcurl,
    /// credentials from ~/.netrc), `rclone:NAME:path` (the user's rclone), or a folder path
    /// (relative to `base`).
    /// - Throws: ``DiaryError/invalidLocation(_:reason:)``.
    package static func syncRemote(_ address: String, base: URL) throws(DiaryError) -> any MirrorRemote {
        if address.hasPrefix("rclone:") {
            let location = String(address.dropFirst("rclone:".count))
            guard location.contains(":"), !location.hasPrefix(":") || location.count > 1 else {
                throw .invalidLocation(address, reason: "an rclone remote is written rclone:NAME:path")
            }
            return RcloneRemote(location: location)
        }
        if address.hasPrefix("webdav://") || address.hasPrefix("webdavs://") {
            guard let remote = WebDAVRemote(address: address) else {
                throw .invalidLocation(
                    address,
                    reason: "a WebDAV remote is webdav://host/path or webdavs://host/path, "
                        + "with the user name and password in ~/.netrc, never in the address")
            }
            return remote
        }
        guard !address.isEmpty, !address.contains("://") else {
            throw .invalidLocation(address, reason: "a sync remote is a folder path or rclone:NAME:path")
        }
        return FolderRemote(folder: URL(fileURLWithPath: address, relativeTo: base).standardizedFileURL)
    }

    private func mirror(snapshotInterval: Int? = nil) -> StoreMirror {
        var configuration = MirrorConfiguration(
            identityAttributes: [
                DiaryModel.Entity.entry: "uuid", DiaryModel.Entity.tag: "normalizedName",
                DiaryModel.Entity.setting: "key"
            ],
            // A medium is its entry's and its content's: the same photo added to the same entry on
            // two devices (or again here, after leaving and joining) is one medium.
            partIdentityAttributes: [DiaryModel.Entity.medium: "sha256"],
            textMergingAttributes: ["\(DiaryModel.Entity.entry).text"],
            // An entry put in the trash on one device while edited on another comes back out of it.
            withdrawingAttributes: ["\(DiaryModel.Entity.entry).trashedTime"],
            localEntities: [DiaryModel.Entity.localSetting, DiaryModel.Entity.settingChange], deviceName: Self.hostName,
            conflictLine: { name, date in
                String(Self.conflictMarker.dropFirst())
                    + "\(name), \(WallClockTime(date, in: FixedOffset(seconds: 0)).dayAndMinuteString) UTC ---"
            })
        if let snapshotInterval { configuration.snapshotInterval = snapshotInterval }
        let mirror = StoreMirror(
            coordinator: coordinator, configuration: configuration,
            scratchFolder: directory.appending(component: Self.syncFolderName))
        mirror.onApply = { object, device, date, isDeletion in
            Self.noteSettingChange(object, deviceName: device, date: date, isDeletion: isDeletion)
        }
        mirror.onRevive = { object in
            guard let entry = object as? DiaryEntry else { return }
            entry.isMovingThroughTrash = true
            entry.trashedTime = nil
        }
        return mirror
    }

    /// What begins the line before a version a sync kept beside another.
    static let conflictMarker = "\n--- conflicting edit from "

    /// The entries (not in the trash) whose text holds versions kept side by side, by number.
    func syncConflictEntryIDs() throws(DiaryError) -> [Int64] {
        try wrapping {
            let request = FetchRequest(
                DiaryEntry.self, entityName: DiaryModel.Entity.entry,
                predicate: try FetchPredicate(format: "text CONTAINS %@ AND trashedTime == nil", Self.conflictMarker))
            return try makeBrowsingContext().fetchObjectIDs(request).compactMap(\.primaryKey).sorted()
        }
    }

    /// This machine's host name (what the other devices call it).
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this device" : name
    }

    /// The remote address this diary syncs with; nil when it does not.
    package func syncAddress() throws(DiaryError) -> String? {
        try wrapping { try mirror().remoteAddress() }
    }

    /// Makes the (empty) remote at `address` this diary's sync remote, sealed with `passphrase`.
    package func startSync(address: String, remote: any MirrorRemote, passphrase: Passphrase) throws(DiaryError) {
        try wrapping {
            try passphrase.withUnsafeBytes { try mirror().create(remote: remote, address: address, passphrase: $0) }
        }
    }

    /// Joins the remote at `address` that another device made, with its passphrase.
    package func joinSync(address: String, remote: any MirrorRemote, passphrase: Passphrase) throws(DiaryError) {
        try wrapping {
            try passphrase.withUnsafeBytes { try mirror().join(remote: remote, address: address, passphrase: $0) }
        }
    }

    /// Sends and receives. A diary joining a remote starts from its newest snapshot; a sync that
    /// leaves `snapshotInterval` change sets (``MirrorConfiguration/snapshotInterval`` when nil:
    /// 500) or more beyond the newest snapshot uploads a new one.
    package func sync(
        remote: any MirrorRemote, snapshotInterval: Int? = nil,
        progress: ((String) -> Void)? = nil
    ) throws(DiaryError) -> MirrorSyncSummary {
        let summary = try wrapping {
            try mirror(snapshotInterval: snapshotInterval).sync(remote: remote, progress: progress)
        }
        // Entries another device put in the trash (or took out) change when the trash is next due.
        if !summary.received.isEmpty { try forgetNextPurge() }
        return summary
    }

    /// The devices and what waits.
    package func syncStatus(remote: (any MirrorRemote)?) throws(DiaryError) -> MirrorStatus {
        try wrapping { try mirror().status(remote: remote) }
    }

    /// Stops syncing here (the remote and the other devices keep everything).
    package func leaveSync() throws(DiaryError) {
        try wrapping { try mirror().leave() }
    }

    private func wrapping<T>(_ body: () throws -> T) throws(DiaryError) -> T {
        do {
            return try body()
        } catch let error as MirrorError {
            throw .sync(error)
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
    }
}
