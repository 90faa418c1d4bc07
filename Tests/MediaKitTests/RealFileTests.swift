import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// Files that phones, cameras, recorders and other programs made, from public test corpora
/// (`Fixtures/real/`, sources and licences in `Fixtures/README.md`), with the facts exiftool,
/// ffmpeg and libheif's own decoder give for them: a library update that changes what the diary
/// reads of real files fails here.
@Suite struct RealFileTests {
    let inspector = MediaInspector()

    static func real(_ name: String) -> URL { Fixture.url("real/" + name) }

    struct Photo: Sendable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        var orientation = 1
        var description: String { file }
    }

    static let photos: [Photo] = [
        // HEVC codes 451 x 461 as 512 x 512 (64-pixel CTBs), 32 x 32 as 64 x 64: what Debian's
        // libheif security update checks against the size limit.
        Photo(file: "libheif-rainbow-451x461.heic", width: 451, height: 461),
        Photo(file: "libheif-hevc32.heif", width: 32, height: 32),
        Photo(file: "mde-cheers-1440x960.heic", width: 1440, height: 960),
        Photo(file: "linku-fox-odd-size.avif", width: 1203, height: 799),
        // The container turns (irot) and crops (clap) them; libheif 1.15 applies both but its
        // handle reports the size before them (1024 x 722 and 722 x 1024): the decoded picture
        // is the photo's size, as `heif-convert` writes it.
        Photo(file: "linku-kimono-rotate90.avif", width: 722, height: 1024),
        Photo(file: "linku-kimono-crop.avif", width: 385, height: 330),
        // EXIF in a "Raw profile type exif" tEXt chunk, as ImageMagick writes it.
        Photo(file: "pillow-raw-profile-exif-orientation-3.png", width: 512, height: 512, orientation: 3)
    ]

    @Test(arguments: photos)
    func everyRealPhotoIsAcceptedWithItsSizeAndOrientation(_ photo: Photo) throws {
        let (info, thumbnail) = try inspector.importImage(fileAt: Self.real(photo.file), thumbnailMaxSide: 64)
        #expect(info.width == photo.width && info.height == photo.height)
        #expect(info.orientation == photo.orientation)
        #expect(!thumbnail.isEmpty)
        guard case .image(let validated) = try inspector.validate(fileAt: Self.real(photo.file)) else {
            Issue.record("not an image")
            return
        }
        #expect(validated.width == photo.width && validated.height == photo.height)
    }

    @Test(arguments: [
        ("exiftool-maker-Nikon.jpg", "NIKON E775"),
        ("exiftool-maker-NikonD70.jpg", "NIKON D70"),  // Make "NIKON CORPORATION"
        ("exiftool-maker-NikonD2Hs.jpg", "NIKON D2Hs"),
        ("exiftool-maker-Pentax.jpg", "PENTAX K10D"),  // "PENTAX Corporation"
        ("exiftool-maker-Olympus.jpg", "OLYMPUS C2000Z"),  // "OLYMPUS OPTICAL CO.,LTD"
        ("exiftool-maker-OlympusE1.jpg", "OLYMPUS E-1"),  // "OLYMPUS CORPORATION"
        ("exiftool-maker-Casio.jpg", "CASIO QV-3000EX"),
        ("exiftool-maker-Casio2.jpg", "CASIO EX-Z3"),  // "CASIO COMPUTER CO.,LTD"
        ("exiftool-maker-Kodak.jpg", "KODAK DX4900 ZOOM DIGITAL CAMERA"),  // "EASTMAN KODAK COMPANY"
        ("exiftool-maker-Minolta.jpg", "Minolta DiMAGE 7i"),  // "Minolta Co., Ltd."
        ("exiftool-maker-Sanyo.jpg", "SANYO VPC-MZ3"),  // "SANYO Electric Co.,Ltd."
        ("exiftool-maker-Canon.jpg", "Canon EOS DIGITAL REBEL"),
        ("exiftool-maker-Sony.jpg", "SONY DSC-F828"),
        ("exifsamples-nokia-8.3-signed-gps.jpg", "HMD Global Nokia 8.3 5G")
    ])
    func theCameraNeverRepeatsItsMaker(_ file: String, _ camera: String) throws {
        #expect(try metadata(file).camera == camera)
    }

    @Test func gpsWrittenAsSignedRationalsIsReadAsExiftoolReadsIt() throws {
        let place = try #require(try metadata("exifsamples-nokia-8.3-signed-gps.jpg").location)
        #expect(abs(place.latitude - 60.1467055556) < 1e-6 && abs(place.longitude - 24.9067722222) < 1e-6)
    }

    @Test(arguments: ["mde-samsung-gt-i9000-gps-zero.jpg", "exiftool-infiray-gps-zero-denominators.jpg"])
    func aCameraWithoutAFixHasNoPosition(_ file: String) throws {
        #expect(try metadata(file).location == nil)
    }

    @Test(arguments: [
        // DateTimeOriginal without OffsetTimeOriginal, and the GPS time (UTC) of the same photo.
        ("exiftool-gps-time-Apple.jpg", 3600),  // 18:18:05 on its clock, 17:17:58 UTC by GPS
        ("exiftool-gps-time-GoPro.jpg", -4 * 3600),
        ("exiftool-gps-time-Ricoh2.jpg", 3600)
    ])
    func aCaptureTimeWithoutOffsetTakesItFromTheGPSClock(_ file: String, _ offset: Int) throws {
        let time = try #require(try metadata(file).captureTime)
        #expect(time.utcOffsetSeconds == offset)
        #expect(time.offsetSource == .gpsClock)
    }

    @Test func aCameraOffsetIsTheCamerasEvenWithAGPSClock() throws {
        let time = try #require(try metadata("exifsamples-nokia-8.3-signed-gps.jpg").captureTime)
        #expect(time.utcOffsetSeconds == 3 * 3600 && time.offsetSource == .camera)
    }

    struct Recording: Sendable, CustomStringConvertible {
        let file: String
        let sampleRate: Int
        let channels: Int
        /// Frames as FFmpeg decodes them (`ffmpeg -i F -f s16le -ac 1 -`), exact.
        let frames: Int64
        var description: String { file }
    }

    static let recordings: [Recording] = [
        Recording(file: "flactest-12-bit.flac", sampleRate: 44100, channels: 2, frames: 218_666),
        Recording(file: "flactest-15-bit.flac", sampleRate: 44100, channels: 2, frames: 518_462),
        Recording(file: "flactest-20-bit.flac", sampleRate: 44100, channels: 1, frames: 227_247),
        Recording(file: "flactest-no-total-samples.flac", sampleRate: 48000, channels: 2, frames: 336_410),
        // STREAMINFO claims 1.66 s; the frames hold 4.56 s.
        Recording(file: "flactest-wrong-total-samples.flac", sampleRate: 24000, channels: 1, frames: 109_487),
        // One channel at first, more later: the channel count is STREAMINFO's, as ffprobe says.
        Recording(file: "flactest-increasing-channels.flac", sampleRate: 44100, channels: 1, frames: 638_856),
        Recording(file: "flactest-starts-at-frame-header.flac", sampleRate: 44100, channels: 1, frames: 664_669),
        Recording(file: "taglib-ogg-flac.oga", sampleRate: 44100, channels: 2, frames: 163_392),
        Recording(file: "musicmetadata-speex.spx", sampleRate: 16000, channels: 1, frames: 16_000),
        Recording(file: "musicmetadata-mp3-in.wav", sampleRate: 44100, channels: 2, frames: 5_760),
        Recording(file: "mutagen-id3v1-and-id3v2.mp3", sampleRate: 44100, channels: 2, frames: 6_912),
        Recording(file: "taglib-flac.m4a", sampleRate: 48000, channels: 2, frames: 48_000)
    ]

    @Test(arguments: recordings)
    func everyRealRecordingIsAcceptedWithTheLengthItDecodesTo(_ recording: Recording) throws {
        let (info, _) = try inspector.importAudio(fileAt: Self.real(recording.file), peakCount: 10)
        #expect(info.sampleRate == recording.sampleRate && info.channels == recording.channels)
        #expect(info.frames == recording.frames)
    }

    @Test(arguments: ["taglib-ac3.m4a", "taglib-eac3.m4a", "taglib-opus.m4a"])
    func m4aWithOtherCodecsThanAACIsARecordingOfAboutASecond(_ file: String) throws {
        let (info, _) = try inspector.importAudio(fileAt: Self.real(file))
        #expect(info.sampleRate == 48000 && info.channels == 2)
        #expect(abs(info.duration - 1) < 0.03, "\(info.duration)")
    }

    @Test(arguments: ["exiftool-no-audio.wav", "exiftool-no-audio.flac"])
    func aRecordingWithAHeaderAndNoAudioIsRefused(_ file: String) {
        #expect(
            throws: MediaError.corrupt(
                path: Self.real(file).path,
                detail: "no audio: nothing in the file decodes to a single sample")
        ) {
            try inspector.importAudio(fileAt: Self.real(file))
        }
    }

    @Test func aTheoraVideoIsNotASupportedFormat() {
        let url = Self.real("mutagen-theora.ogv")
        #expect(
            throws: MediaError.unsupported(
                path: url.path,
                detail: "not a supported format: a video (theora), not a photo or a recording")
        ) {
            try inspector.validate(fileAt: url)
        }
    }

    @Test func aFLACWhoseBitDepthChangesIsRefusedAsFFmpegCannotDecodeIt() {
        // FFmpeg ("switching bps mid-stream is not supported") and sox stop at 3.16 s of it.
        var caught: (any Error)?
        do { _ = try inspector.validate(fileAt: Self.real("flactest-changing-bit-depth.flac")) } catch {
            caught = error
        }
        #expect(caught.map(ImageDamageTests.kind(of:)) == .corrupt, "\(String(describing: caught))")
    }

    @Test(arguments: ["libheif-jpeg32.heif", "libheif-avif32-mini.heif", "libheif-uncompressed-rgb.heic"])
    func aCompleteHEIFInAFormThisLibheifCannotReadIsUnsupportedNeitherTruncatedNorARecording(_ file: String) throws {
        #expect(try inspector.sniff(fileAt: Self.real(file)) == .image)
        var caught: (any Error)?
        do { _ = try inspector.validate(fileAt: Self.real(file)) } catch { caught = error }
        guard case .unsupported(_, let detail)? = caught as? MediaError else {
            Issue.record("\(file): \(String(describing: caught))")
            return
        }
        #expect(detail.hasPrefix("not a supported format: a HEIF image"), "\(detail)")
    }

    private func metadata(_ file: String) throws -> PhotoMetadata {
        guard case .image(let info) = try inspector.probe(fileAt: Self.real(file)) else {
            throw MediaError.unsupported(path: file, detail: "not an image")
        }
        return info.metadata
    }
}
