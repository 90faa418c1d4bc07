import Foundation
import MediaKit
import ObjectGraph

/// A file checked completely, described, and copied (fsynced) into the blob store's staging
/// area with its SHA-256: everything of bringing it in except the commit, which the save that
/// attaches it does (``EntryEditor/add(_:)``). Made by ``Diary/prepareMedia(_:pool:_:)``.
///
/// A prepared file that is never saved holds a staging file until ``Diary/discard(_:)``
/// (or ``Diary/check(repair:)``, which sweeps old ones).
package struct PreparedFile: Sendable {
    /// The checked facts, thumbnail or waveform.
    let medium: PreparedMedium
    /// The staged copy.
    let blob: StagedBlob

    /// The source file.
    package var url: URL { medium.url }
    /// The name that will be recorded.
    package var fileName: String { medium.fileName }
    /// Photo or recording.
    package var kind: MediumKind { medium.kind }
    /// The MIME type found from the content.
    package var mimeType: String { medium.mimeType }
    /// The SHA-256 of the bytes copied, as 64 lower-case hex digits.
    package var sha256: String { blob.sha256 }
    /// The number of bytes copied.
    package var byteCount: Int64 { blob.byteCount }
    /// The photo's facts (nil for a recording).
    package var imageInfo: ImageInfo? {
        if case .image(let info, _) = medium.facts { return info }
        return nil
    }
    /// The recording's facts (nil for a photo).
    package var audioInfo: AudioInfo? {
        if case .audio(let info, _) = medium.facts { return info }
        return nil
    }
}
