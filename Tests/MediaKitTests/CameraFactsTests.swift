import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// EXIF facts through libexif: capture time with sub-seconds and offset, GPS, camera, lens;
/// damaged or looping EXIF never stops the picture.
@Suite struct CameraFactsTests {
    let inspector = MediaInspector()

    func info(_ name: String) throws -> ImageInfo {
        guard case .image(let info) = try inspector.probe(fileAt: Fixture.url(name)) else {
            throw MediaError.unsupported(path: name, detail: "not an image")
        }
        return info
    }

    /// An ISO 8601 instant.
    func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)!
    }

    @Test func jpegCaptureTimeKeepsItsSubSecondsAndOffset() throws {
        let time = try #require(try info("exif-tokyo.jpg").metadata.captureTime)
        #expect(time.utcOffsetSeconds == 9 * 3600)
        #expect(abs(time.instant(assuming: .gmt).timeIntervalSince(instant("2008-07-14T00:15:30.250Z"))) < 0.001)
        // The offset decides, not the zone assumed for offset-less photos.
        #expect(time.instant(assuming: TimeZone(identifier: "America/Los_Angeles")!) == time.instant(assuming: .gmt))
    }

    @Test func captureTimesInTwoZonesCompareByTheInstantNotTheWallClock() throws {
        let tokyo = try #require(try info("exif-tokyo.jpg").metadata.captureTime)
        let newYork = try #require(try info("exif-new-york.jpg").metadata.captureTime)
        #expect(newYork.utcOffsetSeconds == -4 * 3600)
        #expect(newYork.instant(assuming: .gmt) == instant("2008-07-14T00:45:00.000Z"))
        #expect(newYork.wallClock < tokyo.wallClock)
        #expect(tokyo.instant(assuming: .gmt) < newYork.instant(assuming: .gmt))
    }

    @Test func aCaptureTimeWithoutOffsetIsReadInTheAssumedZone() throws {
        let time = try #require(try info("exif-no-offset.jpg").metadata.captureTime)
        #expect(time.utcOffsetSeconds == nil)
        #expect(time.instant(assuming: TimeZone(identifier: "Europe/Berlin")!) == instant("2009-01-02T02:04:05.000Z"))
        #expect(time.instant(assuming: TimeZone(identifier: "Asia/Tokyo")!) == instant("2009-01-01T18:04:05.000Z"))
    }

    @Test func gpsCoordinatesCarryTheirHemispheresAndAltitudeItsReference() throws {
        let tokyo = try #require(try info("exif-tokyo.jpg").metadata.location)
        #expect(abs(tokyo.latitude - 35.658581) < 1e-5 && abs(tokyo.longitude - 139.745433) < 1e-5)
        #expect(abs((tokyo.altitude ?? 0) - 40.5) < 1e-6)
        let newYork = try #require(try info("exif-new-york.jpg").metadata.location)
        #expect(abs(newYork.latitude - 40.748440) < 1e-5 && abs(newYork.longitude + 73.985664) < 1e-5)
        #expect(newYork.altitude == -2)  // AltitudeRef 1: below sea level
    }

    @Test func cameraIsMakeAndModelWithoutRepeatingTheMakeAndLensIsTheLensModel() throws {
        let tokyo = try info("exif-tokyo.jpg").metadata
        #expect(tokyo.camera == "Canon EOS 5D")
        #expect(tokyo.lens == "EF24-105mm f/4L IS USM")
        let newYork = try info("exif-new-york.jpg").metadata
        #expect(newYork.camera == "Apple iPhone 15 Pro")
        #expect(newYork.lens == "iPhone 15 Pro back camera 6.765mm f/1.78")
        let nikon = try info("exif-no-offset.jpg").metadata
        #expect(nikon.camera == "NIKON D70" && nikon.lens == nil && nikon.location == nil)
    }

    @Test func heicExifComesFromLibheifsMetadataBlockBesideItsTransform() throws {
        let info = try info("heic-camera.heic")
        #expect(info.orientation == 6)
        #expect(info.orientedSize.width == 64 && info.orientedSize.height == 48)
        let metadata = info.metadata
        let time = try #require(metadata.captureTime)
        #expect(time.utcOffsetSeconds == 3600)
        #expect(abs(time.instant(assuming: .gmt).timeIntervalSince(instant("2023-08-19T17:42:07.123Z"))) < 0.001)
        let place = try #require(metadata.location)
        #expect(abs(place.latitude - 38.713909) < 1e-5 && abs(place.longitude + 9.139386) < 1e-5)
        #expect(abs((place.altitude ?? 0) - 95.2) < 1e-6)
        #expect(metadata.camera == "Apple iPhone 12 mini")
        #expect(metadata.lens == "iPhone 12 mini back dual wide camera 4.2mm f/1.6")
        // The thumbnail is upright: the yellow block top left.
        let thumbnail = try decodedPicture(
            try inspector.thumbnail(
                fileAt: Fixture.url("heic-camera.heic"), maxSide: 32,
                format: .png))
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        let topLeft = thumbnail.pixel(4, 3)
        #expect(topLeft[0] > 180 && topLeft[1] > 180 && topLeft[2] < 100, "\(topLeft)")
    }

    @Test func brokenExifLeavesTheFactsOutAndThePictureIntact() throws {
        let (info, thumbnail) = try inspector.importImage(fileAt: Fixture.url("exif-broken.jpg"))
        #expect(info.metadata.isEmpty)
        #expect(info.orientation == 1 && info.width == 64 && info.height == 48)
        #expect(!thumbnail.isEmpty)
    }

    @Test func loopingIFDsAreReadOnceAndTheirFactsKept() throws {
        let (info, _) = try inspector.importImage(fileAt: Fixture.url("exif-looping-ifd.jpg"))
        #expect(info.orientation == 6)
        #expect(info.orientedSize.width == 64 && info.orientedSize.height == 48)
        let time = try #require(info.metadata.captureTime)
        #expect(time.instant(assuming: .gmt) == instant("2010-05-06T07:08:09.000Z"))
    }

    @Test func photosWithoutExifHaveNoFacts() throws {
        for name in ["jpeg-baseline.jpg", "heic-reference.heic", "png-rgb-8.png", "webp-lossy.webp"] {
            #expect(try info(name).metadata.isEmpty, "\(name)")
        }
    }

    @Test(arguments: [
        // Random bytes after a valid TIFF header, every truncation of a real block, a block
        // whose IFD count runs past the end.
        [UInt8]("MM\0*\0\0\0\u{8}".utf8) + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) },
        [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xFF, 0xFF],
        [0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0xFF]
    ])
    func hostileBlocksGiveNoFactsAndNoCrash(_ block: [UInt8]) {
        let exif = ExifBlock(tiff: block)
        #expect((1...8).contains(exif.orientation))
        #expect(exif.metadata.captureTime == nil)
    }

    @Test func everyTruncationOfARealBlockIsSafe() throws {
        let file = try MediaFile(url: Fixture.url("exif-tokyo.jpg"), limits: MediaLimits())
        let decoder = try JPEGDecoder(file: file)
        let header = try decoder.readHeader()
        let block = decoder.exif(length: header.exif_length)
        #expect(ExifBlock(tiff: block).metadata.camera == "Canon EOS 5D")
        for length in stride(from: 0, to: block.count, by: 7) {
            _ = ExifBlock(tiff: Array(block.prefix(length)))
        }
    }

    @Test(
        arguments: [
            ("2008:07:14 09:15:30", "25", "+09:00", true, 9 * 3600),
            ("2008:07:14 09:15:30", "", "+5:30", true, nil),  // malformed offset: left out
            ("    :  :     :  :  ", "", "", false, nil),  // unset, as cameras write it
            ("2009:02:31 10:00:00", "", "", false, nil),  // no such day
            ("2009:13:01 10:00:00", "", "", false, nil),
            ("garbage", "", "+01:00", false, nil)
        ] as [(String, String, String, Bool, Int?)])
    func exifDateTextIsParsedStrictly(
        _ date: String, _ fraction: String, _ offset: String, _ valid: Bool,
        _ expectedOffset: Int?
    ) {
        let time = CaptureTime(exifDateTime: date, subSeconds: fraction, offset: offset)
        #expect((time != nil) == valid)
        #expect(time?.utcOffsetSeconds == expectedOffset)
    }
}
