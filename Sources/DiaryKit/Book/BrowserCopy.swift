import Foundation
import MediaKit

/// The copy a medium gets beside its original for browsers that cannot show or play the
/// original: a JPEG of a HEIC, HEIF, AVIF or WebP photo, a 16-bit WAV of a recording in a
/// format browsers do not play (AIFF, AU, CAF, ALAC and anything else that is not MP3, PCM
/// WAV, Ogg, FLAC, or AAC, Opus, FLAC or MP3 in MP4).
enum BrowserCopy: String, Sendable, Hashable {
    /// A JPEG, longest side at most ``jpegMaxSide``, the EXIF orientation applied.
    case jpeg
    /// 16-bit PCM WAV at the original's rate and channels.
    case wav

    /// The longest side of a JPEG copy.
    static let jpegMaxSide = 2048

    /// The copy `medium` needs, or nil when browsers take the original.
    static func needed(for medium: MediumSnapshot) -> BrowserCopy? {
        let type = medium.mimeType.lowercased()
        switch medium.kind {
        case .image:
            return ["image/heic", "image/heif", "image/avif", "image/webp"].contains(type) ? .jpeg : nil
        case .audio:
            let played = [
                "audio/mpeg", "audio/mp3", "audio/x-wav", "audio/wav", "audio/wave", "audio/ogg",
                "audio/opus", "audio/flac", "audio/x-flac", "audio/mp4", "audio/x-m4a", "audio/m4a",
                "audio/aac"
            ]
            return played.contains(type) ? nil : .wav
        }
    }

    /// Whether only the file can say which copy `medium` needs: an MP4 recording may hold AAC,
    /// Opus, FLAC or MP3, which browsers play, or ALAC or (E-)AC-3, which most do not
    /// (Chromium's and Firefox's among them).
    static func dependsOnContent(_ medium: MediumSnapshot) -> Bool {
        medium.kind == .audio && mp4Types.contains(medium.mimeType.lowercased())
    }

    /// The copy `medium`, whose plaintext original is at `original`, needs: what ``needed(for:)``
    /// says, and for an MP4 recording a WAV unless it holds what browsers play. A file that does
    /// not probe gets no copy (the page then offers the original).
    static func needed(for medium: MediumSnapshot, original: URL) -> BrowserCopy? {
        if let copy = needed(for: medium) { return copy }
        guard dependsOnContent(medium), case .audio(let info)? = try? MediaInspector().probe(fileAt: original) else {
            return nil
        }
        return ["AAC", "OPUS", "FLAC", "MP3"].contains(info.encoding.uppercased()) ? nil : .wav
    }

    /// The MIME types of MP4 recordings.
    private static let mp4Types: Set<String> = ["audio/mp4", "audio/x-m4a", "audio/m4a"]

    /// `jpg` or `wav`.
    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .wav: "wav"
        }
    }

    /// The MIME type of the copy.
    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .wav: "audio/x-wav"
        }
    }

    /// Decodes the plaintext original at `original` (already copied out of the store, so an
    /// encrypted store's media work alike) and writes the copy to `target`.
    /// - Throws: ``DiaryError/invalidMedia(_:reason:)`` when the original does not decode or
    ///   the copy cannot be written.
    func make(from original: URL, to target: URL) throws(DiaryError) {
        do {
            switch self {
            case .jpeg:
                let jpeg = try MediaInspector().thumbnail(fileAt: original, maxSide: Self.jpegMaxSide, format: .jpeg)
                let file = try BundleFile.create(target)
                try file.write(jpeg)
                try file.synchronize()
                try file.close()
            case .wav:
                try MediaInspector().writeWAV(fileAt: original, to: target)
                try BundleFile.openForReading(target, ifMissing: .sourceMissing(target)).synchronize()
            }
        } catch let error as BundleError {
            throw .bundle(error)
        } catch {
            throw .invalidMedia(
                original, reason: "cannot make a \(fileExtension.uppercased()) copy for browsers: \(error)")
        }
    }
}
