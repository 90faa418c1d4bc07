import Synchronization

/// The database files this process has open through a ``SQLiteConnection``, by device and inode.
///
/// Whatever reads a store's files beside SQLite must know: POSIX drops every lock a process
/// holds on a file when the process closes *any* descriptor of it, so opening and closing a
/// database's shared-memory file while a connection of this process has it would silently take
/// SQLite's locks away. (SQLite's own unix VFS shares one descriptor per inode for that reason.)
enum OpenDatabaseFiles {
    private static let counts = Mutex<[FileIdentity: Int]>([:])

    /// Notes one more connection to `file`.
    static func opened(_ file: FileIdentity) {
        counts.withLock { $0[file, default: 0] += 1 }
    }

    /// Notes that a connection to `file` closed.
    static func closed(_ file: FileIdentity) {
        counts.withLock { counts in
            let left = (counts[file] ?? 1) - 1
            counts[file] = left > 0 ? left : nil
        }
    }

    /// Whether a connection of this process has the database at `path` open.
    static func isOpen(_ path: String) -> Bool {
        guard let file = FileIdentity(path: path) else { return false }
        return counts.withLock { $0[file] != nil }
    }
}
