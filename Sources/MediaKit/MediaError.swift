/// Which limit a file exceeded.
public enum MediaLimitExceeded: Sendable, Hashable {
    /// The header declares more pixels than `MediaLimits.maxPixels`.
    case pixels(width: Int, height: Int, limit: Int)
    /// The file is larger than `MediaLimits.maxFileSize`.
    case fileSize(byteCount: Int64, limit: Int64)
    /// Decoding would take more passes over the picture than `MediaLimits.maxDecodePasses`.
    case decodePasses(limit: Int)
}

/// Why a media file was refused. Every case names the file and what is wrong with it.
public enum MediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's text (errno).
    case unreadable(path: String, reason: String)
    /// The content is no image or recording MediaKit reads.
    case unrecognisedFormat(path: String)
    /// The data ends before the image or recording does.
    case truncated(path: String, detail: String)
    /// The data is damaged; `detail` is the decoder's description.
    case corrupt(path: String, detail: String)
    /// A configured limit was exceeded (checked before decoding).
    case tooLarge(path: String, limit: MediaLimitExceeded)
    /// The operation does not apply to this kind of file (e.g. a thumbnail of audio).
    case unsupported(path: String, detail: String)
    /// Encoding the output (thumbnail, waveform picture) failed.
    case encodingFailed(detail: String)

    /// One line a user can act on.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot read the file: \(reason)"
        case .unrecognisedFormat(let path):
            "\(path): not a recognised image or audio file (\(MediaFormatNames.photoList), or audio: \(MediaFormatNames.recordingList))"
        case .truncated(let path, let detail):
            "\(path): the file is truncated: \(detail)"
        case .corrupt(let path, let detail):
            "\(path): the file is damaged: \(detail)"
        case .tooLarge(let path, .pixels(let width, let height, let limit)):
            "\(path): \(width) x \(height) pixels is more than the limit of \(limit) pixels"
        case .tooLarge(let path, .fileSize(let byteCount, let limit)):
            "\(path): \(byteCount) bytes is more than the limit of \(limit) bytes"
        case .tooLarge(let path, .decodePasses(let limit)):
            "\(path): decoding takes more than the limit of \(limit) passes over the picture "
                + "(far more progressive scans than a real photo has)"
        case .unsupported(let path, let detail):
            "\(path): \(detail)"
        case .encodingFailed(let detail):
            "could not encode the picture: \(detail)"
        }
    }
}
