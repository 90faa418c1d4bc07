#if canImport(Glibc)
    import Glibc
#endif

/// A file as the file system knows it, whatever path or link leads to it: its device and inode.
package struct FileIdentity: Hashable, Sendable {
    /// The device the file is on.
    package let device: UInt64
    /// Its inode on that device.
    package let inode: UInt64

    /// The file at `path` (a link followed); nil when there is none, it cannot be looked at, or
    /// `folderOnly` and it is no folder.
    package init?(path: String, folderOnly: Bool = false) {
        var info = stat()
        guard stat(path, &info) == 0, !folderOnly || info.st_mode & S_IFMT == S_IFDIR else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
