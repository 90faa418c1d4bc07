/// Decodes every frame of a recording in chunks (libsndfile, or FFmpeg), optionally folding
/// it into waveform peaks. The duration is what was decoded, never what a header claims.
struct AudioReader {
    /// Samples decoded per chunk (whole frames of interleaved channels), so memory stays
    /// the same whatever the channel count.
    static let chunkSamples = 16384

    /// Decodes all of `file` through libsndfile; returns the facts with the frames actually
    /// decoded, and `peakCount` min/max pairs (empty when `peakCount` is 0). Damage, a short
    /// data chunk or a recording in which nothing decodes throws.
    func read(_ file: MediaFile, peakCount: Int) throws(MediaError) -> (AudioInfo, [Float]) {
        let sound = try SoundFile(file: file)
        var info = sound.audioInfo
        if sound.dataChunkIsShort {
            throw .truncated(path: file.path, detail: "the data chunk is shorter than its header says")
        }
        let (decoded, peaks) = try Self.decodeAll(
            info: info, expectedFrames: info.frames, peakCount: peakCount,
            read: sound.read(into:frames:))
        // MP3 headers only estimate the length; every other container states it exactly.
        if decoded < info.frames && !sound.frameCountIsEstimate {
            throw .truncated(path: file.path, detail: "decoded \(decoded) of \(info.frames) frames")
        }
        info.frames = decoded
        try Self.requireSound(info, path: file.path)
        return (info, peaks)
    }

    /// Decodes every packet of a recording through FFmpeg; returns the facts with the frames
    /// actually decoded (the duration measured from the data) and the peaks.
    func readFFmpeg(
        _ file: MediaFile, container: FFmpegAudioFile.Container,
        peakCount: Int
    ) throws(MediaError) -> (AudioInfo, [Float]) {
        let sound = try FFmpegAudioFile(file: file, container: container)
        var info = sound.audioInfo
        let stated = info.frames
        let (_, peaks) = try Self.decodeAll(
            info: info, expectedFrames: sound.estimatedFrames, peakCount: peakCount,
            read: sound.read(into:frames:))
        let decoded = sound.decodedFramesAtStreamRate
        switch info.container {
        case "MP4":
            // AAC pads its last frame; the container's duration (its edit list) says where the
            // recording ends. It only ever shortens what was decoded, never lengthens it.
            info.frames = stated > 0 ? min(decoded, stated) : decoded
        case "FLAC" where stated > 0 && decoded < stated:
            // STREAMINFO's total is exact when given: fewer samples means the file was cut.
            // More means the header is wrong, and what was decoded is the length.
            throw .truncated(path: file.path, detail: "decoded \(decoded) of \(stated) frames")
        default:
            info.frames = decoded
        }
        try Self.requireSound(info, path: file.path)
        return (info, peaks)
    }

    /// A recording in which nothing decodes (a header and no audio) is refused, as an empty
    /// photo is.
    private static func requireSound(_ info: AudioInfo, path: String) throws(MediaError) {
        if info.frames <= 0 {
            throw .corrupt(path: path, detail: "no audio: nothing in the file decodes to a single sample")
        }
    }

    /// Calls `read` (interleaved floats into a buffer, 0 frames at the end) until the end,
    /// folding every chunk into the waveform laid out over `expectedFrames`; returns the frames
    /// read and the peaks.
    private static func decodeAll(
        info: AudioInfo, expectedFrames: Int64, peakCount: Int,
        read: (UnsafeMutablePointer<Float>, Int) throws(MediaError) -> Int
    )
        throws(MediaError) -> (frames: Int64, peaks: [Float])
    {
        let channels = max(1, info.channels)
        var waveform = WaveformAccumulator(peakCount: max(0, peakCount), expectedFrames: expectedFrames)
        let chunkFrames = max(1, chunkSamples / channels)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * channels)
        defer { buffer.deallocate() }
        var decoded: Int64 = 0
        while true {
            let frames = try read(buffer, chunkFrames)
            if frames == 0 { break }
            waveform.add(UnsafeBufferPointer(start: buffer, count: frames * channels), channels: channels)
            decoded += Int64(frames)
        }
        return (decoded, waveform.peaks)
    }
}
