import Foundation

/// A committed blob: the SHA-256 that names its file and its length in bytes.
///
/// This is what a row stores for an externally kept binary value; the file itself lives
/// at ``BlobStore/url(for:)``.
public struct BlobReference: Sendable, Hashable, Codable {
    /// The SHA-256 of the content, as 64 lower-case hex digits.
    public let sha256: String
    /// The content's length in bytes.
    public let byteCount: Int64

    /// Makes a reference to the blob with hash `sha256` and length `byteCount`.
    ///
    /// The hash is not validated here; the ``BlobStore`` methods that take a reference
    /// throw ``BlobStoreError/invalidHash(_:)`` for a malformed one.
    public init(sha256: String, byteCount: Int64) {
        self.sha256 = sha256
        self.byteCount = byteCount
    }
}
