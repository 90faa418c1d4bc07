/// Decodes every frame of a recording in chunks (libsndfile, or FFmpeg for MP4), optionally
/// folding it into waveform peaks.
struct AudioReader {
    /// Samples decoded per chunk (whole frames of interleaved channels), so memory stays
    /// the same whatever the channel count.
    static let chunkSamples = 16384

    /// Decodes all of `file`; returns the facts with the frames actually decoded, and
    /// `peakCount` min/max pairs (empty when `peakCount` is 0). Damage or a short data
    /// chunk throws.
    func read(_ file: MediaFile, peakCount: Int) throws(MediaError) -> (AudioInfo, [Float]) {
        let sound = try SoundFile(file: file)
        var info = sound.audioInfo
        if sound.dataChunkIsShort {
            throw .truncated(path: file.path, detail: "the data chunk is shorter than its header says")
        }
        let (decoded, peaks) = try Self.decodeAll(info: info, peakCount: peakCount, read: sound.read(into:frames:))
        // MP3 headers only estimate the length; every other container states it exactly.
        if decoded < info.frames && !sound.frameCountIsEstimate {
            throw .truncated(path: file.path, detail: "decoded \(decoded) of \(info.frames) frames")
        }
        info.frames = decoded
        return (info, peaks)
    }

    /// Decodes every packet of an MP4 recording through FFmpeg; returns the facts with the
    /// frames actually decoded (the duration measured from the data) and the peaks.
    func readMP4(_ file: MediaFile, peakCount: Int) throws(MediaError) -> (AudioInfo, [Float]) {
        let sound = try MP4AudioFile(file: file)
        var info = sound.audioInfo
        let (decoded, peaks) = try Self.decodeAll(info: info, peakCount: peakCount, read: sound.read(into:frames:))
        // AAC pads its last frame; the container's duration (its edit list) says where the
        // recording ends. It only ever shortens what was decoded, never lengthens it.
        info.frames = info.frames > 0 ? min(decoded, info.frames) : decoded
        return (info, peaks)
    }

    /// Calls `read` (interleaved floats into a buffer, 0 frames at the end) until the end,
    /// folding every chunk into the waveform; returns the frames decoded and the peaks.
    private static func decodeAll(info: AudioInfo, peakCount: Int,
                                  read: (UnsafeMutablePointer<Float>, Int) throws(MediaError) -> Int)
        throws(MediaError) -> (frames: Int64, peaks: [Float]) {
        let channels = max(1, info.channels)
        var waveform = WaveformAccumulator(peakCount: max(0, peakCount), expectedFrames: info.frames)
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
