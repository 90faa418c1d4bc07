internal import CMediaShim

/// An MP4/M4A recording (AAC, ALAC) read through CMediaShim's FFmpeg reader over the open file,
/// for what libsndfile cannot read. FFmpeg's log is silenced. Used by one call on one thread.
final class MP4AudioFile {
    private let reader: OpaquePointer
    private let path: String
    /// The facts from the container: frames from its stated duration.
    let audioInfo: AudioInfo

    /// Opens the container and the audio stream's decoder; anything but an MP4 recording is
    /// `unrecognisedFormat`.
    init(file: MediaFile) throws(MediaError) {
        path = file.path
        var reader: OpaquePointer?
        var info = cms_av_audio_info()
        let failure = Self.run(path: file.path) { failure, message, capacity in
            cms_av_open(file.handle, &reader, &info, failure, message, capacity)
        }
        if let failure {
            cms_av_close(reader)
            throw failure
        }
        guard let reader else { throw .corrupt(path: file.path, detail: "FFmpeg opened nothing") }
        self.reader = reader
        let codec = withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        audioInfo = AudioInfo(container: "MP4", encoding: codec.uppercased(), sampleRate: Int(info.sample_rate),
                              channels: Int(info.channels), frames: info.header_frames, mimeType: "audio/mp4")
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

    /// Runs one shim call with a failure kind and a message buffer; the `MediaError` it reports.
    private static func run(path: String,
                            _ call: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>, Int) -> Int32) -> MediaError? {
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
        default: return .corrupt(path: path, detail: detail)
        }
    }
}
