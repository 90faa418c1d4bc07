import Foundation

/// Recognises, describes, validates and thumbnails photos and recordings. Every method
/// streams its file, checks the limits before allocating for pixels or samples, and turns
/// any damage into a `MediaError`; no input makes it exit, print or crash.
public struct MediaInspector: Sendable {
    /// The bounds every file is checked against.
    public let limits: MediaLimits

    /// An inspector with the given limits.
    public init(limits: MediaLimits = .init()) {
        self.limits = limits
    }

    /// Image, audio, or nil when the content is neither (the name plays no part).
    /// Throws `unreadable` or `tooLarge` when the file cannot be opened or is too big.
    public func sniff(fileAt url: URL) throws -> MediaKind? {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .image: return .image
        case .audio: return .audio
        case nil: return nil
        }
    }

    /// The facts from the headers only (fast: no pixel or sample is decoded).
    /// Throws `unrecognisedFormat`, `truncated`, `corrupt`, `tooLarge` or `unreadable`.
    public func probe(fileAt url: URL) throws -> MediaProbe {
        try inspect(url, depth: .header)
    }

    /// Decodes the whole file; any damage (truncation, bad data, bad CRC, a short data
    /// chunk, decoder warnings) throws. Returns the facts, with trailing bytes counted for
    /// images and the decoded frame count for audio.
    public func validate(fileAt url: URL) throws -> MediaProbe {
        try inspect(url, depth: .validate)
    }

    /// Validates an image completely and makes its thumbnail in the same single pass
    /// (JPEG through DCT-scaled decoding, PNG row by row, WebP scaled by libwebp while
    /// decoding, HEIF/AVIF from libheif's one decode). The thumbnail is JPEG at
    /// quality 85, longest side `thumbnailMaxSide` (never enlarged; at most 2048),
    /// orientation applied.
    /// Throws `unsupported` for audio, and what `validate` throws for damage.
    public func importImage(fileAt url: URL, thumbnailMaxSide: Int = 256) throws -> (ImageInfo, thumbnail: Data) {
        let (info, picture) = try readImage(url, maxSide: thumbnailMaxSide)
        return (info, try picture.encoded(as: .jpeg))
    }

    /// Validates every frame of a recording and computes `peakCount` waveform (min, max)
    /// pairs in the same single pass; `peaks` is min0, max0, min1, max1, … in -1...1
    /// (`peakCount` is clamped to 0...1_048_576).
    /// Throws `unsupported` for images, and what `validate` throws for damage.
    public func importAudio(fileAt url: URL, peakCount: Int = 100) throws -> (AudioInfo, peaks: [Float]) {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .audio(let backend): return try readAudio(file, backend: backend, peakCount: peakCount)
        case .image: throw MediaError.unsupported(path: file.path, detail: "an image, not a recording")
        case nil: throw MediaError.unrecognisedFormat(path: file.path)
        }
    }

    /// A thumbnail of an image, longest side `maxSide` (never enlarged; at most 2048), orientation
    /// applied, averaged down; JPEG composites transparency on white, PNG keeps it.
    /// The image is fully decoded on the way, so damage throws as in `validate`.
    public func thumbnail(fileAt url: URL, maxSide: Int = 256, format: ThumbnailFormat = .jpeg) throws -> Data {
        try readImage(url, maxSide: maxSide).1.encoded(as: format)
    }

    /// Decodes a recording to its end (libsndfile, or FFmpeg for what it reads) and writes it to
    /// `destination` as 16-bit PCM WAV, a chunk at a time, so memory does not grow with its
    /// length: the copy for browsers that cannot play the original (AIFF, AU, CAF). Returns the
    /// frames written. Throws `unsupported` for images, `encodingFailed` when the copy cannot be
    /// written, and what `validate` throws for damage.
    @discardableResult
    public func writeWAV(fileAt url: URL, to destination: URL) throws -> Int64 {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .audio(.sndfile):
            let sound = try SoundFile(file: file)
            let info = sound.audioInfo
            return try WAVWriter.write(
                to: destination, sampleRate: info.sampleRate, channels: info.channels,
                read: sound.read(into:frames:))
        case .audio(.ffmpeg(let container)):
            let sound = try FFmpegAudioFile(file: file, container: container)
            let info = sound.audioInfo
            return try WAVWriter.write(
                to: destination, sampleRate: info.sampleRate, channels: info.channels,
                read: sound.read(into:frames:))
        case .image: throw MediaError.unsupported(path: file.path, detail: "an image, not a recording")
        case nil: throw MediaError.unrecognisedFormat(path: file.path)
        }
    }

    /// A `width` x `height` PNG picture of waveform `peaks` (min/max pairs): a bar per
    /// column on white. Throws `encodingFailed` only if libpng fails.
    public func waveformImage(peaks: [Float], width: Int = 400, height: Int = 64) throws -> Data {
        try WaveformPicture.render(peaks: peaks, width: width, height: height).encoded(as: .png)
    }

    // MARK: Helpers

    private enum Detected {
        case image(ImageFormat)
        case audio(AudioBackend)
    }

    /// Which library reads a recording: libsndfile where it reads the file right, FFmpeg for
    /// MP4, FLAC (libsndfile refuses 12-, 15- and 20-bit samples, changing rates and a missing
    /// total, and trusts a total that disagrees with the data), MPEG audio in a WAV, and what
    /// libsndfile refuses (Ogg FLAC, Speex).
    private enum AudioBackend {
        case sndfile
        case ffmpeg(FFmpegAudioFile.Container)
    }

    /// Probes (`.header`) or validates (`.validate`) an image or a recording.
    private func inspect(_ url: URL, depth: ImageReadDepth) throws -> MediaProbe {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .image(let format):
            return .image(try ImageReader(limits: limits).read(file, format: format, depth: depth).0)
        case .audio(let backend):
            if depth.decodesPixels { return .audio(try readAudio(file, backend: backend, peakCount: 0).0) }
            switch backend {
            case .sndfile: return .audio(try SoundFile(file: file).audioInfo)
            case .ffmpeg(let container):
                let sound = try FFmpegAudioFile(file: file, container: container)
                var info = sound.audioInfo
                info.frames = max(info.frames, sound.estimatedFrames)
                return .audio(info)
            }
        case nil:
            throw MediaError.unrecognisedFormat(path: file.path)
        }
    }

    /// Decodes a recording through its backend. An MPEG file libsndfile fails on (tags it trips
    /// over) is read again by FFmpeg; nothing else is, so a WAV libsndfile finds cut short is
    /// never accepted with the part FFmpeg would quietly decode.
    private func readAudio(_ file: MediaFile, backend: AudioBackend, peakCount: Int) throws -> (AudioInfo, [Float]) {
        switch backend {
        case .ffmpeg(let container):
            return try AudioReader().readFFmpeg(file, container: container, peakCount: peakCount)
        case .sndfile:
            do {
                return try AudioReader().read(file, peakCount: peakCount)
            } catch let failure {
                guard (try? SoundFile(file: file))?.frameCountIsEstimate == true,
                    let read = try? AudioReader().readFFmpeg(file, container: .probed, peakCount: peakCount)
                else {
                    throw failure
                }
                return read
            }
        }
    }

    /// What the content is; possible audio is confirmed by libsndfile opening it or FFmpeg's
    /// probe naming a container of recordings, an MP4 by FFmpeg finding an audio stream (a
    /// damaged one is still a recording, refused later). A video is `unsupported`.
    private func detect(_ file: MediaFile) throws -> Detected? {
        let sniffed = FormatSniffer.format(of: try file.prefix(FormatSniffer.prefixLength))
        switch sniffed {
        case .jpeg: return .image(.jpeg)
        case .png: return .image(.png)
        case .heif(let format): return .image(format)
        case .webp: return .image(.webp)
        case .flac: return .audio(.ffmpeg(.flac))
        case .mp4:
            do {
                _ = try FFmpegAudioFile(file: file, container: .mp4)
                return .audio(.ffmpeg(.mp4))
            } catch .unrecognisedFormat {
                return nil
            } catch .unsupported(let path, let detail) {
                throw MediaError.unsupported(path: path, detail: detail)
            } catch {
                return .audio(.ffmpeg(.mp4))
            }
        case .audio, .possiblyAudio:
            if let sound = try? SoundFile(file: file) {
                return .audio(sound.holdsMPEGInAnotherContainer ? .ffmpeg(.probed) : .sndfile)
            }
            // libsndfile refuses it; FFmpeg may read it (Ogg FLAC, Speex, a FLAC starting at a
            // frame header). A file with a known signature that neither reads is refused with
            // libsndfile's reason.
            do {
                _ = try FFmpegAudioFile(file: file, container: .probed)
                return .audio(.ffmpeg(.probed))
            } catch .unsupported(let path, let detail) {
                throw MediaError.unsupported(path: path, detail: detail)
            } catch .unrecognisedFormat {
                return sniffed == .audio ? .audio(.sndfile) : nil
            } catch {
                return sniffed == .audio ? .audio(.sndfile) : .audio(.ffmpeg(.probed))
            }
        case .unknown: return nil
        }
    }

    func readImage(_ url: URL, maxSide: Int) throws -> (ImageInfo, Picture) {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .image(let format):
            let (info, picture) = try ImageReader(limits: limits).read(
                file, format: format,
                depth: .thumbnail(maxSide: maxSide))
            guard let picture else { throw MediaError.corrupt(path: file.path, detail: "no picture decoded") }
            return (info, picture)
        case .audio: throw MediaError.unsupported(path: file.path, detail: "a recording, not an image")
        case nil: throw MediaError.unrecognisedFormat(path: file.path)
        }
    }
}
