import Synchronization

/// Blob files this process may still need although no saved row refers to them: the bytes an
/// undo or redo can bring back (``ObjectGraphUndoManager`` keeps one retention per object state
/// it holds). While a retention lives, ``BlobStore/remove(sha256:)`` and the sweeps leave its
/// files alone; when the undo manager lets the state go, the retention goes with it, and the
/// next save that releases the blob (or the next sweep) removes the file.
///
/// The count is the process's own: another process's save may still remove such a file (as it
/// removes any file no row refers to). Undo within one process is what it protects.
final class BlobRetention: Sendable {
    /// How many retentions hold each blob file (by path).
    private static let counts = Mutex<[String: Int]>([:])

    private let paths: [String]

    /// Retains the files at `paths` until this value goes away.
    init(paths: [String]) {
        self.paths = paths
        Self.counts.withLock { counts in
            for path in paths { counts[path, default: 0] += 1 }
        }
    }

    deinit {
        Self.counts.withLock { counts in
            for path in paths {
                let left = (counts[path] ?? 1) - 1
                counts[path] = left > 0 ? left : nil
            }
        }
    }

    /// Whether a live retention holds the file at `path`.
    static func isRetained(_ path: String) -> Bool {
        counts.withLock { $0[path] != nil }
    }
}
