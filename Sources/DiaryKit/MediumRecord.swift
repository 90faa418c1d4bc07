import Foundation

/// One medium of a stored entry as plain values; the facts that do not apply to its kind
/// are nil (pixel size for recordings, duration for photos).
public struct MediumRecord: Sendable, Hashable {
    /// The medium's place in its entry, counting from 1 (what `--remove-media N` takes).
    public var index: Int
    /// Image or audio.
    public var kind: MediumKind
    /// The MIME type, e.g. `image/jpeg`.
    public var mimeType: String
    /// The name of the file it was added from (a label, never a path).
    public var fileName: String
    /// The file's size in bytes.
    public var byteCount: Int64
    /// The file's SHA-256, 64 lower-case hex digits.
    public var sha256: String
    /// Pixel width as stored in the file (images).
    public var width: Int?
    /// Pixel height as stored in the file (images).
    public var height: Int?
    /// EXIF orientation 1–8 (images).
    public var orientation: Int?
    /// Seconds, measured from the audio data (recordings).
    public var duration: Double?
    /// Samples per second (recordings).
    public var sampleRate: Int?
    /// Channel count (recordings).
    public var channels: Int?
    /// The blob file holding the bytes, inside the store's `Diary.blobs/`.
    public var fileURL: URL

    /// Makes a record.
    public init(index: Int, kind: MediumKind, mimeType: String, fileName: String, byteCount: Int64,
                sha256: String, width: Int? = nil, height: Int? = nil, orientation: Int? = nil,
                duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil, fileURL: URL) {
        self.index = index
        self.kind = kind
        self.mimeType = mimeType
        self.fileName = fileName
        self.byteCount = byteCount
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.orientation = orientation
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
        self.fileURL = fileURL
    }

    /// The medium as a bundle snapshot whose source is its blob file.
    public var snapshot: MediumSnapshot {
        MediumSnapshot(kind: kind, mimeType: mimeType, originalFileName: fileName, byteCount: byteCount,
                       sha256: sha256, width: width, height: height, orientation: orientation,
                       duration: duration, sampleRate: sampleRate, channels: channels, sourceURL: fileURL)
    }
}
