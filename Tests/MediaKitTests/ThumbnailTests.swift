import Foundation
import TestSupport
import Testing

@testable import MediaKit

@Suite struct ThumbnailTests {
    let inspector = MediaInspector()

    /// The reference picture (the upright original) at the thumbnail size used below.
    static func reference(maxSide: Int) throws -> Picture {
        try pictureOf(Fixture.url("reference.png"), maxSide: maxSide)
    }

    @Test(arguments: 1...8)
    func thumbnailAppliesOrientationAndMatchesReference(_ orientation: Int) throws {
        let data = try inspector.thumbnail(
            fileAt: Fixture.url("jpeg-orientation-\(orientation).jpg"), maxSide: 32,
            format: .png)
        let picture = try decodedPicture(data)
        #expect(picture.width == 32 && picture.height == 24)
        #expect(meanDifference(picture, try Self.reference(maxSide: 32)) < 6)
    }

    @Test(arguments: [
        "jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-icc.jpg", "jpeg-cmyk.jpg", "jpeg-ycck.jpg",
        "png-interlaced-rgb-8.png"
    ])
    func colourThumbnailsMatchReference(_ name: String) throws {
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 16, format: .png))
        #expect(picture.width == 16 && picture.height == 12)
        #expect(meanDifference(picture, try Self.reference(maxSide: 16)) < 6, "\(name)")
    }

    @Test func grayJPEGThumbnailHasEqualChannelsAndReferenceLuminance() throws {
        let picture = try decodedPicture(
            try inspector.thumbnail(
                fileAt: Fixture.url("jpeg-gray.jpg"), maxSide: 16,
                format: .png))
        let reference = try Self.reference(maxSide: 16)
        var difference = 0.0
        for y in 0..<12 {
            for x in 0..<16 {
                let gray = picture.pixel(x, y)
                #expect(gray[0] == gray[1] && gray[1] == gray[2])
                let rgb = reference.pixel(x, y).map(Double.init)
                difference += abs(Double(gray[0]) - (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]))
            }
        }
        #expect(difference / 192 < 6)
    }

    @Test func jpegThumbnailHasLongestSideAndDecodes() throws {
        let (info, data) = try inspector.importImage(
            fileAt: Fixture.url("jpeg-orientation-6.jpg"), thumbnailMaxSide: 20)
        #expect(info.orientation == 6 && info.width == 48 && info.height == 64)
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        let picture = try decodedPicture(data)
        #expect(picture.width == 20 && picture.height == 15)
    }

    @Test func thumbnailSideIsClampedToASaneRange() {
        #expect(ImageReadDepth.thumbnail(maxSide: .max).thumbnailMaxSide == ImageReadDepth.largestThumbnailSide)
        #expect(ImageReadDepth.thumbnail(maxSide: -5).thumbnailMaxSide == 1)
        #expect(ImageReadDepth.validate.thumbnailMaxSide == nil)
    }

    @Test func thumbnailsAreNeverEnlarged() throws {
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url("png-rgb-8.png"), format: .png))
        #expect(picture.width == 32 && picture.height == 24)
    }

    @Test(arguments: [
        "png-gray-1.png", "png-gray-2.png", "png-gray-4.png", "png-gray-8.png", "png-gray-16.png",
        "png-palette-1.png", "png-palette-2.png", "png-palette-4.png", "png-palette-8.png"
    ])
    func grayRampsKeepTheirValuesAtEveryDepth(_ name: String) throws {
        // Each of these stores the same diagonal ramp: dark top left, white bottom right.
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32, format: .png))
        // Low depths quantise the ramp, but its ends and its direction survive expansion.
        #expect(picture.pixel(0, 0) == [0, 0, 0])
        #expect(picture.pixel(31, 23) == [255, 255, 255])
        let diagonal = (0..<24).map { picture.pixel($0 * 31 / 23, $0)[0] }
        #expect(zip(diagonal, diagonal.dropFirst()).allSatisfy { $0 <= $1 }, "\(name): \(diagonal)")
    }

    @Test(arguments: ["png-rgb-8.png", "png-rgb-16.png"])
    func rgbDepthsAgree(_ name: String) throws {
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32, format: .png))
        #expect(picture.pixel(0, 0) == [0, 255, 127] || picture.pixel(0, 0) == [0, 255, 128])
    }

    @Test(arguments: ["png-rgba-8.png", "png-rgba-16.png", "png-palette-trns.png"])
    func transparencyIsCompositedOnWhiteForJPEG(_ name: String) throws {
        // Left half opaque red, right half fully transparent.
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32))
        let left = picture.pixel(4, 12).map(Int.init), right = picture.pixel(28, 12).map(Int.init)
        #expect(picture.channels == 3)
        #expect(left[0] > 235 && left[1] < 20 && left[2] < 20, "\(left)")
        #expect(right.allSatisfy { $0 > 240 }, "\(right)")
    }

    @Test func transparencyIsKeptForPNG() throws {
        let picture = try decodedPicture(
            try inspector.thumbnail(
                fileAt: Fixture.url("png-rgba-16.png"), maxSide: 16,
                format: .png))
        #expect(picture.channels == 4)
        #expect(picture.pixel(2, 6) == [255, 0, 0, 255])
        #expect(picture.pixel(13, 6)[3] == 0)
    }

    @Test(arguments: ["png-grayalpha-8.png", "png-grayalpha-16.png"])
    func grayAlphaKeepsGrayAndAlpha(_ name: String) throws {
        let picture = try decodedPicture(try inspector.thumbnail(fileAt: Fixture.url(name), maxSide: 32, format: .png))
        #expect(picture.channels == 4)
        #expect(picture.pixel(0, 0) == [0, 0, 0, 255])
        #expect(picture.pixel(31, 0)[3] == 0)
    }

    @Test func interlacedPNGMatchesTheSameImageNonInterlaced() throws {
        let interlaced = try pictureOf(Fixture.url("png-interlaced-rgb-8.png"), maxSide: 64)
        let plain = try pictureOf(Fixture.url("reference.png"), maxSide: 64)
        #expect(interlaced.bytes == plain.bytes)
        let sixteen = try pictureOf(Fixture.url("png-interlaced-rgba-16.png"), maxSide: 64)
        #expect(sixteen.channels == 4 && sixteen.pixel(10, 10)[3] == 128)
    }

    @Test func areaAveragingTurnsACheckerboardGray() {
        // A 1-pixel checkerboard halved must average to mid gray, where sampling would alias.
        var averager = AreaAverager(sourceWidth: 8, sourceHeight: 8, width: 4, height: 4, hasAlpha: false)
        for y in 0..<8 {
            let row = (0..<8).flatMap { x -> [UInt8] in (x + y) % 2 == 0 ? [0, 0, 0] : [255, 255, 255] }
            row.withUnsafeBufferPointer { averager.add(row: $0.baseAddress!, y: y, channels: 3) }
        }
        let (channels, bytes) = averager.pixels()
        #expect(channels == 3)
        #expect(bytes.allSatisfy { $0 == 128 })
    }

    @Test func targetSizeKeepsAspectAndLongestSide() {
        #expect(AreaAverager.targetSize(width: 4000, height: 3000, maxSide: 256) == (256, 192))
        #expect(AreaAverager.targetSize(width: 3000, height: 4000, maxSide: 256) == (192, 256))
        #expect(AreaAverager.targetSize(width: 10000, height: 10, maxSide: 256) == (256, 1))
        #expect(AreaAverager.targetSize(width: 100, height: 50, maxSide: 256) == (100, 50))
        #expect(ImageReader.scaleDenominator(width: 4000, height: 3000, maxSide: 256) == 8)
        #expect(ImageReader.scaleDenominator(width: 1000, height: 750, maxSide: 256) == 2)
        #expect(ImageReader.scaleDenominator(width: 300, height: 200, maxSide: 256) == 1)
    }
}
