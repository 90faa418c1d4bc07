import Foundation
import TestSupport
import Testing

@testable import MediaKit

@Suite struct ImageProbeTests {
    let inspector = MediaInspector()

    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let format: ImageFormat
        let width: Int
        let height: Int
        let bitDepth: Int
        let colorModel: ColorModel
        var progressive = false
        var icc = false
        var description: String { file }
    }

    static let expectations: [Expected] = [
        Expected(file: "jpeg-baseline.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .rgb),
        Expected(
            file: "jpeg-progressive.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .rgb,
            progressive: true),
        Expected(file: "jpeg-gray.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .gray),
        Expected(file: "jpeg-cmyk.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .cmyk),
        Expected(file: "jpeg-ycck.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .ycck),
        Expected(file: "jpeg-icc.jpg", format: .jpeg, width: 64, height: 48, bitDepth: 8, colorModel: .rgb, icc: true),
        Expected(file: "png-gray-1.png", format: .png, width: 32, height: 24, bitDepth: 1, colorModel: .gray),
        Expected(file: "png-gray-2.png", format: .png, width: 32, height: 24, bitDepth: 2, colorModel: .gray),
        Expected(file: "png-gray-4.png", format: .png, width: 32, height: 24, bitDepth: 4, colorModel: .gray),
        Expected(file: "png-gray-8.png", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .gray),
        Expected(file: "png-gray-16.png", format: .png, width: 32, height: 24, bitDepth: 16, colorModel: .gray),
        Expected(file: "png-rgb-8.png", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .rgb),
        Expected(file: "png-rgb-16.png", format: .png, width: 32, height: 24, bitDepth: 16, colorModel: .rgb),
        Expected(file: "png-grayalpha-8.png", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .grayAlpha),
        Expected(
            file: "png-grayalpha-16.png", format: .png, width: 32, height: 24, bitDepth: 16, colorModel: .grayAlpha),
        Expected(file: "png-rgba-8.png", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .rgba),
        Expected(file: "png-rgba-16.png", format: .png, width: 32, height: 24, bitDepth: 16, colorModel: .rgba),
        Expected(file: "png-palette-1.png", format: .png, width: 32, height: 24, bitDepth: 1, colorModel: .palette),
        Expected(file: "png-palette-2.png", format: .png, width: 32, height: 24, bitDepth: 2, colorModel: .palette),
        Expected(file: "png-palette-4.png", format: .png, width: 32, height: 24, bitDepth: 4, colorModel: .palette),
        Expected(file: "png-palette-8.png", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .palette),
        Expected(
            file: "png-interlaced-rgb-8.png", format: .png, width: 64, height: 48, bitDepth: 8, colorModel: .rgb,
            progressive: true),
        Expected(
            file: "png-interlaced-rgba-16.png", format: .png, width: 64, height: 48, bitDepth: 16,
            colorModel: .rgba, progressive: true),
        Expected(file: "png-named.jpg", format: .png, width: 32, height: 24, bitDepth: 8, colorModel: .rgb)
    ]

    @Test(arguments: expectations)
    func probeReportsHeaderFacts(_ expected: Expected) throws {
        guard case .image(let info) = try inspector.probe(fileAt: Fixture.url(expected.file)) else {
            Issue.record("\(expected.file) was not probed as an image")
            return
        }
        #expect(info.format == expected.format)
        #expect(info.width == expected.width)
        #expect(info.height == expected.height)
        #expect(info.bitDepth == expected.bitDepth)
        #expect(info.colorModel == expected.colorModel)
        #expect(info.isProgressiveOrInterlaced == expected.progressive)
        #expect(info.hasICCProfile == expected.icc)
        #expect(info.orientation == 1)
        #expect(info.mimeType == (expected.format == .jpeg ? "image/jpeg" : "image/png"))
    }

    @Test(arguments: 1...8)
    func probeReadsExifOrientation(_ orientation: Int) throws {
        let probe = try inspector.probe(fileAt: Fixture.url("jpeg-orientation-\(orientation).jpg"))
        guard case .image(let info) = probe else {
            Issue.record("not an image")
            return
        }
        #expect(info.orientation == orientation)
        #expect(info.orientedSize.width == 64 && info.orientedSize.height == 48)
    }

    @Test(arguments: ImageProbeTests.expectations)
    func validateAgreesWithProbeOnIntactFiles(_ expected: Expected) throws {
        let url = Fixture.url(expected.file)
        #expect(try inspector.validate(fileAt: url) == inspector.probe(fileAt: url))
    }

    @Test func libexifReadsTheOrientationInBothByteOrders() {
        let little: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(ExifBlock(tiff: little).orientation == 6)
        #expect(ExifBlock(tiff: big).orientation == 8)
        #expect(ExifBlock(tiff: Array(little.prefix(12))).orientation == 1)
        #expect(ExifBlock(tiff: []).orientation == 1)
    }
}
