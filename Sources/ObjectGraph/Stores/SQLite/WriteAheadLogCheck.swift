internal import CStoreCipher
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A store's write-ahead log judged before SQLite recovers it.
///
/// SQLite's recovery reads the log's frames in order and stops at the first one whose checksum
/// fails, taking it for the torn end a crash leaves: every commit after it is dropped without a
/// word, and the next write overwrites them for good. One flipped bit in a log that a closed
/// writer left behind therefore rolled a store back in silence. This check reads the log first
/// and calls it damaged when recovery would drop a frame that was committed: a commit checks
/// after the failing frame, the shared-memory index says the frame was committed, or (with no
/// index) the failing frame is itself a commit. A transaction a crash cut short (uncommitted
/// frames at the end, or a commit frame its killed writer never finished) is not damage.
/// An encrypted store's frames are opened under its key first (SQLite sums plaintext).
/// (C, `storecipher_check_log`, beside the page cipher that opens encrypted frames.)
enum WriteAheadLogCheck {
    /// What the check found in a damaged log.
    struct Damage: Equatable {
        /// The first damaged frame, from 1; 0 for the log's header.
        var frame: Int
        /// Commits after the damaged frame that recovery would drop with it.
        var laterCommits: Int
        /// The length of the log up to its last whole commit before the damage (32: the header
        /// alone; 0 when the header itself is damaged).
        var wholeBytes: Int64
    }

    /// The damage in the log of the database at `path`; nil when it is sound, absent, or in
    /// use by a connection of this process or another (a live log is not recovered again).
    /// - Throws: ``StoreEncryptionError/wrongKey(path:)``, ``StoreFailure/io(path:reason:)``.
    static func damage(ofDatabaseAt path: String, key: StoreEncryptionKey?) throws -> Damage? {
        var log = stat()
        guard stat(path + "-wal", &log) == 0, log.st_size > 32, !OpenDatabaseFiles.isOpen(path) else { return nil }
        var report = storecipher_log_report()
        let result: Int32
        if let key {
            result = key.withUnsafeBytes {
                storecipher_check_log(path, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), &report)
            }
        } else {
            result = storecipher_check_log(path, nil, &report)
        }
        switch result {
        case 0: break
        case Int32(STORECIPHER_WRONG_KEY): throw StoreEncryptionError.wrongKey(path: path)
        default: throw StoreFailure.io(path: path + "-wal", reason: String(cString: strerror(-result)))
        }
        guard report.damaged != 0 else { return nil }
        return Damage(
            frame: Int(report.first_damaged_frame), laterCommits: Int(report.later_commits),
            wholeBytes: report.whole_bytes)
    }
}

extension SQLiteStore {
    /// Refuses to open a store whose log recovery would silently cut short (see ``WriteAheadLogCheck``).
    /// - Throws: ``StoreError/damagedLog(path:frame:laterCommits:)``, and what the check throws.
    static func refuseDamagedLog(at url: URL, key: StoreEncryptionKey?) throws {
        guard let damage = try WriteAheadLogCheck.damage(ofDatabaseAt: url.path, key: key) else { return }
        throw StoreError.damagedLog(path: url.path, frame: damage.frame, laterCommits: damage.laterCommits)
    }
}
