import Foundation

/// One medium of an entry as plain values, for export to and import from a bundle.
///
/// The bytes are not held in memory: `sourceURL` says where they are (a blob file of the
/// store when exporting, a file inside the bundle or its extraction folder after import).
public struct MediumSnapshot: Sendable, Hashable {
    /// Image or audio.
    public var kind: MediumKind
    /// The MIME type, e.g. `image/jpeg` or `audio/x-wav`.
    public var mimeType: String
    /// The file name the medium was imported from (e.g. `IMG_0042.jpg`); only a label,
    /// never used as a path.
    public var originalFileName: String
    /// The size of the file in bytes.
    public var byteCount: Int64
    /// The SHA-256 of the file, 64 lower-case hex digits.
    public var sha256: String
    /// The pixel width as stored in the file (images).
    public var width: Int?
    /// The pixel height as stored in the file (images).
    public var height: Int?
    /// The EXIF orientation 1–8 (images; 1 when absent).
    public var orientation: Int?
    /// The duration in seconds, measured from the audio data (recordings).
    public var duration: Double?
    /// Samples per second (recordings).
    public var sampleRate: Int?
    /// Number of channels (recordings).
    public var channels: Int?
    /// What a photo's camera recorded (capture time and offset, place, camera, lens); empty
    /// for recordings and photos without EXIF.
    public var photo = PhotoFacts()
    /// Where the medium's bytes are.
    public var sourceURL: URL {
        get { source.url }
        set { source = .file(newValue) }
    }
    /// Where the bytes are, the URL of a blob built only when read.
    var source: MediumSource

    /// Makes a snapshot; the optional facts default to absent.
    public init(
        kind: MediumKind, mimeType: String, originalFileName: String, byteCount: Int64,
        sha256: String, width: Int? = nil, height: Int? = nil, orientation: Int? = nil,
        duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil,
        sourceURL: URL
    ) {
        self.init(
            kind: kind, mimeType: mimeType, originalFileName: originalFileName, byteCount: byteCount,
            sha256: sha256, width: width, height: height, orientation: orientation, duration: duration,
            sampleRate: sampleRate, channels: channels, source: .file(sourceURL))
    }

    /// Makes a snapshot whose bytes are at `source`.
    init(
        kind: MediumKind, mimeType: String, originalFileName: String, byteCount: Int64,
        sha256: String, width: Int? = nil, height: Int? = nil, orientation: Int? = nil,
        duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil,
        source: MediumSource
    ) {
        self.kind = kind
        self.mimeType = mimeType
        self.originalFileName = originalFileName
        self.byteCount = byteCount
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.orientation = orientation
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
        self.source = source
    }
}
