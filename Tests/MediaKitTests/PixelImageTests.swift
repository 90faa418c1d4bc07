import Foundation
import MediaKit
import TestSupport
import Testing

/// Pictures as pixels for a terminal: a stored thumbnail decoded from memory, a file decoded
/// upright, a waveform drawn, and several side by side.
@Suite struct PixelImageTests {
    let inspector = MediaInspector()

    @Test func aThumbnailDecodesFromMemoryAsItWasMade() throws {
        let thumbnail = try inspector.thumbnail(fileAt: Fixture.url("jpeg-orientation-6.jpg"), maxSide: 256)
        let pixels = try inspector.pixels(ofJPEG: thumbnail, label: "thumbnail")
        // The stored file is 48 x 64 with orientation 6: its thumbnail is upright, 64 x 48.
        #expect((pixels.width, pixels.height) == (64, 48))
        #expect(pixels.rgb.count == 64 * 48 * 3)
        let fromFile = try inspector.pixels(ofImageAt: Fixture.url("jpeg-orientation-6.jpg"), maxSide: 2048)
        #expect((fromFile.width, fromFile.height) == (64, 48))
    }

    @Test func damagedThumbnailBytesAreAnErrorNotACrash() throws {
        let thumbnail = try inspector.thumbnail(fileAt: Fixture.url("jpeg-baseline.jpg"), maxSide: 256)
        for bytes in [Data(), thumbnail.prefix(thumbnail.count / 2), Data("not a jpeg".utf8)] {
            #expect(throws: MediaError.self) { try inspector.pixels(ofJPEG: bytes, label: "thumbnail of x.jpg") }
        }
    }

    @Test func aWaveformIsDrawnAtTheSizeAsked() {
        let loud = inspector.waveformPixels(peaks: [-1, 1, -1, 1], width: 40, height: 10)
        #expect((loud.width, loud.height) == (40, 10))
        // A full-scale recording fills every column from top to bottom with the bar colour.
        #expect(Array(loud.rgb.prefix(3)) == [0x33, 0x66, 0xCC])
        let silent = inspector.waveformPixels(peaks: [0, 0], width: 40, height: 10)
        #expect(Array(silent.rgb.prefix(3)) == [255, 255, 255])
    }

    @Test func aStripPutsPicturesSideBySideAtOneHeight() throws {
        let red = try #require(
            PixelImage(
                width: 40, height: 20,
                rgb: [UInt8](repeating: 0, count: 40 * 20 * 3).enumerated()
                    .map { $0.offset % 3 == 0 ? 255 : 0 }))
        let small = try #require(PixelImage(width: 5, height: 5, rgb: [UInt8](repeating: 255, count: 75)))
        let strip = try #require(PixelImage.strip([red, small], height: 10, gap: 2))
        // red scaled to 20 x 10, the gap, the small one unscaled and centred.
        #expect((strip.width, strip.height) == (20 + 2 + 5, 10))
        #expect(Array(strip.rgb[0..<3]) == [255, 0, 0])
        let gapPixel = (0 * strip.width + 20) * 3
        #expect(Array(strip.rgb[gapPixel..<(gapPixel + 3)]) == [0, 0, 0])
        let smallPixel = (4 * strip.width + 22) * 3
        #expect(Array(strip.rgb[smallPixel..<(smallPixel + 3)]) == [255, 255, 255])
        #expect(PixelImage.strip([], height: 10) == nil)
        #expect(PixelImage(width: 2, height: 2, rgb: [0, 0, 0]) == nil)
    }
}
