import Foundation

/// Where mirrored stores meet: a place that holds files by path, which every device can list,
/// read and add to. A remote never sees anything in the clear (``StoreMirror`` seals every file
/// before it goes there), and files are only ever added, never rewritten in place, so a file
/// sync tool between devices never makes a conflicting copy of one.
///
/// Paths are relative and use `/`; they never contain `..`.
public protocol MirrorRemote: Sendable {
    /// For messages: the remote as the user named it.
    var displayName: String { get }
    /// Every file under the remote, recursively, with its size, in one call; files being
    /// uploaded (under their temporary names) only `includingUploads`. Empty for a remote that
    /// holds nothing yet.
    /// - Throws: ``MirrorError/remoteUnreachable(remote:reason:)`` and the like.
    func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile]
    /// Copies the file at `path` to the local file `destination` (created or replaced).
    /// - Throws: ``MirrorError`` when the file cannot be read.
    func download(_ path: String, to destination: URL) throws(MirrorError)
    /// Adds the local file `source` at `path`: written under a temporary name beside it, then
    /// renamed, so a reader sees the whole file or none. An existing file at `path` is replaced
    /// only by the same content (content-addressed files); callers never reuse a path otherwise.
    /// - Throws: ``MirrorError/remoteFull(remote:)`` when the remote has no room, and the like.
    func upload(_ source: URL, as path: String) throws(MirrorError)
    /// Removes the file at `path`; only the temporary file of an upload that was cut short is
    /// ever removed (see ``MirrorRemoteFile/isAbandonedUpload(_:now:)``), and a snapshot's state
    /// this device uploaded but whose head it never did. A file already gone is no failure.
    /// - Throws: ``MirrorError`` when the file is there and cannot be removed.
    func remove(_ path: String) throws(MirrorError)
}

extension MirrorRemote {
    /// Every whole file under the remote (uploads under way left out).
    /// - Throws: as ``listFiles(includingUploads:)``.
    public func listFiles() throws(MirrorError) -> [MirrorRemoteFile] { try listFiles(includingUploads: false) }
}

/// A file on a remote.
public struct MirrorRemoteFile: Sendable, Hashable {
    /// Its path under the remote's root.
    public var path: String
    /// Its size in bytes.
    public var byteCount: Int64

    /// A file from its path and size.
    public init(path: String, byteCount: Int64) {
        self.path = path
        self.byteCount = byteCount
    }

    /// Whether a path names a file still being uploaded (``MirrorRemote/upload(_:as:)`` writes
    /// under a name with this marker first).
    static func isTemporary(_ path: String) -> Bool {
        path.split(separator: "/").last.map { $0.hasPrefix(temporaryPrefix) } ?? false
    }

    /// What temporary upload names begin with.
    static let temporaryPrefix = ".upload-"

    /// A temporary name for an upload to `path` started at `date`, in the same folder:
    /// `.upload-<seconds since 1970>-<random>-<name>`.
    static func temporaryPath(for path: String, at date: Date = Date()) -> String {
        var parts = path.split(separator: "/").map(String.init)
        let name = parts.popLast() ?? path
        let seconds = Int64(max(0, date.timeIntervalSince1970))
        parts.append(temporaryPrefix + "\(seconds)-" + UUID().uuidString.lowercased() + "-" + name)
        return parts.joined(separator: "/")
    }

    /// How long an upload leaves its temporary file before it counts as abandoned (a sync
    /// killed or cut off mid-upload): a day, longer than any upload takes and than any two
    /// devices' clocks are apart.
    static let abandonedAfter: TimeInterval = 24 * 3600

    /// Whether `path` is the temporary file of an upload that started (by the time in its
    /// name) more than ``abandonedAfter`` before `now`.
    static func isAbandonedUpload(_ path: String, now: Date) -> Bool {
        guard isTemporary(path), let name = path.split(separator: "/").last,
            let seconds = name.dropFirst(temporaryPrefix.count).split(separator: "-").first.flatMap({ Int64($0) })
        else { return false }
        return now.timeIntervalSince1970 - TimeInterval(seconds) > abandonedAfter
    }
}
