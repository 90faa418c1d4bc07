import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// HEIC, AVIF and WebP photos and M4A voice memos: recognised by content, described from their
/// headers, validated by decoding everything, thumbnailed upright, refused with typed errors.
@Suite struct PhoneFormatTests {
    let inspector = MediaInspector()

    struct Photo: Sendable, CustomStringConvertible {
        let file: String
        let mimeType: String
        let width: Int
        let height: Int
        let orientation: Int
        var hasAlpha = false
        var hasICCProfile = false
        var description: String { file }
    }

    static let photos: [Photo] = [
        Photo(file: "heic-reference.heic", mimeType: "image/heic", width: 64, height: 48, orientation: 1),
        Photo(file: "heic-alpha.heic", mimeType: "image/heic", width: 32, height: 24, orientation: 1, hasAlpha: true),
        Photo(
            file: "heic-icc.heic", mimeType: "image/heic", width: 64, height: 48, orientation: 1, hasICCProfile: true),
        Photo(file: "heic-exif-orientation-6.heic", mimeType: "image/heic", width: 48, height: 64, orientation: 6),
        // The container's irot turns it; libheif applies that, so it is described upright.
        Photo(file: "heic-transform-orientation-6.heic", mimeType: "image/heic", width: 64, height: 48, orientation: 1),
        Photo(file: "avif-reference.avif", mimeType: "image/avif", width: 64, height: 48, orientation: 1),
        // Sides no multiple of the codec's block: coded padded (208 x 104 for HEVC), which an
        // up-to-date libheif checks against the context's size limit.
        Photo(file: "heic-odd-size.heic", mimeType: "image/heic", width: 205, height: 102, orientation: 1),
        Photo(file: "avif-odd-size.avif", mimeType: "image/avif", width: 205, height: 102, orientation: 1),
        Photo(file: "webp-lossy.webp", mimeType: "image/webp", width: 64, height: 48, orientation: 1),
        Photo(file: "webp-lossless.webp", mimeType: "image/webp", width: 64, height: 48, orientation: 1),
        Photo(file: "webp-alpha.webp", mimeType: "image/webp", width: 32, height: 24, orientation: 1, hasAlpha: true),
        Photo(file: "webp-orientation-6.webp", mimeType: "image/webp", width: 48, height: 64, orientation: 6),
        Photo(file: "webp-icc.webp", mimeType: "image/webp", width: 64, height: 48, orientation: 1, hasICCProfile: true)
    ]

    @Test(arguments: photos)
    func probeReadsSizeOrientationAlphaAndProfileFromTheHeaders(_ photo: Photo) throws {
        guard case .image(let info) = try inspector.probe(fileAt: Fixture.url(photo.file)) else {
            Issue.record("\(photo.file) was not probed as an image")
            return
        }
        #expect(info.mimeType == photo.mimeType)
        #expect(info.width == photo.width && info.height == photo.height)
        #expect(info.orientation == photo.orientation)
        #expect((info.colorModel == .rgba) == photo.hasAlpha)
        #expect(info.hasICCProfile == photo.hasICCProfile)
        #expect(try inspector.sniff(fileAt: Fixture.url(photo.file)) == .image)
    }

    @Test(arguments: photos)
    func validateDecodesEveryPhotoAndAgreesWithTheProbe(_ photo: Photo) throws {
        let probed = try inspector.probe(fileAt: Fixture.url(photo.file))
        #expect(try inspector.validate(fileAt: Fixture.url(photo.file)) == probed)
    }

    @Test(arguments: [
        "heic-reference.heic", "heic-exif-orientation-6.heic", "heic-transform-orientation-6.heic",
        "avif-reference.avif", "webp-lossy.webp", "webp-lossless.webp", "webp-orientation-6.webp"
    ])
    func thumbnailShowsTheReferencePictureUpright(_ name: String) throws {
        let thumbnail = try decodedPicture(
            try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32, format: .png))
        let reference = try pictureOf(Fixture.url("reference.png"), maxSide: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        #expect(meanDifference(thumbnail, reference) < 12, "\(name)")
        // The yellow block sits top left once upright.
        let topLeft = thumbnail.pixel(4, 3)
        #expect(topLeft[0] > 180 && topLeft[1] > 180 && topLeft[2] < 100, "\(name): \(topLeft)")
    }

    @Test(arguments: ["heic-alpha.heic", "webp-alpha.webp"])
    func pngThumbnailKeepsTransparency(_ name: String) throws {
        let thumbnail = try decodedPicture(
            try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32, format: .png))
        #expect(thumbnail.channels == 4)
        let left = thumbnail.pixel(4, 12), right = thumbnail.pixel(28, 12)
        #expect(left[0] > 200 && left[3] > 240, "\(left)")
        #expect(right[3] < 16, "\(right)")
    }

    @Test func importImageReturnsTheFactsAndAJPEGThumbnailInOnePass() throws {
        let (info, thumbnail) = try inspector.importImage(
            fileAt: Fixture.url("heic-exif-orientation-6.heic"),
            thumbnailMaxSide: 16)
        #expect(info.orientedSize == (64, 48))
        #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        let picture = try decodedPicture(thumbnail)
        #expect(picture.width == 16 && picture.height == 12)
    }

    @Test(arguments: [
        ("broken-truncated.heic", ImageDamageTests.Kind.truncated),
        ("broken-garbage-after-header.heic", .corrupt),
        ("broken-huge-header.heic", .tooLarge),
        ("broken-truncated.webp", .truncated),
        ("broken-garbage-after-header.webp", .corrupt),
        ("broken-huge-header.webp", .tooLarge),
        ("broken-huge-canvas.webp", .corrupt),
        ("broken-truncated.m4a", .truncated),
        ("broken-garbage-after-header.m4a", .corrupt),
        ("broken-text.m4a", .unrecognised),
        ("broken-video.mp4", .unsupported)  // a video: not a supported format
    ])
    func brokenPhoneFileGivesTypedError(_ name: String, _ expected: ImageDamageTests.Kind) {
        var caught: (any Error)?
        do { _ = try inspector.validate(fileAt: Fixture.url(name)) } catch { caught = error }
        #expect(caught.map(ImageDamageTests.kind(of:)) == expected, "\(name): \(String(describing: caught))")
    }

    @Test func hugeHEICHeaderIsRefusedBeforeDecodingWithTheDeclaredSize() throws {
        #expect(
            throws: MediaError.tooLarge(
                path: Fixture.url("broken-huge-header.heic").path,
                limit: .pixels(width: 100000, height: 100000, limit: 100_000_000))
        ) {
            try inspector.probe(fileAt: Fixture.url("broken-huge-header.heic"))
        }
    }

    @Test func contentDecidesNotTheName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("phone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (source, disguise, mimeType) in [
            ("heic-reference.heic", "photo.jpg", "image/heic"),
            ("webp-lossy.webp", "photo.png", "image/webp"),
            ("audio-tone-aac.m4a", "memo.wav", "audio/mp4")
        ] {
            let url = directory.appendingPathComponent(disguise)
            try FileManager.default.copyItem(at: Fixture.url(source), to: url)
            #expect(try inspector.probe(fileAt: url).mimeType == mimeType)
        }
    }

    // MARK: Voice memos

    @Test(arguments: [
        ("audio-tone-aac.m4a", "AAC", 16000, 1, Int64(4000)),
        ("audio-tone-alac.m4a", "ALAC", 8000, 2, Int64(2000))
    ])
    func m4aIsDecodedThroughFFmpegWithItsDurationMeasured(
        _ name: String, _ encoding: String, _ sampleRate: Int,
        _ channels: Int, _ frames: Int64
    ) throws {
        guard case .audio(let probed) = try inspector.probe(fileAt: Fixture.url(name)) else {
            Issue.record("\(name) was not probed as audio")
            return
        }
        #expect(probed.container == "MP4" && probed.encoding == encoding && probed.mimeType == "audio/mp4")
        #expect(probed.sampleRate == sampleRate && probed.channels == channels)
        let (info, peaks) = try inspector.importAudio(fileAt: Fixture.url(name), peakCount: 10)
        #expect(info.frames == frames)
        #expect(abs(info.duration - 0.25) < 0.001)
        #expect(peaks.count == 20)
        // A 440 Hz tone fills every tenth: each bucket swings both ways.
        for bucket in 0..<10 { #expect(peaks[bucket * 2] < -0.05 && peaks[bucket * 2 + 1] > 0.05, "bucket \(bucket)") }
    }

    @Test func m4aIsARecordingNotAPhoto() {
        #expect(
            throws: MediaError.unsupported(
                path: Fixture.url("audio-tone-aac.m4a").path,
                detail: "a recording, not an image")
        ) {
            try inspector.thumbnail(fileAt: Fixture.url("audio-tone-aac.m4a"))
        }
    }
}
