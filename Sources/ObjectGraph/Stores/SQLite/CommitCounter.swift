internal import CDeferredLibraries
internal import CSodium
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The number of commits an encrypted store's database holds, recorded outside it, so that an
/// older copy of the database put back (a backup, a file-sync tool restoring a version, an
/// attacker undoing edits, stars and deletions) is refused instead of read as the store.
///
/// The database counts its commits in its metadata (`commitCount`, raised by every write
/// transaction). After each commit the store writes the count to `<database>-counter` beside
/// it, authenticated with a key derived from the data key (`crypto_kdf`, context `pdcount_`;
/// BLAKE2b over the store's identifier and the count), written under a temporary name and
/// renamed. Opening refuses a database that holds fewer commits than the file records
/// (``StoreEncryptionError/rolledBack(path:databaseCommits:recordedCommits:)``), and a file
/// that is whole but fails authentication. A missing or unreadable file (a new store, a store
/// from before counters, a crash between the commit and the rename) is no refusal: the next
/// commit writes it. It guards against a database put back alone; whoever puts back an older
/// counter file with it is caught only by a ``CommitCountWitness`` that remembers the count
/// elsewhere (told after each commit, asked at opening).
final class CommitCounter: Sendable {
    /// The counter file's path.
    let path: String
    private let key: SecretBytes
    /// Where the count is also kept, when anywhere.
    private let witness: CommitCountWitness?

    /// The counter of the encrypted database at `databasePath`, under `dataKey`, with `witness`
    /// (when given) remembering the count too.
    init(databasePath: String, dataKey: StoreEncryptionKey, witness: CommitCountWitness? = nil) {
        path = databasePath + "-counter"
        self.witness = witness
        key = SecretBytes(count: 32)
        dataKey.withUnsafeBytes { bytes in
            "pdcount_".withCString { context in
                // Fails only for a subkey length outside 16…64; 32 is inside.
                _ = crypto_kdf_derive_from_key(
                    key.pointer, 32, 1, context, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// What the counter file says.
    enum Reading: Equatable {
        /// No file, or none whole: nothing is known.
        case unknown
        /// The store `store` held `commits` commits when this machine last wrote it.
        case recorded(store: UUID, commits: Int)
        /// A whole file that fails authentication.
        case forged
    }

    private struct File: Codable {
        var format: String
        var store: UUID
        var commits: Int
        var mac: String
    }

    private static let format = "PhotoDiary commit counter 1"

    private func code(store: UUID, commits: Int) -> String {
        let message = Array("\(Self.format)|\(store.uuidString.lowercased())|\(commits)".utf8)
        var mac = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&mac, 32, message, UInt64(message.count), key.pointer, 32)
        return SHA256Hasher.hex(ofDigest: mac)
    }

    /// The file as it is on disk.
    func read() -> Reading {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096,
            let file = try? JSONDecoder().decode(File.self, from: data), file.format == Self.format
        else { return .unknown }
        let expected = Array(code(store: file.store, commits: file.commits).utf8)
        guard expected.count == file.mac.utf8.count,
            sodium_memcmp(expected, Array(file.mac.utf8), expected.count) == 0
        else { return .forged }
        return .recorded(store: file.store, commits: file.commits)
    }

    /// Refuses a database of store `store` that holds `commits` commits when the witness recalls
    /// more, or the file records more.
    /// - Throws: ``StoreEncryptionError/rolledBack(path:databaseCommits:recordedCommits:)``,
    ///   ``StoreEncryptionError/forgedCommitCounter(path:)``.
    func check(store: UUID, commits: Int, databasePath: String) throws {
        if let recalled = witness?.recall(store), recalled > commits {
            throw StoreEncryptionError.rolledBack(
                path: databasePath, databaseCommits: commits, recordedCommits: recalled)
        }
        switch read() {
        case .unknown: return
        case .forged: throw StoreEncryptionError.forgedCommitCounter(path: databasePath)
        case .recorded(let recordedStore, let recorded):
            // Another store's file (the store was made anew in its folder) says nothing of this one.
            guard recordedStore == store, recorded > commits else { return }
            throw StoreEncryptionError.rolledBack(
                path: databasePath, databaseCommits: commits, recordedCommits: recorded)
        }
    }

    /// Records that store `store` holds `commits` commits. Best effort: a counter that could not
    /// be written lags behind, which refuses nothing.
    func record(store: UUID, commits: Int) {
        witness?.remember(store, commits)
        let file = File(format: Self.format, store: store, commits: commits, mac: code(store: store, commits: commits))
        guard let data = try? JSONEncoder().encode(file) else { return }
        let temporary = path + ".\(getpid())"
        do {
            let descriptor = try FileDescriptor(path: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
            try data.withUnsafeBytes { try descriptor.writeAll($0) }
            try FileSystem.rename(temporary, to: path)
        } catch {
            _ = try? FileSystem.removeFile(atPath: temporary)
        }
    }

    /// Forgets what the file records (a database put back on purpose is accepted as it is).
    func remove() {
        _ = try? FileSystem.removeFile(atPath: path)
    }
}
