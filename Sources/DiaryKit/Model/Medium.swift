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
}
