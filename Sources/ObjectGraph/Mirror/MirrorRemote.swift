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
    /// Every whole file under the remote, recursively, with its size, in one call (files being
    /// uploaded, under their temporary names, are left out). Empty for a remote that holds nothing yet.
    /// - Throws: ``MirrorError/remoteUnreachable(remote:reason:)`` and the like.
    func listFiles() throws(MirrorError) -> [MirrorRemoteFile]
    /// Copies the file at `path` to the local file `destination` (created or replaced).
    /// - Throws: ``MirrorError`` when the file cannot be read.
    func download(_ path: String, to destination: URL) throws(MirrorError)
    /// Adds the local file `source` at `path`: written under a temporary name beside it, then
    /// renamed, so a reader sees the whole file or none. An existing file at `path` is replaced
    /// only by the same content (content-addressed files); callers never reuse a path otherwise.
    /// - Throws: ``MirrorError/remoteFull(remote:)`` when the remote has no room, and the like.
    func upload(_ source: URL, as path: String) throws(MirrorError)
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

    /// A temporary name for an upload to `path`, in the same folder.
    static func temporaryPath(for path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        let name = parts.popLast() ?? path
        parts.append(temporaryPrefix + UUID().uuidString.lowercased() + "-" + name)
        return parts.joined(separator: "/")
    }
}
