import Foundation
import ObjectGraph

/// A medium's bytes opened for one streamed read, wherever they are: a file (a bundle's, or
/// one being added), or a blob of the diary's store, decrypted as it is read when the store is
/// encrypted. Export, bundles and whole-diary exports read media only through it, so they work
/// alike on plain and encrypted stores.
///
/// Not `Sendable`: one open medium belongs to one export.
final class MediumReader {
    private enum Backing {
        case file(BundleFile)
        case blob(BlobReader)
    }

    private let backing: Backing
    /// Where the bytes are, for messages.
    let url: URL

    private init(_ backing: Backing, url: URL) {
        self.backing = backing
        self.url = url
    }

    /// Opens the bytes of `source`.
    /// - Throws: ``BundleError/sourceMissing(_:)`` when there is no file or blob,
    ///   ``BundleError/sourceMismatch(_:problem:)`` for an encrypted blob that fails its check,
    ///   ``BundleError/io(_:operation:reason:)``.
    static func open(_ source: MediumSource) throws(BundleError) -> MediumReader {
        switch source {
        case .file(let url):
            return MediumReader(.file(try BundleFile.openForReading(url, ifMissing: .sourceMissing(url))), url: url)
        case .blob(let store, let reference):
            let url = store.url(for: reference)
            do throws(BlobStoreError) {
                return MediumReader(.blob(try store.openContents(reference)), url: url)
            } catch {
                throw Self.bundleError(error, url: url)
            }
        }
    }

    /// The length of the bytes (from the file's length).
    /// - Throws: ``BundleError/io(_:operation:reason:)``.
    func size() throws(BundleError) -> Int64 {
        switch backing {
        case .file(let file): try file.size()
        case .blob(let reader): reader.byteCount
        }
    }

    /// Reads the bytes to their end in chunks, hashing them, and hands every chunk to `sink`.
    /// Returns the byte count and the SHA-256 in hex.
    /// - Throws: whatever `sink` throws; ``BundleError/sourceMismatch(_:problem:)`` for an
    ///   encrypted blob that fails its check; ``BundleError/io(_:operation:reason:)``.
    func stream(
        to sink: (UnsafeRawBufferPointer) throws(BundleError) -> Void = { _ in }
    ) throws(BundleError) -> (byteCount: Int64, sha256: String) {
        switch backing {
        case .file(let file):
            return try file.stream(to: sink)
        case .blob(let reader):
            let url = url
            let (sha256, byteCount) = try reader.stream(mappingErrors: { Self.bundleError($0, url: url) }, to: sink)
            return (byteCount, sha256)
        }
    }

    /// Closes a file, reporting a failed close; nothing to report for a blob.
    /// - Throws: ``BundleError/io(_:operation:reason:)``.
    func close() throws(BundleError) {
        if case .file(let file) = backing { try file.close() }
    }

    /// The bundle error a blob store's reading error is in an export.
    private static func bundleError(_ error: BlobStoreError, url: URL) -> BundleError {
        switch error {
        case .missingBlob, .invalidHash:
            .sourceMissing(url)
        case .damagedBlob(_, _, let reason):
            .sourceMismatch(url, problem: "is damaged: \(reason)")
        case .corruptBlob:
            .sourceMismatch(url, problem: "differs from its recorded size or SHA-256")
        case .readFailed(_, let reason):
            .io(url, operation: "read", reason: reason)
        default:
            .io(url, operation: "read", reason: error.description)
        }
    }
}
