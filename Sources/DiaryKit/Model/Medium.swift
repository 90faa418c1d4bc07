import Foundation
import ObjectGraph

/// What photos and recordings share: the file's bytes in the blob directory, its type,
/// size, hash, original name, and its place in the entry.
class Medium: ManagedObject {
    /// The file's bytes: always in the blob directory (the store's threshold is 0 for media).
    @Attribute(.externalStorage) var data: Data?
    @Attribute var mimeType: String
    @Attribute(minValue: 0) var byteCount: Int64
    /// 64 lower-case hex digits, checked by ``validateHash()`` rather than a model pattern: a
    /// pattern compiles an ICU regular expression whenever the model is built, which every
    /// `diary` process paid for (about 2 ms) before doing anything.
    @Attribute var sha256: String
    @Attribute var originalFileName: String
    /// The medium's place in its entry, counting from 0.
    @Attribute(minValue: 0) var position: Int32 = 0
    /// Its inverse, `media`, is found from the entry's declaration (see ``DiaryEntry/media``).
    @Relationship(deleteRule: .nullify) var diaryEntry: DiaryEntry?
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
