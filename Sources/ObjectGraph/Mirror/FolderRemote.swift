import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A remote that is a folder on this machine: one that Syncthing, Nextcloud's desktop client or
/// Dropbox keeps the same on every device, or a mounted share. Uploads are streamed to a
/// temporary file, flushed and renamed, as the blob store writes its own files.
public struct FolderRemote: MirrorRemote {
    /// The folder.
    public let folder: URL

    /// The remote at `folder` (created by the first upload when missing).
    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// The folder's path.
    public var displayName: String { folder.path }

    public func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { throw .remoteUnreachable(remote: displayName, reason: "it is not a folder") }
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        else {
            throw .remoteUnreachable(remote: displayName, reason: "it cannot be listed")
        }
        var files: [MirrorRemoteFile] = []
        let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                values.isRegularFile == true
            else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root) else { continue }
            let relative = String(path.dropFirst(root.count))
            if !includingUploads && MirrorRemoteFile.isTemporary(relative) { continue }
            files.append(MirrorRemoteFile(path: relative, byteCount: Int64(values.fileSize ?? 0)))
        }
        return files
    }

    public func download(_ path: String, to destination: URL) throws(MirrorError) {
        try MirrorFileCopy.copy(folder.appending(path: path), to: destination, remote: displayName)
    }

    public func remove(_ path: String) throws(MirrorError) {
        let file = folder.appending(path: path)
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw .remoteFailed(remote: displayName, path: path, reason: String(cString: strerror(errno)))
        }
    }

    public func upload(_ source: URL, as path: String) throws(MirrorError) {
        let target = folder.appending(path: path)
        let temporary = folder.appending(path: MirrorRemoteFile.temporaryPath(for: path))
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw MirrorError.remoteFailed(
                remote: displayName, path: path, reason: "its folder cannot be made: \(error.localizedDescription)")
        }
        do {
            try MirrorFileCopy.copy(source, to: temporary, remote: displayName)
            try MirrorFileCopy.rename(temporary, to: target, remote: displayName)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

/// Streams files between local paths, a megabyte at a time, flushing what it writes.
enum MirrorFileCopy {
    /// Copies `source` to `destination` (replaced), flushed to disk.
    static func copy(_ source: URL, to destination: URL, remote: String) throws(MirrorError) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw MirrorError.remoteFailed(
                remote: remote, path: source.lastPathComponent, reason: String(cString: strerror(errno)))
        }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw MirrorError.remoteFailed(
                remote: remote, path: destination.lastPathComponent, reason: String(cString: strerror(errno)))
        }
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = retryingInterrupted { read(input, buffer.baseAddress, buffer.count) }
            guard count >= 0 else {
                throw MirrorError.remoteFailed(
                    remote: remote, path: source.lastPathComponent, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            do throws(SystemCallError) {
                try writeAll(to: output, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            } catch {
                throw failure(error.code, remote: remote, path: destination.lastPathComponent)
            }
        }
        guard fsync(output) == 0 else { throw failure(errno, remote: remote, path: destination.lastPathComponent) }
    }

    /// Renames `source` to `destination` and flushes the folder.
    static func rename(_ source: URL, to destination: URL, remote: String) throws(MirrorError) {
        guard Glibc.rename(source.path, destination.path) == 0 else {
            throw failure(errno, remote: remote, path: destination.lastPathComponent)
        }
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    private static func failure(_ code: Int32, remote: String, path: String) -> MirrorError {
        code == ENOSPC || code == EDQUOT
            ? .remoteFull(remote: remote)
            : .remoteFailed(remote: remote, path: path, reason: String(cString: strerror(code)))
    }
}
