internal import CMediaShim

/// A recording read through CMediaShim's FFmpeg reader over the open file: MP4/M4A (AAC, ALAC,
/// AC-3, E-AC-3, FLAC, Opus), every FLAC, and what libsndfile refuses (Ogg FLAC, Speex, MP3 in
/// a WAV, an MP3 it cannot decode). FFmpeg's log is silenced. Used by one call on one thread.
final class FFmpegAudioFile {
    /// The FFmpeg demuxer a file is opened with: named from its signature, or found by FFmpeg's
    /// own probe among the containers of recordings.
    enum Container: Equatable {
        case mp4
        case flac
        /// Whatever FFmpeg's probe names, if it is a container of recordings.
        case probed

        var demuxer: String? {
            switch self {
            case .mp4: "mov"
            case .flac: "flac"
            case .probed: nil
            }
        }
    }

    private let reader: OpaquePointer
    private let path: String
    /// The facts from the container: frames from the duration it states exactly (0 when it
    /// states none, as a FLAC may).
    let audioInfo: AudioInfo
    /// The stated length, else FFmpeg's estimate from the bit rate: where to lay out a waveform.
    let estimatedFrames: Int64

    /// Opens the container and the audio stream's decoder; anything but a recording is
    /// `unrecognisedFormat`, a video `unsupported`.
    init(file: MediaFile, container: Container) throws(MediaError) {
        path = file.path
        var reader: OpaquePointer?
        var info = cms_av_audio_info()
        let failure = Self.run(path: file.path) { failure, message, capacity in
            cms_av_open(file.handle, container.demuxer, &reader, &info, failure, message, capacity)
        }
        if let failure {
            cms_av_close(reader)
            throw failure
        }
        guard let reader else { throw .corrupt(path: file.path, detail: "FFmpeg opened nothing") }
        self.reader = reader
        let codec = Self.text(of: info.codec)
        let (name, mimeType) = Self.container(demuxer: Self.text(of: info.container))
        audioInfo = AudioInfo(
            container: name, encoding: codec.uppercased(), sampleRate: Int(info.sample_rate),
            channels: Int(info.channels), frames: info.header_frames, mimeType: mimeType)
        estimatedFrames = info.estimated_frames
    }

    deinit { cms_av_close(reader) }

    /// Decodes up to `frames` frames as interleaved floats; 0 at the end. Damage, and packets
    /// the container declares but the file lacks, throw.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(MediaError) -> Int {
        var got: Int32 = 0
        if let failure = Self.run(path: path, { cms_av_read(reader, buffer, Int32(frames), &got, $0, $1, $2) }) {
            throw failure
        }
        return Int(got)
    }

    /// What has been decoded so far, as frames at the stream's rate (a FLAC may change its rate
    /// between frames).
    var decodedFramesAtStreamRate: Int64 { Int64(cms_av_frames_at_stream_rate(reader)) }

    /// The container's short name and MIME type from FFmpeg's demuxer name.
    private static func container(demuxer: String) -> (String, String) {
        switch demuxer {
        case "flac": ("FLAC", "audio/flac")
        case "ogg": ("OGG", "audio/ogg")
        case "wav": ("WAV", "audio/x-wav")
        case "aiff": ("AIFF", "audio/aiff")
        case "mp3": ("MPEG", "audio/mpeg")
        case "caf": ("CAF", "audio/x-caf")
        case "au": ("AU", "audio/basic")
        default: ("MP4", "audio/mp4")
        }
    }

    private static func text<T>(of tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Runs one shim call with a failure kind and a message buffer; the `MediaError` it reports.
    private static func run(
        path: String,
        _ call: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) -> MediaError? {
        var kind: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { call(&kind, $0, buffer.count) } ?? CMS_OK
        }
        guard status != CMS_OK else { return nil }
        let text = String(nulTerminated: message)
        let detail = text.isEmpty ? "FFmpeg failed" : text
        switch kind {
        case CMS_AV_UNRECOGNISED: return .unrecognisedFormat(path: path)
        case CMS_AV_TRUNCATED: return .truncated(path: path, detail: detail)
        case CMS_AV_UNAVAILABLE: return .unsupported(path: path, detail: detail)
        case CMS_AV_VIDEO: return .unsupported(path: path, detail: "not a supported format: \(detail)")
        default: return .corrupt(path: path, detail: detail)
        }
    }
}
