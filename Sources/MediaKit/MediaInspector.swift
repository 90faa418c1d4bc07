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
        case .audio(.sndfile): return try AudioReader().read(file, peakCount: peakCount)
        case .audio(.mp4): return try AudioReader().readMP4(file, peakCount: peakCount)
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

    /// Which library reads a recording: libsndfile first, FFmpeg for MP4 (AAC, ALAC).
    private enum AudioBackend {
        case sndfile
        case mp4
    }

    /// Probes (`.header`) or validates (`.validate`) an image or a recording.
    private func inspect(_ url: URL, depth: ImageReadDepth) throws -> MediaProbe {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .image(let format):
            return .image(try ImageReader(limits: limits).read(file, format: format, depth: depth).0)
        case .audio(.sndfile):
            if depth.decodesPixels { return .audio(try AudioReader().read(file, peakCount: 0).0) }
            return .audio(try SoundFile(file: file).audioInfo)
        case .audio(.mp4):
            if depth.decodesPixels { return .audio(try AudioReader().readMP4(file, peakCount: 0).0) }
            return .audio(try MP4AudioFile(file: file).audioInfo)
        case nil:
            throw MediaError.unrecognisedFormat(path: file.path)
        }
    }

    /// What the content is; possible audio is confirmed by libsndfile opening it, an MP4 by
    /// FFmpeg finding an audio stream (a damaged one is still a recording, refused later).
    private func detect(_ file: MediaFile) throws -> Detected? {
        switch FormatSniffer.format(of: try file.prefix(FormatSniffer.prefixLength)) {
        case .jpeg: return .image(.jpeg)
        case .png: return .image(.png)
        case .heif(let format): return .image(format)
        case .webp: return .image(.webp)
        case .audio: return .audio(.sndfile)
        case .mp4:
            do {
                _ = try MP4AudioFile(file: file)
                return .audio(.mp4)
            } catch .unrecognisedFormat {
                return nil
            } catch {
                return .audio(.mp4)
            }
        case .possiblyAudio: return (try? SoundFile(file: file)) != nil ? .audio(.sndfile) : nil
        case .unknown: return nil
        }
    }

    private func readImage(_ url: URL, maxSide: Int) throws -> (ImageInfo, Picture) {
        let file = try MediaFile(url: url, limits: limits)
        switch try detect(file) {
        case .image(let format):
            let (info, picture) = try ImageReader(limits: limits).read(file, format: format,
                                                                       depth: .thumbnail(maxSide: maxSide))
            guard let picture else { throw MediaError.corrupt(path: file.path, detail: "no picture decoded") }
            return (info, picture)
        case .audio: throw MediaError.unsupported(path: file.path, detail: "a recording, not an image")
        case nil: throw MediaError.unrecognisedFormat(path: file.path)
        }
    }
}
