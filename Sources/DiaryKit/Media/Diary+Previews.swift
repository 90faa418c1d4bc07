import Foundation
import MediaKit

/// A small picture as RGB pixels: what a reader is shown of a photo or a recording.
public typealias PreviewPicture = PixelImage

extension Diary {
    /// The size of the waveform picture ``previews(ofEntry:)`` draws for a recording.
    public static let previewWaveformSize = (width: 480, height: 48)

    /// What a reader is shown of entry `id`'s media, in the entry's order, without decoding
    /// any original: each photo's stored thumbnail decoded (upright: it was made with the
    /// orientation applied), each recording's stored waveform peaks drawn
    /// ``previewWaveformSize``. A medium whose thumbnail or peaks are missing or damaged has
    /// nil (the damage is `check`'s to report; a picture is not worth failing `show`).
    /// - Throws: ``DiaryError/unknownEntry(id:)``, ``DiaryError/entryInTrash(id:)``; store errors.
    public func previews(ofEntry id: Int64) throws(DiaryError) -> [PreviewPicture?] {
        // The context lives as long as its objects are read (they do not keep it).
        let context = makeContext()
        return try withExtendedLifetime(context) { () throws(DiaryError) in
            try fetchEntry(id, in: context).orderedMedia.map(preview(of:))
        }
    }

    /// Medium `index` (counting from 1) of entry `id` as large as `maxSide` pixels allows: a photo
    /// decoded from its file (never enlarged, at most 2048 pixels a side; orientation applied),
    /// a recording's waveform drawn `maxSide` wide. In an encrypted diary, whose files on disk
    /// are ciphertext and are never written out in the clear for this, a photo is its stored
    /// thumbnail; so is one whose file no longer decodes.
    /// - Throws: ``DiaryError/unknownMedium(index:entryID:count:)`` when the entry has no such
    ///   medium, ``DiaryError/invalidMedia(_:reason:)`` when it has no picture at all;
    ///   ``DiaryError/unknownEntry(id:)``; store errors.
    public func picture(ofMedium index: Int, entry id: Int64, maxSide: Int) throws(DiaryError) -> PreviewPicture {
        let context = makeContext()
        defer { withExtendedLifetime(context) {} }
        let media = try fetchEntry(id, in: context).orderedMedia
        guard media.indices.contains(index - 1) else {
            throw .unknownMedium(index: index, entryID: id, count: media.count)
        }
        let medium = media[index - 1]
        let side = max(16, min(maxSide, 2048))
        if let audio = medium as? AudioMedium, let peaks = audio.waveform.flatMap(PreparedMedium.decode(peaks:)) {
            return inspector.waveformPixels(peaks: peaks, width: side, height: max(16, side / 6))
        }
        if medium is ImageMedium, !blobStore.isEncrypted, let blob = medium.blob,
            let decoded = try? inspector.pixels(ofImageAt: blobStore.url(for: blob), maxSide: side)
        {
            return decoded
        }
        guard let stored = preview(of: medium) else {
            throw .invalidMedia(
                URL(fileURLWithPath: medium.originalFileName),
                reason: "its stored thumbnail is missing or damaged; run diary check")
        }
        return stored
    }

    /// The stored thumbnail or waveform of `medium` as pixels, nil when there is none or it is damaged.
    private func preview(of medium: Medium) -> PreviewPicture? {
        if let image = medium as? ImageMedium, let thumbnail = image.thumbnail {
            return try? inspector.pixels(ofJPEG: thumbnail, label: "thumbnail of \(image.originalFileName)")
        }
        if let audio = medium as? AudioMedium, let peaks = audio.waveform.flatMap(PreparedMedium.decode(peaks:)) {
            let size = Self.previewWaveformSize
            return inspector.waveformPixels(peaks: peaks, width: size.width, height: size.height)
        }
        return nil
    }
}
