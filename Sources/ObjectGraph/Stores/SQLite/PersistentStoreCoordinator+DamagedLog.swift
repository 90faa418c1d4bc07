import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension PersistentStoreCoordinator {
    /// A damaged write-ahead log kept aside by ``setAsideDamagedLog(ofDatabaseAt:key:date:)``.
    package struct DamagedLog: Equatable, Sendable {
        /// The damaged log as it was, untouched, under its new name beside the database.
        package var keptAt: URL
        /// The first damaged frame, from 1; 0 for the log's header.
        package var frame: Int
        /// Commits after the damage that the store no longer holds (they are in ``keptAt``).
        package var laterCommits: Int
    }

    /// Whether the write-ahead log of the SQLite database at `url` is damaged where SQLite would
    /// silently drop committed frames (what makes opening throw ``StoreError/damagedLog(path:frame:laterCommits:)``).
    /// - Throws: ``StoreEncryptionError/wrongKey(path:)``, ``StoreFailure/io(path:reason:)``.
    package static func hasDamagedLog(databaseAt url: URL, key: StoreEncryptionKey?) throws -> Bool {
        try WriteAheadLogCheck.damage(ofDatabaseAt: url.path, key: key) != nil
    }

    /// Keeps a damaged write-ahead log aside, untouched, as `<database>-wal.damaged-<date>` (0600),
    /// and leaves in its place the log up to its last whole commit before the damage, so the store
    /// opens as of that commit; the shared-memory index is removed for SQLite to rebuild. Nil
    /// when the log is not damaged. Crash-safe: until the shortened log replaces the damaged one
    /// (one rename), the store still holds the damaged log and refuses to open, and this can run
    /// again. An encrypted store's commit counter (see ``CommitCounter``) is reset with it, since
    /// the store now holds fewer commits on purpose. Run it on a store no connection has open.
    /// - Throws: ``StoreEncryptionError/wrongKey(path:)``, ``StoreFailure/io(path:reason:)``.
    package static func setAsideDamagedLog(
        ofDatabaseAt url: URL, key: StoreEncryptionKey?,
        date: Date = Date()
    ) throws -> DamagedLog? {
        let path = url.path, log = path + "-wal"
        guard let damage = try WriteAheadLogCheck.damage(ofDatabaseAt: path, key: key) else { return nil }
        let stamp = Self.logStamp.string(from: date)
        var kept = log + ".damaged-" + stamp
        var attempt = 1
        while access(kept, F_OK) == 0 {
            attempt += 1
            kept = log + ".damaged-" + stamp + "-\(attempt)"
        }
        do throws(SystemCallError) {
            let shortened = log + ".repairing"
            if damage.wholeBytes > 32 {
                _ = try? FileSystem.removeFile(atPath: shortened)
                let source = try FileDescriptor.reading(log)
                let target = try FileDescriptor.creatingExclusively(shortened)
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
                defer { buffer.deallocate() }
                var left = damage.wholeBytes
                while left > 0 {
                    let count = try source.read(
                        into: UnsafeMutableRawBufferPointer(
                            rebasing: buffer[..<Int(min(left, Int64(buffer.count)))]))
                    guard count > 0 else { break }
                    try target.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    left -= Int64(count)
                }
                try target.synchronize()
            }
            // The damaged log under its kept name first (a second name for the same file), then
            // the shortened log over the live name in one rename.
            guard link(log, kept) == 0 else {
                throw SystemCallError(call: "link", code: errno)
            }
            if damage.wholeBytes > 32 {
                try FileSystem.rename(shortened, to: log)
            } else {
                _ = try FileSystem.removeFile(atPath: log)
            }
            _ = try FileSystem.removeFile(atPath: path + "-shm")
            // The commits after the damage are given up on purpose: an encrypted store's counter,
            // which recorded them, would refuse it as an older copy put back.
            if let key { CommitCounter(databasePath: path, dataKey: key).remove() }
            try FileSystem.synchronizeDirectory(atPath: url.deletingLastPathComponent().path)
        } catch {
            throw StoreFailure.io(path: log, reason: error.description)
        }
        return DamagedLog(keptAt: URL(fileURLWithPath: kept), frame: damage.frame, laterCommits: damage.laterCommits)
    }

    /// `20261206T204226Z`: ISO 8601's basic form, in UTC.
    private static var logStamp: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        return formatter
    }
}
