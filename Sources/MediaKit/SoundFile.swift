internal import CSndFile
import Foundation

/// A libsndfile reader over one file (libsndfile reports errors by return codes, so no shim
/// is needed). Used by one call on one thread.
final class SoundFile {
    private let handle: OpaquePointer
    private let path: String
    private(set) var info: SF_INFO

    /// Opens `file`'s path for reading; a file libsndfile does not know is `unrecognisedFormat`.
    init(file: MediaFile) throws(MediaError) {
        path = file.path
        var info = SF_INFO()
        guard let handle = sf_open(file.path, Int32(SFM_READ), &info) else {
            let code = sf_error(nil)
            let detail = String(cString: sf_strerror(nil))
            switch Int(code) {
            case SF_ERR_UNRECOGNISED_FORMAT:
                throw .unrecognisedFormat(path: file.path)
            case SF_ERR_SYSTEM:
                throw .unreadable(path: file.path, reason: detail)
            default:
                throw .corrupt(path: file.path, detail: detail)
            }
        }
        self.handle = handle
        self.info = info
    }

    deinit { sf_close(handle) }

    /// The facts from the header, frames clamped by libsndfile to the data present.
    var audioInfo: AudioInfo {
        let major = Int(info.format) & Int(SF_FORMAT_TYPEMASK)
        let minor = Int(info.format) & Int(SF_FORMAT_SUBMASK)
        let (container, mimeType) = Self.container(major: major)
        return AudioInfo(
            container: container, encoding: Self.formatName(minor, command: SFC_GET_FORMAT_SUBTYPE),
            sampleRate: Int(info.samplerate), channels: Int(info.channels),
            frames: Int64(info.frames), mimeType: mimeType)
    }

    /// Whether the header's frame count is only an estimate (MPEG audio without an exact
    /// length tag), so decoding fewer frames is not damage.
    var frameCountIsEstimate: Bool {
        Int(info.format) & Int(SF_FORMAT_TYPEMASK) == Int(SF_FORMAT_MPEG)
    }

    /// Whether the data is MPEG audio inside another container (MP3 in a WAV): libsndfile counts
    /// the encoder's delay as frames it then does not decode, so FFmpeg reads these.
    var holdsMPEGInAnotherContainer: Bool {
        let major = Int(info.format) & Int(SF_FORMAT_TYPEMASK), minor = Int(info.format) & Int(SF_FORMAT_SUBMASK)
        return major != Int(SF_FORMAT_MPEG)
            && (Int(SF_FORMAT_MPEG_LAYER_I)...Int(SF_FORMAT_MPEG_LAYER_III)).contains(minor)
    }

    /// Whether libsndfile's log says a data chunk declares more than the file holds.
    var dataChunkIsShort: Bool {
        var log = [CChar](repeating: 0, count: 4096)
        _ = log.withUnsafeMutableBytes { sf_command(handle, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count)) }
        let text = String(nulTerminated: log)
        return text.split(separator: "\n").contains { line in
            (line.hasPrefix("data") || line.hasPrefix("SSND")) && line.contains("(should be")
        }
    }

    /// Decodes up to `frames` frames as interleaved floats; 0 at the end. Decoder errors throw.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(MediaError) -> Int {
        let got = sf_readf_float(handle, buffer, sf_count_t(frames))
        let code = sf_error(handle)
        if code != 0 {
            throw .corrupt(path: path, detail: String(cString: sf_strerror(handle)))
        }
        return Int(max(0, got))
    }

    private static func container(major: Int) -> (String, String) {
        switch major {
        case Int(SF_FORMAT_WAV), Int(SF_FORMAT_WAVEX), Int(SF_FORMAT_RF64): ("WAV", "audio/x-wav")
        case Int(SF_FORMAT_AIFF): ("AIFF", "audio/aiff")
        case Int(SF_FORMAT_FLAC): ("FLAC", "audio/flac")
        case Int(SF_FORMAT_OGG): ("OGG", "audio/ogg")
        case Int(SF_FORMAT_MPEG): ("MPEG", "audio/mpeg")
        case Int(SF_FORMAT_AU): ("AU", "audio/basic")
        case Int(SF_FORMAT_CAF): ("CAF", "audio/x-caf")
        default: (formatName(major, command: SFC_GET_FORMAT_MAJOR), "application/octet-stream")
        }
    }

    /// libsndfile's name for a major format or subtype.
    private static func formatName(_ format: Int, command: Int) -> String {
        let count = command == SFC_GET_FORMAT_MAJOR ? SFC_GET_FORMAT_MAJOR_COUNT : SFC_GET_FORMAT_SUBTYPE_COUNT
        var total: Int32 = 0
        sf_command(nil, Int32(count), &total, Int32(MemoryLayout<Int32>.size))
        for index in 0..<total {
            var entry = SF_FORMAT_INFO()
            entry.format = index
            sf_command(nil, Int32(command), &entry, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
            if Int(entry.format) == format, let name = entry.name { return String(cString: name) }
        }
        return "format 0x\(String(format, radix: 16))"
    }
}
