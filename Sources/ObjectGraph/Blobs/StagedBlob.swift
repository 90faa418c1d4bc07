import Foundation

/// Content written and fsynced into the blob store's staging folder but not yet committed.
///
/// Pass it to ``BlobStore/commit(_:)`` to make it a blob, or to ``BlobStore/discard(_:)``
/// to drop it.
public struct StagedBlob: Sendable, Hashable {
    /// The SHA-256 of the content, as 64 lower-case hex digits.
    public let sha256: String
    /// The content's length in bytes.
    public let byteCount: Int64
    /// The temporary file inside the store's staging folder that holds the content.
    public let temporaryURL: URL

    /// The reference the blob will have once committed.
    public var reference: BlobReference {
        BlobReference(sha256: sha256, byteCount: byteCount)
    }
}
