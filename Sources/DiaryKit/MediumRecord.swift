import Foundation

/// One medium of an entry as plain values: its 1-based place in the entry and its
/// snapshot, whose fields read directly (`medium.kind`, `medium.width`, `medium.duration`;
/// the facts that do not apply to its kind are nil).
@dynamicMemberLookup
public struct MediumRecord: Sendable, Hashable {
    /// The medium's place in its entry, counting from 1 (what `--remove-media N` takes).
    public var index: Int
    /// The medium; its `sourceURL` is the blob file inside `Diary.blobs/` (or, in an editor
    /// before saving, the file being added).
    public var snapshot: MediumSnapshot

    /// Makes a record.
    public init(index: Int, snapshot: MediumSnapshot) {
        self.index = index
        self.snapshot = snapshot
    }

    /// Any field of the snapshot: `kind`, `mimeType`, `byteCount`, `sha256`, `width`,
    /// `height`, `orientation`, `duration`, `sampleRate`, `channels`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<MediumSnapshot, Value>) -> Value {
        snapshot[keyPath: keyPath]
    }

    /// The name of the file it was added from (a label, never a path): `fileName` in JSON.
    public var fileName: String { snapshot.originalFileName }

    /// The file holding the bytes (in an encrypted store a blob file of ciphertext; exports
    /// read the bytes through the store, decrypted).
    public var fileURL: URL { snapshot.sourceURL }
}
