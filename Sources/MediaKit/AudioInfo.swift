/// What an audio file holds, as libsndfile (or FFmpeg, for MP4) reports it.
public struct AudioInfo: Sendable, Hashable {
    /// The container, short: "WAV", "AIFF", "FLAC", "OGG", "MPEG", "MP4", or libsndfile's own name.
    public var container: String
    /// The sample encoding as libsndfile names it, e.g. "Signed 16 bit PCM", "Vorbis"; FFmpeg's
    /// codec name for MP4 ("AAC", "ALAC").
    public var encoding: String
    /// Frames per second.
    public var sampleRate: Int
    /// Channels per frame.
    public var channels: Int
    /// Frames the file holds: from the header for `probe` (clamped to the data really
    /// present), counted by decoding for `validate` and `importAudio`.
    public var frames: Int64
    /// The MIME type, e.g. "audio/x-wav", "audio/flac", "audio/ogg", "audio/mpeg", "audio/mp4".
    public var mimeType: String

    /// Length in seconds, from `frames`.
    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }

    /// Makes an info value; MediaInspector fills these from a file.
    public init(
        container: String, encoding: String, sampleRate: Int, channels: Int,
        frames: Int64, mimeType: String
    ) {
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
        self.mimeType = mimeType
    }
}
