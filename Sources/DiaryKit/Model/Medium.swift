import Foundation
import ObjectGraph

/// What photos and recordings share: the file's bytes in the blob directory, its type,
/// size, hash, original name, and its place in the entry.
class Medium: ManagedObject {
    var mimeType: String { get { self["mimeType"] ?? "" } set { self["mimeType"] = newValue } }
    var byteCount: Int64 { get { self["byteCount"] ?? 0 } set { self["byteCount"] = newValue } }
    var sha256: String { get { self["sha256"] ?? "" } set { self["sha256"] = newValue } }
    var originalFileName: String {
        get { self["originalFileName"] ?? "" }
        set { self["originalFileName"] = newValue }
    }
    /// The medium's place in its entry, counting from 0.
    var position: Int32 { get { self["position"] ?? 0 } set { self["position"] = newValue } }
    var diaryEntry: DiaryEntry? { get { self["diaryEntry"] } set { self["diaryEntry"] = newValue } }
    /// The blob holding the file's bytes, once committed.
    var blob: BlobReference? { binaryReference(forKey: "data") }

    override func validateForInsert() throws { try validateHash() }
    override func validateForUpdate() throws { try validateHash() }

    /// The hash must be a SHA-256 as blobs are named: 64 lower-case hex digits.
    private func validateHash() throws {
        if !BlobStore.isValidHash(sha256) { throw problem(key: "sha256", Medium.hashRule) }
    }

    /// The rule a malformed hash breaks, as the validation problem words it.
    static let hashRule = "must match the pattern [0-9a-f]{64}"
}
