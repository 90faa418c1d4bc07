import Foundation
import MediaKit

/// A media file checked and described in one decoding pass, ready to be streamed into
/// the blob store: a photo with its thumbnail, or a recording with its waveform peaks.
struct PreparedMedium: Sendable {
    /// What the decoding pass found.
    enum Facts: Sendable {
        case image(ImageInfo, thumbnail: Data)
        case audio(AudioInfo, peaks: [Float])
    }

    /// The file.
    var url: URL
    /// The name recorded for it (the file's own name unless an import says otherwise).
    var fileName: String
    /// Its facts.
    var facts: Facts

    /// Image or audio.
    var kind: MediumKind {
        switch facts {
        case .image: .image
        case .audio: .audio
        }
    }

    /// The MIME type MediaKit found from the content.
    var mimeType: String {
        switch facts {
        case .image(let info, _): info.mimeType
        case .audio(let info, _): info.mimeType
        }
    }

    /// When the photo was taken, as its camera wrote it (nil for recordings and photos
    /// without a readable `DateTimeOriginal`). `captureTime?.instant(assuming: zone)` is the
    /// moment (the camera's own offset when it wrote one, else `zone`'s);
    /// `captureTime?.wallClock` the camera's clock reading, for the local day of capture.
    var captureTime: CaptureTime? {
        if case .image(let info, _) = facts { info.metadata.captureTime } else { nil }
    }

    /// The capture moment an export recorded for the photo, which wins over what the file says.
    var recordedCapture: RecordedCapture?

    /// The photo's camera facts as the model keeps them: the capture moment an export recorded,
    /// else the file's, an offset-less capture time read in the process's time zone (`TZ`).
    var photoFacts: PhotoFacts {
        guard case .image(let info, _) = facts else { return PhotoFacts() }
        var photo = PhotoFacts(info.metadata, assuming: .current)
        if let recordedCapture {
            photo.captureTime = recordedCapture.time
            photo.captureUTCOffset = recordedCapture.utcOffset
            photo.captureUTCOffsetIsFromGPS = recordedCapture.offsetIsFromGPS
        }
        return photo
    }

    /// Number of waveform (min, max) pairs kept per recording.
    static let peakCount = 100
    /// Longest side of a photo's thumbnail, in pixels.
    static let thumbnailMaxSide = 256

    /// Checks the file at `url` completely and describes it: the content is sniffed, then a
    /// photo is validated and thumbnailed, or a recording validated and its peaks measured,
    /// in one pass over the file. Nothing is written anywhere.
    ///
    /// - Throws: ``DiaryError/missingFile(_:)``, ``DiaryError/permissionDenied(_:)``,
    ///   ``DiaryError/folderNotFile(_:)``, ``DiaryError/unreadableFile(_:reason:)``,
    ///   ``DiaryError/invalidMedia(_:reason:)`` with MediaKit's line naming the file,
    ///   ``DiaryError/wrongMediaKind(_:expected:found:)`` when `expected` is given and differs.
    init(
        fileAt url: URL, expected: MediumKind? = nil, fileName: String? = nil,
        inspector: MediaInspector
    ) throws(DiaryError) {
        switch FileAccess.of(url) {
        case .missing: throw .missingFile(url)
        case .permissionDenied: throw .permissionDenied(url)
        case .folder: throw .folderNotFile(url)
        case .readable: break
        }
        self.url = url
        self.fileName = fileName ?? url.lastPathComponent
        do {
            switch try inspector.sniff(fileAt: url) {
            case .image?:
                if let expected, expected != .image {
                    throw DiaryError.wrongMediaKind(url, expected: expected, found: .image)
                }
                let (info, thumbnail) = try inspector.importImage(fileAt: url, thumbnailMaxSide: Self.thumbnailMaxSide)
                facts = .image(info, thumbnail: thumbnail)
            case .audio?:
                if let expected, expected != .audio {
                    throw DiaryError.wrongMediaKind(url, expected: expected, found: .audio)
                }
                let (info, peaks) = try inspector.importAudio(fileAt: url, peakCount: Self.peakCount)
                facts = .audio(info, peaks: peaks)
            case nil:
                throw MediaError.unrecognisedFormat(path: url.path)
            }
        } catch let error as DiaryError {
            throw error
        } catch let error as MediaError {
            if case .unreadable(_, let reason) = error { throw .unreadableFile(url, reason: reason) }
            throw .invalidMedia(url, reason: error.description)
        } catch {
            throw .invalidMedia(url, reason: "\(url.path): \(error)")
        }
    }

    /// Waveform peaks as little-endian 32-bit floats, as the model stores them.
    static func encode(peaks: [Float]) -> Data {
        var data = Data(capacity: peaks.count * 4)
        for peak in peaks {
            withUnsafeBytes(of: peak.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Waveform peaks from their stored form (as ``encode(peaks:)`` writes them); nil when the
    /// bytes are not whole floats or hold none.
    static func decode(peaks data: Data) -> [Float]? {
        guard !data.isEmpty, data.count % 4 == 0 else { return nil }
        var peaks: [Float] = []
        peaks.reserveCapacity(data.count / 4)
        var bits: UInt32 = 0
        for (offset, byte) in data.enumerated() {
            bits |= UInt32(byte) << (8 * UInt32(offset % 4))
            if offset % 4 == 3 {
                peaks.append(Float(bitPattern: bits))
                bits = 0
            }
        }
        return peaks
    }
}
