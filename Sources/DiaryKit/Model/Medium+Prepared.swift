import Foundation
import ObjectGraph

extension Medium {
    /// A new medium in `context` of the sub-entity `item` calls for, carrying its checked
    /// facts (pixel size and thumbnail, or duration and waveform), MIME type and file name;
    /// not yet its bytes, hash or entry.
    /// - Throws: store errors as ``DiaryError`` (for `store`).
    static func make(
        from item: PreparedMedium, in context: ManagedObjectContext,
        store: URL
    ) throws(DiaryError) -> Medium {
        try DiaryError.wrapping(store) {
            let medium: Medium
            switch item.facts {
            case .image(let info, let thumbnail):
                let image = try context.insert(ImageMedium.self)
                image.width = Int32(clamping: info.width)
                image.height = Int32(clamping: info.height)
                image.orientation = Int16(clamping: info.orientation)
                image.thumbnail = thumbnail
                let photo = item.photoFacts
                image.captureTime = photo.captureTime
                image.captureUTCOffset = photo.captureUTCOffset.map { Int32($0) }
                image.captureUTCOffsetFromGPS = photo.captureUTCOffsetIsFromGPS ? true : nil
                image.latitude = photo.latitude
                image.longitude = photo.longitude
                image.altitude = photo.altitude
                image.camera = photo.camera
                image.lens = photo.lens
                medium = image
            case .audio(let info, let peaks):
                let audio = try context.insert(AudioMedium.self)
                audio.duration = info.duration
                audio.sampleRate = Int32(clamping: info.sampleRate)
                audio.channels = Int16(clamping: info.channels)
                audio.waveform = PreparedMedium.encode(peaks: peaks)
                medium = audio
            }
            medium.mimeType = item.mimeType
            medium.originalFileName = item.fileName
            return medium
        }
    }

    /// Points the medium at its staged blob, with the hash and size found while copying;
    /// several media may share one. The save commits the blob.
    /// - Throws: store errors as ``DiaryError`` (for `store`).
    func attach(_ staged: StagedBlob, store: URL) throws(DiaryError) {
        sha256 = staged.sha256
        byteCount = staged.byteCount
        try DiaryError.wrapping(store) { try setBinaryValue(staged, forKey: "data") }
    }
}
